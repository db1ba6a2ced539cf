/*
 * For tests/link/test_layout.sh. With -DLAYOUT_SIZES: the sizes of every public context
 * type under this file's options (read from the object file). Without: a program that
 * links against the library, which must refuse it when the options change a layout.
 */
#include "lwc.h"

#ifdef LAYOUT_SIZES
const uint16_t lwc_probe_sizes[] = {
    sizeof(lwc_present_key),  sizeof(lwc_present80_ctr),  sizeof(lwc_lea128_key),
    sizeof(lwc_lea192_key),   sizeof(lwc_lea256_key),     sizeof(lwc_lea128_ctr),
    sizeof(lwc_lea192_ctr),   sizeof(lwc_lea256_ctr),     sizeof(lwc_hight_key),
    sizeof(lwc_hight_ctr),    sizeof(lwc_cham64_128_key), sizeof(lwc_cham128_128_key),
    sizeof(lwc_cham128_256_key), sizeof(lwc_cham64_128_ctr), sizeof(lwc_cham128_128_ctr),
    sizeof(lwc_cham128_256_ctr), sizeof(lwc_aes128_key),  sizeof(lwc_aes128_ctr),
    sizeof(lwc_aes128_drbg),  sizeof(lwc_lea256_drbg),    sizeof(lwc_hight_drbg),
};
#else
int main(void)
{
    static lwc_present_key ks;
    static const uint8_t key[LWC_PRESENT80_KEY_BYTES];
    lwc_present80_setkey(&ks, key);
    return *(const uint8_t *)&ks;
}
#endif
