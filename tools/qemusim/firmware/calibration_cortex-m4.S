/*
 * Instruction sequences with known counts for the instruction-counter calibration on the
 * Cortex-M4 (calibration.c, ../test_qemusim.sh). Each cal_<name> calls sim_mark_begin, runs
 * its sequence, calls sim_mark_end and returns; the counter must report exactly the
 * instructions of the sequence (the two marker calls are the MARK_OVERHEAD that
 * count_insns subtracts).
 * The cycle model (../cycle_model.py --core cortex-m4, count_insns with its table) must give
 * the hand-computed estimate fixed + P * refills: the comments give each instruction's cost
 * in the model (TRM table, zero wait states; "+P": a taken branch). This checks the model's
 * arithmetic, not the timing of real silicon.
 * In: nothing. Out: nothing. Clobbers: r0-r3, ip, flags (r4 and lr saved).
 */
#include "calibration.h"

/* Nothing: the marker overhead alone must count 0. */
	cal empty, 0, 0, 0
	cal_end

/* Straight line: 10 data-processing and memory instructions; 8 x 1 + STR 2 + LDR 2 (a
 * load after a store is not pipelined). */
	cal straight, 10, 12, 0
	movs r0, #1
	adds r1, r0, #2
	lsls r2, r1, #3
	eors r2, r2, r0
	mul r3, r2, r1
	sub sp, sp, #8
	str r3, [sp]
	ldr r0, [sp]
	add sp, sp, #8
	nop
	cal_end

/* A loop on a public count: 1 + 100 * 2 instructions, all 1 cycle; the branch is taken
 * 99 times. */
	cal loop, 201, 201, 99
	movs r0, #100
1:	subs r0, r0, #1
	bne 1b
	cal_end

/* A call and return: bl (1 +P), 3 instructions, bx lr (1 +P). */
	cal call, 5, 5, 2
	bl leaf
	cal_end

/* An IT block whose second instruction is skipped still counts (the core issues it);
 * 1 cycle each, IT included (not folded in the model). */
	cal it_block, 4, 4, 0
	cmp r0, r0
	ite eq
	moveq r1, #1
	movne r1, #2
	cal_end

/* A taken and a not-taken conditional branch, plus the 4-register LDM/STM pair:
 * 1 + 1 + 1 (not taken) + 1 +P (taken) + 1 + (1 + 4) + (1 + 4). */
	cal branches, 7, 15, 1
	movs r0, #0
	cmp r0, #0
	bne 2f
	beq 2f
	nop
2:	sub sp, sp, #16
	stmia sp, {r0-r3}
	ldmia sp!, {r0-r3}
	cal_end

/* Load/store pipelining: only a load/store single right after a load single saves a cycle,
 * and not when its address uses the loaded register; LDRD is never paired. */
	cal loads, 11, 18, 0
	sub sp, sp, #8		@ 1
	mov r0, sp		@ 1
	str r0, [sp]		@ 2
	str r0, [sp, #4]	@ 2: after a store
	ldr r1, [sp]		@ 2: after a store; r1 = sp
	ldr r2, [r1, #4]	@ 2: its address needs the register just loaded
	ldr r3, [sp, #4]	@ 1: pipelined after a load
	strb r3, [sp]		@ 1: a store pipelined after a load
	ldrd r2, r3, [sp]	@ 3: 1 + N, N = 2
	ldr r0, [sp]		@ 2: after LDRD
	add sp, sp, #8		@ 1
	cal_end

/* PUSH/POP of 4 registers (1 + 4 each), a call (1 +P) of a frame whose POP loads the PC
 * (1 + 2 +P): 5 + 5 + 1 + 3 + 3. */
	cal multiple, 5, 17, 2
	push {r4-r7}
	pop {r4-r7}
	bl frame
	cal_end

/* Multiplies are 1 cycle on the M4 (MLA, UMULL included); UDIV is taken at its worst case,
 * 12: 1 + 1 + 1 + 1 + 12. */
	cal arith, 5, 16, 0
	movs r0, #7
	movs r1, #3
	mla r2, r0, r1, r0
	umull r2, r3, r0, r1
	udiv r2, r0, r1
	cal_end

/* A table branch (2 +P) to the second entry: 1 + 2 + 1. */
	cal table_branch, 3, 4, 1
	movs r0, #1
	tbb [pc, r0]
3:	.byte (4f - 3b) / 2, (5f - 3b) / 2
	.balign 2
4:	nop
5:	nop
	cal_end

	CAL_TABLE_END
