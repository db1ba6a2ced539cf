# The host suites on aarch64: cross-compiled (static) with Debian's gcc-aarch64-linux-gnu
# and run under qemu-user (tools/setup.sh aarch64): the NEON kernels and the portable C
# (test_simd runs both levels), the library's own suite and the DRBG.

.PHONY: deps-aarch64
deps-aarch64:
	@tools/setup.sh aarch64

AARCH64_CC := aarch64-linux-gnu-gcc
build/aarch64/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) | deps-aarch64
	@mkdir -p $(@D)
	$(AARCH64_CC) $(HOST_CFLAGS) -static $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

AARCH64_SUITES := build/aarch64/test_lwc build/aarch64/test_simd build/aarch64/test_drbg
TEST_SUITES += $(foreach s,$(AARCH64_SUITES),"qemu-aarch64 $(s)")
TEST_DEPS += $(AARCH64_SUITES)
