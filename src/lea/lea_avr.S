/*
 * LEA-128/128, LEA-128/192, LEA-128/256 for ATmega AVR cores (MUL, MOVW, LDD): block
 * encryption and decryption, and the rounds of the key schedule (lwc_lea_ks_rounds,
 * called by lea_setkey in lea.c). Same results as the C reference in lea.c and the same
 * "folded" key schedule layout, which lea.c produces in every build: per round, little-
 * endian words (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5) for LEA-192/256 (24 bytes) and
 * (RK0, RK1, RK1^RK2, RK1^RK4) for LEA-128, whose round keys have RK1 = RK3 = RK5
 * (16 bytes).
 *
 * Encryption round, on 32-bit little-endian words:
 *   X0' = ROL9((X0 ^ RK0) + (X1 ^ RK1))
 *   X1' = ROR5((X1 ^ RK2) + (X2 ^ RK3))
 *   X2' = ROR3((X2 ^ RK4) + (X3 ^ RK5))
 *   X3' = X0
 *
 * Design
 *  - The 128-bit state lives in four of five 4-byte register sets (SA..SE, each starting
 *    at an even register so that MOVW can write its byte pairs); the fifth is scratch.
 *    Words are never moved: each round macro is invoked with the set names permuted, and
 *    the permutation has order 4, so a 4-round unrolled body is the loop of all three key
 *    sizes (24 = 4 * 6, 28 = 4 * 7, 32 = 4 * 8 rounds).
 *  - Encryption streams the round keys with LD Z+ in storage order; decryption reads
 *    them with LDD Z+q (same 2 cycles) and moves Z back once per 2 or 4 rounds. A key
 *    byte is loaded straight into the register that needs it when the state byte must
 *    survive (t = RK0 ^ X0 instead of copy-then-XOR), otherwise into r0.
 *  - Folded keys: X1 is XORed in place with RK1, added into t, then XORed with RK1^RK2,
 *    which leaves X1 ^ RK2; likewise X2 with RK3 and RK3^RK4. No state word is copied.
 *  - LEA-128 loads RK1 once per round into four registers (T1) and uses it three times:
 *    16 key bytes per round are read instead of 24. It is the same round macro with a
 *    flag (k128), which only selects where RK3 and RK5 come from.
 *  - Encryption: ROL9 = byte renaming + ROL1 (LSL/ROL/ROL/ROL/ADC zero, 5 cycles).
 *    ROR5 and ROR3 use MUL by 2^(8-k): the high byte of b * 2^(8-k) is b >> k and the low
 *    byte is b << (8-k), so byte i of ROR_k(s) is hi(s_i * K) | lo(s_{i+1} * K); four MULs,
 *    two MOVWs and four ORs = 14 cycles (shifts: 15 and 16), written into the scratch set
 *    (the permutation above accounts for it). All sets are in natural byte order at round
 *    boundaries.
 *  - Decryption rounds are sequential (Y2 needs Y1, Y3 needs Y2); rotations are done in
 *    place with shifts (ROR9 = renaming + ROR1, ROL5 = renaming + ROR3, ROL3): MUL into a
 *    scratch set would save 2-3 cycles per round but no placement of its outputs gives a
 *    set permutation of order 4. X1 is held with its bytes renamed by one (byte j in
 *    register base + (j+1) mod 4); every other set is in natural order.
 * Cycle counts below are counted from the instruction timings; the measured figures are
 * in docs/BENCHMARKS.md.
 * Constant time: no table, no branch other than on public counts (rounds, key size).
 */
#include "../common/lwc_avr.h"
#if LWC_LEA_IMPL == LWC_IMPL_AVR

/* ---- register map (numbers: the macros compute byte registers as base + j) ---------- */
#define KT 0       /* r0: key byte in transit; MUL low byte in encryption */
                   /* r1: MUL high byte in encryption; zero in decryption (ADC carry-in) */
#define SA 2       /* r2..r5    state/scratch set A (callee-saved: pushed) */
#define SB 6       /* r6..r9    set B */
#define SC 10      /* r10..r13  set C */
#define SD 14      /* r14..r17  set D */
#define SE 18      /* r18..r21  set E (scratch set at the start of encryption) */
#define T1 22      /* r22..r25  LEA-128: RK1 (= RK3 = RK5) of the current round */
#define K8 26      /* r26: 8  = 2^(8-5), MUL factor of ROR5 (encryption) */
#define K32 27     /* r27: 32 = 2^(8-3), MUL factor of ROR3 (encryption) */
#define EZERO 28   /* r28: zero during encryption (r1 is clobbered by MUL) */
#define ENC_CNT 29 /* r29: encryption loop counter (4 rounds per pass) */
#define DEC_CNT 28 /* r28: decryption loop counter */
#define DZERO 1    /* r1 = 0 throughout decryption */
/* Z (r30:r31) = round keys; the out pointer (the CTR loop: its frame) waits on the stack
 * during the rounds. */

/* ---- shared pieces ----------------------------------------------------------------- */

/* x ^= 32-bit key word at Z+q (12 cycles) */
.macro xor_key x, q
    .irp j, 0, 1, 2, 3
        ldd KT, Z+(\q)+\j
        eor (\x)+\j, KT
    .endr
.endm

/* x ^= the next 32-bit key word, Z += 4 (12 cycles) */
.macro xor_next x
    .irp j, 0, 1, 2, 3
        ld KT, Z+
        eor (\x)+\j, KT
    .endr
.endm

/* x ^= y, register sets (4 cycles) */
.macro xor_reg x, y
    .irp j, 0, 1, 2, 3
        eor (\x)+\j, (\y)+\j
    .endr
.endm

/* x ^= RK3 or RK5: from T1 for LEA-128 (k128 = 1: RK1 = RK3 = RK5 was loaded into T1
 * this round and has no storage of its own), else the key word at Z+q (decryption) or
 * the next key word (encryption, q omitted). */
.macro xor_k1 k128, x, q=-1
    .if \k128
        xor_reg \x, T1
    .elseif (\q) < 0
        xor_next \x
    .else
        xor_key \x, \q
    .endif
.endm

/* Saves r2..r17, the registers listed in y (r28 and/or r29) and the out pointer;
 * Z = ks, X = in. */
.macro prologue y:vararg
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \y
        push \r
    .endr
    push r22        /* out, popped into Z after the rounds */
    push r23
    movw r30, r24
    movw r26, r20
.endm

/* Clears r1, restores the registers saved by prologue (y in reverse order), returns. */
.macro epilogue_regs y:vararg
    clr r1
    .irp r, \y, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop \r
    .endr
    ret
.endm

/* =====================================================================================
 * Encryption
 * ===================================================================================== */

/* ROR_k of the word in set s into set d (distinct sets, natural order), K = 2^(8-k):
 * d_i = hi(s_i * K) | lo(s_{i+1} * K). 14 cycles; clobbers r0, r1. */
.macro ror_mul d, s, k
    mul (\s)+1, \k          /* d0 = lo(s1*K), d1 = hi(s1*K) */
    movw \d, r0
    mul (\s)+3, \k          /* d2 = lo(s3*K), d3 = hi(s3*K) */
    movw (\d)+2, r0
    mul \s, \k
    or \d, r1               /* d0 |= hi(s0*K) */
    or (\d)+3, r0           /* d3 |= lo(s0*K) */
    mul (\s)+2, \k
    or (\d)+2, r1           /* d2 |= hi(s2*K) */
    or (\d)+1, r0           /* d1 |= lo(s2*K) */
.endm

/* One encryption round; Z points at its round key and moves past it (16 or 24 bytes).
 * x0..x3: sets holding X0..X3, f: scratch set. Afterwards X0' = f, X1' = x3, X2' = x2,
 * X3' = x0, scratch = x1. 101 cycles (k128 = 1) or 117 cycles (k128 = 0). */
.macro enc_round k128, x0, x1, x2, x3, f, pre0=0, pre3=0
    /* t = RK0 ^ X0, byte j kept in f + (j+1) mod 4 so that ROL8 of it is f in order
     * (CTR, pre0 = 1: f holds t already, precomputed; RK0 is skipped) */
    .if \pre0
        adiw r30, 4
    .else
        .irp j, 0, 1, 2, 3
            ld (\f)+((\j+1)&3), Z+
        .endr
        .irp j, 0, 1, 2, 3
            eor (\f)+((\j+1)&3), (\x0)+\j
        .endr
    .endif
    /* X1 ^= RK1 (LEA-128: load RK1 into T1 first; it also serves as RK3 and RK5) */
    .if \k128
        .irp j, 0, 1, 2, 3
            ld T1+\j, Z+
        .endr
        xor_reg \x1, T1
    .else
        xor_next \x1
    .endif
    /* t += X1 ^ RK1; X0' = ROL1(ROL8(t)) */
    add (\f)+1, \x1
    adc (\f)+2, (\x1)+1
    adc (\f)+3, (\x1)+2
    adc \f, (\x1)+3
    lsl \f
    rol (\f)+1
    rol (\f)+2
    rol (\f)+3
    adc \f, EZERO
    /* X1 = (X1 ^ RK1 ^ (RK1^RK2)) + (X2 ^ RK3) */
    xor_next \x1
    xor_k1 \k128, \x2
    add \x1, \x2
    adc (\x1)+1, (\x2)+1
    adc (\x1)+2, (\x2)+2
    adc (\x1)+3, (\x2)+3
    /* X3 = (X2 ^ RK3 ^ (RK3^RK4)) + (X3 ^ RK5); the registers of X2 are free after it
     * (CTR, pre3 = 1: x3 holds X3 ^ RK5 already, precomputed; RK5 is skipped) */
    xor_next \x2
    .if \pre3
        .if \k128 == 0
            adiw r30, 4
        .endif
    .else
        xor_k1 \k128, \x3
    .endif
    add \x3, \x2
    adc (\x3)+1, (\x2)+1
    adc (\x3)+2, (\x2)+2
    adc (\x3)+3, (\x2)+3
    /* X2' = ROR3(X3 sum) into x2; then x3 is free: X1' = ROR5(X1 sum) into x3 */
    ror_mul \x2, \x3, K32
    ror_mul \x3, \x1, K8
.endm

/* Four rounds. The set permutation has order 4:
 * (x0, x1, x2, x3, f) = (A,B,C,D,E) -> (E,D,C,A,B) -> (B,A,C,E,D) -> (D,E,C,B,A) -> back. */
.macro enc_4rounds k128
    enc_round \k128, SA, SB, SC, SD, SE
    enc_round \k128, SE, SD, SC, SA, SB
    enc_round \k128, SB, SA, SC, SE, SD
    enc_round \k128, SD, SE, SC, SB, SA
.endm

/* Loads the block (X = in) into A, B, C, D in natural order. */
.macro enc_load
    .irp r, SA, SA+1, SA+2, SA+3, SB, SB+1, SB+2, SB+3, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        ld \r, X+
    .endr
.endm

/* The CBC-MAC step's load: A, B, C, D from X+ (m) XORed with Y+ (chain), each byte of m
 * also stored at Z+ (copy) once the chain byte at its offset is read, so that copy may be
 * chain (KT is free before the rounds). 112 cycles. */
.macro enc_load_xor_copy
    .irp r, SA, SA+1, SA+2, SA+3, SB, SB+1, SB+2, SB+3, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        ld \r, X+
        ld KT, Y+
        st Z+, \r
        eor \r, KT
    .endr
.endm

/* Loads A, B, C, D from the counter at X, then writes counter + 1 over it (big-endian over
 * the 16 bytes): a carry chain from the last byte (SEC, then ADC with r1 = 0), two bytes
 * at a time through r25:r24 (free: ks is in Z). No branch: constant time. 89 cycles. */
.macro ctr_load_increment
    enc_load
    sec
    .irp r, SD+2, SD, SC+2, SC, SB+2, SB, SA+2, SA
        movw r24, \r
        adc r25, r1
        adc r24, r1
        st -X, r25
        st -X, r24
    .endr
.endm

/* Stores A, B, C, D at Z+; xor = 1 (the CTR loop): XORs in (X+) into the state byte by
 * byte as it is stored (KT is free after the rounds). */
.macro store_state xor=0
    .irp r, SA, SA+1, SA+2, SA+3, SB, SB+1, SB+2, SB+3, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        .if \xor
            ld KT, X+
            eor \r, KT
        .endif
        st Z+, \r
    .endr
.endm

/* Pops out into Z, stores A, B, C, D. */
.macro enc_store
    pop r31
    pop r30
    store_state
.endm

/* Whole encryption: n passes of four rounds; loaded: the global label after the load, where
 * the CBC-MAC step continues; ctr_loaded: the one the CTR loop calls with T set, which
 * returns to it after the rounds instead of storing (T: no instruction of the rounds
 * touches it; 2 cycles for the others: CLT, BRTS not taken). */
.macro enc_body k128, loaded, ctr_loaded
    enc_load
    .global \loaded
\loaded:
    clt
    .global \ctr_loaded
\ctr_loaded:
    ldi K8, 8
    ldi K32, 32
    clr EZERO
1:  enc_4rounds \k128
    dec ENC_CNT
    breq 2f             /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  brts 3f
    enc_store
    epilogue_regs 29, 28
3:  ret
.endm

/*
 * void lwc_lea128_encrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in. Out: 16 bytes at out (out == in is
 * fine: in is read completely first). Clobbers r18-r27, r30, r31, r0 (r1 = 0 again).
 * 24 rounds of 101 cycles; 22 bytes of stack.
 */
.section .text.lwc_lea128_encrypt, "ax", @progbits
.global lwc_lea128_encrypt
.type lwc_lea128_encrypt, @function
lwc_lea128_encrypt:
    prologue 28, 29
    ldi ENC_CNT, 24 / 4
    enc_body 1, lwc_lea128_encrypt_loaded, lwc_lea128_encrypt_ctr_loaded
.size lwc_lea128_encrypt, . - lwc_lea128_encrypt

/*
 * void lwc_lea192_encrypt / lwc_lea256_encrypt(ks, out, in): same ABI as above; both
 * enter lea_encrypt_rounds with r19 = number of 4-round passes (7 or 8).
 * Rounds of 117 cycles; 22 bytes of stack.
 */
.section .text.lwc_lea_encrypt_big, "ax", @progbits
.global lwc_lea192_encrypt
.type lwc_lea192_encrypt, @function
lwc_lea192_encrypt:
    ldi r19, 28 / 4
    rjmp lea_encrypt_rounds
.size lwc_lea192_encrypt, . - lwc_lea192_encrypt

.global lwc_lea256_encrypt
.type lwc_lea256_encrypt, @function
lwc_lea256_encrypt:
    ldi r19, 32 / 4
lea_encrypt_rounds:
    prologue 28, 29
    mov ENC_CNT, r19
    enc_body 0, lea_encrypt_big_loaded, lea_encrypt_big_ctr_loaded
.size lwc_lea256_encrypt, . - lwc_lea256_encrypt

/*
 * void lwc_lea128_cbc_step(const lwc_lea128_key *ks, uint8_t *chain, const uint8_t *m,
 *                          uint8_t *copy)
 * (and lwc_lea192_cbc_step, lwc_lea256_cbc_step): chain = E(chain ^ m), a step of CBC-MAC
 * (src/modes/mac.c, lwc_cbc_step_fn), m stored at copy as it is read (copy == chain: no
 * copy, the result overwrites it). The block is loaded XORed with the message (Y = chain,
 * saved by the prologue anyway; Z = copy until the rounds), then the rounds of
 * lwc_leaN_encrypt. In: r25:r24 = ks, r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m
 * overlaps neither chain nor copy. Clobbers as encrypt; cycles: encrypt's + 86 (LEA-192
 * and LEA-256: + 88; the 16 extra loads, stores and XORs, the pointers, the jump).
 */
.section .text.lwc_lea128_cbc_step, "ax", @progbits
.global lwc_lea128_cbc_step
.type lwc_lea128_cbc_step, @function
lwc_lea128_cbc_step:
    prologue 28, 29
    movw r28, r22               /* Y = chain, also the output */
    movw r30, r18               /* Z = copy */
    enc_load_xor_copy
    movw r30, r24               /* Z = ks (r25:r24 is not a state register) */
    ldi ENC_CNT, 24 / 4
    LWC_JMP lwc_lea128_encrypt_loaded
.size lwc_lea128_cbc_step, . - lwc_lea128_cbc_step

.section .text.lwc_lea_cbc_step_big, "ax", @progbits
.global lwc_lea192_cbc_step
.type lwc_lea192_cbc_step, @function
lwc_lea192_cbc_step:
    ldi r26, 28 / 4
    rjmp lea_cbc_step_big
.size lwc_lea192_cbc_step, . - lwc_lea192_cbc_step

.global lwc_lea256_cbc_step
.type lwc_lea256_cbc_step, @function
lwc_lea256_cbc_step:
    ldi r26, 32 / 4
lea_cbc_step_big:
    mov r0, r26                 /* the passes: r0 outlives the prologue */
    prologue 28, 29
    movw r28, r22
    mov r23, r0                 /* and r23 (pushed, not a state register) the load */
    movw r30, r18
    enc_load_xor_copy
    movw r30, r24
    mov ENC_CNT, r23
    LWC_JMP lea_encrypt_big_loaded
.size lwc_lea256_cbc_step, . - lwc_lea256_cbc_step

/* The CTR loop's frame, pushed below the callee-saved registers and read through Y = SP
 * (LOAD_SP) between blocks: the rounds use Y's registers (EZERO, ENC_CNT). Byte offsets
 * from Y; each pointer was pushed low byte first, so its high byte is the lower address. */
#define CTR_PASSES 1    /* 4-round passes per block (6, 7, 8) */
#define CTR_IN 2        /* in of the next block (advanced by 16 per block) */
#define CTR_OUT 4       /* out of the next block (likewise) */
#define CTR_COUNTER 6   /* the counter (fixed) */
#define CTR_KS 8        /* ks (fixed) */
#define CTR_BLOCKS 10   /* blocks left, this one included */
#define CTR_FRAME 11

/* ldd_ptr lo, q / std_ptr q, lo: the 16-bit value at frame offset q into / from registers
 * lo, lo+1 (register numbers; 4 cycles). */
.macro ldd_ptr lo, q
    ldd \lo + 1, Y + (\q)
    ldd \lo, Y + (\q) + 1
.endm
.macro std_ptr q, lo
    std Y + (\q), \lo + 1
    std Y + (\q) + 1, \lo
.endm

/*
 * The CTR loop (lwc_leaN_ctr_secret, below), entered with r26 = the passes: per block, the
 * counter loaded and counter + 1 written back over it, the rounds called with T set (they
 * return instead of storing; nothing else here touches T) and in XORed into the block as
 * it is stored to out. The callee-saved registers are pushed once per call, not per block.
 */
.macro ctr_secret_loop rounds
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push \r
    .endr
    .irp r, 16, 17, 24, 25, 22, 23, 20, 21, 18, 19, 26     /* the frame, CTR_BLOCKS first */
        push \r
    .endr
    LOAD_SP r28, r29
    set
1:  ldd_ptr 26, CTR_COUNTER
    ctr_load_increment
    ldd_ptr 30, CTR_KS
    ldd ENC_CNT, Y + CTR_PASSES /* r29: Y's last use until the rounds return */
    LWC_CALL \rounds
    clr r1              /* for the next block's increment (the rounds' MULs wrote it) */
    LOAD_SP r28, r29
    ldd_ptr 30, CTR_OUT
    ldd_ptr 26, CTR_IN
    store_state 1
    std_ptr CTR_OUT, 30
    std_ptr CTR_IN, 26
    ldd_ptr 24, CTR_BLOCKS
    sbiw r24, 1
    std_ptr CTR_BLOCKS, 24
    breq 2f             /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  .rept CTR_FRAME
        pop r0
    .endr
    epilogue_regs 29, 28
.endm

/*
 * void lwc_lea128_ctr_secret(const lwc_lea128_key *ks, uint8_t *counter, uint8_t *out,
 *                            const uint8_t *in, size_t blocks)
 * (and lwc_lea192_ctr_secret, lwc_lea256_ctr_secret): out[i] = in[i] ^ E(counter + i) for
 * each block i < blocks (blocks >= 1), counter + blocks left in counter (big-endian, mod
 * 2^128): EAX's CTR over a message's whole blocks (src/modes/eax.c; lwc_ctr_secret_fn).
 * Its counter is secret: no branch or index on it, and the loop count depends on blocks
 * only. The counter overlaps neither out nor in (it is loaded and its successor written
 * back before the rounds); out == in is fine; the keystream only ever reaches out, XORed.
 * In: r25:r24 = ks, r23:r22 = counter, r21:r20 = out, r19:r18 = in, r17:r16 = blocks.
 * Clobbers r18-r27, r30, r31, r0 (r1 = 0 again); 31 bytes of stack (32 on 3-byte-PC
 * cores). Cycles, counted: per block, the passes and their setup as in lwc_leaN_encrypt
 * + 221 (2 more on 3-byte-PC cores: CALL and RET): the counter's load and increment (93
 * with its pointer), ks and the passes (6), the call (13: CALL, BRTS taken, RET, CLR r1,
 * LOAD_SP), in's XOR into the store (96 with the pointers' loads and stores back), the
 * count and the loop (13); per call, 124 (126 for LEA-192, its RJMP): the pushes and pops
 * (the frame's 11 bytes included), SET, LOAD_SP.
 */
.section .text.lwc_lea128_ctr_secret, "ax", @progbits
.global lwc_lea128_ctr_secret
.type lwc_lea128_ctr_secret, @function
lwc_lea128_ctr_secret:
    ldi r26, 24 / 4
    ctr_secret_loop lwc_lea128_encrypt_ctr_loaded
.size lwc_lea128_ctr_secret, . - lwc_lea128_ctr_secret

.section .text.lwc_lea_ctr_secret_big, "ax", @progbits
.global lwc_lea192_ctr_secret
.type lwc_lea192_ctr_secret, @function
lwc_lea192_ctr_secret:
    ldi r26, 28 / 4
    rjmp lea_ctr_secret_big
.size lwc_lea192_ctr_secret, . - lwc_lea192_ctr_secret

.global lwc_lea256_ctr_secret
.type lwc_lea256_ctr_secret, @function
lwc_lea256_ctr_secret:
    ldi r26, 32 / 4
lea_ctr_secret_big:
    ctr_secret_loop lea_encrypt_big_ctr_loaded
.size lwc_lea256_ctr_secret, . - lwc_lea256_ctr_secret

/* =====================================================================================
 * Decryption
 *   Y0 = X3
 *   Y1 = (ROR9(X0) - (Y0 ^ RK0)) ^ RK1
 *   Y2 = (ROL5(X1) - (Y1 ^ RK2)) ^ RK3
 *   Y3 = (ROL3(X2) - (Y2 ^ RK4)) ^ RK5
 * ===================================================================================== */

/* x -= y, 32-bit; x given by its four byte registers, y a natural set (4 cycles) */
.macro sub_word x0, x1, x2, x3, y
    sub \x0, \y
    sbc \x1, (\y)+1
    sbc \x2, (\y)+2
    sbc \x3, (\y)+3
.endm

/* One decryption round. x0, x2, x3: natural sets; x1: set with byte j in x1 + (j+1) mod 4;
 * u: scratch set; q: offset of the round key from Z. Afterwards Y0 = x3, Y1 = x0 (byte j
 * in x0 + (j+1) mod 4), Y2 = x1 (natural), Y3 = x2. 105 cycles (k128 = 1) or 121. */
.macro dec_round k128, x0, x1, x2, x3, u, q
    /* ROR9(X0): ROR8 renames byte j to register x0 + (j+1) mod 4, then ROR1 */
    bst (\x0)+1, 0
    ror \x0
    ror (\x0)+3
    ror (\x0)+2
    ror (\x0)+1
    bld \x0, 7
    /* u = Y0 ^ RK0; X0 -= u */
    .irp j, 0, 1, 2, 3
        ldd (\u)+\j, Z+(\q)+\j
    .endr
    xor_reg \u, \x3
    sub_word (\x0)+1, (\x0)+2, (\x0)+3, \x0, \u
    /* u = X0 ^ (RK1^RK2) = Y1 ^ RK2 before X0 ^= RK1 makes it Y1 */
    .irp j, 0, 1, 2, 3
        ldd (\u)+\j, Z+(\q)+8+\j
    .endr
    .irp j, 0, 1, 2, 3
        eor (\u)+\j, (\x0)+((\j+1)&3)
    .endr
    .if \k128
        .irp j, 0, 1, 2, 3
            ldd T1+\j, Z+(\q)+4+\j
        .endr
        .irp j, 0, 1, 2, 3
            eor (\x0)+((\j+1)&3), T1+\j
        .endr
    .else
        .irp j, 0, 1, 2, 3
            ldd KT, Z+(\q)+4+\j
            eor (\x0)+((\j+1)&3), KT
        .endr
    .endif
    /* ROL5(X1) = ROR3 of X1 with ROL8 renaming, which puts X1 in natural order.
     * ROR3: a copy of the low byte feeds the carry for each of the three ROR1 */
    mov KT, \x1
    .rept 3
        lsr KT
        ror (\x1)+3
        ror (\x1)+2
        ror (\x1)+1
        ror \x1
    .endr
    sub_word \x1, (\x1)+1, (\x1)+2, (\x1)+3, \u
    /* u = X1 ^ (RK3^RK4) = Y2 ^ RK4; X1 ^= RK3 makes it Y2 */
    .irp j, 0, 1, 2, 3
        ldd (\u)+\j, Z+(\q)+(16-4*\k128)+\j
    .endr
    xor_reg \u, \x1
    xor_k1 \k128, \x1, (\q)+12
    /* Y3 = (ROL3(X2) - u) ^ RK5 */
    .rept 3
        lsl \x2
        rol (\x2)+1
        rol (\x2)+2
        rol (\x2)+3
        adc \x2, DZERO
    .endr
    sub_word \x2, (\x2)+1, (\x2)+2, (\x2)+3, \u
    xor_k1 \k128, \x2, (\q)+20
.endm

/* Four rounds, the latest round key first. (X0, X1, X2, X3) = (A,B,C,D) -> (D,A,B,C) ->
 * (C,D,A,B) -> (B,C,D,A) -> back; E is the scratch set throughout.
 * LEA-128 (16-byte round keys): Z points at the earliest of the four rounds, all within
 * LDD's reach (q <= 63), and moves back by 64. Else (24 bytes): Z points at the earlier
 * of two rounds and moves back by 48 every two rounds. */
.macro dec_4rounds k128
    .if \k128
        dec_round 1, SA, SB, SC, SD, SE, 48
        dec_round 1, SD, SA, SB, SC, SE, 32
        dec_round 1, SC, SD, SA, SB, SE, 16
        dec_round 1, SB, SC, SD, SA, SE, 0
        subi r30, 64
        sbci r31, 0
    .else
        dec_round 0, SA, SB, SC, SD, SE, 24
        dec_round 0, SD, SA, SB, SC, SE, 0
        sbiw r30, 48
        dec_round 0, SC, SD, SA, SB, SE, 24
        dec_round 0, SB, SC, SD, SA, SE, 0
        sbiw r30, 48
    .endif
.endm

/* Whole decryption; Z = ks, X = in on entry, r19 = passes of four rounds (rounds / 4).
 * B (X1) holds byte j in register SB + (j+1) mod 4 at every 4-round boundary. */
.macro dec_body k128
    mov DEC_CNT, r19
    /* Z = ks + 4 * rounds * (round key bytes) - 4 * (bytes) or - 2 * (bytes): the first
     * key that dec_4rounds addresses from Z, see there */
    ldi r18, 64 + 32 * (1 - \k128)
    mul r19, r18
    add r30, r0
    adc r31, r1
    subi r30, 64 - 16 * (1 - \k128)
    sbci r31, 0
    clr r1
    .irp r, SA, SA+1, SA+2, SA+3, SB+1, SB+2, SB+3, SB, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        ld \r, X+
    .endr
1:  dec_4rounds \k128
    dec DEC_CNT
    breq 2f             /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  pop r31
    pop r30
    .irp r, SA, SA+1, SA+2, SA+3, SB+1, SB+2, SB+3, SB, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        st Z+, \r
    .endr
    epilogue_regs 28
.endm

/*
 * void lwc_lea128_decrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in. Out: 16 bytes at out (out == in is
 * fine). Clobbers r18-r27, r30, r31, r0, T (r1 = 0 again).
 * 24 rounds of 105 cycles; 21 bytes of stack.
 */
.section .text.lwc_lea128_decrypt, "ax", @progbits
.global lwc_lea128_decrypt
.type lwc_lea128_decrypt, @function
lwc_lea128_decrypt:
    prologue 28
    ldi r19, 24 / 4
    dec_body 1
.size lwc_lea128_decrypt, . - lwc_lea128_decrypt

/* void lwc_lea192_decrypt / lwc_lea256_decrypt(ks, out, in): as above, through
 * lea_decrypt_rounds with r19 = number of 4-round passes (7 or 8).
 * Rounds of 121 cycles; 21 bytes of stack. */
.section .text.lwc_lea_decrypt_big, "ax", @progbits
.global lwc_lea192_decrypt
.type lwc_lea192_decrypt, @function
lwc_lea192_decrypt:
    ldi r19, 28 / 4
    rjmp lea_decrypt_rounds
.size lwc_lea192_decrypt, . - lwc_lea192_decrypt

.global lwc_lea256_decrypt
.type lwc_lea256_decrypt, @function
lwc_lea256_decrypt:
    ldi r19, 32 / 4
lea_decrypt_rounds:
    prologue 28
    dec_body 0
.size lwc_lea256_decrypt, . - lwc_lea256_decrypt

/* =====================================================================================
 * Key schedule rounds (lwc_lea_ks_rounds, called by lea_setkey in lea.c, which loads the
 * key and the initial rotated constants and wipes the state afterwards).
 *   T: the key state, n words; D: the n constants, D[k] = ROL_i(delta[k]) for the next
 *   round i that uses it. Round i: d = D[i mod n]; for j = 0..updates-1 (4 or 6):
 *   T[p] = ROL_rot[j](T[p] + ROL_j(d)), p = (6i + j) mod n = a pointer that wraps;
 *   round key word j = T[p]. Stored folded (see lea.c); D[i mod n] = ROL_n(d).
 * Rotations: the bit part (-3..3) is done in registers, whole bytes by the order in
 * which the word is stored (rot = 8q + s).
 * ===================================================================================== */

#define KA 18      /* r18..r21: the word being updated, natural order before storing */
#define KD 22      /* r22..r25: d, rotated by one bit after each word */
#define KW1 6      /* r6..r9:   word 1 (stored as is), folded into words 2 (and 3) */
#define KW3 10     /* r10..r13: word 3 as left in KA (bytes rotated by one), LEA-192/256 */
#define KCNT 2     /* rounds left */
#define KNB 3      /* 4n: bytes of T and of D */
#define KTEND 4    /* low byte of the end of T (T < 256 bytes: the low byte suffices) */
#define KDEND 5    /* low byte of the end of D */
#define KNW 16     /* n (CPI needs r16..r31) */
/* Y = T pointer, X = D pointer, Z = round keys (output). */

/* KA = ROL_s(T[p] + d) with -3 <= s <= 3 (bit part only) */
.macro ks_add_rot s
    .irp j, 0, 1, 2, 3
        ldd KA+\j, Y+\j
    .endr
    add KA, KD
    adc KA+1, KD+1
    adc KA+2, KD+2
    adc KA+3, KD+3
    .if \s > 0
        .rept \s
            lsl KA
            rol KA+1
            rol KA+2
            rol KA+3
            adc KA, r1
        .endr
    .else
        mov r0, KA          /* feeds the carry of each ROR1 with the next low bit */
        .rept -(\s)
            lsr r0
            ror KA+3
            ror KA+2
            ror KA+1
            ror KA
        .endr
    .endif
.endm

/* T[p] = KA rotated left by q bytes; p += 1 mod n */
.macro ks_store_t q
    .irp j, 0, 1, 2, 3
        std Y+\j, KA+((\j-\q)&3)
    .endr
    adiw r28, 4
    cp r28, KTEND
    brne 1f
    sub r28, KNB
    sbc r29, r1
1:
.endm

/* Round key word = KA rotated left by q bytes, XORed with the word held in set w
 * (rotated left by wq bytes) unless w < 0; then d = ROL1(d). */
.macro ks_store_rk q, w=-1, wq=0
    .irp j, 0, 1, 2, 3
        .if \w >= 0
            eor KA+((\j-\q)&3), (\w)+((\j-\wq)&3)
        .endif
        st Z+, KA+((\j-\q)&3)
    .endr
    lsl KD
    rol KD+1
    rol KD+2
    rol KD+3
    adc KD, r1
.endm

/*
 * void lwc_lea_ks_rounds(uint32_t *rk, uint32_t st[16], uint8_t n, uint8_t rounds)
 * In: r25:r24 = rk, r23:r22 = st (T = st[0..n-1], D = st[8..8+n-1], updated),
 * r20 = n (4, 6 or 8), r18 = rounds. Clobbers r18-r27, r30, r31, r0.
 * Timing depends on n and rounds only: 5805 / 9583 / 11219 cycles for LEA-128/192/256
 * (lwc_leaN_setkey in all: 6879 / 10884 / 12794), 17 bytes of stack.
 */
.section .text.lwc_lea_ks_rounds, "ax", @progbits
.global lwc_lea_ks_rounds
.type lwc_lea_ks_rounds, @function
lwc_lea_ks_rounds:
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 28, 29
        push \r
    .endr
    movw r30, r24
    movw r28, r22
    movw r26, r22
    adiw r26, 32
    mov KCNT, r18
    mov KNW, r20
    mov KNB, r20
    lsl KNB
    lsl KNB
    mov KTEND, r28
    add KTEND, KNB
    mov KDEND, r26
    add KDEND, KNB
2:  .irp j, 0, 1, 2, 3
        ld KD+\j, X+
    .endr
    ks_add_rot 1                    /* word 0: ROL1 */
    ks_store_t 0
    ks_store_rk 0
    ks_add_rot 3                    /* word 1: ROL3 */
    ks_store_t 0
    movw KW1, KA
    movw KW1+2, KA+2
    ks_store_rk 0
    ks_add_rot -2                   /* word 2: ROL6 = ROL8 ROR2; stored ^ word 1 */
    ks_store_t 1
    ks_store_rk 1, KW1, 0
    ks_add_rot 3                    /* word 3: ROL11 = ROL8 ROL3 */
    ks_store_t 1
    cpi KNW, 4
    brne 3f
    ks_store_rk 1, KW1, 0           /* LEA-128: word 3 ^ word 1, and the round ends */
    rjmp 5f
3:  movw KW3, KA
    movw KW3+2, KA+2
    ks_store_rk 1
    ks_add_rot -3                   /* word 4: ROL13 = ROL16 ROR3; stored ^ word 3 */
    ks_store_t 2
    ks_store_rk 2, KW3, 1
    ks_add_rot 1                    /* word 5: ROL17 = ROL16 ROL1 */
    ks_store_t 2
    ks_store_rk 2
    cpi KNW, 8
    brne 5f
    lsl KD                          /* LEA-256: two more bits, d = ROL8(ROL_i(delta)) */
    rol KD+1
    rol KD+2
    rol KD+3
    adc KD, r1
    lsl KD
    rol KD+1
    rol KD+2
    rol KD+3
    adc KD, r1
5:  sbiw r26, 4                     /* D[i mod n] = d, next D with wrap-around */
    .irp j, 0, 1, 2, 3
        st X+, KD+\j
    .endr
    cp r26, KDEND
    brne 6f
    sub r26, KNB
    sbc r27, r1
6:  dec KCNT
    breq 7f
    rjmp 2b
7:  .irp r, 29, 28, 16, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop \r
    .endr
    ret
.size lwc_lea_ks_rounds, . - lwc_lea_ks_rounds


/* =====================================================================================
 * CTR mode: the assembly side of the CTR contract of src/common/lwc_internal.h
 * (lwc_leaN_ctr_crypt in lea.c cuts the work at window ends, carries into counter bytes
 * 14..0 and clears pre_valid; this code rebuilds pre when pre_valid is 0).
 *
 * Precomputation. The counter block is one big-endian integer, so its low byte is
 * block byte 15 = the most significant byte of X3; within a window of 256 blocks only
 * that byte (c) changes. Round 1 (unfolded keys RK0..RK5):
 *   X0' = ROL9((X0^RK0) + (X1^RK1))   fixed       X3' = X0   fixed
 *   X1' = ROR5((X1^RK2) + (X2^RK3))   fixed
 *   X2' = ROR3(S), S = (X2^RK4) + (X3^RK5). Additions carry upwards only: with
 *         Q = (X2^RK4) + ((X3^RK5) mod 2^24), S = Q + ((c ^ k) << 24), k = RK5 >> 24,
 *         so S0..S2 = Q0..Q2 are fixed and S3 = Q3 + (c ^ k) is the only varying byte.
 *         Byte i of ROR3(S) is (S_i >> 3) | (S_{i+1} << 5): bytes 0 and 1 are fixed,
 *         byte 2 = h2 | lo(S3 * 32), byte 3 = hi(S3 * 32) | h3 (h2 = Q2 >> 3, h3 = Q0 << 5;
 *         the two parts of each byte occupy disjoint bits, so | = ^).
 * Round 2 (keys RK0'..RK5'):
 *   X0'' = ROL9((X0'^RK0') + (X1'^RK1'))   fixed: loaded, the lane vanishes
 *   X1'' = ROR5(P + Y), P = X1'^RK2', Y = X2'^RK3'; bytes 0, 1 of Y are fixed, so
 *          P + Y = P1' + (Y >> 16 << 16) with P1' = P + (Y mod 2^16), and
 *          Y2 = (h2 ^ RK3'_2) ^ lo(S3 * 32), Y3 = (h3 ^ RK3'_3) ^ hi(S3 * 32)
 *   X2'' = ROR3(W + V), W = X3'^RK5' = X0^RK5', V = X2'^RK4': likewise W1' = W +
 *          (V mod 2^16), V2 = (h2 ^ RK4'_2) ^ lo(S3 * 32), V3 = (h3 ^ RK4'_3) ^ hi(..)
 *   X3'' = X0'   fixed
 * Rounds 3 and 4 (keys RK..'' and RK..'''): X0'' and X3'' are fixed, so lane 0 of round
 * 3 starts from A3 = X0''^RK0'', lane 2 of round 3 from C3 = X3''^RK5'' = X0'^RK5'' and
 * lane 2 of round 4 from D4 = X3'''^RK5''' = X0''^RK5''' (enc_round pre0 / pre3).
 * Rounds 1 and 2 then cost 84 cycles instead of 2 x 101 (LEA-128) or 2 x 117, and no
 * round key is read for them; rounds 3 and 4 save 10 and 4 (LEA-128) or 24 and 10.
 * pre[0..25] (lwc_lea_ctr_state, lea.h): k, Q3, h2^RK3'_2, h3^RK3'_3, h2^RK4'_2,
 *   h3^RK4'_3, C3 (4 bytes, little-endian), P1' (4), A3 (4), W1' (4), D4 (4).
 * Rebuild (pre_valid = 0 on entry: after setiv, or when the previous call ended a
 * window): rounds 1 and 2 run in full on a counter block of the window, and pre follows
 * from its X0', X1', X2' and X0'' (pre_finish):
 *  - separate variant (default): on the counter block, whose state is then discarded;
 *  - online variant (LWC_CTR_ONLINE): the call's first block runs rounds 1 and 2 in full
 *    and its X0', X1', X2', X0'' are captured (pushed, then popped after its rounds).
 * Constant time: the only branches are on nblocks, pre_valid and the round counts.
 * ===================================================================================== */

/* lwc_lea_ctr_state offsets: io[8] = the in and out pointers and the block count of the
 * running call, the round keys, 4-round passes; then counter[16], pre_valid, pre[26]. */
#define ST_IN 0
#define ST_OUT 2
#define ST_N 4
#define ST_KS 5
#define ST_PASSES 7
#define ST_CTR 8
#define ST_VALID 24
#define ST_PRE 25

/* Loads the 32-bit word pre[q..q+3] into set x (Z = st). 8 cycles. */
.macro ld_pre x, q
    .irp j, 0, 1, 2, 3
        ldd (\x)+\j, Z+ST_PRE+(\q)+\j
    .endr
.endm

/* x = pre[q] ^ v: byte 2 or 3 of Y or V above (Z = st). 3 cycles. */
.macro pre_xor x, q, v
    ldd \x, Z+ST_PRE+(\q)
    eor \x, \v
.endm

/*
 * pre from X0' (set E), X1' (D), X2' (C) and X0'' (B) of a counter block of the window
 * (the derivation above: the formulas of each pre byte), then pre_valid = 1. Z = st, the
 * counter still that block's. Clobbers A, T1 (r22..r25), D, E, r26..r29, r0; r1 = 0.
 * Unfolded keys from the folded words w0..w5 of a round (see the top of this file):
 * RK2 = w1^w2, RK3 = w3, RK4 = RK3^w4, RK5 = w5; LEA-128 (w0..w3): RK3 = RK5 = w1,
 * RK4 = RK3^w3. lea_w3, lea_w4, lea_w5: the byte offsets of RK3, of the word XORed into
 * it for RK4, and of RK5.
 */
.macro pre_finish k128
    .set lea_stride, 16 + 8 * (1 - \k128)
    .set lea_w3, 4 * (3 - 2 * \k128)
    .set lea_w4, 4 * (4 - \k128)
    .set lea_w5, 4 * (5 - 4 * \k128)
    ldd r28, Z+ST_KS
    ldd r29, Z+ST_KS+1                  /* Y = round keys */
    /* k = RK5 >> 24; Q3 = S3 - (c ^ k), S3 = byte 3 of ROL3(X2') */
    ldd r0, Y+lea_w5+3
    std Z+ST_PRE+0, r0
    ldd r1, Z+ST_CTR+15
    eor r1, r0
    mov r22, SC+2
    mov r23, SC+3
    .rept 3
        lsl r22
        rol r23
    .endr
    sub r23, r1
    std Z+ST_PRE+1, r23
    /* h2 = Q2 >> 3 = X2'_2 & 0x1f, h3 = Q0 << 5 = X2'_3 & 0xe0 (ROR3(S) = X2'), XORed
     * with bytes 2, 3 of RK3' and RK4' */
    mov r22, SC+2
    andi r22, 0x1f
    mov r23, SC+3
    andi r23, 0xe0
    ldd r24, Y+lea_stride+lea_w3+2
    ldd r25, Y+lea_stride+lea_w3+3
    mov r0, r22
    eor r0, r24
    std Z+ST_PRE+2, r0
    mov r0, r23
    eor r0, r25
    std Z+ST_PRE+3, r0
    ldd r0, Y+lea_stride+lea_w4+2
    eor r0, r24
    eor r0, r22
    std Z+ST_PRE+4, r0
    ldd r0, Y+lea_stride+lea_w4+3
    eor r0, r25
    eor r0, r23
    std Z+ST_PRE+5, r0
    /* P1' = (X1' ^ RK2') + ((X2' ^ RK3') mod 2^16) */
    .irp j, 0, 1, 2, 3
        ldd r0, Y+lea_stride+4+\j
        eor SD+\j, r0
        ldd r0, Y+lea_stride+8+\j
        eor SD+\j, r0
    .endr
    ldd r24, Y+lea_stride+lea_w3
    eor r24, SC
    ldd r25, Y+lea_stride+lea_w3+1
    eor r25, SC+1
    clr r1
    add SD, r24
    adc SD+1, r25
    adc SD+2, r1
    adc SD+3, r1
    /* W1' = (X0 ^ RK5') + ((X2' ^ RK4') mod 2^16), RK4' = RK3' ^ the word at lea_w4
     * (r24, r25 hold (X2' ^ RK3') mod 2^16) */
    ldd r0, Y+lea_stride+lea_w4
    eor r24, r0
    ldd r0, Y+lea_stride+lea_w4+1
    eor r25, r0
    .irp j, 0, 1, 2, 3
        ldd SA+\j, Z+ST_CTR+\j
        ldd r0, Y+lea_stride+lea_w5+\j
        eor SA+\j, r0
    .endr
    add SA, r24
    adc SA+1, r25
    adc SA+2, r1
    adc SA+3, r1
    .irp j, 0, 1, 2, 3
        std Z+ST_PRE+10+\j, SD+\j
        std Z+ST_PRE+18+\j, SA+\j
    .endr
    /* C3 = X0' ^ RK5'', D4 = X0'' ^ RK5''', A3 = X0'' ^ RK0'' */
    adiw r28, 2 * lea_stride
    .irp j, 0, 1, 2, 3
        ldd r0, Y+lea_w5+\j
        eor SE+\j, r0
        std Z+ST_PRE+6+\j, SE+\j
        ldd r0, Y+lea_stride+lea_w5+\j
        eor r0, SB+\j
        std Z+ST_PRE+22+\j, r0
        ldd r0, Y+\j
        eor SB+\j, r0
        std Z+ST_PRE+14+\j, SB+\j
    .endr
    ldi r24, 1
    std Z+ST_VALID, r24
.endm

/*
 * The block loop. Z = st at the top of each block; the round keys end where st starts
 * (lwc_leaN_ctr: ks then st, checked in lea.c), so Z = st again after the rounds. Per
 * block: rounds 1 and 2 from pre (see above) into the set roles of round 3, rounds 3
 * and 4 as the last two rounds of enc_4rounds, then passes x enc_4rounds: the state
 * ends in A, B, C, D (natural order). XOR in -> out, counter + 1.
 */
.macro ctr_body k128
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push \r
    .endr
    movw r30, r24
    sbiw r30, ST_CTR            /* Z = st */
    std Z+ST_OUT, r22
    std Z+ST_OUT+1, r23
    std Z+ST_IN, r20
    std Z+ST_IN+1, r21
    std Z+ST_N, r18
    std Z+ST_KS, r26
    std Z+ST_KS+1, r27
    std Z+ST_PASSES, r0
#ifdef LWC_CTR_ONLINE
    clt                         /* T: the block being encrypted is the capture block */
#endif
    ldd KT, Z+ST_VALID
    sbrc KT, 0
    rjmp 1f
    /* A new window: rounds 1 and 2 in full on the counter block, X0', X1', X2' (after
     * round 1) and X0'' (after round 2) kept for pre_finish. */
    .irp j, 0, 1, 2, 3
        ldd SA+\j, Z+ST_CTR+\j
        ldd SB+\j, Z+ST_CTR+4+\j
        ldd SC+\j, Z+ST_CTR+8+\j
        ldd SD+\j, Z+ST_CTR+12+\j
    .endr
    ldi K8, 8
    ldi K32, 32
    clr EZERO
#ifdef LWC_CTR_ONLINE
    ldd ENC_CNT, Z+ST_PASSES
#else
    push r30
    push r31
#endif
    ldd KT, Z+ST_KS
    ldd r31, Z+ST_KS+1
    mov r30, KT                 /* Z = round keys */
    enc_round \k128, SA, SB, SC, SD, SE
#ifdef LWC_CTR_ONLINE
    /* This block goes on in full; the captured words wait on the stack. */
    .irp r, SE, SE+1, SE+2, SE+3, SD, SD+1, SD+2, SD+3, SC, SC+1, SC+2, SC+3
        push \r
    .endr
    enc_round \k128, SE, SD, SC, SA, SB
    .irp r, SB, SB+1, SB+2, SB+3
        push \r
    .endr
    enc_round \k128, SB, SA, SC, SE, SD
    enc_round \k128, SD, SE, SC, SB, SA
    set
    rjmp 2f
#else
    /* The separate pass: round 2 overwrites X1' and X2' only; its state is discarded. */
    .irp r, SD, SD+1, SD+2, SD+3, SC, SC+1, SC+2, SC+3
        push \r
    .endr
    enc_round \k128, SE, SD, SC, SA, SB
    .irp r, SC+3, SC+2, SC+1, SC, SD+3, SD+2, SD+1, SD
        pop \r
    .endr
    pop r31
    pop r30                     /* Z = st */
    pre_finish \k128
#endif
1:  ldi K8, 8
    ldi K32, 32
    /* Round 1: r1:r0 = S3 * 32 (S3 = Q3 + (c ^ k)). */
    ldd KT, Z+ST_CTR+15         /* c */
    ldd r1, Z+ST_PRE+0          /* k */
    eor KT, r1
    ldd r1, Z+ST_PRE+1          /* Q3 */
    add KT, r1
    mul KT, K32
    /* Round 2 in the set roles of enc_round (E, D, C, A, B): P1' + Y into D,
     * W1' + V into A (bytes 2, 3 of Y and V in C), X0'' into B, X0' into E. */
    ld_pre SD, 10
    pre_xor SC+2, 2, r0
    pre_xor SC+3, 3, r1
    add SD+2, SC+2
    adc SD+3, SC+3
    ld_pre SA, 18
    pre_xor SC+2, 4, r0
    pre_xor SC+3, 5, r1
    add SA+2, SC+2
    adc SA+3, SC+3
    ror_mul SC, SA, K32         /* X2'' */
    ror_mul SA, SD, K8          /* X1'' */
    /* Round 3 lane 0 starts from A3 = X0''^RK0'' (in the byte order of enc_round's t),
     * its lane 2 from C3 = X3''^RK5'' = X0'^RK5''; X0'' itself is needed only as X3'''
     * of round 4, whose lane 2 starts from D4 = X0''^RK5''' (in B). */
    .irp j, 0, 1, 2, 3
        ldd SD+((\j+1)&3), Z+ST_PRE+14+\j
    .endr
    ld_pre SE, 6
    ld_pre SB, 22
    ldd ENC_CNT, Z+ST_PASSES
    clr EZERO
    ldd KT, Z+ST_KS
    ldd r31, Z+ST_KS+1
    mov r30, KT
    adiw r30, 2 * (16 + 8 * (1 - \k128)) /* round 3 keys */
    enc_round \k128, SB, SA, SC, SE, SD, 1, 1
    enc_round \k128, SD, SE, SC, SB, SA, 0, 1
2:  enc_4rounds \k128
    dec ENC_CNT
    breq 4f
    rjmp 2b
4:  /* Z = st again (the keys end there). Keystream A, B, C, D XORed into in -> out
     * (X = in, Y = out). */
    ldd r26, Z+ST_IN
    ldd r27, Z+ST_IN+1
    ldd r28, Z+ST_OUT
    ldd r29, Z+ST_OUT+1
    .irp r, SA, SA+1, SA+2, SA+3, SB, SB+1, SB+2, SB+3, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        ld KT, X+
        eor \r, KT
        st Y+, \r
    .endr
    std Z+ST_IN, r26
    std Z+ST_IN+1, r27
    std Z+ST_OUT, r28
    std Z+ST_OUT+1, r29
#ifdef LWC_CTR_ONLINE
    brts 9f                     /* the capture block: pre first (at 9) */
8:
#endif
    /* Counter + 1: the low byte (lea.c carries out of it). */
    ldd KT, Z+ST_CTR+15
    inc KT
    std Z+ST_CTR+15, KT
    ldd KT, Z+ST_N
    dec KT
    std Z+ST_N, KT
    breq 7f
    rjmp 1b
7:  epilogue_regs 29, 28
#ifdef LWC_CTR_ONLINE
9:  /* The capture block: pre from its captured words, before its counter moves on. */
    .irp r, SB+3, SB+2, SB+1, SB, SC+3, SC+2, SC+1, SC, SD+3, SD+2, SD+1, SD, SE+3, SE+2, SE+1, SE
        pop \r
    .endr
    pre_finish \k128
    clt
    rjmp 8b
#endif
.endm

/*
 * void lwc_lea128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                            uint8_t nblocks)
 * (and lwc_lea192_ctr_blocks, lwc_lea256_ctr_blocks): the assembly side of the CTR
 * contract (src/common/lwc_internal.h). counter: st.counter of an lwc_leaN_ctr (ks, then
 * st). nblocks >= 1 blocks within the counter's window: out[0..16n) = in ^ keystream of
 * the counter blocks st.counter, +1, ...; adds n to the low counter byte (the carry out
 * of it is lea.c's); out == in allowed. If st.pre_valid is 0, first rebuilds st.pre and
 * sets pre_valid. In: r25:r24 counter, r23:r22 out, r21:r20 in, r18 n.
 * Clobbers r18-r27, r30, r31, r0 (r1 = 0 again). Stack: 20 bytes, + 16 captured bytes
 * during the first block in the online variant, + 10 during the separate pass.
 * A rebuild is the separate pass and pre_finish, or (online) the first block's rounds in
 * full and pre_finish. Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_lea128_ctr_blocks, "ax", @progbits
.global lwc_lea128_ctr_blocks
.type lwc_lea128_ctr_blocks, @function
lwc_lea128_ctr_blocks:
    movw r26, r24               /* ks = counter - io - 24 rounds * 16 */
    subi r26, lo8(ST_CTR + 24 * 16)
    sbci r27, hi8(ST_CTR + 24 * 16)
    ldi r30, 24 / 4 - 1         /* passes of enc_4rounds after rounds 1..4 */
    mov r0, r30
    ctr_body 1
.size lwc_lea128_ctr_blocks, . - lwc_lea128_ctr_blocks

.section .text.lwc_lea_ctr_blocks_big, "ax", @progbits
.global lwc_lea192_ctr_blocks
.type lwc_lea192_ctr_blocks, @function
lwc_lea192_ctr_blocks:
    movw r26, r24
    subi r26, lo8(ST_CTR + 28 * 24)
    sbci r27, hi8(ST_CTR + 28 * 24)
    ldi r30, 28 / 4 - 1
    rjmp lea_ctr_blocks_big
.size lwc_lea192_ctr_blocks, . - lwc_lea192_ctr_blocks

.global lwc_lea256_ctr_blocks
.type lwc_lea256_ctr_blocks, @function
lwc_lea256_ctr_blocks:
    movw r26, r24
    subi r26, lo8(ST_CTR + 32 * 24)
    sbci r27, hi8(ST_CTR + 32 * 24)
    ldi r30, 32 / 4 - 1
lea_ctr_blocks_big:
    mov r0, r30
    ctr_body 0
.size lwc_lea256_ctr_blocks, . - lwc_lea256_ctr_blocks

#endif
