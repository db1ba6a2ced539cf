/*
 * Instruction sequences with known counts for the instruction-counter calibration on the
 * Cortex-M0 (ARMv6-M: Thumb-1 and BL; calibration.c, ../test_qemusim.sh). Each cal_<name>
 * calls sim_mark_begin, runs its sequence, calls sim_mark_end and returns; the counter must
 * report exactly the instructions of the sequence (the two marker calls are the
 * MARK_OVERHEAD that count_insns subtracts).
 * The cycle model (../cycle_model.py --core cortex-m0) must give the hand-computed estimate
 * fixed + P * refills, P = 2 for the Cortex-M0 and 1 for the Cortex-M0+: the comments give
 * each instruction's cost in the model ("+P": taken). This checks the model's arithmetic,
 * not the timing of real silicon.
 * In: nothing. Out: nothing. Clobbers: r0-r3, flags (r4 and lr saved).
 */
#include "calibration.h"

/* Nothing: the marker overhead alone must count 0. */
	cal empty, 0, 0, 0
	cal_end

/* Straight line: 10 instructions, 1 cycle each but the store and the load (2); MULS is
 * the single-cycle multiplier's 1. */
	cal straight, 10, 12, 0
	movs r0, #1
	adds r1, r0, #2
	lsls r2, r1, #3
	eors r2, r0
	muls r2, r1
	sub sp, #8
	str r2, [sp]
	ldr r0, [sp]
	add sp, #8
	nop
	cal_end

/* A loop on a public count: 1 + 100 * 2 instructions, all 1 cycle; the branch is taken
 * 99 times. */
	cal loop, 201, 201, 99
	movs r0, #100
1:	subs r0, #1
	bne 1b
	cal_end

/* A call and return: BL (2 +P), 3 instructions, BX LR (1 +P). */
	cal call, 5, 6, 2
	bl leaf
	cal_end

/* A conditional branch not taken (1) and one taken (1 +P), then STM and LDM of 4
 * registers (1 + 4 each): 1 + 1 + 1 + 1 + 1 + 1 + 5 + 1 + 5 + 1. */
	cal branches, 10, 18, 1
	movs r0, #0
	cmp r0, #0
	bne 2f
	beq 2f
	nop
2:	sub sp, #16
	mov r4, sp
	stmia r4!, {r0-r3}
	subs r4, #16
	ldmia r4!, {r0-r3}
	add sp, #16
	cal_end

/* Loads and stores of every width, a literal load: 2 each, never overlapped. */
	cal loads, 10, 17, 0
	sub sp, #8		@ 1
	mov r0, sp		@ 1
	str r0, [sp]		@ 2
	str r0, [sp, #4]	@ 2
	ldr r1, [sp]		@ 2
	ldr r2, [r1, #4]	@ 2
	ldrb r3, [r1, #1]	@ 2
	strh r3, [r1]		@ 2
	ldr r3, =0x12345678	@ 2
	add sp, #8		@ 1
	cal_end

/* PUSH/POP of 4 registers (1 + 4 each), a call (2 +P) of a frame whose POP loads the PC
 * (2 + N +P, N = 2): 5 + 5 + 2 + 3 + 4. */
	cal multiple, 5, 19, 2
	push {r4-r7}
	pop {r4-r7}
	bl frame
	cal_end

/* Indirect calls and PC writes: a literal load (2), BLX (1 +P) of leaf (3 + BX 1 +P), a
 * literal load (2) and MOV PC (1 +P) over a NOP to a NOP (1): 2 + 1 + 3 + 1 + 2 + 1 + 1. */
	cal indirect, 9, 11, 3
	ldr r0, =leaf
	blx r0
	ldr r0, =.Lpc_target
	mov pc, r0
	nop
.Lpc_target:
	nop
	cal_end

	.pool
	CAL_TABLE_END
