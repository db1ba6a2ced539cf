/*
 * The layout tags of this build on AVR (lwc/config.h; src/common/layout.c elsewhere), as
 * labels in an empty section. In assembly because a library built with link-time
 * optimisation (the Arduino core's and PlatformIO's -flto) and archived (PlatformIO
 * archives libraries) would not show the linker symbols that C defines in top-level
 * asm: the application's references to them would stay undefined. An assembled object
 * always shows them.
 */
#include "lwc_avr.h"

#if LWC_ARCH_AVR
.macro LWC_LAYOUT_LABEL tag
    .globl \tag
\tag:
.endm

    .section .text.lwc_layout, "ax", @progbits
/* One label per tag; "$" separates statements on one line in AVR assembly. */
#define LWC_LAYOUT_DEFINE_AVR(tag) LWC_LAYOUT_LABEL tag $
LWC_LAYOUT_TAGS(LWC_LAYOUT_DEFINE_AVR)
#endif
