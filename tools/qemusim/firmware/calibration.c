/*
 * Calibration of the instruction counter (../count_insns.c) and of the MCU's cycle model:
 * runs each sequence of the MCU's calibration_<mcu>.S once and prints "name count fixed
 * refills" (expected) per measured region, in order; ../test_qemusim.sh pairs these lines
 * with the counter's and requires equality.
 */
#include "simio.h"

/* An entry of cal_table (calibration.h), which ends with a zero entry. */
typedef struct {
    void (*run)(void);
    const char *name;
    uint32_t count, fixed, refills;
} cal_sequence;

extern const cal_sequence cal_table[];

int main(void)
{
    for (const cal_sequence *s = cal_table; s->run; s++) {
        s->run();
        sim_puts(s->name);
        sim_putc(' ');
        sim_put_u32(s->count);
        sim_putc(' ');
        sim_put_u32(s->fixed);
        sim_putc(' ');
        sim_put_u32(s->refills);
        sim_putc('\n');
    }
    sim_exit(0);
}
