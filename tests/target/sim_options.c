#include <stdio.h>
#include <string.h>

#include "sim_options.h"

int sim_options_parse(sim_options *o, int argc, char **argv)
{
    int i = 1;
    memset(o, 0, sizeof *o);
    o->mcu = "atmega128";
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--mcu") == 0 && i + 1 < argc)
            o->mcu = argv[++i];
        else if (strcmp(argv[i], "--ciphers") == 0 && i + 1 < argc)
            o->ciphers = argv[++i];
        else if (strcmp(argv[i], "--blocks-only") == 0)
            o->blocks_only = o->no_drbg = o->no_modes = o->no_records = o->no_ascon = 1;
        else if (strcmp(argv[i], "--no-drbg") == 0)
            o->no_drbg = 1;
        else if (strcmp(argv[i], "--no-modes") == 0)
            o->no_modes = 1;
        else if (strcmp(argv[i], "--modes-only") == 0)
            o->modes_only = o->no_drbg = 1;
        else if (strcmp(argv[i], "--no-records") == 0)
            o->no_records = 1;
        else if (strcmp(argv[i], "--no-ascon") == 0)
            o->no_ascon = 1;
        else
            break;
    }
    if (argc - i != 3) {
        fprintf(stderr, "usage: %s [--mcu MCU] [--ciphers ID,ID,...] [--blocks-only] [--no-drbg] [--no-modes] [--modes-only] [--no-records] [--no-ascon] SIMULATOR FIRMWARE VARIANT\n",
                argv[0]);
        return -1;
    }
    o->simulator = argv[i];
    o->firmware = argv[i + 1];
    o->variant = argv[i + 2];
    return 0;
}

int sim_options_selects_name(const sim_options *o, const char *name)
{
    if (!o->ciphers)
        return 1;
    const size_t n = strlen(name);
    for (const char *p = o->ciphers; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == 0))
            return 1;
    return 0;
}

int sim_options_selects(const sim_options *o, const test_cipher *c)
{
    return sim_options_selects_name(o, c->name);
}
