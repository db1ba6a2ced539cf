#ifndef LWC_TEST_SPEC_VECTORS_H
#define LWC_TEST_SPEC_VECTORS_H

#include "vectors.h"

extern const hex_vector spec_vectors[];
extern const unsigned spec_vector_count;

#endif
