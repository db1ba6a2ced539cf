# The host with the table-based C reference of AES and PRESENT (-DLWC_BITSLICE32=0): the
# opt-in that is NOT constant-time on a CPU with a data cache. Tested beside the default
# (table-free) host build so that both stay correct. Also Ascon's bit-interleaved state
# (-DLWC_ASCON_BI32=1, the 32-bit cores' layout), so that the sanitizer and
# MemorySanitizer builds of this target run it too.
toolchain := host
flags := -DLWC_BITSLICE32=0 -DLWC_ASCON_BI32=1
