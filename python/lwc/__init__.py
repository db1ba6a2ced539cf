"""lwc: lightweight block ciphers (PRESENT, LEA, HIGHT, revised CHAM, AES-128) for the
gateway that decrypts what the sensor nodes send.

The package is a CPython extension built from the C library's own sources; every call
runs in C. Quick use::

    import lwc
    c = lwc.Cipher("lea128", key)              # key schedule built once
    plain = c.ctr_records(ivs, ciphertexts)    # a batch of records, one IV each
    s = c.ctr(iv); s.crypt(part1) + s.crypt(part2)
    lwc.ctr_crypt("lea128", key, iv, data)     # one-shot
    ct, tag = c.eax_encrypt(nonce, reading, ad=header, tag_len=8)
    reading = c.eax_decrypt(nonce, ct, tag, ad=header, tag_len=8)  # lwc.AuthenticationError if forged
    c.cmac_verify(config, tag)                 # lwc.AuthenticationError if it does not match

API
    Cipher        id, block_size, key_size, encrypt_block, decrypt_block, ctr, ctr_records;
                  cmac, cmac_verify, cmac_stream, eax_encrypt, eax_decrypt, ccm_encrypt,
                  ccm_decrypt (lwc/modes.h)
    CmacStream    update(data), digest(), verify(tag), copy(): a CMAC over pieces
    CtrStream     crypt(data): continues the keystream across calls
    Drbg          CTR_DRBG (NIST SP 800-90A): generate, reseed
    ctr_crypt     one-shot CTR
    version       the C library's version (lwc_version()), also __version__
    CIPHERS       the ten cipher ids; DRBG_CIPHERS the five with a CTR_DRBG
    CipherId, DrbgId          the ids as typing.Literal types (lwc.ids)
    BLOCK_SIZES, KEY_SIZES    {id: bytes}
    Error         base of the exceptions, one subclass per LWC_E_* code of the library:
                  AuthenticationError, TagLengthError, ... (help(lwc.errors) lists them)

CTR is NIST SP 800-38A: the IV is the first counter block, incremented as one big-endian
integer over the whole block; encryption and decryption are the same call. Never reuse a
(key, counter) pair.

The authenticated modes: CMAC (NIST SP 800-38B) and EAX for every cipher, CCM (SP
800-38C) for those with 128-bit blocks (ValueError for the others). Tags are tag_len
bytes, the first of the full tag (None: the full block): CMAC and EAX 1 to block_size,
CCM 4, 6, ..., 16; EAX takes nonces of any length, CCM of 7 to 13 bytes. A nonce must
never repeat under one key. Decryption returns the plaintext only if the tag matches, and
raises lwc.AuthenticationError (a subclass of lwc.Error, not of ValueError) otherwise; it
takes tag_len too, the length the sender uses, and a tag of another length does not match
(so that a tag cut short is not checked on fewer bytes).

Conventions: inputs are bytes-like (bytes, bytearray, memoryview, any C-contiguous
buffer); every result is ``bytes``. A wrong length raises ValueError naming the expected
one, a wrong type TypeError; on any error nothing changes. Calls on 4 KB or more release
the GIL, so threads sharing one Cipher scale with cores. Key schedules, CTR contexts and
DRBG states live in C memory, wiped when their object is freed (a Cipher keeps a copy
of the key there too, to set up a mode's key on its first call).

Timing: no secret-dependent branch or table index in any cipher of this build: LEA, HIGHT
and CHAM are ARX ciphers, and AES and PRESENT are the library's table-free, bitsliced code
(LWC_BITSLICE32, the default off AVR; include/lwc/aes.h, include/lwc/present.h).
"""

from ._lwc import (BLOCK_SIZES, CIPHERS, DRBG_CIPHERS, KEY_SIZES, Cipher, CmacStream, CtrStream, Drbg, __version__,
                   ctr_crypt, version)
from . import errors
from .errors import *  # noqa: F401,F403 (lwc.Error and one subclass per LWC_E_* code)
from .ids import CipherId, DrbgId

# What help(lwc) documents: the API, in the order of the docstring's list above; the
# exception classes, which are lwc.X too, are documented by help(lwc.errors), so that
# help(lwc) does not open on fourteen exception classes before Cipher.
__all__ = ["Cipher", "CmacStream", "CtrStream", "Drbg", "ctr_crypt", "version", "CIPHERS", "DRBG_CIPHERS",
           "CipherId", "DrbgId", "BLOCK_SIZES", "KEY_SIZES", "__version__"]
