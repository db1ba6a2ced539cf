/*
 * Ascon (SP 800-232) for AVR cores of the ATtiny class (no MUL, no JMP/CALL; ATtiny85:
 * 8 KB flash, 512 B RAM), optimised for code size: the permutation Ascon-p and the mode
 * loops of src/ascon/ascon_internal.h on the LWC_IMPL_C layout (the state s[5] as the
 * 40-byte string S0 || S1 || .. || S4, byte j of S_i at s + 8i + j), and Ascon-AEAD128's
 * encrypt and decrypt after their checks. Same results as ascon_p64.c and ascon_aead.c;
 * ascon_avr.S is the ATmega class's fast, unrolled counterpart.
 *
 * Design
 *  - The state stays in RAM, addressed through Y; each round is two loops over it.
 *  - S-box: bitsliced on whole bytes, one column (byte j of each word) per pass of an
 *    8-pass loop: five bytes loaded, the circuit of ascon_p64.c (chi between two affine
 *    layers, chi computed in place), five stored.
 *  - Linear layer: per word, x ^= ROR(x, a) ^ ROR(x, b). The word is loaded into B (eight
 *    registers), then rot_xor runs twice with a byte of rot_table each: it rotates B by
 *    the byte's bits (a 1-bit loop, right or left: at most 4) and whole bytes (a loop of
 *    byte moves), then XORs B into the word in RAM. The second rotation continues from
 *    the first (the table says how far).
 *  - Round constant: (15 - i) << 4 | i = 0xf0 - 15 i in RC, 0x0f less per round; the
 *    loop ends after round 11 (0x4b), when it reaches 0x3c.
 *  - The mode loops (absorb, encrypt, decrypt, Hash256's absorb) share one loop over
 *    blocks: duplex_bytes (the duplex block without its padding), then the rounds; the
 *    permutation keeps r18..r25, where the loop holds its pointers and count.
 * Constant time: no table indexed by data (rot_table is read in a fixed order), no
 * branch but on public counts, on out being NULL and on the direction.
 * Routine cycle counts below exclude the caller's RCALL (3 cycles) and include RET (4).
 */
#include "../common/lwc_avr.h"
#if LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY

/* ---- register map ------------------------------------------------------------------- */
#define B 8        /* r8..r15: the linear layer's rotated word B, byte j in r(8 + j); in the
                      S-box, the column x0..x4 (r8..r12) and chi's temporaries (r13, r14) */
#define CNT 16     /* r16: a counter: the S-box's columns; rot_xor's table byte */
#define RC 17      /* r17: the round constant */
/* The first round's constant: Ascon-p[12] (rounds 0..11), Ascon-p[8] (rounds 4..11). */
#define RC_P12 0xf0
#define RC_P8 0xb4
/* Y (r28:r29) = s (the current column or word); Z (r30:r31) = the next rot_table byte;
 * r0: a temporary. */

/* The rotations of the linear layer: S_i ^= ROR(S_i, a) ^ ROR(S_i, b) (SP 800-232, 3.4),
 * as two rot_xor bytes: the first rotates B (= S_i) right by a, the second further by b - a
 * (mod 64). A byte for a right rotation by n: bits << 4 | bytes (n = 8 bytes + bits, bits
 * <= 4), or for n mod 8 >= 5 left 8 - n mod 8 bits, then right a byte more: (8 - n mod 8)
 * << 4 | LEFT | (n / 8 + 1) mod 8; ROR(x, n) = ROR(ROL(x, 8 - n mod 8), 8 (n / 8 + 1)). */
#define LEFT 0x08
.macro rot_byte n
    .if ((\n) % 8) <= 4
        .byte ((\n) % 8) << 4 | (\n) / 8
    .else
        .byte (8 - (\n) % 8) << 4 | LEFT | ((\n) / 8 + 1) % 8
    .endif
.endm
.macro rotations a, b
    rot_byte (\a)
    rot_byte (((\b) - (\a)) & 63)
.endm

.section .text.lwc_ascon_permute, "ax", @progbits
rot_table:
    rotations 19, 28
    rotations 61, 39
    rotations 1, 6
    rotations 10, 17
    rotations 7, 41
rot_table_end:

/*
 * rot_xor (internal): B = ROR(B, n) by the next rot_table byte (Z+): its bits, right or
 * left, one at a time, then its bytes, right, a byte at a time; then S_w ^= B, S_w the
 * word at Y.
 * In: Y = S_w, Z = the table byte. Out: B rotated, S_w updated, Z + 1.
 * Clobbers r0, CNT. Cycles: 17 per bit right, 16 per bit left, 12 per byte, 55 besides.
 */
rot_xor:
    lpm CNT, Z+
1:  subi CNT, 0x10              /* bits in the high nibble, counted down to a borrow */
    brcs 3f
    sbrs CNT, 3
    rjmp 2f
    bst B+7, 7                  /* LEFT: B = ROL(B, 1) */
    lsl B
    .irp j, 1, 2, 3, 4, 5, 6, 7
        rol B+\j
    .endr
    bld B, 0
    rjmp 1b
2:  bst B, 0                    /* B = ROR(B, 1) */
    lsr B+7
    .irp j, 6, 5, 4, 3, 2, 1, 0
        ror B+\j
    .endr
    bld B+7, 7
    rjmp 1b
3:  andi CNT, 0x07              /* bytes */
    rjmp 5f
4:  mov r0, B                   /* B = ROR(B, 8): byte j takes byte j + 1 */
    .irp j, 0, 1, 2, 3, 4, 5, 6
        mov B+\j, B+\j+1
    .endr
    mov B+7, r0
5:  subi CNT, 1
    brcc 4b
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd r0, Y+\j
        eor r0, B+\j
        std Y+\j, r0
    .endr
    ret

/*
 * ascon_rounds (internal): the rounds of Ascon-p from the constant in r26 to round 11.
 * In: r25:r24 = s, r26 = the first round's constant (0xf0 - 15 * first_round).
 * Out: s permuted. Keeps r1..r29; clobbers r0, r30, r31. 14 bytes of stack (12 pushed registers, no state byte among them, and the
 * return address).
 * Cycles, counted: per round 1,606 (the constant 6, S-box 399, linear layer 1,195 of which
 * rot_xor 1,057 for its 11 bits right, 8 left and 16 bytes, loop 6; the last round 1
 * less); per call 54 besides. The simulated ATtiny85 agrees: an AEAD block of 16 bytes,
 * 8 rounds with duplex_bytes and blocks_loop, 13,182 cycles (make bench: 32-byte message
 * less 16-byte message).
 */
ascon_rounds:
    .irp r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push r\r
    .endr
    movw r28, r24
    mov RC, r26
round:
    ldd r0, Y+16                /* S2 ^= the round constant */
    eor r0, RC
    std Y+16, r0
    ldi CNT, 8
sbox_column:
    ldd B+0, Y+0
    ldd B+1, Y+8
    ldd B+2, Y+16
    ldd B+3, Y+24
    ldd B+4, Y+32
    eor B+0, B+4                /* x0 ^= x4, x4 ^= x3, x2 ^= x1 */
    eor B+4, B+3
    eor B+2, B+1
    /* chi, x_i ^= ~x_(i+1) & x_(i+2), in place: each term reads only originals or words
     * changed where the term is zero (x0 changes only where x1 = 0, and x4's term is
     * ~x0 & x1; x2 only where x3 = 0, and x1's term is ~x2 & x3) */
    mov B+6, B+4                /* t = ~x4 & x0, x3's term */
    com B+6
    and B+6, B+0
    .irp i, 0, 2, 4, 1          /* x_i ^= ~x_(i+1) & x_(i+2) */
        mov B+5, B+((\i + 1) % 5)
        com B+5
        and B+5, B+((\i + 2) % 5)
        eor B+\i, B+5
    .endr
    eor B+3, B+6
    eor B+1, B+0                /* x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2 */
    eor B+0, B+4
    eor B+3, B+2
    com B+2
    st Y+, B+0
    std Y+7, B+1
    std Y+15, B+2
    std Y+23, B+3
    std Y+31, B+4
    dec CNT
    brne sbox_column
    sbiw r28, 8
    ldi r30, lo8(rot_table)
    ldi r31, hi8(rot_table)
linear_word:
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd B+\j, Y+\j
    .endr
    rcall rot_xor
    rcall rot_xor
    adiw r28, 8
    cpi r30, lo8(rot_table_end) /* five words: until Z has read the table */
    brne linear_word
    sbiw r28, 40
    subi RC, 0x0f
    cpi RC, 0x3c
    brne round
    .irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8
        pop r\r
    .endr
    ret

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Rounds first_round..11 of Ascon-p on s (first_round <= 11: 0 for Ascon-p[12], 4 for
 * Ascon-p[8]). In: r25:r24 = s, r22 = first_round. Clobbers r0, r26, r27, r30, r31;
 * stack and cycles as ascon_rounds, plus 7 cycles.
 */
.global lwc_ascon_permute
.type lwc_ascon_permute, @function
lwc_ascon_permute:
    mov r26, r22                /* r26 = 0xf0 - 15 * first_round */
    swap r26
    sub r26, r22
    neg r26
    subi r26, 0x10
    rjmp ascon_rounds
.size lwc_ascon_permute, . - lwc_ascon_permute

/*
 * duplex_bytes (internal): the duplex block of n bytes into S0 || S1 without its padding
 * (lwc_ascon_aead_duplex of ascon_internal.h), a byte at a time: x = s[j] ^ in[j] (in
 * read once); out given: out[j] = x (only written); s[j] = in[j] if decrypt, else x.
 * In: r25:r24 = s, r23:r22 = out or NULL, r21:r20 = in, r17 = n, r16 = decrypt (0 or not).
 * Out: r21:r20 = in + n, r23:r22 = out + n (NULL stays NULL), Z = s + n.
 * Keeps r2..r19, r24, r25, r28, r29; clobbers r0, r26, r27, r30, r31, SREG's T. 4 bytes
 * of stack. Cycles: 15 a byte (14 with out NULL), 27 besides.
 */
.section .text.lwc_ascon_duplex_bytes, "ax", @progbits
duplex_bytes:
    push r28
    push r29
    movw r30, r24               /* Z = s, X = in, Y = out */
    movw r26, r20
    movw r28, r22
    clt                         /* T: out given (public) */
    cp r22, r1
    cpc r23, r1
    breq 1f
    set
1:  mov r22, r17
    rjmp 4f
2:  ld r20, X+
    ld r21, Z
    eor r21, r20
    brtc 3f
    st Y+, r21
3:  cpse r16, r1                /* decrypt: the state takes the ciphertext */
    mov r21, r20
    st Z+, r21
4:  subi r22, 1
    brcc 2b
    movw r20, r26
    movw r22, r28
    pop r29
    pop r28
    ret

/*
 * The loops over whole blocks (ascon_internal.h), each entry one or two instructions in
 * front of blocks_loop: per block, duplex_bytes, then the rounds.
 * blocks_loop: In: r25:r24 = s, r23:r22 = out or NULL, r21:r20 = in, r19:r18 = blocks,
 * r26 = the rounds' first constant, r27 = the block's bytes, SREG's T = decrypt.
 * Clobbers r0, r18-r23, r26, r27, r30, r31 (r1 = 0). 21 bytes of stack.
 * Cycles: per block ascon_rounds + duplex_bytes + 14; 24 besides.
 */
blocks_loop:
    push r15
    push r16
    push r17
    mov r15, r26
    mov r17, r27
    clr r16
    bld r16, 0
1:  cp r18, r1                  /* the count of blocks is public */
    cpc r19, r1
    breq 2f
    rcall duplex_bytes
    mov r26, r15
    rcall ascon_rounds
    subi r18, 1
    sbci r19, 0
    rjmp 1b
2:  pop r17
    pop r16
    pop r15
    ret

/*
 * void lwc_ascon_aead_duplex(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t n,
 *                            uint8_t decrypt)
 * duplex_bytes, then for n < 16 the padding byte 01 into s[n].
 * In: r25:r24 = s, r23:r22 = out, r21:r20 = in, r19:r18 = n, r16 = decrypt.
 * Clobbers r0, r20-r23, r26, r27, r30, r31. 5 bytes of stack.
 * Cycles: duplex_bytes + 15 (20 with the padding).
 */
.section .text.lwc_ascon_aead_duplex, "ax", @progbits
.global lwc_ascon_aead_duplex
.type lwc_ascon_aead_duplex, @function
lwc_ascon_aead_duplex:
    push r17
    mov r17, r18
    rcall duplex_bytes
    pop r17
    cpi r18, 16
    breq 1f
    ld r0, Z
    ldi r26, 0x01
    eor r0, r26
    st Z, r0
1:  ret
.size lwc_ascon_aead_duplex, . - lwc_ascon_aead_duplex

/*
 * void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * In: r25:r24 = s, r23:r22 = in, r21:r20 = blocks. Per block: S0 || S1 ^= 16 bytes,
 * Ascon-p[8] (AEAD); S0 ^= 8 bytes, Ascon-p[12] (Hash256, XOF128, CXOF128).
 * Clobbers, stack and cycles as blocks_loop (9 cycles more; Hash256's 13).
 */
.section .text.lwc_ascon_hash_absorb, "ax", @progbits
.global lwc_ascon_hash_absorb
.type lwc_ascon_hash_absorb, @function
lwc_ascon_hash_absorb:
    ldi r26, RC_P12
    ldi r27, 8
    rjmp absorb
.size lwc_ascon_hash_absorb, . - lwc_ascon_hash_absorb

.section .text.lwc_ascon_duplex_bytes, "ax", @progbits
.global lwc_ascon_aead_absorb
.type lwc_ascon_aead_absorb, @function
lwc_ascon_aead_absorb:
    ldi r26, RC_P8
    ldi r27, 16
absorb:
    movw r18, r20
    movw r20, r22
    clr r22                     /* out NULL */
    clr r23
    clt
    rjmp blocks_loop
.size lwc_ascon_aead_absorb, . - lwc_ascon_aead_absorb

/*
 * void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in,
 *                                    size_t blocks)
 * void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in,
 *                                    size_t blocks)
 * In: r25:r24 = s, r23:r22 = out, r21:r20 = in, r19:r18 = blocks. Per block: C = S0 ||
 * S1 ^ P to out, S0 || S1 = C (encrypt); C read once, P = S0 || S1 ^ C to out, S0 || S1
 * = C (decrypt); then Ascon-p[8]. Clobbers, stack and cycles as blocks_loop (5 more;
 * decrypt 7).
 */
.global lwc_ascon_aead_decrypt_blocks
.type lwc_ascon_aead_decrypt_blocks, @function
lwc_ascon_aead_decrypt_blocks:
    set
    rjmp 1f
.size lwc_ascon_aead_decrypt_blocks, . - lwc_ascon_aead_decrypt_blocks
.global lwc_ascon_aead_encrypt_blocks
.type lwc_ascon_aead_encrypt_blocks, @function
lwc_ascon_aead_encrypt_blocks:
    clt
1:  ldi r26, RC_P8
    ldi r27, 16
    rjmp blocks_loop
.size lwc_ascon_aead_encrypt_blocks, . - lwc_ascon_aead_encrypt_blocks

/*
 * int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag,
 *                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
 *                               const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len)
 * int lwc_ascon_aead128_decrypt(.., const uint8_t *tag, ..)   (the same arguments)
 * Ascon-AEAD128 (SP 800-232, 4), the contract of lwc/ascon.h, as ascon_aead.c's run: the
 * checks in C (lwc_ascon_aead_check on the lwc_aead_msg built by pushing the registers that
 * hold it), then S = IV || K || N, Ascon-p[12], S3 || S4 ^= K; the associated data (if any)
 * in blocks, the last one padded, then Ascon-p[8]; the domain separation bit; the message
 * likewise (encrypt: C to out; decrypt: P to out as the blocks go); S2 || S3 ^= K,
 * Ascon-p[12], tag = S3 || S4 ^ K: encrypt copies tag_len bytes of it to tag, decrypt hands
 * it to lwc_aead_release (out zeroed unless it matches). The state is wiped. In C (with
 * this file's loops) these took 30 bytes more stack (the entry points' frames and saved
 * registers) and 730 bytes more flash on the ATtiny85 (make bench's figures).
 * In: the C ABI (r25:r24 = k, r23:r22 = out, r21:r20 = tag, r19:r18 = tag_len, r17:r16 =
 * nonce, r15:r14 = nonce_len, r13:r12 = ad, r11:r10 = ad_len, r9:r8 = in, len on the stack).
 * Out: r25:r24 = 0 or the error. Clobbers the call-clobbered registers.
 * Stack: the message (14 bytes; its pushes save r8..r17), Y, the state (40) and the deepest
 * call (the block loops, 21 bytes); the checks run before the state is allocated.
 * Body registers (kept by every callee): r9:r8 = s, r11:r10 = k, r12 = tag_len (4..16 once
 * checked), r13 = decrypt, r15:r14 = tag; Y = the frame: s at Y + 1, the message at
 * Y + MSG. Constant time: branches on the checks' verdict, the direction and the lengths
 * (public).
 */
#define MSG 43                  /* after s and the caller's Y (Y + 41, Y + 42) */
#define M_NONCE (MSG + 0)
#define M_AD (MSG + 4)
#define M_AD_LEN (MSG + 6)
#define M_IN (MSG + 8)
#define M_LEN (MSG + 10)
#define M_OUT (MSG + 12)

/* AEAD128's IV (SP 800-232, 4.1.1), S0 of the initial state. */
#define AEAD128_IV 0x00001000808c0001

/* SP = r29:r28, with interrupts held off between the two bytes. */
.macro store_sp
    in r0, 0x3f
    cli
#ifndef __AVR_HAVE_8BIT_SP__
    out 0x3e, r29
#endif
    out 0x3f, r0
    out 0x3d, r28
.endm

.section .text.lwc_ascon_aead128_encrypt, "ax", @progbits
aead128_iv:
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        .byte (AEAD128_IV >> (8 * \j)) & 0xff
    .endr

.global lwc_ascon_aead128_decrypt
.type lwc_ascon_aead128_decrypt, @function
lwc_ascon_aead128_decrypt:
    set
    rjmp aead128
.size lwc_ascon_aead128_decrypt, . - lwc_ascon_aead128_decrypt
.global lwc_ascon_aead128_encrypt
.type lwc_ascon_aead128_encrypt, @function
lwc_ascon_aead128_encrypt:
    clt
aead128:
    push r23                    /* the message {nonce, nonce_len, ad, ad_len, in, len, out} */
    push r22
    LOAD_SP r30, r31            /* len: past these two bytes and the return address */
    ldd r0, Z+6
    push r0
    ldd r0, Z+5
    push r0
    .irp r, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16
        push r\r
    .endr
    push r28
    push r29
    LOAD_SP r28, r29
    movw r10, r24               /* k, tag, tag_len and decrypt into the body registers */
    movw r14, r20
    mov r12, r18
    clr r13
    bld r13, 0
    movw r22, r28               /* lwc_ascon_aead_check(k, &message, tag, tag_len) */
    subi r22, lo8(-(MSG - 40))
    sbci r23, hi8(-(MSG - 40))
    rcall lwc_ascon_aead_check
    sbiw r24, 0
    breq 1f
    rjmp done
1:  sbiw r28, 40                /* the state's frame */
    store_sp
    movw r26, r28               /* s = IV || K || N (X = s) */
    adiw r26, 1
    movw r8, r26
    ldi r30, lo8(aead128_iv)
    ldi r31, hi8(aead128_iv)
    ldi r18, 8
2:  lpm r0, Z+
    st X+, r0
    dec r18
    brne 2b
    movw r30, r10
    rcall copy16
    ldd r30, Y+M_NONCE
    ldd r31, Y+M_NONCE+1
    rcall copy16
    ldi r26, RC_P12
    rcall permute
    ldi r26, 24                 /* S3 || S4 ^= K */
    rcall xor_key
    ldd r18, Y+M_AD_LEN         /* the associated data, if any */
    ldd r19, Y+M_AD_LEN+1
    cp r18, r1
    cpc r19, r1
    breq 3f
    rcall split
    movw r20, r18
    ldd r22, Y+M_AD
    ldd r23, Y+M_AD+1
    movw r24, r8
    rcall lwc_ascon_aead_absorb /* leaves ad advanced in r21:r20, r23:r22 = NULL */
    clr r16
    rcall duplex_rest
    ldi r26, RC_P8
    rcall permute
3:  ldd r0, Y+40                /* the domain separation bit: the top bit of S4 */
    ldi r26, 0x80
    eor r0, r26
    std Y+40, r0
    ldd r18, Y+M_LEN            /* the message */
    ldd r19, Y+M_LEN+1
    rcall split
    ldd r20, Y+M_IN
    ldd r21, Y+M_IN+1
    ldd r22, Y+M_OUT
    ldd r23, Y+M_OUT+1
    movw r24, r8
    tst r13
    breq 4f
    rcall lwc_ascon_aead_decrypt_blocks /* both leave in and out advanced */
    rjmp 5f
4:  rcall lwc_ascon_aead_encrypt_blocks
5:  mov r16, r13
    rcall duplex_rest
    ldi r26, 16                 /* S2 || S3 ^= K, Ascon-p[12], tag = S3 || S4 ^ K */
    rcall xor_key
    ldi r26, RC_P12
    rcall permute
    ldi r26, 24
    rcall xor_key
    movw r20, r8                /* r21:r20 = the tag */
    subi r20, lo8(-24)
    sbci r21, hi8(-24)
    tst r13
    breq 6f
    ldd r24, Y+M_OUT            /* lwc_aead_release(out, len, tag computed, tag, tag_len) */
    ldd r25, Y+M_OUT+1
    ldd r22, Y+M_LEN
    ldd r23, Y+M_LEN+1
    movw r18, r14
    mov r16, r12
    clr r17
    rcall lwc_aead_release
    rjmp 8f
6:  movw r30, r20               /* encrypt: its first tag_len bytes to tag */
    movw r26, r14
7:  ld r0, Z+
    st X+, r0
    dec r12
    brne 7b
    clr r24
    clr r25
8:  movw r26, r8                /* wipe s (r25:r24 holds the result) */
    ldi r18, 40
9:  st X+, r1
    dec r18
    brne 9b
    adiw r28, 40
    store_sp
done:
    pop r29
    pop r28
    .irp r, 16, 17, 14, 15, 12, 13, 10, 11, 8, 9, 26, 27, 30, 31
        pop r\r
    .endr
    ret
.size lwc_ascon_aead128_encrypt, . - lwc_ascon_aead128_encrypt

/* copy16 (internal): 16 bytes from Z+ to X+. Clobbers r0, r18. 16 x 7 + 4 cycles. */
copy16:
    ldi r18, 16
1:  ld r0, Z+
    st X+, r0
    dec r18
    brne 1b
    ret

/* xor_key (internal): s[r26 .. r26 + 15] ^= K (s = r9:r8, K at r11:r10; r26 = 16: S2 ||
 * S3, 24: S3 || S4). Clobbers r0, r18, r26, r27, r30, r31; r1 = 0 again. 16 x 10 + 9
 * cycles. */
xor_key:
    clr r27
    add r26, r8
    adc r27, r9
    movw r30, r10
    ldi r18, 16
1:  ld r0, X
    ld r1, Z+
    eor r0, r1
    st X+, r0
    dec r18
    brne 1b
    clr r1
    ret

/* permute (internal): ascon_rounds on s = r9:r8 from the constant in r26. */
permute:
    movw r24, r8
    rjmp ascon_rounds

/* split (internal): r19:r18 = a length: its whole 16-byte blocks to r19:r18, the rest
 * (length mod 16) to r17. 14 cycles. */
split:
    mov r17, r18
    andi r17, 15
    .rept 4
        lsr r19
        ror r18
    .endr
    ret

/* duplex_rest (internal): lwc_ascon_aead_duplex(s = r9:r8, r23:r22, r21:r20, r17, r16): the
 * last, padded block after a block loop. */
duplex_rest:
    movw r24, r8
    mov r18, r17
    clr r19
    rjmp lwc_ascon_aead_duplex

#endif
