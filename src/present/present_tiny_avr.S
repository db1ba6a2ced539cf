/*
 * PRESENT-80 and PRESENT-128 for AVR cores outside the ATmega class (ATtiny45: 4 KB
 * flash, 256 B SRAM, no MUL, no JMP/CALL), optimised for code size. One core serves
 * both key sizes and both directions; the key schedule runs on the fly, so
 * lwc_present_key holds only the key (include/lwc/present.h) and setkey copies it.
 *
 * Design
 *  - State: s[b] = bits 8b+7..8b of the state = block[7 - b]. Between rounds the state
 *    sits either in out[] (block order) or in T7..T0 = r10..r17. These cores map the
 *    registers at data addresses 0..31, so T7..T0 is also an 8-byte buffer at address
 *    TADDR in block order, and one routine (xor_key) adds a round key while moving the
 *    state between the two in either direction.
 *  - S-box + pLayer: the pLayer sends bit k of nibble j to bit j of the 16-bit word k
 *    (word k = T(2k+1):T(2k)). Encryption takes the 16 nibbles j = 0..15 of out[] in
 *    turn, looks each up (LPM, 16-byte table) and shifts its bits k into the top of
 *    the words, so that after 16 nibbles nibble j is at bit j. Decryption shifts bit j
 *    out of the bottom of every word, gathers nibble j, looks it up in the inverse
 *    S-box and writes it to out[]. One 32-byte table holds S and S^-1; the SREG T flag
 *    selects (lookup ORs it into bit 4 of the index).
 *  - Key register: a stack frame holds it twice, D[i] = D[i + n] = reg[i] (n = 10 or
 *    16 key bytes, reg[0] = most significant = D[0] at Y). A rotation right by 8R + s
 *    bits is then one pass, D[i] = low byte of (D[n-R-1+i]:D[n-R+i]) >> s, written in
 *    place (the reads stay ahead), plus a copy to the upper half (dup). Forward step:
 *    rotate left 61 = right 8(n - 8) + 3 (off = n-R-1 = 7, s = 3), S-box on the top
 *    nibble (80) or byte (128), counter RC into key bits 19..15 (80) / 66..62 (128).
 *    Backward step: counter and inverse S-box, then rotate right 61 = 8 * 7 + 5.
 *    Decryption runs 31 forward steps, then one backward step per round.
 *  - Round order: encrypt: out = T ^ K, step, T = P(S(out)); decrypt: T = out ^ K,
 *    out = S^-1(P^-1(T)), step back. The key steps never touch T7..T0.
 *  - Constant time: loops run over public counts (8 bytes, n, rounds, shifts 3 / 5);
 *    the only secret-dependent access is the LPM index (constant timing on AVR).
 *  - The SREG T flag holds the table choice: clear in encryption and in decryption's
 *    forward key run, set in the decryption rounds. Nothing here writes T otherwise.
 *
 * Measured (avrsim, ATtiny45, whole call incl. argument setup and RCALL):
 *                 setkey   encrypt             decrypt
 *   PRESENT-80    84       36415 (4552 c/B)    50494 (6312 c/B)
 *   PRESENT-128   128      42883 (5360 c/B)    65084 (8136 c/B)
 * Flash: 442 bytes for the PRESENT-80 setkey/encrypt/decrypt (tables included);
 * PRESENT-128 adds 14 (its entry points). Stack: 48 bytes (80) / 60 (128) incl. the
 * return address. Routine counts below are from the instruction timings, excluding the
 * caller's RCALL (3 cycles) and including RET (4).
 */
#if defined(__AVR__) && !defined(__AVR_MEGA__) && !defined(__AVR_TINY__) && \
    defined(__AVR_HAVE_MOVW__) && defined(__AVR_HAVE_LPMX__) && !defined(LWC_NO_ASM)

#include <avr/io.h>
#include "present_sbox_bytes.h"

/* Register map */
#define TMP   r18   /* scratch: nibble, LPM result */
#define BYTE  r19   /* scratch: state byte, byte counter; key bytes at entry */
#define SH    r20   /* rotate: bit shift (3 or 5); r20:r21 = in at entry */
#define SC    r21   /* rotate: bit shift counter */
#define OUTL  r22   /* the out block (state buffer), as passed */
#define OUTH  r23
#define RC    r24   /* round counter (key schedule constant); r24:r25 = ks at entry */
#define NKEY  r25   /* key bytes: 10 or 16 */
#define T7    r10   /* state s[7] = out[0] ... */
#define T6    r11
#define T5    r12
#define T4    r13
#define T3    r14
#define T2    r15
#define T1    r16
#define T0    r17   /* ... state s[0] = out[7] */
#define TADDR 10    /* data address of T7: the register copy of the block */
#define SAVE_END 30 /* the core saves and restores r10..r29 */

.section .text.lwc_present_tiny, "ax", @progbits

/* The S-box, then its inverse (lookup selects with the T flag). */
present_tiny_sbox:
    .byte PRESENT_SBOX_BYTES
    .byte PRESENT_INV_SBOX_BYTES

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key): copies the key.
 * 76 cycles (128: 120). Clobbers TMP, BYTE, X, Z.
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
 * Saves r10..r29 (through their data addresses; for the callee-saved T7..T0 and Y).
 * Stack frame: the key register twice, D[0..2n-1] with D[i] = D[i + n] = reg[i]
 * (reg[0] most significant), at Y. One round, key step included: 1150 cycles
 * encrypting, 1185 decrypting (PRESENT-128: 1352, 1447); decryption's forward key run
 * adds 31 * 417 (128: 31 * 619).
 */
present_tiny_core:
    ldi ZL, TADDR
    clr ZH
1:  ld r0, Z+               /* push r10..r29: T7..T0 and Y, plus the call-clobbered */
    push r0                 /* r18..r27 in between (a shorter loop than two ranges) */
    cpi ZL, SAVE_END
    brne 1b
    movw XL, r24
    mov NKEY, BYTE
    lsl BYTE
2:  push r0                 /* reserve 2n bytes */
    dec BYTE
    brne 2b
    in YL, _SFR_IO_ADDR(SPL)
#ifdef __AVR_HAVE_8BIT_SP__
    clr YH
#else
    in YH, _SFR_IO_ADDR(SPH)
#endif
    adiw YL, 1
    movw ZL, YL
    mov BYTE, NKEY
    rcall copy              /* D[0..n-1] = key */
    rcall dup
    movw XL, r20
    ldi RC, 1
    brts decrypt
enc_round:
    movw ZL, OUTL
    rcall xor_key           /* out = X ^ K(RC - 1), X = in, then T */
    rcall key_forward       /* K(RC - 1) -> K(RC) */
    rcall layer_forward     /* T = P(S(out)) */
    ldi XL, TADDR
    clr XH
    inc RC
    cpi RC, 32
    brne enc_round
    rjmp finish

decrypt:
    movw ZL, OUTL
    ldi BYTE, 8
    rcall copy              /* out = in */
    clt
3:  rcall key_forward       /* to K(31) */
    inc RC
    cpi RC, 32
    brne 3b
    set
dec_round:
    dec RC
    movw XL, OUTL
    ldi ZL, TADDR
    clr ZH
    rcall xor_key           /* T = out ^ K(RC) */
    rcall layer_inverse     /* out = S^-1(P^-1(T)) */
    rcall key_backward      /* K(RC) -> K(RC - 1) */
    cpi RC, 1
    brne dec_round
    movw XL, OUTL
finish:
    movw ZL, OUTL
    rcall xor_key           /* out = state ^ K(31) (encrypt) or ^ K(0) (decrypt) */
    mov BYTE, NKEY
    lsl BYTE
4:  pop r0                  /* drop the frame */
    dec BYTE
    brne 4b
    ldi ZL, SAVE_END
    clr ZH
5:  pop r0
    st -Z, r0
    cpi ZL, TADDR
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

/* lookup: TMP = S-box[TMP & 15], the inverse S-box if T is set; 13 cycles. Clobbers Z. */
lookup:
    andi TMP, 15
    bld TMP, 4
    ldi ZL, lo8(present_tiny_sbox)
    ldi ZH, hi8(present_tiny_sbox)
    add ZL, TMP
    adc ZH, r1
    lpm TMP, Z
    ret

/*
 * layer_forward: T7..T0 = pLayer(S-box(out)). Nibbles are taken from s[0] (out[7])
 * upwards. 638 cycles. Clobbers TMP, BYTE, X, Z.
 */
layer_forward:
    movw XL, OUTL
    adiw XL, 8
1:  ld BYTE, -X
    rcall forward_nibble    /* low nibble */
    rcall forward_nibble    /* high nibble */
    cp XL, OUTL
    brne 1b
    ret

.macro SHIFT_BIT_IN hi, lo
    lsr TMP
    ror \hi
    ror \lo
.endm

/* forward_nibble: S-box the low nibble of BYTE, shift its bit k into the top of word
 * k; BYTE is left nibble-swapped for the next call. 34 cycles. */
forward_nibble:
    mov TMP, BYTE
    swap BYTE
    rcall lookup
    SHIFT_BIT_IN T1, T0
    SHIFT_BIT_IN T3, T2
    SHIFT_BIT_IN T5, T4
    SHIFT_BIT_IN T7, T6
    ret

/*
 * layer_inverse: out = inverse S-box(inverse pLayer(T7..T0)). Nibbles come out from
 * j = 0 upwards and are written from out[7] down. 566 cycles. Clobbers TMP, BYTE, X, Z,
 * T7..T0 (shifted out).
 */
layer_inverse:
    movw XL, OUTL
    adiw XL, 8
1:  rcall inverse_nibble
    mov BYTE, TMP
    rcall inverse_nibble
    swap TMP
    or BYTE, TMP
    st -X, BYTE
    cp XL, OUTL
    brne 1b
    ret

.macro SHIFT_BIT_OUT hi, lo
    lsr \hi
    ror \lo
    ror TMP
.endm

/* inverse_nibble: TMP = table(bits 0 of words 3..0), the words shifted right; 28
 * cycles. */
inverse_nibble:
    SHIFT_BIT_OUT T1, T0
    SHIFT_BIT_OUT T3, T2
    SHIFT_BIT_OUT T5, T4
    SHIFT_BIT_OUT T7, T6
    swap TMP
    rjmp lookup

/*
 * key_forward: key register K(RC - 1) -> K(RC): rotate left by 61 bits (= right by
 * 8(n - 8) + 3: off = 7, shift 3), S-box, counter. 410 cycles (128: 612). Clobbers
 * r0, TMP, BYTE, SH, SC, X, Z.
 */
key_forward:
    ldi SH, 3
    movw ZL, YL
    adiw ZL, 7
    rcall rotate
    rcall key_sbox_counter
    rjmp dup

/* key_backward: K(RC) -> K(RC - 1) (T set: inverse S-box): counter, S-box, then rotate
 * right by 61 bits = 8 * 7 + 5 (off = n - 8, shift 5). 517 cycles (128: 779). */
key_backward:
    rcall key_sbox_counter
    ldi SH, 5
    rcall key_end
    sbiw ZL, 8
    rcall rotate
    /* fall through */

/* dup: D[n..2n-1] = D[0..n-1]; 7n + 17 cycles. */
dup:
    movw XL, YL
    rcall key_end
    mov BYTE, NKEY
    rjmp copy

/* key_end: Z = &D[n]; 7 cycles. */
key_end:
    movw ZL, YL
    add ZL, NKEY
    adc ZH, r1
    ret

/*
 * rotate: D[i] = low byte of (D[off + i]:D[off + i + 1]) >> SH for i = 0..n-1, Z =
 * &D[off]: the register rotated right by 8(n - 1 - off) + SH bits. Reads stay ahead of
 * the writes (off > 0) and the upper copy D[n..] is read only. n(9 + 5 SH) + 5 cycles.
 */
rotate:
    movw XL, YL
    mov BYTE, NKEY
1:  ld TMP, Z+
    ld r0, Z
    mov SC, SH
2:  lsr TMP
    ror r0
    dec SC
    brne 2b
    st X+, r0
    dec BYTE
    brne 1b
    ret

/*
 * key_sbox_counter: pass the top nibble (80) or both nibbles (128) of reg[0] through
 * the table (T flag), and XOR RC << 7 (80) or RC << 6 (128) into the big-endian word
 * reg[7]:reg[8] (key bits 19..15 / 66..62). The two touch different bytes, so this
 * serves both directions; both copies D[k], D[n + k] are updated, so that
 * key_backward can rotate without a dup first. 66 cycles (128: 82).
 */
key_sbox_counter:
    ld TMP, Y
    swap TMP
    rcall lookup
    swap TMP
    mov BYTE, TMP           /* new high nibble */
    ld TMP, Y
    sbrc NKEY, 4            /* n = 16 */
    rcall lookup
    andi TMP, 15
    or BYTE, TMP
    rcall key_end
    st Y, BYTE
    st Z, BYTE
    mov TMP, RC
    clr BYTE
    lsr TMP
    ror BYTE
    sbrs NKEY, 4            /* n = 16: one more */
    rjmp 1f
    lsr TMP
    ror BYTE
1:  ldd r0, Y + 7
    eor r0, TMP
    std Y + 7, r0
    std Z + 7, r0
    ldd r0, Y + 8
    eor r0, BYTE
    std Y + 8, r0
    std Z + 8, r0
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
