/*
 * Firmware that makes the calls of one probe (bench/gen_probe.py: lwc_probe(), the calls of
 * one feature of bench/features.txt over one cipher), so that its linked size (with
 * --gc-sections) minus that of the probe calling nothing is what the feature pulls in: code,
 * tables, libgcc helpers. Built by bench/flash_probe.sh with the generated probe.
 */
void lwc_probe(void);

int main(void)
{
    lwc_probe();
    for (;;) {
    }
}
