/*
 * Ascon-p for ARMv6-M (Cortex-M0, M0+): LWC_ASCON_IMPL == LWC_IMPL_ARMV6M (lwc/config.h).
 * The state is the LWC_IMPL_C layout of ascon_internal.h (s[i] = S_i, little-endian 64-bit
 * words, here as two 32-bit halves, lo = bits 0-31), with the AEAD's whole-block loops;
 * ascon_aead.c and ascon_hash.c do the rest in C.
 *
 * Design
 *  - No bit interleaving: a 64-bit rotation's half is two immediate shifts and two XORs
 *    (LSLS/LSRS take an immediate; RORS only a register count, and interleaving would cost
 *    the data (un)zipping per block).
 *  - Eight low registers cannot hold ten halves: between rounds the state lives in a
 *    40-byte frame, the five lo halves at [sp, #0..19], the five hi halves at [sp, #20..39],
 *    so that an S-box loads (and stores) its five halves with one LDM (STM). The S-box on
 *    the hi halves leaves them in registers for the linear layer, which loads each lo
 *    half beside its hi half and stores both.
 *  - S-box: BICS gives ~a & b, MVNS a complemented copy; 21 instructions on r0-r4 with
 *    r5-r7 for the two chi terms that need the inputs of x0, x1 and for the others (the
 *    final NOT folded into two terms taken complemented); its outputs stay in r0-r4.
 *  - Linear layer: S ^ ROR(S, a) ^ ROR(S, b) = S ^ ROR(U, a), U = S ^ ROR(S, b - a): 16
 *    instructions a word (a rotation by 32 + k swaps the halves), plus its two loads and
 *    two stores.
 *  - The 12 rounds unrolled, Ascon-p[8] entering at round 4; the constants are immediates.
 *  - The AEAD's whole-block loops keep the state in the frame across blocks; they read
 *    and write the buffers with LDM/STM when in and out are word-aligned, a byte at a time
 *    otherwise (the branch is on the pointers, public).
 * Instruction counts (counted from the code): a round 146 (S-boxes 2 * 21, LDM/STM and
 * addresses 5, the constant 2, the linear layer 5 * 19 and 2 moves); Ascon-p[12] 1752 + 1
 * (the return), Ascon-p[8] 1168 + 1; lwc_ascon_permute adds 42 (41 for Ascon-p[8]).
 * Constant time: no table, no branch on data (only on the public first round, block
 * count and the buffers' alignment).
 */
#include "../common/lwc_armv6m.h"
#if LWC_ASCON_IMPL == LWC_IMPL_ARMV6M

#define LO 0            /* the frame: the lo halves of S0..S4 */
#define HI 20           /* the hi halves */
#define S_SLOT 40       /* lwc_ascon_permute: s */
#define FRAME 44        /* with the 5 pushed registers, a multiple of 8 */

/* The S-box (SP 800-232, 3.3) on x0..x4 = r0-r4, in place. Its final NOT of x2 costs
 * nothing: x2's chi term is taken complemented, ~(~x3 & x4) = x3 | ~x4 (MVNS copies and
 * complements in one instruction), which leaves ~x2 (the output) in r2; x3's term is taken
 * complemented too, so that x3 ^= x2 meets two complements. 21 instructions; clobbers
 * r5-r7. */
.macro sbox
    eors r0, r4             @ x0 ^= x4
    eors r4, r3             @ x4 ^= x3
    eors r2, r1             @ x2 ^= x1
    mvns r5, r0
    orrs r5, r4             @ r5 = x4 | ~x0 = ~(~x4 & x0), for x3 (x0 changes first)
    mov r6, r1
    bics r6, r0             @ r6 = ~x0 & x1, for x4
    mov r7, r2
    bics r7, r1
    eors r0, r7             @ x0 ^= ~x1 & x2
    mov r7, r3
    bics r7, r2
    eors r1, r7             @ x1 ^= ~x2 & x3
    mvns r7, r4
    orrs r7, r3
    eors r2, r7             @ x2 ^= ~(~x3 & x4): r2 = ~x2
    eors r3, r5             @ x3 ^= ~(~x4 & x0): r3 = ~x3
    eors r4, r6             @ x4 ^= ~x0 & x1
    eors r1, r0             @ x1 ^= x0
    eors r0, r4             @ x0 ^= x4
    eors r3, r2             @ x3 ^= x2 (~x3 ^ ~x2); x2 = ~x2 is r2 already
.endm

/* d ^= a >> r ^ b << (32 - r) (0 < r < 32): a half of ROR64. 4 instructions; clobbers
 * r7. */
.macro xor_shr d, a, b, r
    lsrs r7, \a, #(\r)
    eors \d, r7
    lsls r7, \b, #32 - (\r)
    eors \d, r7
.endm

/* (r5, r6) = (lo, hi) ^ ROR64((lo, hi), r) (0 < r < 64, not 32). 8 instructions;
 * clobbers r7. */
.macro xor_ror64 lo, hi, r
    .if \r < 32
        lsrs r5, \lo, #(\r)
        lsls r7, \hi, #32 - (\r)
        eors r5, r7
        lsrs r6, \hi, #(\r)
        lsls r7, \lo, #32 - (\r)
        eors r6, r7
    .else
        lsrs r5, \hi, #(\r) - 32
        lsls r7, \lo, #64 - (\r)
        eors r5, r7
        lsrs r6, \lo, #(\r) - 32
        lsls r7, \hi, #64 - (\r)
        eors r6, r7
    .endif
    eors r5, \lo
    eors r6, \hi
.endm

/* S_i ^= ROR64(S_i, a) ^ ROR64(S_i, b) (0 < a < b < 64) for word i, its hi half in the
 * register hi, its lo half from the frame into r4; both halves to the frame. U in r5,
 * r6. 19 instructions; clobbers r4-r7. */
.macro sigma i, hi, a, b
    ldr r4, [sp, #LO + 4 * \i]
    xor_ror64 r4, \hi, \b - \a
    .if \a < 32
        xor_shr r4, r5, r6, \a
        xor_shr \hi, r6, r5, \a
    .else
        xor_shr r4, r6, r5, \a - 32
        xor_shr \hi, r5, r6, \a - 32
    .endif
    str r4, [sp, #LO + 4 * \i]
    str \hi, [sp, #HI + 4 * \i]
.endm

/* Round i (SP 800-232, 3.2-3.4): the constant (15 - i) << 4 | i into S2's low byte and
 * the S-box on the lo halves, back to the frame; the S-box on the hi halves, which stay
 * in r0-r4 (S4's in ip while its lo half takes r4) for the linear layer. 146
 * instructions. */
.macro round i
    mov r7, sp
    ldm r7!, {r0-r4}
    movs r5, #(15 - \i) << 4 | \i
    eors r2, r5
    sbox
    mov r7, sp
    stm r7!, {r0-r4}
    ldm r7!, {r0-r4}        @ r7 = sp + HI after the STM
    sbox
    mov ip, r4
    sigma 0, r0, 19, 28
    sigma 1, r1, 39, 61
    sigma 2, r2, 1, 6
    sigma 3, r3, 10, 17
    mov r0, ip
    sigma 4, r0, 7, 41
.endm

/*
 * ascon_rounds12, ascon_rounds8: Ascon-p[12] (rounds 0-11) and Ascon-p[8] (rounds 4-11)
 * on the state in the caller's frame (above; called with BL, so [sp] is the caller's).
 * Clobbers r0-r7, ip. 1753 and 1169 instructions with the return.
 */
routine ascon_rounds12
    round 0
    round 1
    round 2
    round 3
ascon_rounds8:
    round 4
    round 5
    round 6
    round 7
    round 8
    round 9
    round 10
    round 11
    bx lr
    .size ascon_rounds12, . - ascon_rounds12

/* The frame from s (r0, advanced by 40) and back to it; the frame zeroed. Clobber r0-r7.
 * 14, 14 and 8 instructions. */
.macro state_in
    ldm r0!, {r2-r7}        @ S0, S1, S2 as lo, hi
    str r2, [sp, #LO + 0]
    str r3, [sp, #HI + 0]
    str r4, [sp, #LO + 4]
    str r5, [sp, #HI + 4]
    str r6, [sp, #LO + 8]
    str r7, [sp, #HI + 8]
    ldm r0!, {r2-r5}        @ S3, S4
    str r2, [sp, #LO + 12]
    str r3, [sp, #HI + 12]
    str r4, [sp, #LO + 16]
    str r5, [sp, #HI + 16]
.endm

.macro state_out
    ldr r2, [sp, #LO + 0]
    ldr r3, [sp, #HI + 0]
    ldr r4, [sp, #LO + 4]
    ldr r5, [sp, #HI + 4]
    ldr r6, [sp, #LO + 8]
    ldr r7, [sp, #HI + 8]
    stm r0!, {r2-r7}
    ldr r2, [sp, #LO + 12]
    ldr r3, [sp, #HI + 12]
    ldr r4, [sp, #LO + 16]
    ldr r5, [sp, #HI + 16]
    stm r0!, {r2-r5}
.endm

.macro wipe_state
    movs r0, #0
    movs r1, #0
    movs r2, #0
    movs r3, #0
    movs r4, #0
    mov r5, sp
    stm r5!, {r0-r4}
    stm r5!, {r0-r4}
.endm

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Rounds first_round..11 of Ascon-p on s: first_round 0 (Ascon-p[12]) or 4 (Ascon-p[8]),
 * the only two the modes use (ascon_internal.h). In: r0 = s, r1 = first_round. The frame
 * (state halves) is zeroed before returning. 64 bytes of stack. Instructions: the rounds
 * plus 42 (41 for Ascon-p[8]).
 */
function lwc_ascon_permute
    push {r4-r7, lr}
    sub sp, #FRAME
    str r0, [sp, #S_SLOT]
    state_in
    cmp r1, #0
    bne 1f
    bl ascon_rounds12
    b 2f
1:  bl ascon_rounds8
2:  ldr r0, [sp, #S_SLOT]
    state_out
    wipe_state
    add sp, #FRAME
    pop {r4-r7, pc}
    .size lwc_ascon_permute, . - lwc_ascon_permute

/* The block loops: r6 = in, r7 = out (low, for LDM/STM) between the rounds, in r8, r9
 * during them; r10 = in's end; r11 = s. */

/* r0, r1 = the next two little-endian words of in (r6, advanced): one LDM (align 1) or
 * eight bytes (clobbers r4). */
.macro load2 align
    .if \align
        ldm r6!, {r0, r1}
    .else
        .irp w, r0, r1
            ldrb \w, [r6, #0]
            ldrb r4, [r6, #1]
            lsls r4, r4, #8
            orrs \w, r4
            ldrb r4, [r6, #2]
            lsls r4, r4, #16
            orrs \w, r4
            ldrb r4, [r6, #3]
            lsls r4, r4, #24
            orrs \w, r4
            adds r6, #4
        .endr
    .endif
.endm

/* out (r7, advanced) = the words a, b (a < b, low registers), likewise (clobbers r4). */
.macro store2 align, a, b
    .if \align
        stm r7!, {\a, \b}
    .else
        .irp w, \a, \b
            strb \w, [r7, #0]
            lsrs r4, \w, #8
            strb r4, [r7, #1]
            lsrs r4, \w, #16
            strb r4, [r7, #2]
            lsrs r4, \w, #24
            strb r4, [r7, #3]
            adds r7, #4
        .endr
    .endif
.endm

/* Word j (0: S0, 1: S1) of the rate and 8 bytes of in: absorb (S ^= in), encrypt
 * (S ^= in, out = S) or decrypt (out = S ^ in, S = in). 8 instructions (absorb 7) on
 * aligned buffers; clobbers r0-r4. */
.macro rate_word op, align, j
    load2 \align
    ldr r2, [sp, #LO + 4 * \j]
    ldr r3, [sp, #HI + 4 * \j]
    .ifc \op, decrypt
        eors r2, r0
        eors r3, r1
        str r0, [sp, #LO + 4 * \j]
        str r1, [sp, #HI + 4 * \j]
        store2 \align, r2, r3
    .else
        eors r0, r2
        eors r1, r3
        str r0, [sp, #LO + 4 * \j]
        str r1, [sp, #HI + 4 * \j]
        .ifc \op, encrypt
            store2 \align, r0, r1
        .endif
    .endif
.endm

/* The loop over the blocks, then Ascon-p[8] each. 23 instructions a block (absorb 21)
 * besides the rounds, aligned; 72 (absorb 42) more bytewise. */
.macro block_loop op, align
1:  rate_word \op, \align, 0
    rate_word \op, \align, 1
    mov r8, r6
    mov r9, r7
    bl ascon_rounds8
    mov r6, r8
    mov r7, r9
    cmp r6, r10
    bne 1b
.endm

/* A loop's entry point: r0 = s, r1 = out (none for absorb), r2 = in, r3 = blocks (r2 for
 * absorb); nothing done for no blocks. The frame made and filled, then the word-aligned
 * loop or the bytewise one. */
.macro block_function name, op
function \name
    .ifc \op, absorb
        mov r3, r2
        mov r2, r1
    .endif
    cmp r3, #0
    bne 0f
    bx lr
0:  enter FRAME
    mov r11, r0
    lsls r3, r3, #4
    adds r3, r2
    mov r10, r3
    mov r8, r2
    mov r9, r1
    state_in
    mov r6, r8
    mov r7, r9
    mov r0, r6
    .ifnc \op, absorb
        orrs r0, r7
    .endif
    lsls r0, r0, #30        @ the two low bits of in (| out): zero if word-aligned
    bne 2f
    block_loop \op, 1
    b 3f
2:  block_loop \op, 0
3:  mov r0, r11
    state_out
    wipe_state
    leave FRAME
    .size \name, . - \name
.endm

/*
 * void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
 * void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
 * The whole-block loops of ascon_internal.h (out == in allowed, out only written, each
 * input byte read once), the state in the frame throughout. 84 bytes of stack (the
 * saved r4-r11, lr and the frame, zeroed before returning). Instructions per block: the
 * rounds (1169) plus 23 (absorb 21) on word-aligned buffers; per call 62 (absorb 63).
 */
block_function lwc_ascon_aead_absorb, absorb
block_function lwc_ascon_aead_encrypt_blocks, encrypt
block_function lwc_ascon_aead_decrypt_blocks, decrypt

#endif
