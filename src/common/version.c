#include "lwc_internal.h"

const char *lwc_version(void)
{
    return LWC_VERSION_STRING;
}
