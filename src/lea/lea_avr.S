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
 * Cycle counts below are measured on the simulated ATmega128 from the C call to the
 * return (CALL and RET included).
 * Constant time: no table, no branch other than on public counts (rounds, key size).
 */
#if defined(__AVR_MEGA__) && !defined(LWC_NO_ASM)

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
/* Z (r30:r31) = round keys; the out pointer waits on the stack during the rounds. */

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
.macro enc_round k128, x0, x1, x2, x3, f
    /* t = RK0 ^ X0, byte j kept in f + (j+1) mod 4 so that ROL8 of it is f in order */
    .irp j, 0, 1, 2, 3
        ld (\f)+((\j+1)&3), Z+
    .endr
    .irp j, 0, 1, 2, 3
        eor (\f)+((\j+1)&3), (\x0)+\j
    .endr
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
    /* X3 = (X2 ^ RK3 ^ (RK3^RK4)) + (X3 ^ RK5); the registers of X2 are free after it */
    xor_next \x2
    xor_k1 \k128, \x3
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

/* Pops out into Z, stores A, B, C, D. */
.macro enc_store
    pop r31
    pop r30
    .irp r, SA, SA+1, SA+2, SA+3, SB, SB+1, SB+2, SB+3, SC, SC+1, SC+2, SC+3, SD, SD+1, SD+2, SD+3
        st Z+, \r
    .endr
.endm

/* Whole encryption: n passes of four rounds. */
.macro enc_body k128
    enc_load
    ldi K8, 8
    ldi K32, 32
    clr EZERO
1:  enc_4rounds \k128
    dec ENC_CNT
    breq 2f             /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  enc_store
    epilogue_regs 29, 28
.endm

/*
 * void lwc_lea128_encrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in. Out: 16 bytes at out (out == in is
 * fine: in is read completely first). Clobbers r18-r27, r30, r31, r0 (r1 = 0 again).
 * 2612 cycles (24 rounds of 101), 22 bytes of stack.
 */
.section .text.lwc_lea128_encrypt, "ax", @progbits
.global lwc_lea128_encrypt
.type lwc_lea128_encrypt, @function
lwc_lea128_encrypt:
    prologue 28, 29
    ldi ENC_CNT, 24 / 4
    enc_body 1
.size lwc_lea128_encrypt, . - lwc_lea128_encrypt

/*
 * void lwc_lea192_encrypt / lwc_lea256_encrypt(ks, out, in): same ABI as above; both
 * enter lea_encrypt_rounds with r19 = number of 4-round passes (7 or 8).
 * 3469 / 3939 cycles (rounds of 117), 22 bytes of stack.
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
    enc_body 0
.size lwc_lea256_encrypt, . - lwc_lea256_encrypt

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
 * 2722 cycles (24 rounds of 105), 21 bytes of stack.
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
 * 3610 / 4102 cycles (rounds of 121), 21 bytes of stack. */
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

#endif
