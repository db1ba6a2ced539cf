/*
 * The table of calibration sequences (calibration.c), built by the MCU's
 * calibration_<mcu>.S: CAL_TABLE_START opens it (in this header, before any entry),
 * CAL_ENTRY name, count, fixed, refills adds the entry of routine cal_<name> with its
 * expected instruction count and cycle-model estimate (fixed + P * refills; 0 0 where the
 * MCU has no model), CAL_TABLE_END closes it with a zero entry. Assembler only.
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

	.macro CAL_TABLE_END
	.section .rodata.cal_table, "a"
	.word 0, 0, 0, 0, 0
	.endm

#endif
