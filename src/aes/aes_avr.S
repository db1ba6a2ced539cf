/*
 * AES-128 (FIPS 197) key expansion, block encryption and decryption for ATmega AVR
 * cores (MOVW). The key schedule layout is the C reference's (aes.c): 11 round keys of
 * 16 bytes, each in the order of the state bytes.
 *
 * Design
 *  - The 16 state bytes live in r0..r15 for the whole block: byte 4c + r (row r of
 *    column c, FIPS 197 column-major order) is register S<4c+r>. Each column is thus two
 *    MOVW pairs, which MixColumns uses to copy it in two cycles.
 *  - SubBytes is LPM from the generated 256-byte S-boxes lwc_aes_sbox / lwc_aes_inv_sbox,
 *    256-byte aligned (see tools/gen/gen_tables.py): ZH holds the table's page, ZL the
 *    state byte, so one lookup is MOV + LPM (4 cycles). ShiftRows costs (almost) nothing:
 *    the looked-up byte is written straight to its shifted register; a row rotation only
 *    needs one extra MOV to close the cycle.
 *  - MixColumns, per column a0..a3 with u_i = a_i ^ a_{i+1} and t = a0 ^ a1 ^ a2 ^ a3:
 *    a_i ^= t ^ xtime(u_i). xtime is branch-free: LSL puts the top bit in carry, SBC
 *    turns the carry into a 0x00/0xff mask, ANDI makes it the reduction 0x1b.
 *  - InvMixColumns uses the FIPS 197 identity: multiply each column by 04 x^2 + 05
 *    (a0 and a2 ^= 4(a0 ^ a2), a1 and a3 ^= 4(a1 ^ a3)), then apply MixColumns. Direct
 *    InvMixColumns (with 8t) needs more xtimes.
 *  - The round loop is not unrolled (one round body per direction, run 9 times, plus the
 *    last round): unrolling would save only the 4 cycles of loop control per round, for
 *    about 3 KB more flash per direction.
 *  - Round keys are read from RAM with LD X+ (encryption) and LD -X (decryption, which
 *    walks the schedule backwards, so the bytes of a round key arrive from 15 down to 0).
 * Constant time: no branch or memory address depends on key or data, except the LPM
 * address; LPM takes 3 cycles whatever the address (AVR has no cache). The only branch
 * is the loop over the fixed round count.
 */
#include "../common/lwc_avr.h"
#if LWC_AES_IMPL == LWC_IMPL_AVR

/* ---- register map ------------------------------------------------------------------ */
/* State byte 4c + r (column c, row r) is S<4c+r>; r2..r15 are callee-saved (pushed). */
#define S0  r0
#define S1  r1      /* cleared before returning */
#define S2  r2
#define S3  r3
#define S4  r4
#define S5  r5
#define S6  r6
#define S7  r7
#define S8  r8
#define S9  r9
#define S10 r10
#define S11 r11
#define S12 r12
#define S13 r13
#define S14 r14
#define S15 r15
#define CNT r16     /* round loop counter (callee-saved: pushed) */
#define U0  r18     /* MixColumns: u0..u3 (U0:U1, U2:U3 are MOVW pairs); U0 is also */
#define U1  r19     /* the temporary of the ShiftRows rotations                     */
#define U2  r20
#define U3  r21
#define OUTL r22    /* output pointer, kept from the second argument until the store */
#define OUTH r23
#define T   r24     /* MixColumns: t = a0 ^ a1 ^ a2 ^ a3; round-key byte in ADDKEY  */
#define M   r25     /* xtime reduction mask (ANDI needs r16..r31)                    */
/* X (r27:r26): round-key pointer. Z (r31:r30): input pointer, then S-box address. */

/* ---- round steps -------------------------------------------------------------------- */

/* r = r * x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, branch-free (4 cycles). */
.macro XTIME r
    lsl  \r
    sbc  M, M           /* M = 0xff if the top bit was set, else 0 */
    andi M, 0x1b
    eor  \r, M
.endm

/* AddRoundKey with the next round key, forwards (LD X+; 48 cycles). */
.macro ADDKEY_FWD
    .irp s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
    ld   T, X+
    eor  \s, T
    .endr
.endm

/* AddRoundKey with the previous round key, backwards (LD -X; 48 cycles). */
.macro ADDKEY_BWD
    .irp s, S15, S14, S13, S12, S11, S10, S9, S8, S7, S6, S5, S4, S3, S2, S1, S0
    ld   T, -X
    eor  \s, T
    .endr
.endm

/* s = sbox[s] (ZH holds the S-box page; 4 cycles). */
.macro SUB s
    mov  ZL, \s
    lpm  \s, Z
.endm

/* Substitute and rotate one row: a = S[b], b = S[c], c = S[d], d = S[a] (17 cycles). */
.macro SUB_ROT4 a, b, c, d
    mov  ZL, \a
    lpm  U0, Z
    mov  ZL, \b
    lpm  \a, Z
    mov  ZL, \c
    lpm  \b, Z
    mov  ZL, \d
    lpm  \c, Z
    mov  \d, U0
.endm

/* Substitute and swap two bytes of row 2: a = S[b], b = S[a] (9 cycles). */
.macro SUB_SWAP a, b
    mov  ZL, \a
    lpm  U0, Z
    mov  ZL, \b
    lpm  \a, Z
    mov  \b, U0
.endm

/* SubBytes and ShiftRows: row r moves left by r columns (68 cycles). */
.macro SUB_SHIFT
    SUB  S0
    SUB  S4
    SUB  S8
    SUB  S12
    SUB_ROT4 S1, S5, S9, S13
    SUB_SWAP S2, S10
    SUB_SWAP S6, S14
    SUB_ROT4 S3, S15, S11, S7
.endm

/* InvSubBytes and InvShiftRows: row r moves right by r columns (68 cycles). */
.macro INV_SUB_SHIFT
    SUB  S0
    SUB  S4
    SUB  S8
    SUB  S12
    SUB_ROT4 S1, S13, S9, S5
    SUB_SWAP S2, S10
    SUB_SWAP S6, S14
    SUB_ROT4 S3, S7, S11, S15
.endm

/* MixColumns on one column a0..a3 (a0:a1 and a2:a3 MOVW pairs; 32 cycles). */
.macro MIX_COLUMN a0, a1, a2, a3
    movw U0, \a0        /* U0 = a0, U1 = a1 */
    movw U2, \a2        /* U2 = a2, U3 = a3 */
    eor  U0, \a1        /* u0 = a0 ^ a1 */
    eor  U1, \a2        /* u1 = a1 ^ a2 */
    eor  U2, \a3        /* u2 = a2 ^ a3 */
    eor  U3, \a0        /* u3 = a3 ^ a0 */
    mov  T, U0
    eor  T, U2          /* t = a0 ^ a1 ^ a2 ^ a3 */
    XTIME U0
    XTIME U1
    XTIME U2
    XTIME U3
    eor  \a0, T
    eor  \a0, U0
    eor  \a1, T
    eor  \a1, U1
    eor  \a2, T
    eor  \a2, U2
    eor  \a3, T
    eor  \a3, U3
.endm

/* Multiplies column a0..a3 by 04 x^2 + 05, so that MixColumns completes
 * InvMixColumns (23 cycles). */
.macro INV_PREMIX a0, a1, a2, a3
    movw U0, \a0        /* U0 = a0, U1 = a1 */
    eor  U0, \a2        /* a0 ^ a2 */
    eor  U1, \a3        /* a1 ^ a3 */
    XTIME U0
    XTIME U0
    XTIME U1
    XTIME U1
    eor  \a0, U0
    eor  \a2, U0
    eor  \a1, U1
    eor  \a3, U1
.endm

/* Saves the callee-saved registers used here (r2..r16). */
.macro SAVE_REGS
    .irp r, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16
    push \r
    .endr
.endm

/* Loads S0..S15 from [Z], Z += 16. */
.macro LOAD_STATE
    .irp s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
    ld   \s, Z+
    .endr
.endm

/* Stores S0..S15 to [p] (X or Z), p += 16. */
.macro STORE_STATE p
    .irp s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
    st   \p+, \s
    .endr
.endm

/* Clears the temporaries that held secret-derived values (r0, ZL, U0..U3, T, M), sets
 * r1 = 0, restores the saved registers and returns. */
.macro CLEAR_RESTORE_RET
    clr  r0
    clr  r1
    movw U0, r0         /* MOVW clears the temporaries two at a time */
    movw U2, r0
    movw T, r0
    clr  ZL
    .irp r, r16, r15, r14, r13, r12, r11, r10, r9, r8, r7, r6, r5, r4, r3, r2
    pop  \r
    .endr
    ret
.endm

/* ---- void lwc_aes128_setkey(lwc_aes128_key *ks, const uint8_t *key)
 * FIPS 197 5.2 key expansion: the current round key stays in S0..S15 (word j of it is
 * S<4j>..S<4j+3>); each next one is computed in place and stored with ST X+.
 * In: r25:r24 = ks, r23:r22 = key.
 * Clobbers: r0 (left 0), r18..r27, r30, r31 (the secret-derived ones cleared); r1 = 0.
 * Cycles: 862 including CALL and RET (measured, avrsim; the C reference takes 2372).
 * Flash: 242 bytes. Stack: 17 bytes (15 saved registers, return address).
 */
#define RCON T      /* round constant x^(i-1), public */
    .section .text.lwc_aes128_setkey, "ax", @progbits
    .global lwc_aes128_setkey
    .type lwc_aes128_setkey, @function
lwc_aes128_setkey:
    SAVE_REGS
    movw ZL, r22                    /* Z = key */
    LOAD_STATE
    movw XL, r24                    /* X = ks->rk */
    STORE_STATE X                   /* round key 0 is the key */
    ldi  ZH, hi8(lwc_aes_sbox)      /* 256-byte aligned: ZL is the index */
    ldi  RCON, 1
    ldi  CNT, 10
1:  /* word 0 ^= SubWord(RotWord(word 3)) ^ Rcon */
    mov  ZL, S13
    lpm  U0, Z
    eor  S0, U0
    eor  S0, RCON
    mov  ZL, S14
    lpm  U0, Z
    eor  S1, U0
    mov  ZL, S15
    lpm  U0, Z
    eor  S2, U0
    mov  ZL, S12
    lpm  U0, Z
    eor  S3, U0
    /* word j ^= word j-1, j = 1..3 */
    eor  S4, S0
    eor  S5, S1
    eor  S6, S2
    eor  S7, S3
    eor  S8, S4
    eor  S9, S5
    eor  S10, S6
    eor  S11, S7
    eor  S12, S8
    eor  S13, S9
    eor  S14, S10
    eor  S15, S11
    STORE_STATE X
    XTIME RCON
    dec  CNT
    brne 1b
    CLEAR_RESTORE_RET
    .size lwc_aes128_setkey, . - lwc_aes128_setkey

/* ---- void lwc_aes128_encrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out may equal in).
 * Clobbers: r0 (left 0), r18..r27, r30, r31 (the secret-derived ones cleared); r1 = 0.
 * Cycles: 2538 including CALL and RET (158.6 cycles/byte; measured, avrsim): 114 to
 * load and add round key 0, 248 per round 1..9 (SubBytes+ShiftRows 68, MixColumns 128,
 * AddRoundKey 48, loop 4), 116 for round 10, 69 to store and return.
 * Flash: 746 bytes. Stack: 17 bytes (15 saved registers, return address).
 */
    .section .text.lwc_aes128_encrypt, "ax", @progbits
    .global lwc_aes128_encrypt
    .type lwc_aes128_encrypt, @function
lwc_aes128_encrypt:
    SAVE_REGS
    movw ZL, r20                    /* Z = in */
    LOAD_STATE
    movw XL, r24                    /* X = ks->rk */
    ldi  ZH, hi8(lwc_aes_sbox)      /* 256-byte aligned: ZL is the index */
    ADDKEY_FWD
    ldi  CNT, 9                     /* rounds 1..9 have MixColumns */
1:  SUB_SHIFT
    MIX_COLUMN S0, S1, S2, S3
    MIX_COLUMN S4, S5, S6, S7
    MIX_COLUMN S8, S9, S10, S11
    MIX_COLUMN S12, S13, S14, S15
    ADDKEY_FWD
    dec  CNT
    breq 2f                         /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:
    SUB_SHIFT                       /* round 10 */
    ADDKEY_FWD
    movw ZL, OUTL
    STORE_STATE Z
    CLEAR_RESTORE_RET
    .size lwc_aes128_encrypt, . - lwc_aes128_encrypt

/* ---- void lwc_aes128_decrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
 * The inverse cipher of FIPS 197 5.3: round keys from the last to the first.
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out may equal in).
 * Clobbers: r0 (left 0), r18..r27, r30, r31 (the secret-derived ones cleared); r1 = 0.
 * Cycles: 3368 including CALL and RET (210.5 cycles/byte; measured, avrsim): 340 per
 * round 9..1 (InvSubBytes+InvShiftRows 68, AddRoundKey 48, the 04 x^2 + 05 premultiply
 * 92, MixColumns 128, loop 4).
 * Flash: 934 bytes. Stack: 17 bytes (15 saved registers, return address).
 */
    .section .text.lwc_aes128_decrypt, "ax", @progbits
    .global lwc_aes128_decrypt
    .type lwc_aes128_decrypt, @function
lwc_aes128_decrypt:
    SAVE_REGS
    movw ZL, r20                    /* Z = in */
    LOAD_STATE
    movw XL, r24
    subi XL, lo8(-176)              /* X = ks->rk + 176: LD -X reads round key 10 first */
    sbci XH, hi8(-176)
    ldi  ZH, hi8(lwc_aes_inv_sbox)  /* 256-byte aligned: ZL is the index */
    ADDKEY_BWD
    ldi  CNT, 9                     /* rounds 9..1 have InvMixColumns */
1:  INV_SUB_SHIFT
    ADDKEY_BWD
    INV_PREMIX S0, S1, S2, S3
    INV_PREMIX S4, S5, S6, S7
    INV_PREMIX S8, S9, S10, S11
    INV_PREMIX S12, S13, S14, S15
    MIX_COLUMN S0, S1, S2, S3
    MIX_COLUMN S4, S5, S6, S7
    MIX_COLUMN S8, S9, S10, S11
    MIX_COLUMN S12, S13, S14, S15
    dec  CNT
    breq 2f                         /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:
    INV_SUB_SHIFT                   /* round 0 */
    ADDKEY_BWD
    movw ZL, OUTL
    STORE_STATE Z
    CLEAR_RESTORE_RET
    .size lwc_aes128_decrypt, . - lwc_aes128_decrypt

#endif
