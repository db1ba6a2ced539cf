# The host suites on aarch64: cross-compiled (static) with Debian's gcc-aarch64-linux-gnu
# and run under qemu-user (tools/setup.sh aarch64): every suite of mk/host.mk's host
# matrix (default and table builds, test_bs32) and test_simd (the NEON kernels against
# the portable C).

.PHONY: deps-aarch64
deps-aarch64:
	@tools/setup.sh aarch64

AARCH64_CC := aarch64-linux-gnu-gcc
AARCH64_SUITES := $(call host_matrix,aarch64,$(AARCH64_CC),-static,deps-aarch64) build/aarch64/test_simd
$(eval $(call HOST_SRC_SUITE_template,aarch64,$(AARCH64_CC),-static,deps-aarch64,test_simd))
TEST_SUITES += $(foreach s,$(AARCH64_SUITES),"qemu-aarch64 $(s)")
TEST_DEPS += $(AARCH64_SUITES)
TEST_SETUP += aarch64
