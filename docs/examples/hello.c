/* The CMAC of RFC 4493's example 2 (AES-128); prints 070a16b46b4d4144f79bdd9dd04a287c. */
#include <stdio.h>
#include <lwc.h>

int main(void)
{
    static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                    0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    static const uint8_t msg[16] = {0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                    0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a};
    uint8_t tag[16];
    lwc_aes128_cmac_key k;
    lwc_aes128_cmac_setkey(&k, key);
    lwc_aes128_cmac(&k, tag, sizeof tag, msg, sizeof msg);
    lwc_wipe(&k, sizeof k);
    printf("lwc %s: ", lwc_version());
    for (size_t i = 0; i < sizeof tag; i++)
        printf("%02x", tag[i]);
    printf("\n");
    return 0;
}
