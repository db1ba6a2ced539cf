/*
 * The layout tags of this build on bare-metal targets (lwc/config.h; src/common/layout.c
 * on hosted ones), as labels in an empty section. In assembly because a library built with
 * link-time optimisation (the Arduino core's and PlatformIO's -flto) and archived (PlatformIO
 * archives libraries) would not show the linker symbols that C defines in top-level asm:
 * the application's references to them would stay undefined. An assembled object always
 * shows them.
 */
#include "../../include/lwc/config.h"

#if defined(__ELF__) && !LWC_LAYOUT_HOSTED
.macro LWC_LAYOUT_LABEL tag
    .globl \tag
\tag:
.endm

    .section .text.lwc_layout, "ax", %progbits
/* One label per tag; the statement separator is "$" in AVR assembly, ";" elsewhere. */
#if defined(__AVR__)
#define LWC_LAYOUT_DEFINE_LABEL(tag) LWC_LAYOUT_LABEL tag $
#else
#define LWC_LAYOUT_DEFINE_LABEL(tag) LWC_LAYOUT_LABEL tag ;
#endif
LWC_LAYOUT_TAGS(LWC_LAYOUT_DEFINE_LABEL)
#endif
