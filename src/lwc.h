/* The Arduino builder compiles src/ and looks for headers there: this forwards to the
 * public header, which stays in include/ with the family headers. */
#include "../include/lwc.h"
