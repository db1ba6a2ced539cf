/*
 * PRESENT-80 and PRESENT-128 for AVR cores outside the ATmega class (ATtiny45: 4 KB
 * flash, 256 B SRAM, no MUL, no JMP/CALL), optimised for code size. The key schedule
 * runs on the fly, so lwc_present_key holds only the key (include/lwc/present.h) and
 * setkey copies it. Shared routines (S-box, layer, key addition) sit in one section;
 * each key size has its own core in its own section, so a PRESENT-80 user links only
 * the shared part and the PRESENT-80 core.
 *
 * Design
 *  - State: s[b] = bits 8b+7..8b of the state = block[7 - b]. Between rounds the state
 *    sits either in out[] (block order) or in T7..T0 = r2..r9. These cores map the
 *    registers at data addresses 0..31, so T7..T0 is also an 8-byte buffer at address
 *    TADDR in block order, and one routine (xor_key) adds a round key while moving the
 *    state between the two in either direction.
 *  - S-box + pLayer (one routine, layer): the pLayer sends bit k of nibble j to bit j
 *    of the 16-bit word k (word k = T(2k+1):T(2k)). For each nibble j = 0..15, TMP and
 *    the four words rotate right by one bit in a chain: bit k of TMP enters the top of
 *    word k, bit 0 of word k leaves for TMP. Encrypting, TMP is S(nibble j of out[])
 *    first, so after 16 nibbles word k bit j = bit k of S(nibble j). Decrypting, the
 *    bits leaving the words are bits j: nibble j of P^-1, looked up in S^-1 and written
 *    to out[]. One 16-byte table holds S (low nibbles) and S^-1 (high); the SREG T flag
 *    selects.
 *  - Round order: encrypt: out = T ^ K, T = P(S(out)), key step; decrypt: T = out ^ K,
 *    out = S^-1(P^-1(T)), key step back; the first round reads in[] instead. Both
 *    cores run the key register forward to K(31) first when decrypting. RC is the
 *    index of the round key in the key register; the key step returns Z set when it
 *    reaches the last one (31 forward, 0 backward), which ends the loops.
 *  - PRESENT-80 key register: in K0..K9 = r10..r19 (K0 = most significant). A step
 *    forward rotates right by 19 bits (= left 61): one rotation of the five register
 *    pairs (MOVW) by 16 bits and three 1-bit rotations; back, right by 61: three pair
 *    rotations and thirteen bits. Then the S-box on K0's top nibble and the counter
 *    into key bits 19..15 (K7 bits 3..0, K8 bit 7).
 *  - PRESENT-128 key register (16 bytes do not fit next to the state): a stack frame
 *    holds it at D[0..15] (D[0] = most significant, at Y) and its first 9 bytes again at
 *    D[16..24]. A rotation right by 8R + s bits is then one pass, D[i] = low byte of
 *    (D[15-R+i]:D[16-R+i]) >> s, written in place (the reads stay ahead), plus the
 *    copy of D[0..8] (dup128). Forward: right 67 = 8 * 8 + 3 (= left 61), then the S-box
 *    on D[0] and the counter into key bits 66..62. Back: counter and inverse S-box,
 *    then right 61 = 8 * 7 + 5.
 *  - Constant time: loops run over public counts (bytes, bits, rounds) and branch only
 *    on the T flag; the only secret-dependent access is the LPM index (constant timing
 *    on AVR).
 *  - The SREG T flag holds the direction: clear in encryption and in decryption's
 *    forward key run, set in the decryption rounds. It picks the table half, the
 *    layer's direction and the key step's. Nothing here writes T otherwise.
 *
 * Measured (avrsim, ATtiny45, whole call incl. argument setup and RCALL):
 *                 setkey   encrypt             decrypt
 *   PRESENT-80    84       29908 (3739 c/B)    40140 (5018 c/B)
 *   PRESENT-128   128      40962 (5120 c/B)    60247 (7531 c/B)
 * Flash: 312 bytes for the PRESENT-80 setkey/encrypt/decrypt (the shared section and
 * the PRESENT-80 one, table included; 350 by bench/flash_probe.sh, which also counts
 * the three calls' argument setup); PRESENT-128: 364 (402). Stack peak: 38 bytes
 * (PRESENT-80: the 28 saved registers and return addresses), 66 (PRESENT-128: its
 * 28-byte frame too, wiped before it is released). The PRESENT-80 core restores all of
 * r2..r29, so no register it returns in holds key material. Routine cycle counts below are from the instruction timings,
 * excluding the caller's RCALL (3 cycles) and including RET (4).
 */
#if defined(__AVR__) && !defined(__AVR_MEGA__) && !defined(__AVR_TINY__) && \
    defined(__AVR_HAVE_MOVW__) && defined(__AVR_HAVE_LPMX__) && !defined(LWC_NO_ASM) && \
    !defined(LWC_PRESENT_TINY_FAST) /* else present_tiny_fast_avr.S */

#include <avr/io.h>
#include "present_sbox_bytes.h"

/* Register map, both cores */
#define T7    r2    /* state s[7] = out[0] ... */
#define T6    r3
#define T5    r4
#define T4    r5
#define T3    r6
#define T2    r7
#define T1    r8
#define T0    r9    /* ... state s[0] = out[7] */
#define TADDR 2     /* data address of T7: the register copy of the block */
#define INL   r20   /* r20:r21 = the in block, as passed (read before TMP, BYTE) */
#define TMP   r20   /* scratch: nibble, LPM result, loop counts */
#define BYTE  r21   /* scratch: state byte, byte counter */
#define OUTL  r22   /* r22:r23 = the out block, as passed */
#define RC    r24   /* index of the round key in the key register; r24:r25 = ks at entry */
#define SCR   r25   /* scratch of copy, xor_key and rotate80 */
#define SAVE_START TADDR /* the cores save and restore r2..r29 */
#define SAVE_END 30
/* PRESENT-80 core: the key register, K0 = most significant byte */
#define K0    r10
#define K2    r12
#define K4    r14
#define K6    r16
#define K7    r17
#define K8    r18
#define K9    r19
#define KADDR 10    /* data address of K0 */
#define TPTR80 r0   /* r0:r1 = TADDR (r1 = 0 anyway), for MOVW */
/* PRESENT-128 core */
#define TPTR  r10   /* r10:r11 = TADDR, for MOVW */
#define KENDL r12   /* r12:r13 = &D[16], the end of the key register in the frame */
#define DSTL  r14   /* r14:r15 = where each round adds the round key: out or T */
#define NEXTL r16   /* r16:r17 = the other one, the next round's source (in first) */

/* The public encrypt and decrypt entry points of a core: the direction into the SREG T
 * flag, then on at the local label 1 after the macro. */
.macro DIRECTION_ENTRIES encrypt, decrypt
.global \decrypt
.type \decrypt, @function
\decrypt:
    set
    rjmp 1f
.global \encrypt
.type \encrypt, @function
\encrypt:
    clt
1:
.endm

/* Push r2..r29 through their data addresses (the callee-saved ones a core uses; the
 * others ride along, one loop is shorter). Leaves Z = TADDR. */
.macro PUSH_REGISTERS
    ldi ZL, SAVE_END
    clr ZH
2:  ld r0, -Z
    push r0
    cpi ZL, SAVE_START
    brne 2b
.endm

/* ---- shared by both key sizes ------------------------------------------------------ */
.section .text.lwc_present_tiny, "ax", @progbits

/* Byte x: S^-1[x] << 4 | S[x] (lookup picks the half with the T flag). */
present_tiny_sbox:
    .byte PRESENT_SBOX_PACKED_BYTES

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key): copies the key.
 * Clobbers SCR, BYTE, X, Z.
 */
.global lwc_present80_setkey
.type lwc_present80_setkey, @function
lwc_present80_setkey:
    ldi BYTE, 10
present_tiny_setkey:
    movw XL, r22
    movw ZL, r24
    /* fall through */

/* copy: BYTE = k bytes from X to Z; 7k + 3 cycles. Clobbers SCR, BYTE; X, Z advance. */
copy:
    ld SCR, X+
    st Z+, SCR
    dec BYTE
    brne copy
    ret

/* xor_key: Z[i] = X[i] ^ Y[i] for i = 0..7 (Y = the round key); 86 cycles. Clobbers
 * SCR, TMP, BYTE; X, Z advance by 8. */
xor_key:
    ldi BYTE, 8
1:  ld TMP, X+
    ld SCR, Y+
    eor TMP, SCR
    st Z+, TMP
    dec BYTE
    brne 1b
    sbiw YL, 8
    ret

/* lookup: TMP = S[TMP & 15], or S^-1 if T is set (high nibble clear); 15 cycles.
 * Clobbers Z. */
lookup:
    andi TMP, 15
    ldi ZL, lo8(present_tiny_sbox)
    ldi ZH, hi8(present_tiny_sbox)
    add ZL, TMP
    adc ZH, r1
    lpm TMP, Z
    brtc 1f
    swap TMP
1:  andi TMP, 15
    ret

/*
 * layer: encrypting (T clear), T7..T0 = pLayer(S-box(out)); decrypting (T set),
 * out = S-box^-1(pLayer^-1(T7..T0)). Nibble j = 0..15 of the state is read from
 * (encrypting; written back unchanged) or written to (decrypting) out[7 - j/2], low
 * half first. 734 cycles encrypting, 782 decrypting. Clobbers TMP, BYTE, X, Z, T7..T0.
 */
layer:
    movw XL, OUTL
    adiw XL, 8
1:  ld BYTE, -X
    rcall nibble            /* low nibble */
    rcall nibble            /* high nibble */
    st X, BYTE
    cp XL, OUTL
    brne 1b
    ret

.macro ROTATE_WORD hi, lo
    ror TMP
    ror \hi
    ror \lo
.endm

/*
 * nibble: one nibble j of the layer; BYTE holds it in its low half and comes back
 * nibble-swapped, so two calls cover a byte. The four ROTATE_WORDs rotate TMP and the
 * words k = 0..3 right by one bit in turn, the carry passing from each to the next:
 * bit k of TMP enters the top of word k, and bit 0 of word k leaves for TMP.
 * Encrypting, TMP is S(nibble j) first: after 16 nibbles, word k bit j = bit k of it.
 * Decrypting, one more rotate leaves bits j of the words in the high nibble of TMP;
 * S^-1 of that replaces the low nibble of BYTE before the swap. 39 cycles encrypting,
 * 42 decrypting. Clobbers Z.
 */
nibble:
    brts 1f
    mov TMP, BYTE
    rcall lookup
1:  ROTATE_WORD T1, T0
    ROTATE_WORD T3, T2
    ROTATE_WORD T5, T4
    ROTATE_WORD T7, T6
    brtc 3f
    ror TMP
    swap TMP
    /* fall through */

/* sub_nibble: BYTE = swap(BYTE with its low nibble replaced by the table entry of TMP's
 * low nibble (T flag)); 26 cycles. Clobbers TMP, Z. */
sub_nibble:
    rcall lookup
    andi BYTE, 0xF0
    or BYTE, TMP
3:  swap BYTE
    ret

/* ---- PRESENT-80 -------------------------------------------------------------------- */
.section .text.lwc_present80_tiny, "ax", @progbits

/*
 * void lwc_present80_{en,de}crypt(const lwc_present_key *ks, uint8_t *out,
 * const uint8_t *in): the direction in the SREG T flag (set = decrypt), then the core:
 * save r2..r29, load the key register, run the rounds.
 */
DIRECTION_ENTRIES lwc_present80_encrypt, lwc_present80_decrypt
    PUSH_REGISTERS
    movw TPTR80, ZL         /* Z = TADDR */
    movw YL, INL            /* in, until the first round */
    movw XL, r24
    ldi ZL, KADDR           /* ZH = 0 from the loop */
    ldi BYTE, 10
    rcall copy              /* K0..K9 = key = K(0) */
    clr RC
    brtc 4f
    clt                     /* decrypt: forward to K(31) first */
3:  rcall key80_step
    brne 3b
    set
4:  movw XL, YL
    ldi YL, KADDR           /* Y = the round key from here on */
    clr YH
round80:
    movw ZL, OUTL           /* encrypt: out = X ^ K, T = P(S(out)) */
    brtc 5f
    movw ZL, TPTR80         /* decrypt: T = X ^ K, out = S^-1(P^-1(T)) */
5:  rcall xor_key
    rcall layer
    rcall key80_step        /* Z set: that was the last round */
    movw XL, OUTL           /* the next source: out (decrypt) or T (encrypt) */
    brts 6f
    movw XL, TPTR80
6:  brne round80
    movw ZL, OUTL
    rcall xor_key           /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
    movw ZL, TPTR80         /* = SAVE_START; SCR (r25, call-clobbered) ends up */
7:  pop SCR                 /* holding r29's saved value */
    st Z+, SCR
    cpi ZL, SAVE_END
    brne 7b
    ret

/*
 * key80_step: K(RC) -> K(RC + 1), RC + 1 (T clear), or K(RC) -> K(RC - 1), RC - 1 (T
 * set). Returns Z set when RC reaches 31 (forward) or 0 (back). 109 cycles forward,
 * 279 back. Clobbers SCR, TMP, BYTE, X, Z.
 */
key80_step:
    brts 1f
    ldi TMP, 1              /* right 16 + 3 = 19 bits = left 61 */
    ldi BYTE, 3
    rcall rotate80
    subi RC, -2             /* rotate80 took one off */
    rjmp key80_sbox_counter
1:  rcall key80_sbox_counter
    ldi TMP, 3              /* right 48 + 13 = 61 bits */
    ldi BYTE, 13
    rjmp rotate80

/*
 * rotate80: the key register right by 16 TMP + BYTE bits (TMP, BYTE >= 1): TMP
 * rotations of the register pairs, then BYTE rotations by one bit (carry in = bit 0
 * of K9); then RC - 1, which is the backward step's last act (Z set at 0). 9 TMP +
 * 15 BYTE + 3 cycles. Clobbers SCR, TMP, BYTE, X.
 */
rotate80:
1:  movw XL, K8
    movw K8, K6
    movw K6, K4
    movw K4, K2
    movw K2, K0
    movw K0, XL
    dec TMP
    brne 1b
2:  mov SCR, K9
    lsr SCR
    .irp k, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
    ror r\k
    .endr
    dec BYTE
    brne 2b
    dec RC
    ret

/*
 * key80_sbox_counter: K0's top nibble through the table (T flag), and RC into key bits
 * 19..15 (K7 bits 3..0, K8 bit 7). The two touch different bits, so this serves both
 * directions. Returns Z set if RC = 31 (the end of a forward run). 43 cycles.
 * Clobbers TMP, BYTE, Z.
 */
key80_sbox_counter:
    mov BYTE, K0
    swap BYTE
    mov TMP, BYTE
    rcall sub_nibble
    mov K0, BYTE
    mov TMP, RC
    lsr TMP
    eor K7, TMP
    clr TMP                 /* keeps the carry: RC bit 0 */
    ror TMP
    eor K8, TMP
    cpi RC, 31
    ret

/* ---- PRESENT-128 ------------------------------------------------------------------- */
.section .text.lwc_present128_tiny, "ax", @progbits
.global lwc_present128_setkey
.type lwc_present128_setkey, @function
lwc_present128_setkey:
    ldi BYTE, 16
    rjmp present_tiny_setkey

/*
 * void lwc_present128_{en,de}crypt(...): as PRESENT-80, but the save loop runs twice:
 * the second pass pushes the same 28 bytes again as the frame for the key register
 * (r1 = 0 on entry counts the passes: 0xff, then 0).
 */
DIRECTION_ENTRIES lwc_present128_encrypt, lwc_present128_decrypt
    PUSH_REGISTERS
    com r1
    brne 1b
    movw TPTR, ZL           /* Z = TADDR */
    movw NEXTL, INL
    movw XL, r24
    in YL, _SFR_IO_ADDR(SPL)
#ifdef __AVR_HAVE_8BIT_SP__
    clr YH
#else
    in YH, _SFR_IO_ADDR(SPH)
#endif
    adiw YL, 1
    movw ZL, YL
    ldi BYTE, 16
    rcall copy              /* D[0..15] = key = K(0) */
    movw KENDL, ZL
    rcall dup128
    clr RC
    brtc 4f
    clt                     /* decrypt: forward to K(31) first */
3:  rcall key128_step
    brne 3b
    set
4:  movw XL, NEXTL
    movw DSTL, OUTL         /* encrypt: out = X ^ K, T = P(S(out)) */
    movw NEXTL, TPTR
    brtc round128
    movw DSTL, TPTR         /* decrypt: T = X ^ K, out = S^-1(P^-1(T)) */
    movw NEXTL, OUTL
round128:
    movw ZL, DSTL
    rcall xor_key
    rcall layer
    rcall key128_step       /* Z set: that was the last round */
    movw XL, NEXTL
    brne round128
    movw ZL, OUTL
    rcall xor_key           /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
    movw ZL, YL             /* wipe the frame: it holds the key register */
    ldi BYTE, 28
8:  st Z+, r1
    dec BYTE
    brne 8b
5:  ldi ZL, SAVE_START      /* pop the frame into r2..r29, then the saved values; */
    clr ZH                  /* r1 counts the passes again and ends at 0 */
6:  pop r0
    st Z+, r0
    cpi ZL, SAVE_END
    brne 6b
    com r1
    brne 5b
    ret

/*
 * key128_step: as key80_step on the frame. Forward: rotate right 67 (off = 7, s = 3),
 * RC + 1, S-box and counter, dup128. Back: counter and S^-1, dup128, rotate right 61
 * (off = 8, s = 5), dup128, RC - 1. Returns Z set when RC reaches 31 or 0. 448 cycles
 * forward, 569 back. Clobbers r0, SCR, TMP, BYTE, X, Z.
 */
key128_step:
    brts 1f
    movw ZL, YL
    adiw ZL, 7
    rcall rotate128
    inc RC
    rcall key128_sbox_counter
    rcall dup128
    cpi RC, 31
    ret
1:  rcall key128_sbox_counter
    rcall dup128            /* leaves Z = &D[25] */
    sbiw ZL, 17
    rcall rotate128
    rcall dup128
    dec RC
    ret

/* dup128: D[16..24] = D[0..8], all that rotate128 reads above D[15]; 71 cycles. Leaves
 * Z = &D[25]. Clobbers SCR, BYTE, X. */
dup128:
    movw XL, YL
    movw ZL, KENDL
    ldi BYTE, 9
    rjmp copy

/*
 * rotate128: D[i] = low byte of (D[off + i]:D[off + i + 1]) >> s for i = 0..15, Z =
 * &D[off], s = 3 (T clear) or 5 (T set): the register rotated right by
 * 8(15 - off) + s bits. Reads stay ahead of the writes (off > 0) and the upper copy
 * D[16..] is read only. 276 cycles (T clear), 324 (T set). Clobbers r0, TMP, X (left at
 * &D[16]); Z advances by 16.
 */
rotate128:
    movw XL, YL
1:  ld TMP, Z+
    ld r0, Z
    brtc 2f
    lsr TMP
    ror r0
    lsr TMP
    ror r0
2:  lsr TMP
    ror r0
    lsr TMP
    ror r0
    lsr TMP
    ror r0
    st X+, r0
    cp XL, KENDL
    brne 1b
    ret

/*
 * key128_sbox_counter: both nibbles of D[0] through the table (T flag), and RC << 6
 * into the big-endian word D[7]:D[8] (key bits 66..62). The two touch different bytes,
 * so this serves both directions. Only D[0..15] changes: a dup128 must follow. 82
 * cycles. Clobbers r0, TMP, BYTE, Z.
 */
key128_sbox_counter:
    ld BYTE, Y
    mov TMP, BYTE
    rcall sub_nibble
    mov TMP, BYTE
    rcall sub_nibble
    st Y, BYTE
    mov TMP, RC             /* TMP:BYTE = RC << 6 */
    clr BYTE
    lsr TMP
    ror BYTE
    lsr TMP
    ror BYTE
    ldd r0, Y + 7
    eor r0, TMP
    std Y + 7, r0
    ldd r0, Y + 8
    eor r0, BYTE
    std Y + 8, r0
    ret

#endif
