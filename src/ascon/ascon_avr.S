/*
 * The Ascon permutation Ascon-p (SP 800-232, 3.2-3.4) for ATmega AVR cores (MOVW, LDD; no
 * MUL): lwc_ascon_permute of src/ascon/ascon_internal.h on the LWC_IMPL_C layout, the
 * state s[5] as the 40-byte string S0 || S1 || .. || S4, each word little-endian (byte j
 * of S_i at s + 8i + j). Same results as ascon_p64.c.
 *
 * Design
 *  - S2 stays in registers for the whole call (it takes the round constant and, in the
 *    linear layer, the only third copy), and S4 from its linear layer to the next round's
 *    S-box (set P); S0, S1, S3 stay in memory, read through Z with LDD/STD (2 cycles a
 *    byte each way). The S-box leaves S0 in registers (set Q) for the linear layer, which
 *    starts with S0 and ends with S4.
 *  - The linear layer works on one word in Q (or X2) with a rotated copy in the scratch
 *    set C: the four registers the S-box's temporaries free (r0, r1, r26, r27) and the
 *    upper half of P, whose four bytes of S4 alone go to memory (the S-box stores them,
 *    S4's linear layer reloads them). With three sets of eight there is room for one word
 *    and its copy beside S2 and S4; half of S4 spilled instead of all of it saves 16
 *    cycles a round.
 *  - S-box: bitsliced on whole bytes, one column (byte j of each word) at a time: three
 *    memory bytes loaded, two or three stored back. The circuit is ascon_p64.c's (chi
 *    between two affine layers), computed in place on S3 and S4 held complemented (NOT
 *    commutes with the linear layer; the NOTs are paid once per call, where S4 enters and
 *    leaves the registers and S3 is complemented in memory and back): 22 logic
 *    instructions a column (why these two: sbox_column).
 *  - Linear layer: per word, x ^= ROR(x, a) ^ ROR(x, b) with a copy y of x rotated by the
 *    bit part (ROR1/ROL1 chains, 10 and 9 cycles) and XORed into x with its bytes renamed
 *    (the byte part costs nothing). The second rotation continues from the first where
 *    their bit parts are close (S0: 3 then 4 bits; S1: left 1 then 3; S3: 1 then 2; S4:
 *    right 1, then left 1 = back 2); S2 takes a second copy (right 1, left 2).
 *  - Round constant: (15 - i) << 4 | i = 0xf0 - 15 i in a register, 0x0f less per round;
 *    the loop ends after round 11 (0x4b), when it reaches 0x3c.
 * Constant time: no table, no branch but the round count (public).
 */
#include "../common/lwc_avr.h"
#if LWC_ASCON_IMPL == LWC_IMPL_AVR

/* ---- register map ---------------------------------------------------------------------
 * The 64-bit sets are named per byte: X2_j, P_j, Q_j, C_j (j = 0..7, little-endian), so
 * that the scratch set C can gather registers from three places. */
#define T0 0       /* r0: chi's saved term, complemented: ~x0 | x4 */
#define A1 1       /* r1: S-box column byte of S1 (r1 = 0 again on return) */
                   /* r2..r9: X2 = S2 during the rounds */
                   /* r10..r17: P = S4 between linear layer and S-box */
                   /* r18..r25: Q = S0 out of the S-box; the word in the linear layer */
#define A3 26      /* r26: S-box column byte of S3 */
#define TMP 27     /* r27: S-box temporary */
#define ZERO 28    /* r28: zero during the rounds (ROL1's carry-in) */
#define RC 29      /* r29: round constant */
/* Z (r30:r31) = s. */
.irp j, 0, 1, 2, 3, 4, 5, 6, 7
    .equ X2_\j, 2 + \j
    .equ P_\j, 10 + \j
    .equ Q_\j, 18 + \j
.endr
/* C, the linear layer's scratch: r0, r1, r26, r27, then P's upper half (r14..r17); MOVW
 * pairs (C_0, C_1), (C_2, C_3), ... as the other sets' */
.equ C_0, 0
.equ C_1, 1
.equ C_2, 26
.equ C_3, 27
.equ C_4, 14
.equ C_5, 15
.equ C_6, 16
.equ C_7, 17

/* ROR1 (10 cycles) / ROL1 (9 cycles) of the 64-bit word in set b */
.macro ror1 b
    bst \b\()_0, 0
    lsr \b\()_7
    .irp j, 6, 5, 4, 3, 2, 1, 0
        ror \b\()_\j
    .endr
    bld \b\()_7, 7
.endm
.macro rol1 b
    lsl \b\()_0
    .irp j, 1, 2, 3, 4, 5, 6, 7
        rol \b\()_\j
    .endr
    adc \b\()_0, ZERO
.endm

/* x ^= byte k of set y (k an expression, evaluated here) */
.macro xor_byte x, y, k
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7
        .if (\k) == \i
            eor \x, \y\()_\i
        .endif
    .endr
.endm
/* x ^= y rotated right by 8 * n bits (n bytes: renaming only). 8 cycles */
.macro xor_ror_bytes x, y, n
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        xor_byte \x\()_\j, \y, ((\j+\n)&7)
    .endr
.endm

/* d = s, 64-bit. 4 cycles */
.macro copy64 d, s
    .irp j, 0, 2, 4, 6
        movw \d\()_\j, \s\()_\j
    .endr
.endm

/* Set x = S_w from memory / S_w = set x. 16 cycles each */
.macro load_word x, w
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd \x\()_\j, Z+8*(\w)+\j
    .endr
.endm
.macro store_word w, x
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        std Z+8*(\w)+\j, \x\()_\j
    .endr
.endm

/*
 * The S-box on column j: x0..x4 = byte j of S0..S4; x0 is loaded into Q_j and left
 * there, x2 and x4 are in registers, x1 and x3 (and x4's result in columns 4-7, the half
 * of S4 that the linear layer's scratch set takes) go back to memory.
 * S3 and S4 are held complemented (~S3 in memory, n4 = ~x4 in P, across rounds: the
 * linear layer commutes with NOT), chosen so that every chi term ~a & b but x2's (one COM)
 * is an AND or an OR of the registers as they are (2-operand AVR has no AND-NOT): 22
 * logic instructions (23 with S2 and S4 complemented). Chi in place: x_i changes only
 * where its term ~x_{i+1} & x_{i+2} is 1, so the term of x_{i-1}, ~x_i & x_{i+1}, may read
 * x_i before or after; x4's term, which reads x0 and x1 before they change, is saved
 * first (t).
 * With x0..x4 the values after the first affine layer (c_i = ~x_i):
 *   S0 ^ ~S4, ~S4 ^ ~S3, S2 ^ S1:  Q = c0, P = x4, X2 = x2
 *   t = ~x0 & x1                c0 & x1
 *   x1 ^= ~x2 & x3 = ~(x2 | ~x3)  A1 = c1 from here
 *   c3 ^= ~x4 & x0 = ~(x4 | c0)   A3 = x3 from here
 *   c0 ^= ~x1 & x2 = c1 & x2      Q stays c0
 *   x4 = ~x4                       P = n4
 *   x2 ^= ~x3 & x4 = ~(x3 | n4)   X2 = n2 from here
 *   n4 ^= t
 * then the second affine layer: c1 ^ c0 = x1 ^ x0, c0 ^ n4 = x0 ^ x4, x3 ^ n2 = ~(x3 ^ x2),
 * and S2's final NOT leaves x2 in X2.
 * 32 cycles in columns 0-3 (33 in column 0, which first adds the round constant to S2),
 * 34 in columns 4-7.
 * absorb = 1: the first round of a hash block (lwc_ascon_hash_absorb), x0 ^= the block's
 * byte j (Y+) as it is loaded (3 cycles more), the constant added by the caller: Y takes
 * the place of ZERO and RC, which the S-box does not use otherwise.
 */
.macro sbox_column j, absorb=0
    ldd Q_\j, Z+\j
    .if \absorb
        ld TMP, Y+
        eor Q_\j, TMP
    .endif
    ldd A1, Z+8+\j
    ldd A3, Z+24+\j
    .if \j == 0 && \absorb == 0
        eor X2_0, RC
    .endif
    eor Q_\j, P_\j      /* x0 ^= x4 (c0: S4 is complemented), x4 ^= x3, x2 ^= x1 */
    eor P_\j, A3
    eor X2_\j, A1
    mov T0, Q_\j         /* t = c0 & x1 */
    and T0, A1
    mov TMP, X2_\j         /* x1 ^= ~(x2 | c3): c1 */
    or TMP, A3
    eor A1, TMP
    mov TMP, P_\j          /* c3 ^= ~(x4 | c0): x3 */
    or TMP, Q_\j
    eor A3, TMP
    mov TMP, A1             /* c0 ^= c1 & x2 */
    and TMP, X2_\j
    eor Q_\j, TMP
    com P_\j               /* n4 */
    mov TMP, A3             /* x2 ^= ~(x3 | n4): n2 */
    or TMP, P_\j
    eor X2_\j, TMP
    eor P_\j, T0           /* n4 ^= t */
    eor A1, Q_\j         /* x1 = c1 ^ c0, x0 = c0 ^ n4, ~x3 = x3 ^ n2 */
    eor Q_\j, P_\j
    eor A3, X2_\j
    std Z+8+\j, A1
    std Z+24+\j, A3
    .if \j >= 4            /* the half of S4 that C takes in the linear layer */
        std Z+32+\j, P_\j
    .endif
.endm

/* NOT of the 64-bit word in b..b+7. 8 cycles */
.macro com64 b
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        com \b\()_\j
    .endr
.endm

/*
 * ascon_rounds (internal): Ascon-p's rounds from the constant in RC to round 11.
 * In: Z = s, with S2 and ~S4 in X2 and P, S0, S1 and ~S3 in memory (ascon_load); RC = the
 * first round's constant (0xf0 - 15 * first_round). Out: the state permuted, in the same
 * places. Keeps Z, X2, P; clobbers r0, r1, r18-r29 (r1 not restored to zero). No stack
 * but the return address.
 * Cycles, counted: per round 605 (S-box 265, linear layer 335, constant and loop 5; the
 * last round 2 less); per call 5 (ZERO, RET) plus the caller's CALL. Measured on the
 * simulated ATmega128 (bench_avr): a 992-byte Hash256 944,383 cycles with these rounds
 * and the block absorbed through memory (963,859 with S2 and S4 complemented, 23 logic
 * instructions a column, 613 a round; about 192 a permutation more again with all of S4
 * spilled, 629 a round); 940,539 with lwc_ascon_hash_absorb's own first S-box.
 */
.section .text.lwc_ascon_permute, "ax", @progbits
ascon_rounds:
    clr ZERO
1:  .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        sbox_column \j
    .endr
ascon_rounds_linear:        /* lwc_ascon_hash_absorb's entry, after its own first S-box */
    /* S0 (in Q) ^= ROR(S0, 19) ^ ROR(S0, 28): ROR 3 then 2 bytes, ROR 4 then 3 bytes */
    copy64 C, Q
    ror1 C
    ror1 C
    ror1 C
    xor_ror_bytes Q, C, 2
    ror1 C
    xor_ror_bytes Q, C, 3
    store_word 0, Q
    /* S1 ^= ROR(S1, 61) ^ ROR(S1, 39): ROL 1 then 5 bytes, ROL 3 */
    load_word Q, 1
    copy64 C, Q
    rol1 C
    xor_ror_bytes Q, C, 5
    rol1 C
    rol1 C
    xor_ror_bytes Q, C, 0
    store_word 1, Q
    /* S2 ^= ROR(S2, 1) ^ ROR(S2, 6): ROR 1; ROL 2 then 1 byte (a copy in each set) */
    copy64 C, X2
    copy64 Q, X2
    ror1 C
    xor_ror_bytes X2, C, 0
    rol1 Q
    rol1 Q
    xor_ror_bytes X2, Q, 1
    /* S3 ^= ROR(S3, 10) ^ ROR(S3, 17): ROR 1 then 2 bytes, ROR 2 then 1 byte */
    load_word Q, 3
    copy64 C, Q
    ror1 C
    xor_ror_bytes Q, C, 2
    ror1 C
    xor_ror_bytes Q, C, 1
    store_word 3, Q
    /* S4 (kept in P: its upper half back from memory) ^= ROR(S4, 7) ^ ROR(S4, 41): ROR 1
     * then 5 bytes, ROL 1 then 1 byte */
    .irp j, 4, 5, 6, 7
        ldd P_\j, Z+32+\j
    .endr
    copy64 Q, P
    ror1 Q
    xor_ror_bytes P, Q, 5
    rol1 Q
    rol1 Q
    xor_ror_bytes P, Q, 1
    subi RC, 0x0f
    cpi RC, 0x3c
    breq 2f                 /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  ret

/* Saves the registers the rounds use that the caller keeps (r2-r17, r28, r29). */
.macro save_regs
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push r\r
    .endr
.endm
/* Restores them, r1 = 0, returns. */
.macro restore_return
    clr r1
    .irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop r\r
    .endr
    ret
.endm

/* S3 in memory (s at Z) = its complement; r0 a temporary. 40 cycles */
.macro com_s3
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd r0, Z+24+\j
        com r0
        std Z+24+\j, r0
    .endr
.endm

/*
 * ascon_load (internal): S2 and ~S4 into X2 and P from s (Z), S3 complemented in s.
 * 80 cycles + CALL and RET.
 * ascon_store_return (internal, jumped to by the routines that began with save_regs): S2
 * and S4 back to s, S3 complemented back, the saved registers restored, r1 = 0; returns
 * from that routine. 80 cycles + restore_return (41).
 */
ascon_load:
    load_word X2, 2
    load_word P, 4
    com64 P
    com_s3
    ret

ascon_store_return:
    com64 P
    store_word 2, X2
    store_word 4, P
    com_s3
    restore_return

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Rounds first_round..11 of Ascon-p on s (first_round <= 11: 0 for Ascon-p[12], 4 for
 * Ascon-p[8]).
 * In: r25:r24 = s, r22 = first_round. Out: s permuted.
 * Clobbers r0, r18-r27, r30, r31 (r1 = 0 again); 22 bytes of stack (the pushed registers
 * and two return addresses; 24 on 3-byte-PC cores), no state byte among them.
 * Cycles, counted: per round as ascon_rounds; per call 260 (the pushes and pops 72, S2,
 * S4 and ~S3 in and out 160, the constant 6, the RCALLs, RJMP, RETs and ascon_rounds' own
 * 5) plus the caller's CALL.
 */
.global lwc_ascon_permute
.type lwc_ascon_permute, @function
lwc_ascon_permute:
    save_regs
    movw r30, r24
    mov TMP, r22            /* RC = 0xf0 - 15 * first_round */
    swap TMP
    sub TMP, r22
    ldi RC, 0xf0
    sub RC, TMP
    rcall ascon_load
    rcall ascon_rounds
    rjmp ascon_store_return
.size lwc_ascon_permute, . - lwc_ascon_permute

/*
 * The AEAD's loops (ascon_internal.h; the hash's is lwc_ascon_hash_absorb): per block, the
 * block combined with the rate bytes of s (Z) as the mode says, then the rounds. S2 and S4
 * stay in registers from the first block to the end (the blocks touch S0 || S1 only), Z = s
 * survives the rounds, X = in, Y = out and the count are pushed around them; the block's
 * bytes pass through r0 (state) and r1 (input). Constant time: the loops count blocks
 * (public).
 */

/* Per byte j of the rate: the in byte (X+) XORed into s[j]. 7 cycles */
.macro absorb_byte j
    ld r1, X+
    ldd r0, Z+\j
    eor r0, r1
    std Z+\j, r0
.endm

/* The loop: count..count+1 = blocks (non-zero), Z = s, X = in, Y = out (kept where
 * has_out); body = the block's code, rc = the rounds' first constant. Per block 39 cycles
 * (31 without out) besides the body and the rounds. Ends with X and Y past the blocks,
 * count = 0. */
.macro mode_loop body, rc, count, has_out=1
1:  \body
    push r26
    push r27
    .if \has_out
        push r28
        push r29
    .endif
    push \count
    push (\count)+1
    ldi RC, \rc
    LWC_CALL ascon_rounds
    pop (\count)+1
    pop \count
    .if \has_out
        pop r29
        pop r28
    .endif
    pop r27
    pop r26
    subi \count, 1
    sbci (\count)+1, 0
    breq 2f
    rjmp 1b
2:
.endm

.macro aead_absorb_block
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        absorb_byte \j
    .endr
.endm
/* C = S ^ P to out, S = C. 9 cycles a byte */
.macro aead_encrypt_block
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        ld r1, X+
        ldd r0, Z+\j
        eor r0, r1
        std Z+\j, r0
        st Y+, r0
    .endr
.endm
/* P = S ^ C to out, S = C (C read once). 9 cycles a byte */
.macro aead_decrypt_block
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        ld r1, X+
        ldd r0, Z+\j
        eor r0, r1
        std Z+\j, r1
        st Y+, r0
    .endr
.endm

/* r25:r24 >>= 4: a byte count to 16-byte blocks. 8 cycles */
.macro blocks16
    .rept 4
        lsr r25
        ror r24
    .endr
.endm

/*
 * duplex_tail (internal): the last, partial duplex block of 0 < n < 16 bytes into S0 || S1,
 * a byte at a time, then the padding byte 01 at s[n]: x = s[j] ^ in[j] (in read once);
 * associated data (T clear): s[j] = x; a message block (T set): out[j] = x (only
 * written), and s[j] = x (r18 = 0, encryption) or in[j] (else: decryption).
 * In: Z = s, X = in, Y = out, r23 = n. Out: X and Y past the bytes; Z kept. Clobbers r0,
 * r20, r21, r24, r25. Cycles, counted: 10 a byte (12 for a message), 12 to 17 besides plus
 * the caller's CALL. The branches test T, r18 and n (public).
 */
/* s[0] (Z) ^= 01, the padding after a partial block's last byte. 6 cycles */
.macro pad_byte
    ld r24, Z
    ldi r25, 0x01
    eor r24, r25
    st Z, r24
.endm
.macro tail_byte
    ld r0, X+
    ld r24, Z
    eor r24, r0
.endm
.section .text.lwc_ascon_aead_crypt_avr, "ax", @progbits
duplex_tail:
    movw r20, r30
    mov r25, r23
    brts 4f
1:  tail_byte                   /* associated data */
    st Z+, r24
    dec r25
    brne 1b
9:  pad_byte
    movw r30, r20
    ret
4:  tst r18
    brne 3f
5:  tail_byte                   /* encryption */
    st Y+, r24
    st Z+, r24
    dec r25
    brne 5b
    rjmp 9b
3:  tail_byte                   /* decryption: the state takes the ciphertext */
    st Y+, r24
    st Z+, r0
    dec r25
    brne 3b
    rjmp 9b

/* lwc_aead_msg's fields (modes_internal.h; 2-byte pointers and size_t, asserted in
 * ascon_aead.c) */
#define MSG_NONCE 0
#define MSG_AD 4
#define MSG_AD_LEN 6
#define MSG_IN 8
#define MSG_LEN 10
#define MSG_OUT 12
/* lwc_ascon_aead_crypt_avr's frame, from Y = SP (LOAD_SP) where nothing else is pushed: m,
 * k, decrypt pushed on entry, then save_regs' r29, r28, r17:r16 = tag, r15, r14 =
 * tag_len; each pointer high byte first */
#define FRAME_M 1
#define FRAME_K 3
#define FRAME_DECRYPT 5
#define FRAME_TAG 8
#define FRAME_TAG_LEN 11

/* ptr (X or Y, named by its low register) = the frame's pointer at off, through Y = SP
 * (LOAD_SP first unless Y is the frame already). 4 cycles (6) */
.macro frame_pointer lo, off, y_set=0
    .if \y_set == 0
        LOAD_SP r28, r29
    .endif
    ldd r0, Y+(\off)+1
    ldd (\lo)+1, Y+(\off)
    mov \lo, r0
.endm

/* 16 bytes from X+: the first 8 to s at off, the next 8 into set x, both complemented
 * where com is 1 (S1 and S2 as they are, S3 and S4 complemented: the rounds' polarities).
 * 48 cycles (64 complemented) */
.macro load_words off, x, com
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ld r0, X+
        .if \com
            com r0
        .endif
        std Z+(\off)+\j, r0
    .endr
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ld \x\()_\j, X+
        .if \com
            com \x\()_\j
        .endif
    .endr
.endm

/* The 8 bytes of s at off ^= the next 8 key bytes (X+); r1 a temporary. 56 cycles */
.macro xor_key_s off
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ld r0, X+
        ldd r1, Z+(\off)+\j
        eor r1, r0
        std Z+(\off)+\j, r1
    .endr
.endm
/* Set x (S2, or S4 complemented: XOR commutes with NOT) ^= the next 8 key bytes (X+). 24 cycles */
.macro xor_key_set x
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ld r0, X+
        eor \x\()_\j, r0
    .endr
.endm

/*
 * void lwc_ascon_aead_crypt_avr(uint64_t s[5], const lwc_ascon_aead128_key *k,
 *                           const lwc_aead_msg *m, uint8_t decrypt, uint8_t *tag,
 *                           uint8_t tag_len)
 * Ascon-AEAD128 (ascon_aead.c) after the checks: s[0] = the IV (the caller's), S1 || S2 = K
 * and S3 || S4 = the nonce, Ascon-p[12], K XORed into S3 || S4; the associated data in
 * 16-byte blocks, each followed by Ascon-p[8], the last one padded, if there is any; the
 * domain separation bit; the message's blocks (encryption for decrypt 0, else decryption),
 * the last one padded; K XORed into S2 || S3, Ascon-p[12], the first tag_len <= 16 bytes
 * of the tag S3 || S4 ^ K to tag. S2 and S4 stay in registers throughout; s is left zero
 * but s[2], which they never reach. Each input byte is read once, out only written.
 * In: r25:r24 = s, r23:r22 = k, r21:r20 = m, r18 = decrypt, r17:r16 = tag, r14 = tag_len.
 * Clobbers r0, r18-r27, r30, r31 (r1 = 0 again); 25 bytes of stack (the registers, the
 * frame of 5, a return address; 26 on 3-byte-PC cores) besides the loops' 6 and the
 * rounds' return address. Cycles: the rounds, the loops' blocks and duplex_tail besides
 * the steps in line; measured on the simulated ATmega128 (bench/bench_avr.c): a 16-byte
 * message with 8 bytes of associated data and an 8-byte tag 25,683 cycles for the whole
 * lwc_ascon_aead128_encrypt, of which the 40 rounds 24,200. Constant time: the branches test
 * lengths and decrypt (public).
 */
.global lwc_ascon_aead_crypt_avr
.type lwc_ascon_aead_crypt_avr, @function
lwc_ascon_aead_crypt_avr:
    save_regs
    push r18
    push r22
    push r23
    push r20
    push r21
    movw r30, r24
    /* S1 = K0, S2 = K1 (into X2), ~S3 = ~N0, ~S4 = ~N1 (into P) */
    movw r26, r22
    load_words 8, X2, 0
    movw r28, r20
    ldd r26, Y+MSG_NONCE
    ldd r27, Y+MSG_NONCE+1
    load_words 24, P, 1
    ldi RC, 0xf0
    LWC_CALL ascon_rounds
    frame_pointer 26, FRAME_K           /* S3 || S4 ^= K */
    xor_key_s 24
    xor_key_set P
    /* the associated data, if any: r25:r24 = ad_len, X = ad; r23 = the last block's
     * bytes, kept across the loop */
    frame_pointer 28, FRAME_M, 1        /* Y is the frame still */
    ldd r26, Y+MSG_AD
    ldd r27, Y+MSG_AD+1
    ldd r24, Y+MSG_AD_LEN
    ldd r25, Y+MSG_AD_LEN+1
    mov r23, r24
    andi r23, 15
    tst r25                             /* 16 bytes or more: the loop (out of line) */
    brne 10f
    cpi r24, 16
    brcc 10f
    tst r24
    brne .Lad_tail
    rjmp 5f                             /* the loops are beyond a branch's reach */
10: rjmp .Lad_blocks
.Lad_tail:
    clr r18
    clt
    LWC_CALL duplex_tail
.Lad_permute:
    ldi RC, 0xb4
    LWC_CALL ascon_rounds
5:  subi P_7, 0x80                      /* S4 ^= 1 << 63 (domain separation) */
    /* the message: X = in, Y = out, r25:r24 = len; r18 = decrypt and r23 = the last
     * block's bytes kept across the loop */
    LOAD_SP r28, r29
    ldd r18, Y+FRAME_DECRYPT
    frame_pointer 28, FRAME_M, 1
    ldd r26, Y+MSG_IN
    ldd r27, Y+MSG_IN+1
    ldd r24, Y+MSG_LEN
    ldd r25, Y+MSG_LEN+1
    ldd r0, Y+MSG_OUT
    ldd r29, Y+MSG_OUT+1
    mov r28, r0
    mov r23, r24
    andi r23, 15
    push r18
    push r23
    blocks16
    mov r0, r24
    or r0, r25
    brne 12f
    rjmp 8f
12: tst r18
    brne 13f
    rjmp 7f
13:
    mode_loop aead_decrypt_block, 0xb4, 24
    rjmp 8f
7:  mode_loop aead_encrypt_block, 0xb4, 24
8:  pop r23
    pop r18
    tst r23                             /* a last block of 0 bytes: the padding alone */
    breq 9f
    set
    LWC_CALL duplex_tail
    rjmp 14f
9:  pad_byte
14:
    /* the finalization: S2 || S3 ^= K, Ascon-p[12] */
    frame_pointer 26, FRAME_K
    xor_key_set X2
    xor_key_s 24
    ldi RC, 0xf0
    LWC_CALL ascon_rounds
    /* tag = the first tag_len bytes of S3 ^ K0 || S4 ^ K1 = ~(~S3 ^ K0 || ~S4 ^ K1) (X = k,
     * Y = tag, Z moving along ~S3 and, for a tag longer than 8 bytes, ~S4 stored after it);
     * 8 bytes unrolled */
    LOAD_SP r28, r29
    ldd r24, Y+FRAME_TAG_LEN
    frame_pointer 26, FRAME_K, 1
    frame_pointer 28, FRAME_TAG, 1
    movw r20, r30
    adiw r30, 24
    clt                                 /* T: S4 stored (a tag longer than 8 bytes) */
    cpi r24, 8
    brcs 3f
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ld r0, X+
        ld r1, Z+
        eor r0, r1
        com r0
        st Y+, r0
    .endr
    subi r24, 8
    breq 4f
    set
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        std Z+\j, P_\j
    .endr
3:  ld r0, X+
    ld r1, Z+
    eor r0, r1
    com r0
    st Y+, r0
    dec r24
    brne 3b
4:  movw r30, r20
    clr r1                              /* s = 0 where anything was stored: S0, S1, S3, */
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31, 36, 37, 38, 39
        std Z+\j, r1               /* the half of S4 the rounds spill */
    .endr
    brtc 5f                             /* and the rest of S4 if the tag took it */
    .irp j, 32, 33, 34, 35
        std Z+\j, r1
    .endr
5:
    .rept 5                             /* the frame */
        pop r0
    .endr
    restore_return
.Lad_blocks:                            /* the associated data's whole blocks */
    push r23
    blocks16
    mode_loop aead_absorb_block, 0xb4, 24, 0
    pop r23
    tst r23                             /* a last block of 0 bytes: the padding alone */
    breq 1f
    rjmp .Lad_tail
1:  pad_byte
    rjmp .Lad_permute
.size lwc_ascon_aead_crypt_avr, . - lwc_ascon_aead_crypt_avr

/*
 * void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * In: r25:r24 = s, r23:r22 = in, r21:r20 = blocks. Per block: S0 ^= 8 bytes, Ascon-p[12].
 * The block is absorbed in the first round's S-box as S0 is loaded (sbox_column's absorb,
 * Y = in), instead of through memory before the rounds (7 cycles a byte); the rounds go on
 * from their linear layer (ascon_rounds_linear), Y and the count pushed around them.
 * Clobbers r0, r18-r27, r30, r31 (r1 = 0 again); 26 bytes of stack (28 on 3-byte-PC
 * cores). Cycles, counted: per block 12 rounds + 57 (with the absorbing 24 in the S-box);
 * per call 253 (the registers, S2, S4 and ~S3 in and out). Constant time: the loop counts
 * blocks (public).
 */
.section .text.lwc_ascon_hash_absorb, "ax", @progbits
.global lwc_ascon_hash_absorb
.type lwc_ascon_hash_absorb, @function
lwc_ascon_hash_absorb:
    cp r20, r1
    cpc r21, r1
    brne 1f
    ret
1:  save_regs
    movw r30, r24
    movw r28, r22
    LWC_CALL ascon_load
2:  push r20
    push r21
    ldi TMP, 0xf0           /* round 0's constant */
    eor X2_0, TMP
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        sbox_column \j, 1
    .endr
    push r28
    push r29
    clr ZERO
    ldi RC, 0xf0
    LWC_CALL ascon_rounds_linear
    pop r29
    pop r28
    pop r21
    pop r20
    subi r20, 1
    sbci r21, 0
    breq 3f
    rjmp 2b
3:  LWC_JMP ascon_store_return
.size lwc_ascon_hash_absorb, . - lwc_ascon_hash_absorb

#endif
