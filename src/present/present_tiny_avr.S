/*
 * PRESENT-80 and PRESENT-128 for AVR cores outside the ATmega class (ATtiny45: 4 KB
 * flash, 256 B SRAM, no MUL, no JMP/CALL), optimised for code size. The key schedule
 * runs on the fly, so lwc_present_key holds only the key (include/lwc/present.h) and
 * setkey copies it. Shared routines (S-box, layer, copy) sit in one section; each key
 * size has its own core in its own section, so a PRESENT-80 user links only the shared
 * part and the PRESENT-80 core.
 *
 * Design
 *  - State: s[b] = bits 8b+7..8b of the state = block[7 - b]. Between rounds it sits
 *    either in out[] (block order) or in T7..T0 = r12..r19. These cores address the
 *    registers through their data addresses 0..31, so T7..T0 is also an 8-byte buffer
 *    at address TADDR in block order.
 *  - S-box + pLayer (one routine, layer): the pLayer sends bit k of nibble j to bit j
 *    of the 16-bit word k (word k = T(2k+1):T(2k)). For each nibble j = 0..15, TMP and
 *    the four words rotate right by one bit in a chain: bit k of TMP enters the top of
 *    word k, bit 0 of word k leaves for TMP. Both directions run the same code: TMP is
 *    first the table entry of nibble j of out[], and the bits that left the words are
 *    then looked up and written back as nibble j. With the table S (SREG T clear),
 *    the words end up P(S(out)) and out is garbage; with S^-1 (T set), out ends up
 *    S^-1(P^-1(the words)) and the words are garbage. One 16-byte table holds S (low
 *    nibbles) and S^-1 (high).
 *  - Round (PRESENT-80): v = source ^ round key is written to both out[] and T, so
 *    the layer finds it on either side; the source is T after an encryption layer and
 *    out[] after a decryption one (in[] in the first round). Both cores run the key
 *    register forward to K(31) first when decrypting.
 *  - PRESENT-80 key register: in K0..K9 = r2..r11 (K0 = most significant). A step
 *    forward rotates right by 19 bits (= left 61): one rotation of the five register
 *    pairs (MOVW) by 16 bits and three 1-bit rotations; back, right by 61: three pair
 *    rotations and thirteen bits. The round counter i is added before the forward
 *    rotation (and after the backward one), where key bits 19..15 were bits 38..34:
 *    K5 ^= i << 2, one EOR with RC = i << 2.
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
 *    forward key run, set in the decryption rounds. It picks the table half and the
 *    key step's direction. Nothing here writes T otherwise.
 *
 * Cycles and flash: docs/BENCHMARKS.md (make bench, tiny). Flash: the shared section and the PRESENT-80 one are
 * what a PRESENT-80 user links; bench/flash_probe.sh reports them as library_bytes. The
 * PRESENT-80 core restores all of r2..r29 and clears r1, so no register it returns in
 * holds key material; the PRESENT-128 core wipes its frame before releasing it. The
 * PRESENT-80 core uses r1 as a pointer byte while it runs (ISRs compiled by avr-gcc
 * clear their own). Routine cycle counts below are from the instruction timings,
 * excluding the caller's RCALL (3 cycles) and including RET (4).
 */
#include "../common/lwc_avr.h"
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY

#include "present_sbox_bytes.h"

/* Register map, both cores */
#define T7    r12   /* state s[7] = out[0] ... */
#define T6    r13
#define T5    r14
#define T4    r15
#define T3    r16
#define T2    r17
#define T1    r18
#define T0    r19   /* ... state s[0] = out[7] */
#define TADDR 12    /* data address of T7: the register copy of the block */
#define INL   r20   /* r20:r21 = the in block, as passed (read before TMP, BYTE) */
#define TMP   r20   /* scratch: nibble, LPM result, loop counts */
#define BYTE  r21   /* scratch: state byte */
#define OUTL  r22   /* r22:r23 = the out block, as passed */
#define CNT   r25   /* byte count of copy */
#define SAVE_START 2 /* the cores save and restore r2..r29 */
#define SAVE_END 30
/* PRESENT-80 core: the key register, K0 = most significant byte */
#define K0    r2
#define K2    r4
#define K4    r6
#define K5    r7
#define K6    r8
#define K8    r10
#define K9    r11
#define KADDR 2     /* data address of K0 */
#define SCR   r24   /* scratch of xor_key and rotate80 */
#define RC    r25   /* i << 2 for the round key K(i) in the key register; 0 after copy10 */
#define SRCL  r0    /* r0:r1 = where each round's key addition reads: T or out */
/* PRESENT-128 core */
#define RC128  r24  /* index of the round key in the key register */
#define SCR128 r25  /* scratch of xor128 */
#define TPTR  r2    /* r2:r3 = TADDR, for MOVW */
#define KENDL r4    /* r4:r5 = &D[16], the end of the key register in the frame */
#define DSTL  r6    /* r6:r7 = where each round adds the round key: out or T */
#define NEXTL r8    /* r8:r9 = the other one, the next round's source (in first) */

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
 * others ride along, one loop is shorter). Leaves Z = SAVE_START. */
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

/* Byte x: S^-1[x] << 4 | S[x] (sub_nibble picks the half with the T flag). */
present_tiny_sbox:
    .byte PRESENT_SBOX_PACKED_BYTES

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key): copies the key.
 * Clobbers r0 (cleared: it held the last key byte), CNT, X, Z.
 */
.global lwc_present80_setkey
.type lwc_present80_setkey, @function
lwc_present80_setkey:
    movw XL, r22
    movw ZL, r24
    ldi CNT, 10
    /* fall through */

/* setkey_copy: copies CNT key bytes from X to Z (copy) and clears r0, the last of them. */
setkey_copy:
    rcall copy
    clr r0
    ret

/* copy10, copy: CNT = k bytes (10 for copy10) from X to Z; 7k + 3 cycles (+1). Ends
 * with CNT = 0. Clobbers r0; X, Z advance. */
copy10:
    ldi CNT, 10
copy:
    ld r0, X+
    st Z+, r0
    dec CNT
    brne copy
    ret

/*
 * layer: encrypting (T clear), T7..T0 = pLayer(S-box(out)); decrypting (T set),
 * out = S-box^-1(pLayer^-1(T7..T0)); the other side is left garbage. Y = out + 8 on
 * entry, out on return; nibble j = 0..15 of the state is nibble j of out[7 - j/2], low
 * half first. 987 cycles. Clobbers TMP, BYTE, Z, T7..T0.
 */
layer:
1:  ld BYTE, -Y
    rcall nibble            /* low nibble */
    rcall nibble            /* high nibble */
    st Y, BYTE
    cp YL, OUTL
    brne 1b
    ret

.macro ROTATE_WORD hi, lo
    ror TMP
    ror \hi
    ror \lo
.endm

/*
 * nibble: one nibble j of the layer; BYTE = [h | l] holds it in its low half and comes
 * back [table(e) | h], so two calls cover a byte. The table entry of l enters the
 * words; the four ROTATE_WORDs rotate TMP and the words k = 0..3 right by one bit in
 * turn, the carry passing from each to the next: bit k of TMP enters the top of word k,
 * and bit 0 of word k leaves for TMP. One more rotate leaves those bits (e) in the high
 * nibble of TMP; e goes through the table into the place of l. 55 cycles. Clobbers
 * TMP, Z.
 */
nibble:
    mov TMP, BYTE
    rcall sub_nibble        /* BYTE = [table(l) | h], TMP = table(l) */
    ROTATE_WORD T1, T0
    ROTATE_WORD T3, T2
    ROTATE_WORD T5, T4
    ROTATE_WORD T7, T6
    ror TMP
    swap TMP
    swap BYTE               /* [h | table(l)]: the table entry of e replaces table(l) */
    /* fall through */

/* sub_nibble: TMP = S[TMP & 15], or S^-1 if T is set; BYTE = swap(BYTE with its low
 * nibble replaced by TMP); 18 cycles. Clobbers Z. */
sub_nibble:
    mov ZL, TMP
    andi ZL, 15
    clr ZH
    subi ZL, lo8(-(present_tiny_sbox))
    sbci ZH, hi8(-(present_tiny_sbox))
    lpm TMP, Z
    brtc 1f
    swap TMP
1:  andi TMP, 15
    andi BYTE, 0xF0
    or BYTE, TMP
    swap BYTE
    ret

/* ---- PRESENT-80 -------------------------------------------------------------------- */
.section .text.lwc_present80_tiny, "ax", @progbits

/*
 * void lwc_present80_{en,de}crypt(const lwc_present_key *ks, uint8_t *out,
 * const uint8_t *in): the direction in the SREG T flag (set = decrypt), then the core:
 * save r2..r29, load the key register, run the rounds. SRC (r0:r1) is where the next
 * round reads: T when encrypting, out when decrypting; X reads in[] in the first round.
 */
DIRECTION_ENTRIES lwc_present80_encrypt, lwc_present80_decrypt
    PUSH_REGISTERS
    movw XL, r24
    rcall copy10            /* K0..K9 = key = K(0); RC = 0; Z = TADDR */
    movw SRCL, ZL
    movw XL, INL
    brtc 4f
    clt                     /* decrypt: forward to K(31) first */
3:  rcall key80_step
    brne 3b
    set
    movw SRCL, OUTL
4:  movw YL, OUTL
round80:
    rcall xor_key           /* out = T = X ^ K */
    rcall layer             /* T = P(S(out)), or out = S^-1(P^-1(T)) */
    rcall key80_step        /* Z set: that was the last round */
    movw XL, SRCL
    brne round80
    rcall xor_key           /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
    clr r1
    ldi ZL, SAVE_START      /* ZH = 0 from xor_key */
7:  pop r0
    st Z+, r0
    cpi ZL, SAVE_END
    brne 7b
    ret

/* xor_key: v = X[i] ^ K[i] to Y[i] and to T, i = 0..7 (reading X[i] before either
 * write, so X may be Y or T); 101 cycles. Clobbers TMP, SCR, Z (left at KADDR + 8);
 * X, Y advance by 8. */
xor_key:
    ldi ZL, KADDR
    clr ZH
1:  ld TMP, X+
    ld SCR, Z+
    eor TMP, SCR
    st Y+, TMP
    std Z + TADDR - KADDR - 1, TMP
    cpi ZL, KADDR + 8
    brne 1b
    ret

/*
 * key80_step: K(i-1) -> K(i), RC + 4 (T clear), or K(i) -> K(i-1), RC - 4 (T set).
 * Returns Z set when RC reaches 31 << 2 (forward) or 0 (back). 88 cycles forward, 270
 * back. Clobbers SCR, TMP, BYTE, Z. rotate80 takes TMP = 16 (p - 1) + 16 - b for p pair rotations and b bit
 * rotations: the pair loop ends on the borrow, the bit loop counts up to 0.
 */
key80_step:
    brtc 1f
    rcall key80_sbox        /* back: S^-1, right 61, counter */
    ldi TMP, 0x23           /* 3 pairs, 13 bits */
    rcall rotate80
    eor K5, RC
    subi RC, 4
    ret
1:  subi RC, -4             /* forward: counter, right 19, S */
    eor K5, RC
    ldi TMP, 0x0D           /* 1 pair, 3 bits */
    /* fall through */

/* rotate80: the key register right by 16 p + b bits (TMP above); then, going forward,
 * on into key80_sbox. 9 p + 15 b + 4 cycles going back. Clobbers SCR, TMP, Z. */
rotate80:
2:  movw ZL, K8
    movw K8, K6
    movw K6, K4
    movw K4, K2
    movw K2, K0
    movw K0, ZL
    subi TMP, 0x10
    brcc 2b
3:  mov SCR, K9
    lsr SCR
    .irp k, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ror r\k
    .endr
    inc TMP
    brne 3b
    brts 5f
    /* fall through */

/* key80_sbox: K0's top nibble through the table (T flag); Z set if RC = 31 << 2 (the
 * end of a forward run). 30 cycles. Clobbers TMP, BYTE, Z. */
key80_sbox:
    mov BYTE, K0
    swap BYTE
    mov TMP, BYTE
    rcall sub_nibble
    mov K0, BYTE
    cpi RC, 31 << 2
5:  ret

/* ---- PRESENT-128 ------------------------------------------------------------------- */
.section .text.lwc_present128_tiny, "ax", @progbits
.global lwc_present128_setkey
.type lwc_present128_setkey, @function
lwc_present128_setkey:
    movw XL, r22
    movw ZL, r24
    ldi CNT, 16
    rjmp setkey_copy

/*
 * void lwc_present128_{en,de}crypt(...): the save loop runs twice: the second pass
 * pushes the same 28 bytes again as the frame for the key register (r1 = 0 on entry
 * counts the passes: 0xff, then 0). Encrypt: out = X ^ K, T = P(S(out)); decrypt:
 * T = X ^ K, out = S^-1(P^-1(T)).
 */
DIRECTION_ENTRIES lwc_present128_encrypt, lwc_present128_decrypt
    PUSH_REGISTERS
    com r1
    brne 1b
    adiw ZL, TADDR - SAVE_START
    movw TPTR, ZL
    movw NEXTL, INL
    movw XL, r24
    LOAD_SP YL, YH
    adiw YL, 1
    movw ZL, YL
    ldi CNT, 16
    rcall copy              /* D[0..15] = key = K(0) */
    movw KENDL, ZL
    rcall dup128
    clr RC128
    brtc 4f
    clt                     /* decrypt: forward to K(31) first */
3:  rcall key128_step
    brne 3b
    set
4:  movw XL, NEXTL
    movw DSTL, OUTL
    movw NEXTL, TPTR
    brtc round128
    movw DSTL, TPTR
    movw NEXTL, OUTL
round128:
    movw ZL, DSTL
    rcall xor128
    push YL                 /* the layer walks out[] with Y */
    push YH
    movw YL, OUTL
    adiw YL, 8
    rcall layer
    pop YH
    pop YL
    rcall key128_step       /* Z set: that was the last round */
    movw XL, NEXTL
    brne round128
    movw ZL, OUTL
    rcall xor128            /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
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

/* xor128: Z[i] = X[i] ^ Y[i] for i = 0..7 (Y = the round key); 86 cycles. Clobbers
 * SCR128, TMP, BYTE; X, Z advance by 8. */
xor128:
    ldi BYTE, 8
1:  ld TMP, X+
    ld SCR128, Y+
    eor TMP, SCR128
    st Z+, TMP
    dec BYTE
    brne 1b
    sbiw YL, 8
    ret

/*
 * key128_step: as key80_step on the frame. Forward: rotate right 67 (off = 7, s = 3),
 * RC + 1, S-box and counter, dup128. Back: counter and S^-1, dup128, rotate right 61
 * (off = 8, s = 5), dup128, RC - 1. Returns Z set when RC reaches 31 or 0. Clobbers
 * r0, CNT, TMP, BYTE, X, Z.
 */
key128_step:
    brts 1f
    movw ZL, YL
    adiw ZL, 7
    rcall rotate128
    inc RC128
    rcall key128_sbox_counter
    rcall dup128
    cpi RC128, 31
    ret
1:  rcall key128_sbox_counter
    rcall dup128            /* leaves Z = &D[25] */
    sbiw ZL, 17
    rcall rotate128
    rcall dup128
    dec RC128
    ret

/* dup128: D[16..24] = D[0..8], all that rotate128 reads above D[15]; 71 cycles. Leaves
 * Z = &D[25]. Clobbers r0, CNT, X. */
dup128:
    movw XL, YL
    movw ZL, KENDL
    ldi CNT, 9
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
 * so this serves both directions. Only D[0..15] changes: a dup128 must follow.
 * Clobbers r0, TMP, BYTE, Z.
 */
key128_sbox_counter:
    ld BYTE, Y
    mov TMP, BYTE
    rcall sub_nibble
    mov TMP, BYTE
    rcall sub_nibble
    st Y, BYTE
    mov TMP, RC128          /* TMP:BYTE = RC << 6 */
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
