/* Shared by calibration.c and calibration_seq.S (so: #defines only). */
#ifndef CALIBRATION_H
#define CALIBRATION_H

/* Copies of the instruction under test in each timed sequence. */
#define CAL_REPS 16

/* Pushes in cal_stack_pushes (see calibration_seq.S). */
#define CAL_STACK_PUSHES 8

#endif
