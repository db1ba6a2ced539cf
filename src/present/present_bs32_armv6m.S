/*
 * PRESENT's bitsliced rounds (present_bs32.c) for ARMv6-M (Cortex-M0, M0+): the 31 rounds
 * of encryption on a state of two blocks, from layout 0 to layout 1 with the last round
 * key added; present_bs32.c does the rest (key schedule, layouts, CTR, decryption).
 *
 * Design
 *  - The state takes four low registers, the round-key pointer r7; the other three are
 *    the S-box's temporaries, the swap-moves' mask and temporary, and the key words in
 *    transit (LDM of three, then one).
 *  - The S-box leaves its outputs in other registers than its inputs, and each swap-move
 *    can leave either of its words in its temporary: the result is computed there
 *    (`swap_a` / `swap_b` below). So no word is ever copied back: the registers of
 *    (q0, q1, q2, q3) are (r0, r1, r2, r3) before an even round and (r2, r1, r3, r5)
 *    before an odd one (a search over the placements found this cycle of two rounds).
 *  - One loop over two rounds (15 passes, then round 30 and the last key): unrolled code
 *    would save one compare and branch per two rounds (under 0.1 instruction per byte).
 * Per two rounds 108 instructions: 2 x (6 key addition, 21 S-box, 24 swap-moves, 2 mask
 * loads) and the loop's compare and branch. Constant time: no table, no data-dependent
 * branch.
 */
#include "../common/lwc_armv6m.h"
#if LWC_PRESENT_BS32_ARMV6M

/* The S-box of present_bs32.c (outputs 2 and 3 complemented) on (a, b, c, d) = (x0, x1,
 * x2, x3), temporaries e, f, g: leaves (y0, y1, ~y2, ~y3) in (e, g, c, f); a, b, d free.
 * 21 instructions. */
.macro sbox a, b, c, d, e, f, g
    mov \e, \b
    eors \e, \c                 @ e = x1 ^ x2
    mov \f, \b
    ands \f, \c                 @ f = t = x1 x2
    mov \g, \d
    ands \g, \e                 @ g = v = x3 (x1 ^ x2)
    mov \c, \d
    orrs \c, \b                 @ c = x1 | x3
    eors \d, \b                 @ d = x1 ^ x3
    eors \c, \e                 @ c = x1 ^ x2 ^ (x1 | x3) = x2 ^ x3 ^ x1 x3
    mov \b, \f
    eors \b, \g
    ands \b, \a                 @ b = z = x0 (t ^ v)
    eors \g, \d                 @ g = u = x1 ^ x3 ^ v
    eors \f, \d
    eors \f, \a                 @ f = x0 ^ x1 ^ x3 ^ t
    ands \a, \g                 @ a = x0 u
    eors \c, \a                 @ c = ~y2
    eors \g, \b                 @ g = y1 = u ^ z
    eors \e, \f                 @ e = y0
    eors \f, \b                 @ f = ~y3
.endm

/* LWC_SWAPMOVE(a, b, s, m) with its result a' left in t, for the mask m in register m:
 * a's register is free after. 6 instructions. */
.macro swap_a a, b, s, m, t
    lsrs \t, \a, #\s
    eors \t, \b
    ands \t, \m                 @ t = ((a >> s) ^ b) & m
    eors \b, \t
    lsls \t, \t, #\s
    eors \t, \a                 @ a' = a ^ (t << s)
.endm

/* The same with b' left in t, for the mask m << s in register ms: b's register is free
 * after. 6 instructions. */
.macro swap_b a, b, s, ms, t
    lsls \t, \b, #\s
    eors \t, \a
    ands \t, \ms                @ t = ((b << s) ^ a) & (m << s)
    eors \a, \t
    lsrs \t, \t, #\s
    eors \t, \b                 @ b' = b ^ (t >> s)
.endm

/* Round key [r7] added to (q0, q1, q2, q3) in registers (a, b, c, d), three free ones
 * ascending k0 < k1 < k2; r7 advanced. 6 instructions. */
.macro add_round_key a, b, c, d, k0, k1, k2
    ldm r7!, {\k0, \k1, \k2}
    eors \a, \k0
    eors \b, \k1
    eors \c, \k2
    ldm r7!, {\k0}
    eors \d, \k0
.endm

/* An even round (layout 0 in, layout 1 out; present_bs32.c's swap_high_field): q in
 * (r0, r1, r2, r3) to (r2, r1, r3, r5). 53 instructions. */
.macro round_even
    add_round_key r0, r1, r2, r3, r4, r5, r6
    sbox r0, r1, r2, r3, r4, r5, r6         @ q = (r4, r6, r2, r5)
    ldr r0, =0x0f0f0f0f
    swap_a r4, r6, 4, r0, r1                @ SWAP_W0(q, 2): q0 to r1
    swap_a r2, r5, 4, r0, r3                @ q2 to r3
    ldr r0, =0x00ff00ff
    swap_a r1, r3, 8, r0, r2                @ SWAP_W1(q, 3): q0 to r2
    swap_a r6, r5, 8, r0, r1                @ q1 to r1
.endm

/* An odd round (swap_low_field): q in (r2, r1, r3, r5) to (r0, r1, r2, r3). 53
 * instructions. */
.macro round_odd
    add_round_key r2, r1, r3, r5, r0, r4, r6
    sbox r2, r1, r3, r5, r0, r4, r6         @ q = (r0, r6, r3, r4)
    ldr r2, =0xaaaaaaaa
    swap_b r0, r6, 1, r2, r1                @ SWAP_W0(q, 0): q1 to r1
    swap_b r3, r4, 1, r2, r5                @ q3 to r5
    ldr r4, =0xcccccccc
    swap_b r0, r3, 2, r4, r2                @ SWAP_W1(q, 1): q2 to r2
    swap_b r1, r5, 2, r4, r3                @ q3 to r3
.endm

/* void lwc_present_bs32_rounds(uint32_t q[4], const uint32_t rk[32][4])
 * q: a state in layout 0, replaced by the state after the 31 rounds and round key 31
 * (layout 1). 1,695 instructions from entry to return. Clobbers r0-r3. */
function lwc_present_bs32_rounds
    push {r4-r7, lr}
    mov r4, r8
    push {r0, r4}                           @ q, r8
    mov r7, r1
    movs r4, #240
    lsls r4, r4, #1
    adds r4, r1
    mov r8, r4                              @ the end of 30 round keys
    ldm r0, {r0-r3}
1:  round_even
    round_odd
    cmp r7, r8
    bne 1b
    round_even
    add_round_key r2, r1, r3, r5, r0, r4, r6
    pop {r0, r4}
    mov r8, r4
    str r2, [r0]
    str r1, [r0, #4]
    str r3, [r0, #8]
    str r5, [r0, #12]
    pop {r4-r7, pc}
    .ltorg
    .size lwc_present_bs32_rounds, . - lwc_present_bs32_rounds
#endif
