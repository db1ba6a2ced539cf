/*
 * The table of calibration sequences (calibration.c), built by the MCU's
 * calibration_<mcu>.S: this header opens it; "cal name, count, fixed, refills" starts the
 * routine cal_<name> (saving the return address, calling sim_mark_begin) and adds its entry
 * with its expected instruction count and cycle-model estimate (fixed + P * refills; 0 0
 * where the MCU has no model); "cal_end" calls sim_mark_end and returns; CAL_TABLE_END
 * closes the table with a zero entry. The sequences may call leaf (3 instructions and a
 * return: 1 + 1 + 1 + return) and, on ARM, frame (PUSH {r4, lr}; POP {r4, pc}). Assembler
 * only.
 * Entry: .word routine, name, count, fixed, refills.
 */
#ifndef QEMUSIM_CALIBRATION_H
#define QEMUSIM_CALIBRATION_H

	.section .rodata.cal_table, "a"
	.balign 4
	.global cal_table
cal_table:

	.macro CAL_ENTRY name, count, fixed, refills
	.section .rodata.cal_names, "a"
.Lcal_name_\name:
	.asciz "\name"
	.section .rodata.cal_table, "a"
	.word cal_\name, .Lcal_name_\name, \count, \fixed, \refills
	.endm

#if defined(__riscv)
	.macro cal name, count, fixed=0, refills=0
	CAL_ENTRY \name, \count, \fixed, \refills
	.text
	.type cal_\name, @function
cal_\name:
	addi sp, sp, -16
	sw ra, 12(sp)
	call sim_mark_begin
	.endm

	.macro cal_end
	call sim_mark_end
	lw ra, 12(sp)
	addi sp, sp, 16
	ret
	.endm

	.text
	.type leaf, @function
leaf:
	li a0, 1
	addi a0, a0, 1
	addi a0, a0, 1
	ret
#else
	.syntax unified
	.thumb

	.macro cal name, count, fixed, refills
	CAL_ENTRY \name, \count, \fixed, \refills
	.text
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

	.text
	.type frame, %function
	.thumb_func
frame:
	push {r4, lr}
	pop {r4, pc}

	.type leaf, %function
	.thumb_func
leaf:
	movs r0, #1
	adds r0, #1
	adds r0, #1
	bx lr
#endif

	.macro CAL_TABLE_END
	.section .rodata.cal_table, "a"
	.word 0, 0, 0, 0, 0
	.endm

#endif
