/*
 * Ways a qemusim run can end, chosen by the first stdin byte (../test_qemusim.sh):
 *   'x' exit with code 5;   'f' undefined instruction (a fault: exit 66);
 *   'h' hang (the runner's --timeout, exit 68);
 *   'e' echo the next 256 bytes unchanged (binary-safe I/O), then exit 0.
 */
#include "simio.h"

int main(void)
{
    switch (sim_getc()) {
    case 'x':
        sim_exit(5);
    case 'f':
#if defined(__riscv)
        __asm__ __volatile__("unimp");
#else
        __asm__ __volatile__("udf #0");
#endif
        break;
    case 'h':
        for (;;) {
            /* hang */
        }
    case 'e':
        for (int i = 0; i < 256; i++)
            sim_putc((char)sim_getc());
        sim_exit(0);
    }
    sim_exit(1);
}
