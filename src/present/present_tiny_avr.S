/*
 * PRESENT-80 and PRESENT-128 for AVR cores outside the ATmega class (ATtiny45: 4 KB
 * flash, 256 B SRAM, no MUL, no JMP/CALL), optimised for code size. One core serves
 * both key sizes and both directions; the key schedule runs on the fly, so
 * lwc_present_key holds only the key (include/lwc/present.h) and setkey copies it.
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
 *  - Key register: a stack frame holds it at D[0..n-1] (n = 10 or 16 key bytes,
 *    reg[0] = most significant = D[0] at Y) and its first 9 bytes again at D[n..n+8].
 *    A rotation right by 8R + s bits is then one pass, D[i] = low byte of
 *    (D[n-R-1+i]:D[n-R+i]) >> s, written in place (the reads stay ahead), plus the
 *    copy of D[0..8] (dup). Forward step: rotate left 61 = right 8(n - 8) + 3
 *    (off = n-R-1 = 7, s = 3), S-box on the top nibble (80) or byte (128), counter RC
 *    into key bits 19..15 (80) / 66..62 (128). Backward step: counter and inverse
 *    S-box, then rotate right 61 = 8 * 7 + 5. Decryption runs 31 forward steps, then
 *    one backward step per round.
 *  - Round order: encrypt: out = T ^ K, T = P(S(out)), step; decrypt: T = out ^ K,
 *    out = S^-1(P^-1(T)), step back: one loop, the two buffers' roles swapped. The key
 *    steps never touch T7..T0.
 *  - Constant time: loops run over public counts (8 bytes, n, rounds) and branch only
 *    on the T flag and n; the only secret-dependent access is the LPM index (constant
 *    timing on AVR).
 *  - The SREG T flag holds the direction: clear in encryption and in decryption's
 *    forward key run, set in the decryption rounds. It picks the table half, the
 *    rotate shift (3 / 5), the layer's direction and the key step's. Nothing here
 *    writes T otherwise.
 *
 * Measured (avrsim, ATtiny45, whole call incl. argument setup and RCALL):
 *                 setkey   encrypt             decrypt
 *   PRESENT-80    84       36812 (4602 c/B)    51540 (6443 c/B)
 *   PRESENT-128   128      40948 (5119 c/B)    60326 (7541 c/B)
 * Flash: 358 bytes for the PRESENT-80 setkey/encrypt/decrypt (tables included; 396 by
 * bench/flash_probe.sh, which also counts the three calls' argument setup);
 * PRESENT-128 adds 14 (its entry points). Stack: 66 bytes (the register save area and
 * the frame, 28 bytes each, and return addresses). Routine counts below are from the
 * instruction timings (PRESENT-80 / PRESENT-128 where they differ), excluding the
 * caller's RCALL (3 cycles) and including RET (4): one round is 1153 / 1285 cycles
 * encrypting, 1303 / 1453 decrypting, and decryption's forward key run 31 * 325 /
 * 31 * 457.
 */
#if defined(__AVR__) && !defined(__AVR_MEGA__) && !defined(__AVR_TINY__) && \
    defined(__AVR_HAVE_MOVW__) && defined(__AVR_HAVE_LPMX__) && !defined(LWC_NO_ASM) && \
    !defined(LWC_PRESENT_TINY_FAST) /* else present_tiny_fast_avr.S */

#include <avr/io.h>
#include "present_sbox_bytes.h"

/* Register map */
#define TMP   r18   /* scratch: nibble, LPM result */
#define BYTE  r19   /* scratch: state byte, byte counter; key bytes at entry */
#define INL   r20   /* the in block, as passed */
#define OUTL  r22   /* the out block (state buffer), as passed */
#define OUTH  r23
#define RC    r24   /* round counter (key schedule constant); r24:r25 = ks at entry */
#define NKEY  r25   /* key bytes: 10 or 16 */
#define T7    r2    /* state s[7] = out[0] ... */
#define T6    r3
#define T5    r4
#define T4    r5
#define T3    r6
#define T2    r7
#define T1    r8
#define T0    r9    /* ... state s[0] = out[7] */
#define TADDR 2     /* data address of T7: the register copy of the block */
#define TPTR  r10   /* r10:r11 = TADDR, for MOVW */
#define KENDL r12   /* r12:r13 = &D[n], the end of the key register in the frame */
#define DSTL  r14   /* r14:r15 = where each round adds the round key: out or T */
#define NEXTL r20   /* r20:r21 = the other one, the next round's source (in first) */
#define ROUNDS r16  /* rounds left */
#define SAVE_START TADDR /* the core saves and restores r2..r29 */
#define SAVE_END 30

.section .text.lwc_present_tiny, "ax", @progbits

/* Byte x: S^-1[x] << 4 | S[x] (lookup picks the half with the T flag). */
present_tiny_sbox:
    .byte PRESENT_SBOX_PACKED_BYTES

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key): copies the key.
 * Clobbers TMP, BYTE, X, Z.
 */
.global lwc_present80_setkey
.type lwc_present80_setkey, @function
lwc_present80_setkey:
    ldi BYTE, 10
present_tiny_setkey:
    movw XL, r22
    movw ZL, r24
    /* fall through */

/* copy: BYTE = k bytes from X to Z; 7k + 3 cycles. Clobbers TMP, BYTE; X, Z advance. */
copy:
    ld TMP, X+
    st Z+, TMP
    dec BYTE
    brne copy
    ret

/*
 * void lwc_present80_{en,de}crypt(const lwc_present_key *ks, uint8_t *out,
 * const uint8_t *in): set the direction (SREG T flag set = decrypt) and the key size.
 */
.global lwc_present80_decrypt
.type lwc_present80_decrypt, @function
lwc_present80_decrypt:
    set
    rjmp 1f
.global lwc_present80_encrypt
.type lwc_present80_encrypt, @function
lwc_present80_encrypt:
    clt
1:  ldi BYTE, 10

/*
 * The core. In: r24 = ks, r22 = out, r20 = in, BYTE = key bytes n, T flag = decrypt.
 * Saves r2..r29 through their data addresses (for the callee-saved registers it uses).
 * Stack frame: 28 bytes at Y, the key register in D[0..n+8] (see the header).
 */
present_tiny_core:
1:  ldi ZL, SAVE_END        /* push r29..r2 (the callee-saved ones used here; the */
    clr ZH                  /* others ride along, one loop is shorter), then the */
2:  ld r0, -Z               /* same 28 bytes again as the frame; r1 = 0 on entry */
    push r0                 /* counts the two passes (0xff, 0) */
    cpi ZL, SAVE_START
    brne 2b
    com r1
    brne 1b
    movw TPTR, ZL           /* Z = TADDR */
    movw XL, r24
    mov NKEY, BYTE
    in YL, _SFR_IO_ADDR(SPL)
#ifdef __AVR_HAVE_8BIT_SP__
    clr YH
#else
    in YH, _SFR_IO_ADDR(SPH)
#endif
    adiw YL, 1
    movw ZL, YL
    rcall copy              /* D[0..n-1] = key */
    movw KENDL, ZL
    rcall dup
    ldi RC, 1
    brtc 4f
    clt                     /* decrypt: forward key steps to K(31) first */
3:  rcall key_forward
    cpi RC, 32
    brne 3b
    set
4:  movw XL, INL
    movw DSTL, OUTL         /* encrypt: out = X ^ K, T = P(S(out)) */
    movw NEXTL, TPTR
    ldi ROUNDS, 31
    brtc round
    movw DSTL, TPTR         /* decrypt: T = X ^ K, out = S^-1(P^-1(T)) */
    movw NEXTL, OUTL
round:
    movw ZL, DSTL
    rcall xor_key           /* X = in first */
    rcall layer
    rcall key_forward       /* encrypt: K(RC - 1) -> K(RC), RC + 1; decrypt (T set):
                               RC - 1, K(RC) -> K(RC - 1) */
    movw XL, NEXTL
    dec ROUNDS
    brne round
finish:
    movw ZL, OUTL
    rcall xor_key           /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
5:  ldi ZL, SAVE_START      /* pop the frame into r2..r29, then the saved values; */
    clr ZH                  /* r1 counts the passes again and ends at 0 */
6:  pop r0
    st Z+, r0
    cpi ZL, SAVE_END
    brne 6b
    com r1
    brne 5b
    ret

/* xor_key: Z[i] = X[i] ^ reg[i] for i = 0..7 (the round key); 86 cycles. Clobbers r0,
 * TMP, BYTE; X, Z advance by 8. */
xor_key:
    ldi BYTE, 8
1:  ld TMP, X+
    ld r0, Y+
    eor TMP, r0
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
2:  rcall lookup
    andi BYTE, 0xF0
    or BYTE, TMP
3:  swap BYTE
    ret

/* sub_nibble: BYTE = swap(BYTE with its low nibble through the table (T flag)); 28
 * cycles. Clobbers TMP, Z. */
sub_nibble:
    mov TMP, BYTE
    rjmp 2b

/*
 * key_forward: key register K(RC - 1) -> K(RC): rotate left by 61 bits (= right by
 * 8(n - 8) + 3: off = 7), S-box, counter; then RC + 1. 319 / 451 cycles. With T set,
 * key_backward instead (2 cycles more). Clobbers r0, TMP, BYTE, X, Z.
 */
key_forward:
    brts key_backward
    movw ZL, YL
    adiw ZL, 7
    rcall rotate
    rcall key_sbox_counter
    inc RC
    rjmp dup

/* key_backward: RC - 1, then K(RC) -> K(RC - 1) with the new RC (T set: inverse
 * S-box): counter, S-box, then rotate right by 61 bits = 8 * 7 + 5 (off = n - 8).
 * 419 / 569 cycles. Same clobbers. */
key_backward:
    dec RC
    rcall key_sbox_counter
    rcall dup               /* leaves Z = &D[n + 9] */
    sbiw ZL, 17
    rcall rotate
    /* fall through */

/* dup: D[n..n+8] = D[0..8], all that rotate reads above D[n - 1]; 71 cycles. Leaves
 * Z = &D[n + 9]. Clobbers TMP, BYTE, X. */
dup:
    movw XL, YL
    movw ZL, KENDL
    ldi BYTE, 9
    rjmp copy

/*
 * rotate: D[i] = low byte of (D[off + i]:D[off + i + 1]) >> s for i = 0..n-1, Z =
 * &D[off], s = 3 (T clear) or 5 (T set): the register rotated right by
 * 8(n - 1 - off) + s bits. Reads stay ahead of the writes (off > 0) and the upper copy
 * D[n..] is read only. 17n + 4 cycles (T clear), 20n + 4 (T set). Clobbers r0, TMP, X
 * (left at &D[n]); Z advances by n.
 */
rotate:
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
 * key_sbox_counter: pass the top nibble (80) or both nibbles (128) of reg[0] through
 * the table (T flag), and XOR RC << 7 (80) or RC << 6 (128) into the big-endian word
 * reg[7]:reg[8] (key bits 19..15 / 66..62). The two touch different bytes, so this
 * serves both directions. Only D[0..n-1] changes: a dup must follow. 61 / 91 cycles.
 * Clobbers r0, TMP, BYTE, Z.
 */
key_sbox_counter:
    ld BYTE, Y
    sbrs NKEY, 4            /* n = 10: the high nibble only */
    swap BYTE
    sbrc NKEY, 4            /* n = 16: the low nibble, then the high one */
    rcall sub_nibble
    rcall sub_nibble
    st Y, BYTE
    mov TMP, RC             /* TMP:BYTE = RC << 8 (128) or RC << 9 (80), then >> 2 */
    sbrs NKEY, 4
    lsl TMP
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

/* PRESENT-128 entry points, in their own section: PRESENT-80 users do not link them. */
.section .text.lwc_present128_tiny, "ax", @progbits
.global lwc_present128_setkey
.type lwc_present128_setkey, @function
lwc_present128_setkey:
    ldi BYTE, 16
    rjmp present_tiny_setkey
.global lwc_present128_decrypt
.type lwc_present128_decrypt, @function
lwc_present128_decrypt:
    set
    rjmp 1f
.global lwc_present128_encrypt
.type lwc_present128_encrypt, @function
lwc_present128_encrypt:
    clt
1:  ldi BYTE, 16
    rjmp present_tiny_core

#endif
