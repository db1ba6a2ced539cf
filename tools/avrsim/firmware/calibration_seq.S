/*
 * Timed instruction sequences for calibration.c.
 *
 * For every test NAME there are two functions:
 *   cal_NAME_with     setup, then CAL_REPS copies of the instruction(s) under test
 *   cal_NAME_without  exactly the same code with those copies left out
 * calibration.c times both with the simio cycle counter and subtracts, so
 * the call, the return and the setup cancel and only the CAL_REPS copies
 * remain, to be compared with CAL_REPS times the datasheet cycle count.
 *
 * Only registers the avr-gcc ABI lets a function clobber are used (r0,
 * r18-r27, r30, r31); ldd_y needs Y and saves it the same way in both
 * variants. r1 (the zero register) is zero again on return.
 */
#include <avr/io.h>

#include "calibration.h"

#define tmp   r18 /* destination / first operand of the instruction under test */
#define tmp2  r19 /* second operand */
#define wordL r24 /* register pair for MOVW, ADIW, SBIW and the POP setup */
#define wordH r25
#define spL   r26 /* saved stack pointer (X pair) */
#define spH   r27

.macro FUNC name
	.global \name
	.type \name, @function
\name:
.endm

.macro ENDFUNC name
	.size \name, . - \name
.endm

/* CAL_REPS copies of one instruction if with is 1, nothing if it is 0. */
.macro TIMES with, insn:vararg
	.rept CAL_REPS
	.if \with
	\insn
	.endif
	.endr
.endm

/* Emit cal_NAME_with and cal_NAME_without from the macro body_NAME. */
.macro CAL_PAIR name
FUNC cal_\name\()_with
	body_\name 1
	ret
ENDFUNC cal_\name\()_with
FUNC cal_\name\()_without
	body_\name 0
	ret
ENDFUNC cal_\name\()_without
.endm

	.section .bss.cal_buf, "aw", @nobits
cal_buf:			; RAM operand for the load and store tests
	.skip CAL_REPS

	.section .progmem.cal_table, "a", @progbits
cal_table:			; flash operand for the LPM tests
	.fill CAL_REPS, 1, 0x5a

	.section .text.calibration, "ax", @progbits

cal_ret:			; target of the call tests
	ret

/* ---- single-cycle ALU and register moves ---- */

.macro body_nop with
	TIMES \with, nop
.endm
CAL_PAIR nop

.macro body_ldi with
	TIMES \with, ldi tmp, 0x5a
.endm
CAL_PAIR ldi

.macro body_mov with
	TIMES \with, mov tmp, tmp2
.endm
CAL_PAIR mov

.macro body_add with
	TIMES \with, add tmp, tmp2
.endm
CAL_PAIR add

.macro body_eor with
	TIMES \with, eor tmp, tmp2
.endm
CAL_PAIR eor

.macro body_movw with
	TIMES \with, movw wordL, spL
.endm
CAL_PAIR movw

#ifdef __AVR_HAVE_MUL__
.macro body_mul with
	TIMES \with, mul tmp, tmp2
	clr r1			; MUL leaves its product in r1:r0
.endm
CAL_PAIR mul
#endif

/* ---- word arithmetic ---- */

.macro body_adiw with
	TIMES \with, adiw wordL, 1
.endm
CAL_PAIR adiw

.macro body_sbiw with
	TIMES \with, sbiw wordL, 1
.endm
CAL_PAIR sbiw

/* ---- data memory ---- */

.macro body_ld_x with
	ldi XL, lo8(cal_buf)
	ldi XH, hi8(cal_buf)
	TIMES \with, ld tmp, X
.endm
CAL_PAIR ld_x

.macro body_ld_x_inc with
	ldi XL, lo8(cal_buf)
	ldi XH, hi8(cal_buf)
	TIMES \with, ld tmp, X+
.endm
CAL_PAIR ld_x_inc

.macro body_ldd_y with
	push YL
	push YH
	ldi YL, lo8(cal_buf)
	ldi YH, hi8(cal_buf)
	TIMES \with, ldd tmp, Y+3
	pop YH
	pop YL
.endm
CAL_PAIR ldd_y

.macro body_st_x with
	ldi XL, lo8(cal_buf)
	ldi XH, hi8(cal_buf)
	TIMES \with, st X, tmp
.endm
CAL_PAIR st_x

.macro body_st_x_inc with
	ldi XL, lo8(cal_buf)
	ldi XH, hi8(cal_buf)
	TIMES \with, st X+, tmp
.endm
CAL_PAIR st_x_inc

.macro body_lds with
	TIMES \with, lds tmp, cal_buf
.endm
CAL_PAIR lds

.macro body_sts with
	TIMES \with, sts cal_buf, tmp
.endm
CAL_PAIR sts

/* ---- program memory ---- */

.macro body_lpm with
	ldi ZL, lo8(cal_table)
	ldi ZH, hi8(cal_table)
	TIMES \with, lpm tmp, Z
.endm
CAL_PAIR lpm

.macro body_lpm_z_inc with
	ldi ZL, lo8(cal_table)
	ldi ZH, hi8(cal_table)
	TIMES \with, lpm tmp, Z+
.endm
CAL_PAIR lpm_z_inc

/* ---- stack: SP is saved in X and restored, so both variants return alike ---- */

.macro body_push with
	in spL, _SFR_IO_ADDR(SPL)
	in spH, _SFR_IO_ADDR(SPH)
	TIMES \with, push tmp
	out _SFR_IO_ADDR(SPH), spH
	out _SFR_IO_ADDR(SPL), spL
.endm
CAL_PAIR push

; SP is first lowered by CAL_REPS so that there is something to pop.
.macro body_pop with
	in spL, _SFR_IO_ADDR(SPL)
	in spH, _SFR_IO_ADDR(SPH)
	movw wordL, spL
	sbiw wordL, CAL_REPS
	out _SFR_IO_ADDR(SPH), wordH
	out _SFR_IO_ADDR(SPL), wordL
	TIMES \with, pop tmp
	out _SFR_IO_ADDR(SPH), spH
	out _SFR_IO_ADDR(SPL), spL
.endm
CAL_PAIR pop

/* ---- jumps and branches: each one targets the next instruction ---- */

.macro body_rjmp with
	.rept CAL_REPS
	.if \with
	rjmp 1f
	.endif
1:
	.endr
.endm
CAL_PAIR rjmp

#ifdef __AVR_HAVE_JMP_CALL__
.macro body_jmp with
	.rept CAL_REPS
	.if \with
	jmp 1f
	.endif
1:
	.endr
.endm
CAL_PAIR jmp
#endif

; Z is reloaded for every IJMP in both variants; only the IJMPs differ.
.macro body_ijmp with
	.rept CAL_REPS
	ldi ZL, pm_lo8(1f)
	ldi ZH, pm_hi8(1f)
	.if \with
	ijmp
	.endif
1:
	.endr
.endm
CAL_PAIR ijmp

; Z flag clear: every BRNE is taken.
.macro body_brne_taken with
	clz
	.rept CAL_REPS
	.if \with
	brne 1f
	.endif
1:
	.endr
.endm
CAL_PAIR brne_taken

; Z flag set: no BRNE is taken.
.macro body_brne_not with
	sez
	.rept CAL_REPS
	.if \with
	brne 1f
	.endif
1:
	.endr
.endm
CAL_PAIR brne_not

/* ---- calls: each copy is a call to cal_ret plus that RET ---- */

.macro body_rcall_ret with
	TIMES \with, rcall cal_ret
.endm
CAL_PAIR rcall_ret

#ifdef __AVR_HAVE_JMP_CALL__
.macro body_call_ret with
	TIMES \with, call cal_ret
.endm
CAL_PAIR call_ret
#endif

.macro body_icall_ret with
	ldi ZL, pm_lo8(cal_ret)
	ldi ZH, pm_hi8(cal_ret)
	TIMES \with, icall
.endm
CAL_PAIR icall_ret

#ifdef __AVR_HAVE_EIJMP_EICALL__
; EIND keeps its reset value 0: the calibration code sits in the first 128 KB.
.macro body_eijmp with
	.rept CAL_REPS
	ldi ZL, pm_lo8(1f)
	ldi ZH, pm_hi8(1f)
	.if \with
	eijmp
	.endif
1:
	.endr
.endm
CAL_PAIR eijmp

.macro body_eicall_ret with
	ldi ZL, pm_lo8(cal_ret)
	ldi ZH, pm_hi8(cal_ret)
	TIMES \with, eicall
.endm
CAL_PAIR eicall_ret
#endif

/* ---- stack depth probes for sim_stack_paint / sim_stack_peak ---- */

; Uses only the return address of the call that reaches it.
FUNC cal_stack_call
	ret
ENDFUNC cal_stack_call

; Return address plus CAL_STACK_PUSHES bytes, all pushed as r1 = 0,
; which differs from the paint pattern.
FUNC cal_stack_pushes
	.rept CAL_STACK_PUSHES
	push r1
	.endr
	.rept CAL_STACK_PUSHES
	pop tmp
	.endr
	ret
ENDFUNC cal_stack_pushes
