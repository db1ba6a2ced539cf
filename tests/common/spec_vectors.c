/*
 * Specification vectors carried by the test sources, so that every suite checks every
 * cipher on the specifications' own examples before the larger sets of tests/vectors.
 * Each group names its source.
 */
#include "spec_vectors.h"

const hex_vector spec_vectors[] = {
    /* PRESENT-80: Bogdanov et al., "PRESENT: An Ultra-Lightweight Block Cipher",
     * CHES 2007, Appendix I (big-endian, as printed). */
    {"present80", "ecb", "00000000000000000000", NULL, "0000000000000000", "5579c1387b228445", 1},
    {"present80", "ecb", "ffffffffffffffffffff", NULL, "0000000000000000", "e72c46c0f5945049", 1},
    {"present80", "ecb", "00000000000000000000", NULL, "ffffffffffffffff", "a112ffc72f68417b", 1},
    {"present80", "ecb", "ffffffffffffffffffff", NULL, "ffffffffffffffff", "3333dcd3213210d2", 1},
    /* PRESENT-128: A. Poschmann, "Lightweight Cryptography", PhD thesis, 2009. */
    {"present128", "ecb", "00000000000000000000000000000000", NULL, "0000000000000000", "96db702a2e6900af", 1},
    {"present128", "ecb", "ffffffffffffffffffffffffffffffff", NULL, "0000000000000000", "13238c710272a5d8", 1},
    {"present128", "ecb", "00000000000000000000000000000000", NULL, "ffffffffffffffff", "3c6019e5e5edd563", 1},
    {"present128", "ecb", "ffffffffffffffffffffffffffffffff", NULL, "ffffffffffffffff", "628d9fbd4218e5b4", 1},
    /* LEA: KS X 3246 / TTAS.KO-12.0223 test vectors (also ISO/IEC 29192-2:2019). */
    {"lea128", "ecb", "0f1e2d3c4b5a69788796a5b4c3d2e1f0", NULL,
     "101112131415161718191a1b1c1d1e1f", "9fc84e3528c6c6185532c7a704648bfd", 1},
    {"lea192", "ecb", "0f1e2d3c4b5a69788796a5b4c3d2e1f0f0e1d2c3b4a59687", NULL,
     "202122232425262728292a2b2c2d2e2f", "6fb95e325aad1b878cdcf5357674c6f2", 1},
    {"lea256", "ecb", "0f1e2d3c4b5a69788796a5b4c3d2e1f0f0e1d2c3b4a5968778695a4b3c2d1e0f", NULL,
     "303132333435363738393a3b3c3d3e3f", "d651aff647b189c13a8900ca27f9e197", 1},
    /* HIGHT: TTAK.KO-12.0040/R1 Appendix I.1-I.4, printed K15..K0 / P7..P0 ("spec"). */
    {"hight", "spec", "00112233445566778899aabbccddeeff", NULL, "0000000000000000", "00f418aed94f03f2", 1},
    {"hight", "spec", "ffeeddccbbaa99887766554433221100", NULL, "0011223344556677", "23ce9f72e543e6d8", 1},
    {"hight", "spec", "000102030405060708090a0b0c0d0e0f", NULL, "0123456789abcdef", "7a6fb2a28d23f466", 1},
    {"hight", "spec", "28dbc3bc49ffd87dcfa509b11d422be7", NULL, "b41e6be2eba84a14", "cc047a75209c1fc6", 1},
    /* Revised CHAM (Roh et al., ICISC 2019): 88/112/120 rounds; reference code of
     * I. Jeong (NSR), a co-author, after the round-count correction. */
    {"cham64_128", "ecb", "000102030405060708090a0b0c0d0e0f", NULL, "0011223344556677", "796504123f12a9e5", 1},
    {"cham128_128", "ecb", "000102030405060708090a0b0c0d0e0f", NULL,
     "00112233445566778899aabbccddeeff", "ee1954d04c8f119f6964e399c15e881c", 1},
    {"cham128_256", "ecb", "000102030405060708090a0b0c0d0e0ff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", NULL,
     "00112233445566778899aabbccddeeff", "dc77730251560b12959b838f75c05e5e", 1},
    /* ORIGINAL CHAM (Koo et al., ICISC 2017, Appendix A: 80/80/96 rounds): these must
     * NOT be reproduced, proving the library does not ship the old cipher. */
    {"cham64_128", "ecb", "000102030405060708090a0b0c0d0e0f", NULL, "0011223344556677", "3c45bc63fadc4ebf", 0},
    {"cham128_128", "ecb", "000102030405060708090a0b0c0d0e0f", NULL,
     "00112233445566778899aabbccddeeff", "346074c3c50057b532ec648df7329348", 0},
    {"cham128_256", "ecb", "000102030405060708090a0b0c0d0e0ff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", NULL,
     "00112233445566778899aabbccddeeff", "a0c899a85cd529c9380d67abc87a4f0c", 0},
    /* AES-128: FIPS 197 Appendix B and Appendix C.1. */
    {"aes128", "ecb", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
     "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32", 1},
    {"aes128", "ecb", "000102030405060708090a0b0c0d0e0f", NULL,
     "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a", 1},
    /* AES-128 CTR: NIST SP 800-38A, F.5.1 (CTR-AES128.Encrypt). */
    {"aes128", "ctr", "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
     "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee", 1},
};

const unsigned spec_vector_count = sizeof spec_vectors / sizeof spec_vectors[0];
