/*
 * The layout tags of this build (lwc/config.h) on hosted targets: every file that includes
 * lwc.h requires the tags of its own options, and this file, compiled with the library's,
 * defines them. An application built with different layout options fails to link with an
 * undefined reference to lwc_layout_<OPTION>_<value>. Bare-metal targets: layout.S.
 */
#include "lwc_internal.h"

#if LWC_LAYOUT_HOSTED
LWC_LAYOUT_TAGS(LWC_LAYOUT_DEFINE)
#endif
