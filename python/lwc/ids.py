"""The cipher ids as types, for annotations: ``CipherId`` is one of the ten ids of
``lwc.CIPHERS``, ``DrbgId`` one of the five of ``lwc.DRBG_CIPHERS`` (a test keeps them
equal to the extension's tuples, in the same order)."""

from typing import Literal

CipherId = Literal["present80", "present128", "lea128", "lea192", "lea256", "hight", "cham64_128", "cham128_128",
                   "cham128_256", "aes128"]
DrbgId = Literal["aes128", "lea128", "lea192", "lea256", "hight"]
