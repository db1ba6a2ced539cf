/*
 * AES-128 (FIPS 197) for ATmega AVR cores, size-optimised (LWC_AES_SMALL): key expansion,
 * block encryption and decryption, the CBC-MAC step. Same functions, contracts and key
 * schedule layout as the fast aes_avr.S (11 round keys of 16 bytes, as aes.c), under a
 * quarter of its flash: one round in a loop instead of ten unrolled, no product tables.
 *
 * Design
 *  - The 16 state bytes live in 16 registers. S<p> names the register of state byte p
 *    (row p mod 4 of column p / 4, FIPS 197 column-major order) in the "canonical" map.
 *  - MixColumns computes b_i = a_i ^ t ^ 2 u_i (u_i = a_i ^ a_{i+1}, t = a0 ^ .. ^ a3) as
 *    in aes_avr.S, with three xtime products and no t: that leaves b0 in a1's register,
 *    b1 in a0's, b2 in a3's, b3 in a2's. So after MixColumns byte p is in S<p ^ 1> (the
 *    "mixed" map), and the blocks are loaded into that map too, so that every round
 *    starts from it.
 *  - SubBytes and ShiftRows are one pass from the mixed map to the canonical one:
 *    S<p> = S-box[byte ShiftRows brings to p]. As a register permutation that is two
 *    cycles of eight registers; each cycle's first lookup goes to T and its last
 *    register takes T (two MOVs a round instead of one a byte).
 *  - Encryption adds the round key inside that pass: ZL = state byte ^ key byte (LDD from
 *    Y, any order), then LPM (6 cycles a byte for AddRoundKey, SubBytes and ShiftRows).
 *  - Decryption: InvMixColumns = MixColumns after multiplying each column by 04 x^2 + 05
 *    (a0 and a2 ^= 4(a0 ^ a2), a1 and a3 ^= 4(a1 ^ a3); FIPS 197 identity, as aes_avr.S),
 *    so both directions call one MixColumns; AddRoundKey is a subroutine of its own there,
 *    as it lies between InvSubBytes and InvMixColumns. Round key 10, the first one
 *    decryption adds, is added as the block is loaded.
 *  - xtime is branch-free: LSL, then the mask 0x1b from the carry (SBC, ANDI), EOR.
 *  - The S-boxes lwc_aes_sbox and lwc_aes_inv_sbox (aes.c) are 256-byte aligned, so that
 *    ZH selects the table and ZL is the index.
 *  - Sections: encrypt (with the MixColumns and AddRoundKey subroutines and the common
 *    exit), decrypt, setkey and the CBC-MAC step each in their own, so that a firmware that
 *    only encrypts (CTR, CMAC, EAX, CCM, the DRBG) links no decryption.
 * Constant time: the only branches are loops over fixed round counts; no address depends
 * on key or data except ZL in table lookups, and LPM takes 3 cycles at every address.
 */
#include "../common/lwc_avr.h"
#if LWC_AES_IMPL == LWC_IMPL_AVR_SMALL

/* r = r * x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, branch-free; mask: a register of
 * r16..r31 (ANDI), clobbered (4 cycles). */
.macro XTIME r, mask
    lsl  \r
    sbc  \mask, \mask   /* 0xff if the top bit was set, else 0 */
    andi \mask, 0x1b
    eor  \r, \mask
.endm

/* ================================== key expansion ===================================== */

/* Setkey's registers (all call-clobbered; Y pushed). */
#define Q0   r18    /* Q0..Q3: the four bytes each new key byte is XORed with: */
#define Q1   r19    /*   SubWord(RotWord(word 3)) ^ Rcon for word 0, then the bytes */
#define Q2   r20    /*   just computed, four back */
#define Q3   r21
#define KB   r22    /* the key byte being computed */
#define BCNT r23    /* bytes left in the round key */
#define RCON r24    /* round constant x^(i-1), public */
#define MK   r25    /* xtime mask of the round constant */

/* ---- void lwc_aes128_setkey(lwc_aes128_key *ks, const uint8_t *key)
 * FIPS 197 5.2 key expansion in RAM: round key i byte j = round key i-1 byte j ^ Q0, with
 * Q0..Q3 a queue of four bytes that starts as SubWord(RotWord(word 3 of round key i-1)) ^
 * Rcon and takes each new byte (so byte j >= 4 gets byte j - 4 of round key i).
 * In: r25:r24 = ks, r23:r22 = key.
 * Clobbers: r0, r18..r25, r30, r31 (the key-derived ones cleared); r1 = 0.
 * Cycles: 2338 including CALL and RET (instruction count: 4 + 4 + 3 to call, save and
 * set up, 111 to copy the key, 4 to set up the rounds, ten round keys of 21 + 1 + 191 +
 * 7, 1 less for the last loop exit, 13 to clear, restore and return; measured figures:
 * docs/BENCHMARKS.md). Stack: 4 bytes (Y, return address).
 */
    .section .text.lwc_aes128_setkey, "ax", @progbits
    .global lwc_aes128_setkey
    .type lwc_aes128_setkey, @function
lwc_aes128_setkey:
    push r28
    push r29
    movw ZL, r22                    /* Z = key */
    movw YL, r24                    /* Y = ks->rk */
    ldi  BCNT, 16
1:  ld   r0, Z+                     /* round key 0 is the key */
    st   Y+, r0
    dec  BCNT
    brne 1b
    sbiw YL, 16                     /* Y = round key 0 */
    ldi  ZH, hi8(lwc_aes_sbox)
    ldi  RCON, 1
2:  /* Q = SubWord(RotWord(word 3)) ^ Rcon, from round key i-1 at Y */
    ldd  ZL, Y+13
    lpm  Q0, Z
    eor  Q0, RCON
    ldd  ZL, Y+14
    lpm  Q1, Z
    ldd  ZL, Y+15
    lpm  Q2, Z
    ldd  ZL, Y+12
    lpm  Q3, Z
    ldi  BCNT, 16
3:  ld   KB, Y+                     /* byte j of round key i-1; Y moves to byte j + 1 */
    eor  KB, Q0
    std  Y+15, KB                   /* byte j of round key i, 16 bytes on */
    mov  Q0, Q1
    mov  Q1, Q2
    mov  Q2, Q3
    mov  Q3, KB
    dec  BCNT
    brne 3b
    XTIME RCON, MK                  /* next round constant */
    cpi  RCON, 0x6c                 /* x^10: ten round keys done */
    brne 2b
    clr  r0
    movw Q0, r0
    movw Q2, r0
    clr  KB
    clr  ZL
    pop  r29
    pop  r28
    ret
    .size lwc_aes128_setkey, . - lwc_aes128_setkey

/* ============================= encryption and decryption ================================ */

/* ---- register map of encrypt and decrypt ------------------------------------------- */
/* Twelve call-clobbered state registers (r20..r25 once the arguments are copied) and four
 * callee-saved ones; r1 is cleared before returning. */
#define S0  r0
#define S1  r1
#define S2  r18
#define S3  r19
#define S4  r20
#define S5  r21
#define S6  r22
#define S7  r23
#define S8  r24
#define S9  r25
#define S10 r26
#define S11 r27
#define S12 r2
#define S13 r3
#define S14 r4
#define S15 r5
#define T    r6     /* a lookup waiting for its register; MixColumns' products; key byte */
#define V    r7     /* MixColumns' products (T:V: ks while cbc_step loads) */
#define OUTL r8     /* output pointer, kept for the store */
#define OUTH r9
#define M    r16    /* xtime's reduction mask (ANDI needs r16..r31) */
#define CNT  r17    /* round counter */
/* Y (r29:r28): round keys. Z (r31:r30): input pointer, then ZH = table page, ZL = index,
 * then output pointer. SAVE_REGS pushes the callee-saved ones. */

/* Pushes the twelve callee-saved registers of encrypt and decrypt (24 cycles). */
.macro SAVE_REGS
    .irp r, r2, r3, r4, r5, r6, r7, r8, r9, r16, r17, r28, r29
    push \r
    .endr
.endm

/* Loads the block at Z+ into the mixed map (32 cycles). */
.macro LOAD_MIXED
    .irp s, S1, S0, S3, S2, S5, S4, S7, S6, S9, S8, S11, S10, S13, S12, S15, S14
    ld   \s, Z+
    .endr
.endm

/* Loads the block at Z+ XORed with the 16 bytes at Y+ into the mixed map (80 cycles;
 * clobbers M). */
.macro LOAD_XOR_MIXED
    .irp s, S1, S0, S3, S2, S5, S4, S7, S6, S9, S8, S11, S10, S13, S12, S15, S14
    ld   \s, Z+
    ld   M, Y+
    eor  \s, M
    .endr
.endm

/* XORs the block at Z+ into the mixed map and stores it at Y+ (80 cycles; clobbers M). */
.macro COPY_XOR_MIXED
    .irp s, S1, S0, S3, S2, S5, S4, S7, S6, S9, S8, S11, S10, S13, S12, S15, S14
    ld   M, Z+
    st   Y+, M
    eor  \s, M
    .endr
.endm

/* S<d> = S-box[S<s> ^ key byte k at Y] (6 cycles). */
.macro SUB_KEY d, s, k
    ldd  ZL, Y+\k
    eor  ZL, \s
    lpm  \d, Z
.endm

/* S<d> = S-box[S<s>] (4 cycles). */
.macro SUB d, s
    mov  ZL, \s
    lpm  \d, Z
.endm

/* ---- void lwc_aes128_encrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out may equal in).
 * Clobbers: r0 (left 0), r18..r27, r30, r31 (the secret-derived ones cleared); r1 = 0.
 * Cycles: 2298 including CALL and RET on the ATmega128 (instruction count: 4 + 24 + 3
 * to call, save and set up, 32 to load, 2 to set up the rounds, nine rounds of 98 + 4 +
 * 7 + 112 + 2 = 223 (lookups, loop, call and return, MixColumns, jump), round 10's
 * lookups 98 + 5 and its key 55, 33 to store, 35 to clear, restore and return; measured
 * figures: docs/BENCHMARKS.md).
 * Stack: 16 bytes (12 saved registers, return address, a call's return address).
 */
    .section .text.lwc_aes128_encrypt, "ax", @progbits
    .global lwc_aes128_encrypt
    .type lwc_aes128_encrypt, @function
lwc_aes128_encrypt:
    SAVE_REGS
    movw OUTL, r22
    movw YL, r24                    /* Y = ks->rk */
    movw ZL, r20                    /* Z = in */
    LOAD_MIXED
    .global lwc_aes128_encrypt_loaded
lwc_aes128_encrypt_loaded:          /* lwc_aes128_cbc_step continues here */
    ldi  ZH, hi8(lwc_aes_sbox)
    ldi  CNT, 10
1:  /* AddRoundKey, SubBytes and ShiftRows from the mixed map to the canonical one: two
     * register cycles, S<p> taking the byte ShiftRows brings, which S<p ^ 1> holds; the
     * key byte of S<q> is q ^ 1 */
    SUB_KEY T,   S0,  1
    SUB_KEY S0,  S1,  0
    SUB_KEY S1,  S4,  5
    SUB_KEY S4,  S5,  4
    SUB_KEY S5,  S8,  9
    SUB_KEY S8,  S9,  8
    SUB_KEY S9,  S12, 13
    SUB_KEY S12, S13, 12
    mov  S13, T
    SUB_KEY T,   S2,  3
    SUB_KEY S2,  S11, 10
    SUB_KEY S11, S6,  7
    SUB_KEY S6,  S15, 14
    SUB_KEY S15, S10, 11
    SUB_KEY S10, S3,  2
    SUB_KEY S3,  S14, 15
    SUB_KEY S14, S7,  6
    mov  S7, T
    adiw YL, 16                     /* next round key */
    dec  CNT
    breq 2f
    rcall lwc_aes128_small_mix_columns
    rjmp 1b
2:  rcall lwc_aes128_small_add_round_key
    .global lwc_aes128_small_store
lwc_aes128_small_store:             /* decrypt ends here too */
    movw ZL, OUTL
    .irp s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
    st   Z+, \s
    .endr
    clr  r0                         /* the call-clobbered registers that held state bytes */
    clr  r1                         /* (Z: out + 16 now) */
    .irp r, r18, r20, r22, r24, r26
    movw \r, r0
    .endr
    .irp r, r29, r28, r17, r16, r9, r8, r7, r6, r5, r4, r3, r2
    pop  \r
    .endr
    ret

/* ---- MixColumns, canonical map to mixed map (see the design notes). Clobbers T, V, M.
 * Cycles: 4 * 28 + 4 (RET) = 116, plus the call. */
.macro MIX_COLUMN a0, a1, a2, a3
    mov  T, \a0
    eor  T, \a1         /* u0 */
    eor  \a2, T
    eor  \a3, T         /* a2 ^ u0, a3 ^ u0 */
    XTIME T, M          /* 2 u0 */
    eor  \a1, T         /* a1 ^ 2 u0 */
    mov  V, \a0
    eor  V, \a2         /* a0 ^ (a2 ^ u0) = u1 */
    XTIME V, M          /* 2 u1 */
    eor  \a0, V         /* a0 ^ 2 u1 */
    eor  T, V           /* 2 u0 ^ 2 u1 */
    mov  V, \a2
    eor  V, \a3         /* u2 (u0 cancels) */
    eor  \a1, V         /* b0 = a1 ^ u2 ^ 2 u0 */
    eor  \a0, V         /* b1 = a0 ^ u2 ^ 2 u1 */
    XTIME V, M          /* 2 u2 */
    eor  \a3, V         /* b2 = a3 ^ u0 ^ 2 u2 */
    eor  \a2, V
    eor  \a2, T         /* b3 = a2 ^ u0 ^ 2 u3, as 2 u3 = 2 u0 ^ 2 u1 ^ 2 u2 */
.endm

    .global lwc_aes128_small_mix_columns
lwc_aes128_small_mix_columns:
    MIX_COLUMN S0, S1, S2, S3
    MIX_COLUMN S4, S5, S6, S7
    MIX_COLUMN S8, S9, S10, S11
    MIX_COLUMN S12, S13, S14, S15
    ret

/* ---- AddRoundKey on the canonical map, key at Y. Clobbers T. Cycles: 48 + 4 (RET), plus
 * the call. */
    .global lwc_aes128_small_add_round_key
lwc_aes128_small_add_round_key:
    .set key_byte, 0
    .irp s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
    ldd  T, Y+key_byte
    eor  \s, T
    .set key_byte, key_byte + 1
    .endr
    ret
    .size lwc_aes128_encrypt, . - lwc_aes128_encrypt

/* ---- void lwc_aes128_cbc_step(const lwc_aes128_key *ks, uint8_t *chain, const uint8_t *m,
 *                               uint8_t *copy)
 * chain = E(chain ^ m): a step of CBC-MAC (src/modes/mac.c, lwc_cbc_step_fn), m stored at
 * copy as it is read (copy == chain: no copy, the result overwrites it). chain is loaded
 * first, so that copy may be chain; then m is XORed in and stored (Y = copy, ks kept in
 * T:V); then the rounds of lwc_aes128_encrypt.
 * In: r25:r24 = ks, r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m overlaps neither chain
 * nor copy. Clobbers as lwc_aes128_encrypt.
 * Cycles: those of lwc_aes128_encrypt + 93 (m parked on the stack while Z reads chain, 16
 * more loads, stores and XORs, the jump). Stack: 18 bytes.
 */
    .section .text.lwc_aes128_cbc_step, "ax", @progbits
    .global lwc_aes128_cbc_step
    .type lwc_aes128_cbc_step, @function
lwc_aes128_cbc_step:
    SAVE_REGS
    movw OUTL, r22                  /* chain is the output */
    movw T, r24                     /* ks, until Y is free again */
    movw YL, r18                    /* Y = copy (the loads below take r18..r21) */
    push r20                        /* m, until Z has read chain */
    push r21
    movw ZL, r22
    LOAD_MIXED
    pop  ZH
    pop  ZL
    COPY_XOR_MIXED
    movw YL, T                      /* Y = ks->rk */
    LWC_JMP lwc_aes128_encrypt_loaded
    .size lwc_aes128_cbc_step, . - lwc_aes128_cbc_step

/* Multiplies the column a0..a3 by 04 x^2 + 05, so that MixColumns completes
 * InvMixColumns (clobbers T, M; 24 cycles). */
.macro INV_PREMIX a0, a1, a2, a3
    mov  T, \a0
    eor  T, \a2
    XTIME T, M
    XTIME T, M          /* 4 (a0 ^ a2) */
    eor  \a0, T
    eor  \a2, T
    mov  T, \a1
    eor  T, \a3
    XTIME T, M
    XTIME T, M          /* 4 (a1 ^ a3) */
    eor  \a1, T
    eor  \a3, T
.endm

/* ---- void lwc_aes128_decrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
 * The inverse cipher of FIPS 197 5.3: round keys from the last to the first.
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out may equal in).
 * Clobbers: r0 (left 0), r18..r27, r30, r31 (the secret-derived ones cleared); r1 = 0.
 * Cycles: 3419 including CALL and RET on the ATmega128 (instruction count: 4 + 24 + 5 to
 * call, save and set up, 80 to load with round key 10, 4 to set up the rounds, nine
 * rounds of 66 + 56 + 5 + 96 + 120 + 2 = 345 (lookups, AddRoundKey called, loop, the
 * columns times 04 x^2 + 05, MixColumns called, jump), round 0's lookups 66, key 56 and
 * loop exit 7, 68 to store, clear, restore and return; measured figures:
 * docs/BENCHMARKS.md).
 * Stack: 16 bytes (12 saved registers, return address, a call's return address).
 */
    .section .text.lwc_aes128_decrypt, "ax", @progbits
    .global lwc_aes128_decrypt
    .type lwc_aes128_decrypt, @function
lwc_aes128_decrypt:
    SAVE_REGS
    movw OUTL, r22
    movw YL, r24
    subi YL, lo8(-160)              /* Y = round key 10 */
    sbci YH, hi8(-160)
    movw ZL, r20                    /* Z = in */
    LOAD_XOR_MIXED
    sbiw YL, 32                     /* Y = round key 9 */
    ldi  ZH, hi8(lwc_aes_inv_sbox)
    ldi  CNT, 10
1:  /* InvShiftRows and InvSubBytes from the mixed map to the canonical one: two register
     * cycles, S<p> taking the byte InvShiftRows brings, which S<p ^ 1> holds */
    SUB  T,   S0
    SUB  S0,  S1
    SUB  S1,  S12
    SUB  S12, S13
    SUB  S13, S8
    SUB  S8,  S9
    SUB  S9,  S4
    SUB  S4,  S5
    mov  S5, T
    SUB  T,   S2
    SUB  S2,  S11
    SUB  S11, S14
    SUB  S14, S7
    SUB  S7,  S10
    SUB  S10, S3
    SUB  S3,  S6
    SUB  S6,  S15
    mov  S15, T
    LWC_CALL lwc_aes128_small_add_round_key
    sbiw YL, 16                     /* next round key (below) */
    dec  CNT
    brne 2f
    LWC_JMP lwc_aes128_small_store
2:  /* InvMixColumns: each column times 04 x^2 + 05, then MixColumns */
    INV_PREMIX S0, S1, S2, S3
    INV_PREMIX S4, S5, S6, S7
    INV_PREMIX S8, S9, S10, S11
    INV_PREMIX S12, S13, S14, S15
    LWC_CALL lwc_aes128_small_mix_columns
    rjmp 1b
    .size lwc_aes128_decrypt, . - lwc_aes128_decrypt

#endif
