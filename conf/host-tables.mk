# The host with the table-based C reference of AES and PRESENT (-DLWC_BITSLICE32=0): the
# opt-in that is NOT constant-time on a CPU with a data cache. Tested beside the default
# (table-free) host build so that both stay correct.
toolchain := host
flags := -DLWC_BITSLICE32=0
