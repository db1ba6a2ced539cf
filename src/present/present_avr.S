/*
 * PRESENT-64 block encryption and decryption, CTR and the key schedules of PRESENT-80
 * and PRESENT-128 for ATmega AVR cores (MOVW, LPM Rd, Z). One routine pair serves both
 * key sizes: they differ only in the key schedule, whose round keys setkey (end of the
 * file) stores pre-arranged for this code.
 *
 * Design
 *  - Write a state bit index as i = 16 x2 + 4 x1 + x0 (x0 = bit in the nibble, each xk
 *    two bits). The pLayer P(i) = 16 (i mod 4) + i div 4 sends (x2, x1, x0) to
 *    (x0, x2, x1): it only relabels the axes, and P^3 = id. So bits never move for the
 *    pLayer; the S-box of each round acts along whichever physical axis the pLayers so
 *    far have turned into the nibble axis, and the round keys are stored in the layout
 *    of their round (setkey, end of the file).
 *  - Natural layout: the bit with physical index p = (x2, x1, x0) is in register
 *    S(p >> 3), bit p & 7: register number (x2h x2l x1h), bit position (x1l x0h x0l).
 *  - The block is loaded with the pLayer applied once physically (input bit j at
 *    physical index P(j)), so that after the 31 relabelling pLayers the ciphertext is
 *    in the natural layout. Then round r's S-box acts along physical axis
 *        x2 (r = 0 mod 3): planes S0:S1 S2:S3 S4:S5 S6:S7 (MOVW pairs), bitsliced;
 *        x0 (r = 1 mod 3): both nibbles of each register, one LPM from a 256-byte table;
 *        x1 (r = 2 mod 3): x1l is a bit position; one swap-move trades it with register
 *            number bit 1 (x2l) before the S-box and back after it, giving register
 *            number (x2h x1l x1h): planes (S0,S4) (S2,S6) (S1,S5) (S3,S7), bitsliced.
 *  - Per three rounds: three key additions (24 cycles each), two bitsliced S-boxes
 *    (35 and 40), one table round (32) and two swap-moves (26 each).
 *  - The bitsliced S-box leaves planes 2 and 3 complemented; setkey folds that into
 *    the following round key, so no COM is spent. Decryption uses a circuit of
 *    S^-1(x ^ 0xC), which absorbs the same complement, and the inverse table.
 * Constant time: no branch or memory address depends on data except the table index
 * of LPM, whose timing is address-independent on AVR (no cache). The only branches are
 * the loops over the public round count (and setkey's on the key size).
 * The CTR path (after decryption) skips what the fixed counter bytes determine.
 */
#include "../common/lwc_avr.h"
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR

#include "present_sbox_pairs.h"

/* ---- register map ------------------------------------------------------------------ */
#define S0 r18      /* state, natural layout: Sn holds physical bits 8n+7..8n;      */
#define S1 r19      /* S0:S1, S2:S3, S4:S5, S6:S7 are MOVW pairs                     */
#define S2 r20
#define S3 r21
#define S4 r22
#define S5 r23
#define S6 r24
#define S7 r25
#define TL r26      /* T: swap-move and S-box temporary (ANDI needs r16+); X before */
#define TH r27      /* the rounds (input pointer) and after them (output pointer)  */
#define UL r0       /* U: S-box temporary, also the round-key byte in ADDKEY        */
#define UH r1       /* (r1 is cleared before returning)                             */
#define CNT r16     /* loop counter over three-round blocks (callee-saved: pushed)  */
/* Y (r29:r28, pushed): round-key pointer. Z (r31:r30): ZH = S-box table page, ZL = the
 * byte looked up. */
/* Decryption only (callee-saved: pushed): more S-box temporaries. */
#define VL r12
#define VH r13
#define WL r14
#define WH r15

/* ---- S-box tables -------------------------------------------------------------------- */
/* Entry x = S(x & 15) | S(x >> 4) << 4 (generated), 256-byte aligned so that ZL = x.
 * LPM reaches the lower 64 KiB: .progmem sections come first in flash. */
.section .progmem.present_sbox_pairs, "a", @progbits
.balign 256
present_sbox_pairs:
    .byte PRESENT_SBOX_PAIRS_BYTES

.section .progmem.present_inv_sbox_pairs, "a", @progbits
.balign 256
present_inv_sbox_pairs:
    .byte PRESENT_INV_SBOX_PAIRS_BYTES

/* ---- helpers on 16-bit planes (two bytes: low lane, high lane) ---------------------- */

/* Copy a plane: one MOVW when both are register pairs, two MOV otherwise, one MOV for
 * 8-bit planes (CTR, where the high lane is precomputed). */
.macro CPW d0, d1, s0, s1
    movw \d0, \s0
.endm
.macro CP2 d0, d1, s0, s1
    mov  \d0, \s0
    mov  \d1, \s1
.endm
.macro CP1 d0, d1, s0, s1
    mov  \d0, \s0
.endm

/* d = d op s on both lanes; on the low lane only while plane_lanes is 1 (CTR). */
.set plane_lanes, 2
.macro OP2 op, d0, d1, s0, s1
    \op  \d0, \s0
  .if plane_lanes == 2
    \op  \d1, \s1
  .endif
.endm

/* ---- round steps ------------------------------------------------------------------- */

/* S ^= next round key (8 bytes at Y+, byte n for register Sn). 24 cycles. */
.macro ADDKEY_UP
  .irp s, S0, S1, S2, S3, S4, S5, S6, S7
    ld   UL, Y+
    eor  \s, UL
  .endr
.endm

/* S ^= previous round key (8 bytes before Y, read last byte first). 24 cycles. */
.macro ADDKEY_DOWN
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    ld   UL, -Y
    eor  \s, UL
  .endr
.endm

/* Both S-boxes of every register from the table ZH points to. 32 cycles. */
.macro SBOX_TABLE
  .irp s, S0, S1, S2, S3, S4, S5, S6, S7
    mov  r30, \s
    lpm  \s, Z
  .endr
.endm

/*
 * PRESENT S-box on the planes A (bit 0 of each nibble) .. D (bit 3), in place:
 * A = y0, B = y1, C = ~y2, D = ~y3 (the complements are folded into the round keys).
 * Circuit (x0..x3 = a..d): e = d ^ bc, f = c ^ d ^ bd = c ^ e ^ be, g = df, then
 * P = b ^ g = (b | d) ^ cd, M = e ^ g = maj(b, c, d) and
 *   y0 = a ^ c ^ e, y1 = P ^ aM, ~y2 = f ^ aP, ~y3 = P ^ (a | M).
 * 15 gates: 30 cycles + 5 copies (35 with MOVW copies, 40 with MOV pairs). Clobbers T, U.
 */
.macro SBOX a0, a1, b0, b1, c0, c1, d0, d1, copy
    \copy TL, TH, \b0, \b1
    OP2  and, TL, TH, \c0, \c1        /* T = bc */
    OP2  eor, TL, TH, \d0, \d1        /* T = e */
    OP2  eor, \c0, \c1, TL, TH        /* C = c ^ e */
    \copy UL, UH, \b0, \b1
    OP2  and, UL, UH, TL, TH          /* U = be */
    OP2  eor, UL, UH, \c0, \c1        /* U = f */
    OP2  and, \d0, \d1, UL, UH        /* D = g */
    OP2  eor, \b0, \b1, \d0, \d1      /* B = P */
    OP2  eor, \d0, \d1, TL, TH        /* D = M */
    \copy TL, TH, \a0, \a1
    OP2  and, TL, TH, \b0, \b1        /* T = aP */
    OP2  eor, UL, UH, TL, TH          /* U = ~y2 */
    \copy TL, TH, \a0, \a1
    OP2  and, TL, TH, \d0, \d1        /* T = aM */
    OP2  or,  \d0, \d1, \a0, \a1      /* D = a | M */
    OP2  eor, \d0, \d1, \b0, \b1      /* D = ~y3 */
    OP2  eor, \b0, \b1, TL, TH        /* B = y1 */
    OP2  eor, \a0, \a1, \c0, \c1      /* A = y0 */
    \copy \c0, \c1, UL, UH            /* C = ~y2 */
.endm

/*
 * Inverse: (A, B, C, D) = S^-1(x ^ 0xC) for planes x0..x3 = a..d, i.e. the inverse of
 * SBOX including its complements. Each output is a function of (b, c, d) combined
 * with a: with s = b ^ d, r = c | s, v2 = (b ^ c) & s, v1 = s ^ v2, v3 = b ^ r:
 *   x0 = r ^ v1 ^ a, x1 = (b | c) ^ s ^ (a | v1), x2 = (b | c) ^ v3 ^ (a | v2),
 *   x3 = b ^ c ^ d ^ a v3.
 * 18 gates: 36 cycles + 6 copies (42 with MOVW copies, 48 with MOV pairs).
 * Clobbers T, U, V, W.
 */
.macro INVSBOX a0, a1, b0, b1, c0, c1, d0, d1, copy
    \copy TL, TH, \b0, \b1
    OP2  eor, TL, TH, \c0, \c1        /* T = b ^ c */
    \copy UL, UH, \b0, \b1
    OP2  or,  UL, UH, \c0, \c1        /* U = b | c */
    OP2  eor, \d0, \d1, TL, TH        /* D = b ^ c ^ d */
    \copy VL, VH, \d0, \d1
    OP2  eor, VL, VH, \c0, \c1        /* V = s */
    OP2  or,  \c0, \c1, VL, VH        /* C = r */
    OP2  and, TL, TH, VL, VH          /* T = v2 */
    OP2  eor, \b0, \b1, \c0, \c1      /* B = v3 */
    \copy WL, WH, UL, UH
    OP2  eor, WL, WH, VL, VH          /* W = (b | c) ^ s */
    OP2  eor, VL, VH, TL, TH          /* V = v1 */
    OP2  eor, UL, UH, \b0, \b1        /* U = (b | c) ^ v3 */
    OP2  eor, \c0, \c1, VL, VH        /* C = r ^ v1 */
    OP2  and, \b0, \b1, \a0, \a1      /* B = a v3 */
    OP2  eor, \d0, \d1, \b0, \b1      /* D = x3 */
    OP2  or,  VL, VH, \a0, \a1        /* V = a | v1 */
    OP2  eor, WL, WH, VL, VH          /* W = x1 */
    OP2  or,  TL, TH, \a0, \a1        /* T = a | v2 */
    OP2  eor, UL, UH, TL, TH          /* U = x2 */
    OP2  eor, \a0, \a1, \c0, \c1      /* A = x0 */
    \copy \b0, \b1, WL, WH
    \copy \c0, \c1, UL, UH
.endm

/* Planes of the bitsliced rounds, as SBOX/INVSBOX arguments (A .. D, low, high lane). */
#define PLANES_X2 S0, S1, S2, S3, S4, S5, S6, S7, CPW
#define PLANES_X1 S0, S4, S2, S6, S1, S5, S3, S7, CP2

/*
 * Swap-move on two register pairs at once: with s = sh, for both lanes
 *   t = ((x >> s) ^ y) & mask; y ^= t; x ^= t << s
 * exchanges bits p of y with bits p + s of x (p in mask): the register-number bit
 * that tells x from y trades places with bit position log2(s). s = 4 uses SWAP.
 * 13 cycles (s = 1, 4), 17 (s = 2). Clobbers T.
 */
.macro SWAPMOVE x0, x1, y0, y1, sh, mask
    movw TL, \x0
  .if \sh == 4
    swap TL
    swap TH
  .else
    .rept \sh
    lsr  TL
    lsr  TH
    .endr
  .endif
    OP2  eor, TL, TH, \y0, \y1
    andi TL, \mask
    andi TH, \mask
    OP2  eor, \y0, \y1, TL, TH
  .if \sh == 4
    swap TL
    swap TH
  .else
    .rept \sh
    lsl  TL
    lsl  TH
    .endr
  .endif
    OP2  eor, \x0, \x1, TL, TH
.endm

/* Exchange register-number bit 2 (S0..S3 vs S4..S7) with bit position log2(sh). */
.macro XCHG_N2 sh, mask
    SWAPMOVE S0, S1, S4, S5, \sh, \mask
    SWAPMOVE S2, S3, S6, S7, \sh, \mask
.endm

/* Exchange register-number bit 1 (S0,S1,S4,S5 vs S2,S3,S6,S7) with position log2(sh). */
.macro XCHG_N1 sh, mask
    SWAPMOVE S0, S1, S2, S3, \sh, \mask
    SWAPMOVE S4, S5, S6, S7, \sh, \mask
.endm

/* Into and out of the x1 rounds' layout: x2l (register-number bit 1) <-> x1l (bit
 * position 2). Its own inverse. 26 cycles. */
.macro XCHG_X1L_X2L
    XCHG_N1 4, 0x0f
.endm

/*
 * Input bit j = (y2, y1, y0) goes to physical index P(j) = (y0, y2, y1). The block
 * byte in[k] holds bits (y2h y2l y1h) = 7 - k at positions (y1l y0h y0l); it is loaded
 * into register number (y1h y2l y2h) (bit-reversed), and three swap-moves turn
 * register number / bit position ((y1h y2l y2h), (y1l y0h y0l)) into
 *   ((y1h y1l y2h), (y2l y0h y0l)), ((y0h y1l y2h), (y2l y1h y0l)),
 *   ((y0h y0l y2h), (y2l y1h y1l)): the natural layout of P(j). 86 cycles + 16 to load.
 * Decryption stores through the inverse steps (X is T: swap-moves first).
 */
.macro LOAD_PLAYER
  .irp s, S7, S3, S5, S1, S6, S2, S4, S0
    ld   \s, X+
  .endr
    XCHG_N1 4, 0x0f
    XCHG_N2 2, 0x33
    XCHG_N1 1, 0x55
.endm
/* LOAD_PLAYER of the block at X XORed with the message at Z (the CBC-MAC step), each
 * message byte stored at Y (copy) once the block byte at its offset is read (r1 the
 * temporary, cleared after). */
.macro LOAD_PLAYER_XOR_COPY
  .irp s, S7, S3, S5, S1, S6, S2, S4, S0
    ld   \s, X+
    ld   r1, Z+
    st   Y+, r1
    eor  \s, r1
  .endr
    clr  r1
    XCHG_N1 4, 0x0f
    XCHG_N2 2, 0x33
    XCHG_N1 1, 0x55
.endm
.macro INV_PLAYER
    XCHG_N1 1, 0x55
    XCHG_N2 2, 0x33
    XCHG_N1 4, 0x0f
.endm
.macro STORE_PLAYER
  .irp s, S7, S3, S5, S1, S6, S2, S4, S0
    st   X+, \s
  .endr
.endm

/* Natural layout <-> block bytes: in[k] / out[k] is register 7 - k. */
.macro LOAD_NATURAL
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    ld   \s, X+
  .endr
.endm
.macro STORE_NATURAL
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    st   X+, \s
  .endr
.endm

/*
 * present_rounds (local subroutine): rounds 3k .. 30 and key 31. In: S = state before
 * key 3k (natural layout), Y = round key 3k, CNT = 11 - k, ZH = hi8(present_sbox_pairs).
 * Out: S = state after key 31 (natural layout), Y = round keys + 256. Clobbers r0, r1,
 * T, ZL, CNT. By instruction count: 236 cycles per full pass (keys 3 x 24, S-boxes
 * 35 + 32 + 40, swap-moves 2 x 26, loop 5), 89 for the last one (round 30, key 31).
 * Code: 390 bytes.
 */
.section .text.present_rounds, "ax", @progbits
present_rounds:
    /* Rounds 3k (x2), 3k+1 (x0), 3k+2 (x1); the last pass stops after round 30 and
     * key 31. */
1:  ADDKEY_UP
    SBOX PLANES_X2
    ADDKEY_UP
    dec  CNT
    brne 2f
    ret
2:  SBOX_TABLE
    XCHG_X1L_X2L
    ADDKEY_UP
    SBOX PLANES_X1
    XCHG_X1L_X2L
    rjmp 1b
.size present_rounds, . - present_rounds

/*
 * void lwc_present80_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 * (lwc_present128_encrypt is the same code). r25:r24 = ks (round keys pre-arranged by
 * setkey), r23:r22 = out, r21:r20 = in. Clobbers r0, r18-r27, r30, r31; r1 = 0.
 * Constant time (no branch on data). Cycles and flash: docs/BENCHMARKS.md (the flash
 * includes the padding the table's 256-byte alignment costs in a given firmware).
 * Stack: 5 pushes + 2 calls.
 */
.section .text.lwc_present_encrypt, "ax", @progbits
.global lwc_present80_encrypt
.type lwc_present80_encrypt, @function
.global lwc_present128_encrypt
.type lwc_present128_encrypt, @function
lwc_present80_encrypt:
lwc_present128_encrypt:
    push CNT
    push r28
    push r29
    push r22                /* out, popped into X at the end */
    push r23
    movw r28, r24           /* Y = round keys */
    movw TL, r20            /* X = in */
    LOAD_PLAYER
    .global lwc_present_encrypt_loaded
lwc_present_encrypt_loaded:         /* lwc_present_cbc_step continues here */
    ldi  r31, hi8(present_sbox_pairs)
    ldi  CNT, 11
    rcall present_rounds
    pop  TH
    pop  TL
    STORE_NATURAL
    clr  r1
    pop  r29
    pop  r28
    pop  CNT
    ret
.size lwc_present80_encrypt, . - lwc_present80_encrypt
.size lwc_present128_encrypt, . - lwc_present128_encrypt

/*
 * void lwc_present80_cbc_step(const lwc_present_key *ks, uint8_t *chain, const uint8_t *m,
 *                             uint8_t *copy)
 * (lwc_present128_cbc_step is the same code): chain = E(chain ^ m), a step of CBC-MAC
 * (src/modes/mac.c, lwc_cbc_step_fn), m stored at copy as it is read (copy == chain: no
 * copy, the result overwrites it): the block loaded XORed with the message (Y = copy, ks
 * parked in CNT and r0 meanwhile), then the rounds of lwc_present80_encrypt. In: r25:r24 =
 * ks, r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m overlaps neither chain nor copy.
 * Same clobbers as encrypt; cycles: encrypt's + 49.
 */
.section .text.lwc_present_cbc_step, "ax", @progbits
.global lwc_present80_cbc_step
.type lwc_present80_cbc_step, @function
.global lwc_present128_cbc_step
.type lwc_present128_cbc_step, @function
lwc_present80_cbc_step:
lwc_present128_cbc_step:
    push CNT
    push r28
    push r29
    push r22                /* chain: the output, popped into X at the end */
    push r23
    mov  CNT, r24           /* ks, parked while S6 and S7 (r25:r24) are loaded */
    mov  r0, r25
    movw TL, r22            /* X = chain */
    movw r30, r20           /* Z = m */
    movw r28, r18           /* Y = copy */
    LOAD_PLAYER_XOR_COPY
    mov  r28, CNT           /* Y = round keys */
    mov  r29, r0
    LWC_JMP lwc_present_encrypt_loaded
.size lwc_present80_cbc_step, . - lwc_present80_cbc_step
.size lwc_present128_cbc_step, . - lwc_present128_cbc_step

/*
 * void lwc_present80_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 * (lwc_present128_decrypt is the same code). Same registers as encryption plus
 * r12-r15 (pushed). The rounds of encryption backwards, with the inverse S-boxes.
 * Constant time (no branch on data). Cycles and flash: docs/BENCHMARKS.md. Stack: 9
 * pushes.
 */
.section .text.lwc_present_decrypt, "ax", @progbits
.global lwc_present80_decrypt
.type lwc_present80_decrypt, @function
.global lwc_present128_decrypt
.type lwc_present128_decrypt, @function
lwc_present80_decrypt:
lwc_present128_decrypt:
    push CNT
    push r28
    push r29
    push VL
    push VH
    push WL
    push WH
    push r22
    push r23
    movw r28, r24
    inc  r29                /* Y = end of the 32 round keys (256 bytes) */
    movw TL, r20
    LOAD_NATURAL
    ADDKEY_DOWN
    ldi  r31, hi8(present_inv_sbox_pairs)
    ldi  CNT, 11
    /* Rounds 3k+3 (x2), 3k+2 (x1), 3k+1 (x0), k = 9 .. -1; the last pass ends after
     * round 0 and key 0. */
1:  INVSBOX PLANES_X2
    ADDKEY_DOWN
    dec  CNT
    brne 2f
    rjmp 3f
2:  XCHG_X1L_X2L
    INVSBOX PLANES_X1
    ADDKEY_DOWN
    XCHG_X1L_X2L
    SBOX_TABLE
    ADDKEY_DOWN
    rjmp 1b
3:  INV_PLAYER
    pop  TH
    pop  TL
    STORE_PLAYER
    clr  r1
    pop  WH
    pop  WL
    pop  VH
    pop  VL
    pop  r29
    pop  r28
    pop  CNT
    ret
.size lwc_present80_decrypt, . - lwc_present80_decrypt
.size lwc_present128_decrypt, . - lwc_present128_decrypt

/* ==== CTR mode ======================================================================== */
/*
 * lwc_present_ctr (include/lwc/present.h, ATmega build): ks (256 bytes), counter[8] at
 * offset 256 (the NEXT counter block, big-endian: counter[7] is its least significant
 * byte), pre_valid at 264, pre[8] at 265 (E0..E3, O0..O3 below), then stream and used
 * (C). The division of work with present.c is the assembly CTR contract of
 * src/common/lwc_internal.h: present.c cuts the work at window ends, carries into the
 * bytes above the window and clears pre_valid; this code rebuilds pre when pre_valid is 0.
 *
 * Precomputation (derivation for the layout above). Window: the low W = 16 or 32 bits
 * of the counter (LWC_PRESENT_CTR_WINDOW), i.e. the bytes counter[8 - W/8 .. 7]; the
 * rest is fixed until the window wraps.
 *  - Loading: counter[k] goes to register bitrev(7 - k), i.e. counter[4..7] to the even
 *    registers S6 S2 S4 S0 and counter[0..3] to the odd ones; the three swap-moves of
 *    LOAD_PLAYER exchange register-number bits 1 and 2 with bit positions, never bit 0,
 *    so odd and even registers never mix: after key 0, the odd registers are fixed, and
 *    the even ones are (linear) T(window bytes) ^ E with E = the even registers of the
 *    fixed part and key 0 (for W = 32, E is key 0's even bytes).
 *  - Round 0 (axis x2) works on the planes S0:S1 .. S6:S7: the odd registers are the
 *    high lanes, fixed; the even ones go through an 8-bit S-box.
 *  - Key 1, the table round 1 and XCHG_X1L_X2L (pairs S0/S2, S1/S3, S4/S6, S5/S7) and
 *    key 2 keep even and odd apart too: the odd registers before round 2's S-box are
 *    fixed (O0..O3 for S1 S3 S5 S7), the even ones take 4 LD/EOR, 4 LPM, 2 byte
 *    swap-moves and 4 LD/EOR.
 *  - Round 2 (axis x1, planes (S0,S4) (S2,S6) (S1,S5) (S3,S7)) mixes them: from its
 *    S-box on, everything is computed per block.
 * So a block skips: the swap-moves of the fixed bytes, their key additions of rounds
 * 0..2, the high lanes of round 0's S-box and half of round 1's table; with W = 16 the
 * window conversion T takes two bytes instead of four (about 21 cycles less per block:
 * docs/BENCHMARKS.md, asm against asm-w32), so W = 16 is the default. No RAM table: the 16 window
 * bits land in bits 0..3 of the four even registers, so after round 0 each even register
 * still has 4 varying bits; a per-window 16-entry table replacing its key 1 + LPM would
 * save about 1 cycle per lookup (estimate by instruction count, not built).
 * Rebuild (pre_valid = 0 on entry: after setiv, or when the previous call ended a
 * window), E and O are rebuilt by running rounds 0..2 on all registers:
 *  - separate variant (default): on the counter block with its window bits zero, then
 *    every block of the call takes the fast path;
 *  - online variant (LWC_CTR_ONLINE): the call's first block is itself encrypted in full
 *    (window conversion first, into E, then the fixed part, swapped in after key 0),
 *    capturing E and O on the way.
 */

/* Precomputed bytes (registers during lwc_present_ctr_blocks). */
#define E0 r2       /* even registers S0 S2 S4 S6 after key 0, without the window */
#define E1 r3
#define E2 r4
#define E3 r5
#define O0 r6       /* odd registers S1 S3 S5 S7 before round 2's S-box */
#define O1 r7
#define O2 r8
#define O3 r9
#define OUTL r10    /* output pointer (r11:r10) */
#define OUTH r11
#define INL r12     /* input pointer (r13:r12) */
#define INH r13
#define NB r14      /* remaining blocks */
/* CNT (r16) as in encryption. Y: ctx + 256 (counter) between blocks, round keys
 * during the rounds. Z: ZH = table page, ZL = looked-up byte. */

#define CTX_VALID 8 /* offsets from ctx + 256 */
#define CTX_PRE 9

/* Byte swap-move: t = ((x >> sh) ^ y) & mask; y ^= t; x ^= t << sh. Clobbers TL. */
.macro SWAPMOVE1 x, y, sh, mask
    mov  TL, \x
  .if \sh == 4
    swap TL
  .else
    .rept \sh
    lsr  TL
    .endr
  .endif
    eor  TL, \y
    andi TL, \mask
    eor  \y, TL
  .if \sh == 4
    swap TL
  .else
    .rept \sh
    lsl  TL
    .endr
  .endif
    eor  \x, TL
.endm

/*
 * Even registers = T(window bytes of the counter at Y): LOAD_PLAYER on the even
 * registers only (for W = 16, S2 = S6 = 0 on loading, which simplifies the first
 * swap-move). 54 cycles (W = 32), 44 (W = 16).
 */
.macro WINDOW_CONVERT
#if LWC_PRESENT_CTR_WINDOW == 32
    ldd  S6, Y+4
    ldd  S2, Y+5
    ldd  S4, Y+6
    ldd  S0, Y+7
    SWAPMOVE1 S0, S2, 4, 0x0f
    SWAPMOVE1 S4, S6, 4, 0x0f
#else
    ldd  S4, Y+6
    ldd  S0, Y+7
    mov  S2, S0             /* SWAPMOVE1 with y = 0 */
    swap S2
    andi S2, 0x0f
    andi S0, 0x0f
    mov  S6, S4
    swap S6
    andi S6, 0x0f
    andi S4, 0x0f
#endif
    SWAPMOVE1 S0, S4, 2, 0x33
    SWAPMOVE1 S2, S6, 2, 0x33
    SWAPMOVE1 S0, S2, 1, 0x55
    SWAPMOVE1 S4, S6, 1, 0x55
.endm

/* All registers = LOAD_PLAYER of the counter block at Y with its window bits zero. */
.macro FIXED_CONVERT
    ldd  S7, Y+0
    ldd  S3, Y+1
    ldd  S5, Y+2
    ldd  S1, Y+3
#if LWC_PRESENT_CTR_WINDOW == 32
    clr  S6
    clr  S2
#else
    ldd  S6, Y+4
    ldd  S2, Y+5
#endif
    clr  S4
    clr  S0
    XCHG_N1 4, 0x0f
    XCHG_N2 2, 0x33
    XCHG_N1 1, 0x55
.endm

/* Rounds 0 .. key 2 on all registers, from key 0 on; Y = ctx on entry, ctx + 24 on
 * exit. ENTRY_STEP runs after key 0 (capture or swap in E). O captured at the end. */
.macro FULL_FIRST_ROUNDS entry_step
    ADDKEY_UP
    \entry_step
    ldi  r31, hi8(present_sbox_pairs)
    SBOX PLANES_X2
    ADDKEY_UP
    SBOX_TABLE
    XCHG_X1L_X2L
    ADDKEY_UP
    mov  O0, S1
    mov  O1, S3
    mov  O2, S5
    mov  O3, S7
.endm

/* Even registers ^= bytes 0, 2, 4, 6 of the round key at Y + off (then, with table,
 * both S-boxes of each from the table). */
.macro KEY_EVEN off, table=0
    .set key_off, \off
    .irp s, S0, S2, S4, S6
    ldd  r0, Y+key_off
    eor  \s, r0
  .if \table
    mov  r30, \s
    lpm  \s, Z
  .endif
    .set key_off, key_off + 2
    .endr
.endm
.macro KEY_TABLE_EVEN off
    KEY_EVEN \off, 1
.endm

#ifdef LWC_CTR_ONLINE
/* Online capture after key 0: the even registers hold the fixed part (the new E) and E
 * holds T(window); exchange them while adding T(window) into the state. 12 cycles. */
.macro SWAP_IN s, e
    mov  r0, \s
    eor  \s, \e
    mov  \e, r0
.endm
.macro SWAP_IN_E
    SWAP_IN S0, E0
    SWAP_IN S2, E1
    SWAP_IN S4, E2
    SWAP_IN S6, E3
.endm
#endif

.macro CAPTURE_E
    mov  E0, S0
    mov  E1, S2
    mov  E2, S4
    mov  E3, S6
.endm

/* Saves (st) or restores (ld) E0..E3, O0..O3 at ctx->pre; Y = ctx + 256. 16 cycles. */
.macro PRE_IO dir
    .set pre_off, CTX_PRE
    .irp k, E0, E1, E2, E3, O0, O1, O2, O3
  .ifc \dir, st
    std  Y+pre_off, \k
  .else
    ldd  \k, Y+pre_off
  .endif
    .set pre_off, pre_off + 1
    .endr
.endm

/* Push or pop the callee-saved registers used by the CTR routine. */
#define CTR_SAVED r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r16, r28, r29
#define CTR_SAVED_REV r29, r28, r16, r14, r13, r12, r11, r10, r9, r8, r7, r6, r5, r4, r3, r2

/*
 * void lwc_present_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                             uint8_t nblocks)
 * The assembly side of the CTR contract (src/common/lwc_internal.h), for
 * lwc_present*_ctr_crypt (present.c). counter: the counter of an lwc_present_ctr
 * (ctx + 256). nblocks >= 1 blocks within
 * the counter's window: out[0..8n) = in ^ E_K(counter), E_K(counter + 1), ...; adds n to
 * the window bits of ctx->counter (the bytes above are left to present.c); out == in
 * allowed. If ctx->pre_valid is 0, first rebuilds ctx->pre and sets pre_valid.
 * In: r25:r24 = counter, r23:r22 = out, r21:r20 = in, r18 = nblocks.
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared). Stack: 18 bytes (16 registers and the
 * return address) + 2 in present_rounds.
 * Timing: depends only on nblocks and on pre_valid (public), never on the key or the
 * data. Cycles and flash: docs/BENCHMARKS.md (asm, asm-online, asm-w32, asm-online-w32).
 */
.section .text.lwc_present_ctr_blocks, "ax", @progbits
.global lwc_present_ctr_blocks
.type lwc_present_ctr_blocks, @function
lwc_present_ctr_blocks:
    .irp r, CTR_SAVED
    push \r
    .endr
    mov  NB, r18
    movw OUTL, r22
    movw INL, r20
    movw r28, r24           /* Y = ctx->counter = ctx + 256 */
    ldd  r0, Y+CTX_VALID
#ifdef LWC_CTR_ONLINE
    /* T: the block being encrypted is the first of a new window, encrypted in full while
     * E and O are captured (after its window conversion, at .Lcapture). */
    clt
    sbrc r0, 0
    rjmp .Lvalid
    set
    rjmp .Lfast
1:  rjmp .Lcapture          /* within reach of the BRTS below */
#else
    sbrc r0, 0
    rjmp .Lvalid
    /* A new window: the separate pass on the counter block with its window bits zero;
     * its state is discarded. */
    ldi  TL, 1
    std  Y+CTX_VALID, TL
    FIXED_CONVERT
    dec  r29                /* Y = ctx */
    FULL_FIRST_ROUNDS CAPTURE_E
    sbiw r28, 24
    inc  r29                /* Y = ctx + 256 */
    PRE_IO st
    rjmp .Lfast
#endif
.Lvalid:
    PRE_IO ld
.Lfast:
    WINDOW_CONVERT
#ifdef LWC_CTR_ONLINE
    brts 1b
#endif
    dec  r29                /* Y = ctx */
    eor  S0, E0
    eor  S2, E1
    eor  S4, E2
    eor  S6, E3
    /* Round 0: 8-bit planes (the odd high lanes are in O). */
    .set plane_lanes, 1
    SBOX S0, _, S2, _, S4, _, S6, _, CP1
    .set plane_lanes, 2
    ldi  r31, hi8(present_sbox_pairs)
    KEY_TABLE_EVEN 8        /* key 1 and round 1 on the even registers */
    SWAPMOVE1 S0, S2, 4, 0x0f
    SWAPMOVE1 S4, S6, 4, 0x0f
    KEY_EVEN 16             /* key 2 */
    mov  S1, O0
    mov  S3, O1
    mov  S5, O2
    mov  S7, O3
    adiw r28, 24            /* Y = round key 3 */
.Lround2:
    SBOX PLANES_X1
    XCHG_X1L_X2L
    ldi  CNT, 10
    rcall present_rounds    /* rounds 3..30, key 31; Y = ctx + 256 */
    /* Keystream (natural layout: out[k] from S(7 - k)) XOR input. */
    movw r26, INL
    movw r30, OUTL
    .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    ld   r0, X+
    eor  \s, r0
    st   Z+, \s
    .endr
    movw INL, r26
    movw OUTL, r30
    /* Counter + 1 within the window (present.c carries out of it). */
    ldd  r30, Y+7
    ldd  r31, Y+6
    adiw r30, 1
    std  Y+7, r30
    std  Y+6, r31
#if LWC_PRESENT_CTR_WINDOW == 32
    ldd  r30, Y+5
    ldd  r31, Y+4
    clr  r1
    adc  r30, r1
    adc  r31, r1
    std  Y+5, r30
    std  Y+4, r31
#endif
    dec  NB
    breq 2f
    rjmp .Lfast
2:  .irp r, CTR_SAVED_REV
    pop  \r
    .endr
    clr  r1
    ret
#ifdef LWC_CTR_ONLINE
.Lcapture:
    clt
    ldi  TL, 1
    std  Y+CTX_VALID, TL
    CAPTURE_E               /* E = T(window) for now */
    FIXED_CONVERT
    dec  r29                /* Y = ctx */
    FULL_FIRST_ROUNDS SWAP_IN_E
    movw r26, r28           /* X = ctx->pre (Y = ctx + 24) */
    subi r26, lo8(24 - 256 - CTX_PRE)
    sbci r27, hi8(24 - 256 - CTX_PRE)
    .irp k, E0, E1, E2, E3, O0, O1, O2, O3
    st   X+, \k
    .endr
    rjmp .Lround2
#endif
.size lwc_present_ctr_blocks, . - lwc_present_ctr_blocks

/* ==== Key schedule ====================================================================== */
/*
 * Round key r is the 64 most significant bits of the key register (paper: bits 79..16 /
 * 127..64); the C reference (present.c) stores it as rk[r][b] = bits 8b+7..8b. The
 * rounds above want it arranged for round r's layout, with the output complements of
 * the bitsliced S-box folded in:
 *  - Layout: state bit j of round r sits at physical index P^(1 - r)(j) (the block is
 *    loaded with P applied once), so round key r is permuted by P (r = 0 mod 3), kept
 *    (r = 1) or permuted by P^-1 (r = 2); in the rounds r = 2 mod 3 the state has also
 *    traded register-number bit 1 with bit position 2 (XCHG_X1L_X2L), so that key too.
 *  - Complements: the bitsliced S-box (rounds r = 0, 2 mod 3) leaves bits 2 and 3 of
 *    every nibble complemented, which the pLayer moves to state bits 32..63, i.e. round
 *    key bytes 4..7: complemented in round keys r = 0, 1 mod 3 except key 0 (the key
 *    additions after the S-boxes of rounds 3k - 1 and 3k); the S-box of rounds 3k + 1
 *    is the table, exact, so keys r = 2 mod 3 are not complemented.
 * Both permutations act on the bits of the index i = 8n + p (register number n = i5 i4
 * i3, bit position p = i2 i1 i0), so they are done with swap-moves, each exchanging one
 * bit of n with one bit of p (XCHG_N1, XCHG_N2 above, XCHG_N0_P1 below); the bits of n
 * among themselves are just register names. Round key byte b starts in register Sb:
 *  - P sends index (i5 .. i0) to (i1 i0 i5 i4 i3 i2): after the complement of S4..S7,
 *    n1 <-> p2, n0 <-> p1, n1 <-> p0 leave register number (i5 i0 i1), bit position
 *    (i4 i3 i2): output byte (i1 i0 i5) is register bitrev(that).
 *  - P^-1 sends (i5 .. i0) to (i3 i2 i1 i0 i5 i4), and the exchange of n1 and p2 then
 *    makes it register number (i3 i0 i1), bit position (i2 i5 i4): n2 <-> p1, n1 <-> p0
 *    leave register number (i1 i0 i3), again byte bitrev(register number).
 * Key register: byte i of the paper's big-endian register (byte 0 = most significant)
 * in r(15 - i), i.e. a little-endian integer in r0..r15 (PRESENT-128) or r6..r15
 * (PRESENT-80); round key byte b is r(8 + b) for both. The rotation left by 61 is a
 * rotation right by 67 = 64 + 3 (128) or 19 = 16 + 3 (80): register pairs moved with
 * MOVW, then three 1-bit rotations through the carry (not through SREG T, which holds
 * the key size).
 * Constant time: the only branches are on the public round counter and key size.
 */
#define KEYCOMP r16 /* complement of key bytes 4..7 in round keys 3k: 0 for key 0, then 0xff */
#define KEYRC   r17 /* round counter: index of the round key the key register holds */
/* S0..S7: the round key being arranged; T: temporaries; Y: where the next round key
 * goes; Z: ZH = hi8(present_sbox_pairs), ZL = the byte looked up. */

/* Exchange register-number bit 0 (even vs odd registers) with bit position 1. 36
 * cycles. Clobbers TL. */
.macro XCHG_N0_P1
    SWAPMOVE1 S0, S1, 2, 0x33
    SWAPMOVE1 S2, S3, 2, 0x33
    SWAPMOVE1 S4, S5, 2, 0x33
    SWAPMOVE1 S6, S7, 2, 0x33
.endm

/* S0..S7 = the round key in the key register (r8..r15). 4 cycles. */
.macro ROUND_KEY_TO_S
    movw S0, r8
    movw S2, r10
    movw S4, r12
    movw S6, r14
.endm

/*
 * Local subroutines storing the round key of the key register at Y (Y += 8) arranged
 * for round r: store_rk_p (r = 0 mod 3), store_rk_plain (1), store_rk_inv_p (2). Cycles
 * with RCALL and RET by instruction count: 121, 29, 87. Clobbers S0..S7, TL, TH.
 */
.section .text.present_store_rk, "ax", @progbits
store_rk_p:
    ROUND_KEY_TO_S
  .irp s, S4, S5, S6, S7
    eor  \s, KEYCOMP
  .endr
    XCHG_N1 4, 0x0f
    XCHG_N0_P1
    rjmp 1f                 /* n1 <-> p0 and the store as for P^-1 */
.size store_rk_p, . - store_rk_p

store_rk_plain:
    movw S4, r12
    movw S6, r14
  .irp s, S4, S5, S6, S7
    com  \s
  .endr
  .irp s, r8, r9, r10, r11, S4, S5, S6, S7
    st   Y+, \s
  .endr
    ret
.size store_rk_plain, . - store_rk_plain

store_rk_inv_p:
    ROUND_KEY_TO_S
    XCHG_N2 2, 0x33
1:  XCHG_N1 1, 0x55
  .irp s, S0, S4, S2, S6, S1, S5, S3, S7 /* byte k from register bitrev(k) */
    st   Y+, \s
  .endr
    ret
.size store_rk_inv_p, . - store_rk_inv_p

/*
 * key_step (local subroutine): the key register one step on, KEYRC += 1 (then the
 * index of the round key it holds): rotate left by 61, S-box on the top nibble (80:
 * SREG T clear) or the top two (128: T set), KEYRC into bits 19..15 (80) or 66..62
 * (128). Cycles with RCALL and RET by instruction count: 64 (80), 88 (128). Clobbers
 * TL, TH, ZL.
 */
.section .text.present_key_step, "ax", @progbits
key_step:
    inc  KEYRC
    brts 1f
    /* PRESENT-80: r6..r15 right by 16 bits, then by 3. */
    movw TL, r6
    movw r6, r8
    movw r8, r10
    movw r10, r12
    movw r12, r14
    movw r14, TL
  .rept 3
    mov  TL, r6           /* carry = bit 0, rotated into bit 7 of r15 */
    lsr  TL
  .irp k, r15, r14, r13, r12, r11, r10, r9, r8, r7, r6
    ror  \k
  .endr
  .endr
    /* Top nibble through the S-box: the pair table's high nibble is S(r15 >> 4). */
    mov  ZL, r15
    lpm  TL, Z
    eor  TL, r15
    andi TL, 0xf0
    eor  r15, TL
    /* Bits 19..15: r8 (byte 7) bits 3..0 = KEYRC >> 1, r7 (byte 8) bit 7 = KEYRC & 1. */
    mov  TL, KEYRC
    lsr  TL
    eor  r8, TL
    clr  TL                 /* keeps the carry */
    ror  TL
    eor  r7, TL
    ret
1:  /* PRESENT-128: exchange r0..r7 and r8..r15 (right by 64 bits), then right by 3. */
    movw TL, r0
    movw r0, r8
    movw r8, TL
    movw TL, r2
    movw r2, r10
    movw r10, TL
    movw TL, r4
    movw r4, r12
    movw r12, TL
    movw TL, r6
    movw r6, r14
    movw r14, TL
  .rept 3
    mov  TL, r0           /* carry = bit 0, rotated into bit 7 of r15 */
    lsr  TL
  .irp k, r15, r14, r13, r12, r11, r10, r9, r8, r7, r6, r5, r4, r3, r2, r1, r0
    ror  \k
  .endr
  .endr
    mov  ZL, r15            /* both top nibbles through the S-box */
    lpm  r15, Z
    /* Bits 66..62: r8 (byte 7) bits 2..0 = KEYRC >> 2, r7 (byte 8) bits 7..6 = KEYRC & 3. */
    mov  TL, KEYRC
    clr  TH
    lsr  TL
    ror  TH
    lsr  TL
    ror  TH
    eor  r8, TL
    eor  r7, TH
    ret
.size key_step, . - key_step

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key)
 * void lwc_present128_setkey(lwc_present_key *ks, const uint8_t *key)
 * ks->rk[r] = round key r arranged for the rounds above. In: r25:r24 = ks, r23:r22 =
 * key (10 or 16 bytes). Clobbers r0 (left 0), r18-r27, r30, r31 (the ones that held
 * key material cleared; r2..r17 are restored); r1 = 0. Stack: 18 pushes + 2 calls.
 * Constant time (no branch on key bits). Cycles and flash: docs/BENCHMARKS.md (setkey);
 * the S-box pair table is shared with encryption.
 */
.section .text.lwc_present_setkey, "ax", @progbits
.global lwc_present80_setkey
.type lwc_present80_setkey, @function
.global lwc_present128_setkey
.type lwc_present128_setkey, @function
lwc_present80_setkey:
    clt
    rjmp 1f
lwc_present128_setkey:
    set
1:
  .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    push r\r
  .endr
    movw r28, r24           /* Y = ks */
    movw r30, r22           /* Z = key */
  .irp r, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6
    ld   r\r, Z+
  .endr
    brtc 2f
  .irp r, 5, 4, 3, 2, 1, 0
    ld   r\r, Z+
  .endr
2:  ldi  r31, hi8(present_sbox_pairs)
    clr  KEYRC
    clr  KEYCOMP
    /* Round keys 3k, 3k+1, 3k+2 per pass; the last pass stops after key 31. */
3:  rcall store_rk_p
    ldi  KEYCOMP, 0xff
    rcall key_step
    rcall store_rk_plain
    cpi  KEYRC, 31          /* the last round key */
    breq 4f
    rcall key_step
    rcall store_rk_inv_p
    rcall key_step
    rjmp 3b
4:  clr  r0
    clr  r1
  .irp r, S0, S2, S4, S6, TL
    movw \r, r0
  .endr
    clr  ZL
  .irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
    pop  r\r
  .endr
    ret
.size lwc_present80_setkey, . - lwc_present80_setkey
.size lwc_present128_setkey, . - lwc_present128_setkey

#endif
