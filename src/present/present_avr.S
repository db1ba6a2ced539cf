/*
 * PRESENT-64 block encryption and decryption for ATmega AVR cores (MOVW), bitsliced.
 * One routine pair serves PRESENT-80 and PRESENT-128: they differ only in the key
 * schedule, which present.c computes and stores pre-arranged for this code (see
 * present_bitslice_round_key there).
 *
 * Design
 *  - State bit i (i = 16a + 4b + c: bit c of nibble 4a + b) is held in eight registers
 *    S0..S7; its place is register n, bit t, both 3-bit numbers built from the six
 *    index bits i5..i0. Bit-slicing the S-box needs the two "c" bits in the register
 *    number, so that four registers (pairs) are the four bit planes of the S-box.
 *  - The pLayer sends (a, b, c) to (c, a, b): after it, the index bits that must be in
 *    the register number are the old "b" bits. Rather than restoring one fixed layout
 *    every round, three layouts take turns (phase = round mod 3) and the code is
 *    unrolled over three rounds:
 *        phase 0: n = (i1 i3 i0), t = (i2 i5 i4)   planes (S0,S2) (S1,S3) (S4,S6) (S5,S7)
 *        phase 1: n = (i0 i1 i4), t = (i5 i3 i2)   planes S0:S1 S4:S5 S2:S3 S6:S7
 *        phase 2: n = (i0 i1 i2), t = (i3 i5 i4)   planes as phase 1
 *    (bits listed most significant first). With the pLayer read as a relabelling,
 *    each change of phase is a few exchanges of one register-number bit with one bit
 *    position (a swap-move between register pairs): 0->1 one, 1->2 two, 2->0 three.
 *    One index bit (i0 of phase 0) stays the pair-internal bit, so each swap-move
 *    moves two register pairs at once with MOVW.
 *  - The round keys are stored in the layout of their round's phase, so the key
 *    addition is eight LD/EOR. The S-box circuit leaves planes 2 and 3 complemented;
 *    the key schedule folds that into round keys 1..31, so no COM is spent.
 *  - The S-box is a 15-gate boolean circuit on whole planes (no table); decryption uses
 *    a circuit of S^-1(x ^ 0xC), which absorbs the same complement on its input.
 *  - Block bytes are loaded straight into a layout two swap-moves away from phase 0
 *    (and stored from one three swap-moves away from phase 1).
 * Constant time: no branch or memory address depends on data; the only branches are
 * the loop over the public round count.
 */
#if defined(__AVR_MEGA__) && !defined(LWC_NO_ASM)

/* ---- register map ------------------------------------------------------------------ */
#define S0 r18      /* state: see the layouts above; S0:S1, S2:S3, S4:S5, S6:S7 are */
#define S1 r19      /* MOVW pairs                                                    */
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
#define CNT r28     /* loop counter over three-round blocks (callee-saved: pushed)  */
#define ZERO r29    /* 0, compared with CNT (callee-saved: pushed)                  */
/* Decryption only (callee-saved: pushed): more S-box temporaries. */
#define VL r16
#define VH r17
#define WL r14
#define WH r15
/* Z (r31:r30): round-key pointer. */

/* ---- helpers on 16-bit planes (two bytes: low lane, high lane) ---------------------- */

/* Copy a plane: one MOVW when both are register pairs, two MOV otherwise. */
.macro CPW d0, d1, s0, s1
    movw \d0, \s0
.endm
.macro CP2 d0, d1, s0, s1
    mov  \d0, \s0
    mov  \d1, \s1
.endm

/* d = d op s on both lanes. */
.macro OP2 op, d0, d1, s0, s1
    \op  \d0, \s0
    \op  \d1, \s1
.endm

/* ---- round steps ------------------------------------------------------------------- */

/* S ^= next round key (8 bytes at Z+, byte n for register Sn). 24 cycles. */
.macro ADDKEY_UP
  .irp s, S0, S1, S2, S3, S4, S5, S6, S7
    ld   UL, Z+
    eor  \s, UL
  .endr
.endm

/* S ^= previous round key (8 bytes before Z, read last byte first). 24 cycles. */
.macro ADDKEY_DOWN
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    ld   UL, -Z
    eor  \s, UL
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

/* Plane sets of the phases, as SBOX/INVSBOX arguments (slot 0 .. 3, low, high lane). */
#define PLANES_0 S0, S2, S1, S3, S4, S6, S5, S7, CP2
#define PLANES_12 S0, S1, S4, S5, S2, S3, S6, S7, CPW

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

/* Exchange register-number bit 0 (even vs odd register) with bit position 0: the
 * only swap-move within MOVW pairs, so one byte pair at a time (7 cycles; 28 for
 * XCHG_N0_P0). Clobbers TL. */
.macro SWAPMOVE_B x, y
    mov  TL, \x
    lsr  TL
    eor  TL, \y
    andi TL, 0x55
    eor  \y, TL
    lsl  TL
    eor  \x, TL
.endm
.macro XCHG_N0_P0
    SWAPMOVE_B S0, S1
    SWAPMOVE_B S2, S3
    SWAPMOVE_B S4, S5
    SWAPMOVE_B S6, S7
.endm

/* Phase changes (after the S-box; 26, 60 and 86 cycles). A swap-move is its own
 * inverse, so decryption runs each of them backwards. */
.macro PHASE_0_TO_1
    XCHG_N2 4, 0x0f
.endm
.macro PHASE_1_TO_2
    XCHG_N2 1, 0x55
    XCHG_N1 2, 0x33
.endm
.macro PHASE_2_TO_0
    XCHG_N2 1, 0x55
    XCHG_N2 4, 0x0f
    XCHG_N1 2, 0x33
.endm

/*
 * Block byte in[k] holds state bits i with (i5 i4 i3) = 7 - k at positions (i2 i1 i0);
 * it goes to register n = (i5 i3 i4): in[0..7] -> S7 S5 S6 S4 S3 S1 S2 S0. The store
 * uses the same map.
 */
.macro LOAD_BLOCK
  .irp s, S7, S5, S6, S4, S3, S1, S2, S0
    ld   \s, X+
  .endr
.endm
.macro STORE_BLOCK
  .irp s, S7, S5, S6, S4, S3, S1, S2, S0
    st   X+, \s
  .endr
.endm

/*
 * void lwc_present80_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 * (lwc_present128_encrypt is the same code). r25:r24 = ks (round keys pre-arranged by
 * present.c), r23:r22 = out, r21:r20 = in. Clobbers r0, r18-r27, r30, r31; r1 = 0.
 * 3925 cycles including RET (constant): 90 before the rounds, 10 x 360 per three
 * rounds (keys 24+24+24, S-boxes 40+35+35, phase changes 26+60+86, loop 6), 206 for
 * round 30 with key 31 and the store conversion, 29 after. 854 bytes. Stack: 4 pushes.
 */
.section .text.lwc_present_encrypt, "ax", @progbits
.global lwc_present80_encrypt
.type lwc_present80_encrypt, @function
.global lwc_present128_encrypt
.type lwc_present128_encrypt, @function
lwc_present80_encrypt:
lwc_present128_encrypt:
    push CNT
    push ZERO
    push r22                /* out, popped into X at the end */
    push r23
    movw r30, r24           /* Z = round keys */
    movw TL, r20            /* X = in */
    LOAD_BLOCK
    /* (n, t) = ((i5 i3 i4), (i2 i1 i0)) -> phase 0 ((i1 i3 i0), (i2 i5 i4)) */
    XCHG_N2 2, 0x33
    XCHG_N0_P0
    ldi  CNT, 11
    clr  ZERO
    /* Rounds 3k, 3k+1, 3k+2; the 11th pass stops after round 30 and key 31. */
1:  ADDKEY_UP
    SBOX PLANES_0
    PHASE_0_TO_1
    ADDKEY_UP
    dec  CNT
    brne 2f
    rjmp 3f
2:  SBOX PLANES_12
    PHASE_1_TO_2
    ADDKEY_UP
    SBOX PLANES_12
    /* Phase 2 -> 0; after the last key the same swap-moves bring phase 1 to the
     * store layout ((i5 i3 i4), (i2 i1 i0)). */
3:  PHASE_2_TO_0
    cpse CNT, ZERO
    rjmp 1b
    pop  TH
    pop  TL
    STORE_BLOCK
    clr  r1
    pop  ZERO
    pop  CNT
    ret
.size lwc_present80_encrypt, . - lwc_present80_encrypt
.size lwc_present128_encrypt, . - lwc_present128_encrypt

/*
 * void lwc_present80_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 * (lwc_present128_decrypt is the same code). Same registers as encryption, except r29,
 * plus r14-r17 (pushed). 4153 cycles including RET (constant): 144 before the loop
 * (with key 31), 10 x 381 per three rounds (keys 3 x 24, inverse S-boxes 48+42+42,
 * phase changes 26+86+60, loop 5), 102 for round 0, 97 after. 1112 bytes. Stack: 7
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
    push VH
    push VL
    push WH
    push WL
    push r22
    push r23
    movw r30, r24
    inc  r31                /* Z = end of the 32 round keys (256 bytes) */
    movw TL, r20
    LOAD_BLOCK
    /* load layout -> phase 1: PHASE_2_TO_0 backwards */
    XCHG_N1 2, 0x33
    XCHG_N2 4, 0x0f
    XCHG_N2 1, 0x55
    ADDKEY_DOWN
    ldi  CNT, 11
    /* Rounds 3k+3 (phase 0), 3k+2, 3k+1, k = 10 .. 0; the last pass ends at round 0. */
1:  PHASE_0_TO_1
    INVSBOX PLANES_0
    ADDKEY_DOWN
    dec  CNT
    brne 2f
    rjmp 3f
2:  XCHG_N1 2, 0x33         /* PHASE_2_TO_0 backwards */
    XCHG_N2 4, 0x0f
    XCHG_N2 1, 0x55
    INVSBOX PLANES_12
    ADDKEY_DOWN
    XCHG_N1 2, 0x33         /* PHASE_1_TO_2 backwards */
    XCHG_N2 1, 0x55
    INVSBOX PLANES_12
    ADDKEY_DOWN
    rjmp 1b
    /* phase 0 -> store layout: the load conversion backwards */
3:  XCHG_N0_P0
    XCHG_N2 2, 0x33
    pop  TH
    pop  TL
    STORE_BLOCK
    clr  r1
    pop  WL
    pop  WH
    pop  VL
    pop  VH
    pop  CNT
    ret
.size lwc_present80_decrypt, . - lwc_present80_decrypt
.size lwc_present128_decrypt, . - lwc_present128_decrypt

#endif
