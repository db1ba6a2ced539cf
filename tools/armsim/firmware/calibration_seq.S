/*
 * Instruction sequences with known counts for the instruction-counter calibration
 * (calibration.c, ../test_armsim.sh). Each cal_<name> calls sim_mark_begin, runs its
 * sequence, calls sim_mark_end and returns; the counter must report exactly the
 * instructions of the sequence, i.e. cal_count_<name> (the two marker calls are the
 * MARK_OVERHEAD that count_insns subtracts).
 * In: nothing. Out: nothing. Clobbers: r0-r3, ip, flags (r4 and lr saved).
 */
	.syntax unified
	.thumb
	.text

/* One calibration routine: name, expected count, then the sequence as macro body. */
	.macro cal name, count
	.global cal_count_\name
	.section .rodata.cal_count_\name, "a"
	.balign 4
cal_count_\name: .word \count
	.text
	.global cal_\name
	.type cal_\name, %function
	.thumb_func
cal_\name:
	push {r4, lr}
	bl sim_mark_begin
	.endm

	.macro cal_end
	bl sim_mark_end
	pop {r4, pc}
	.endm

/* Nothing: the marker overhead alone must count 0. */
	cal empty, 0
	cal_end

/* Straight line: 10 data-processing and memory instructions. */
	cal straight, 10
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

/* A loop on a public count: 1 + 100 * 2 instructions. */
	cal loop, 201
	movs r0, #100
1:	subs r0, r0, #1
	bne 1b
	cal_end

/* A call and return: bl, 3 instructions, bx lr. */
	cal call, 5
	bl leaf
	cal_end

/* An IT block whose second instruction is skipped still counts (the core issues it). */
	cal it_block, 4
	cmp r0, r0
	ite eq
	moveq r1, #1
	movne r1, #2
	cal_end

/* A taken and a not-taken conditional branch, plus the 4-register LDM/STM pair. */
	cal branches, 7
	movs r0, #0
	cmp r0, #0
	bne 2f
	beq 2f
	nop
2:	sub sp, sp, #16
	stmia sp, {r0-r3}
	ldmia sp!, {r0-r3}
	cal_end

	.type leaf, %function
	.thumb_func
leaf:
	movs r0, #1
	adds r0, r0, #1
	adds r0, r0, #1
	bx lr
