/*
 * Instruction sequences with known counts for the instruction-counter calibration on
 * RV32IMC (calibration.c, ../test_qemusim.sh). Each cal_<name> calls sim_mark_begin, runs its
 * sequence, calls sim_mark_end and returns; the counter must report exactly the
 * instructions of the sequence (the two marker calls are the MARK_OVERHEAD that
 * count_insns subtracts: the marker calls are "call" pseudo-instructions, which the
 * linker relaxes to one JAL, as in compiled code). No cycle model: fixed and refills 0.
 * In: nothing. Out: nothing. Clobbers: a0-a3, t0 (ra saved).
 */
#include "calibration.h"

/* Nothing: the marker overhead alone must count 0. */
	cal empty, 0
	cal_end

/* Straight line: 8 instructions, compressed or not. */
	cal straight, 8
	li a0, 1
	addi a1, a0, 2
	slli a2, a1, 3
	xor a2, a2, a0
	mul a3, a2, a1
	sw a3, 0(sp)
	lw a0, 0(sp)
	nop
	cal_end

/* A loop on a public count: 1 + 100 * 2 instructions. */
	cal loop, 201
	li a0, 100
1:	addi a0, a0, -1
	bnez a0, 1b
	cal_end

/* A call and return: JAL, 3 instructions, RET. */
	cal call, 5
	jal leaf
	cal_end

/* A branch not taken, one taken over a NOP, the NOP it lands on. */
	cal branches, 4
	li a0, 0
	bnez a0, 2f
	beqz a0, 2f
	nop
2:	nop
	cal_end

/* The same addition as a 32-bit and as a 16-bit instruction, a division and a remainder. */
	cal encodings, 6
	li a0, 7
	li a1, 3
	.option push
	.option norvc
	add a0, a0, a1
	.option pop
	c.add a0, a1
	divu a2, a0, a1
	remu a3, a0, a1
	cal_end

/* An indirect call: the address (AUIPC + ADDI), JALR, the leaf (4). */
	cal indirect, 7
	lla t0, leaf
	jalr t0
	cal_end

	CAL_TABLE_END
