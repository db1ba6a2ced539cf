#include <stdarg.h>
#include <stdio.h>

#include "check.h"

static unsigned long passed, failed;

int check(int ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return 1;
    }
    failed++;
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL: ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
    return 0;
}

int check_summary(void)
{
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed || !passed ? 1 : 0;
}

void print_hex(const char *label, const uint8_t *p, size_t n)
{
    printf("  %s ", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
}
