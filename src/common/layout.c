/*
 * The layout tags of this build (lwc/config.h): every file that includes lwc.h requires
 * the tags of its own options, and this file defines the library's, as labels in an empty
 * section (no memory; labels, not absolute symbols, so that position-independent links
 * accept the references). An application built with different layout options fails to
 * link with an undefined reference to lwc_layout_<OPTION>_<value>. On AVR,
 * src/common/layout_avr.S defines them instead (it says why).
 */
#include "lwc_internal.h"

#if defined(__ELF__) && !LWC_ARCH_AVR /* src/common/layout_avr.S on AVR */
#define LWC_LAYOUT_DEFINE(tag) \
    __asm__(".pushsection .text.lwc_layout,\"ax\",%progbits\n\t.globl " #tag "\n" #tag ":\n\t.popsection");
LWC_LAYOUT_TAGS(LWC_LAYOUT_DEFINE)
#endif
