# The host suites: every host-toolchain target's library (build/host: the default,
# table-free; build/host-tables: -DLWC_BITSLICE32=0), gcc sanitizer builds of both, the
# differential test of the table-free ciphers against the table-based reference, and the
# check that the generated tables are current. Each adds to TEST_SUITES (command lines run
# by tools/run_suites.sh) and TEST_DEPS. mk/sanitize.mk and mk/cross.mk build the same
# suites with other compilers through the templates below.

TEST_COMMON := $(sort $(wildcard tests/common/*.c))
HOST_TEST_HDRS := $(wildcard tests/common/*.h) $(LIB_HEADERS)
HOST_CFLAGS := -std=c99 -O2 $(WARN) $(INCLUDES)
HOST_TARGETS := $(call targets_with,toolchain,host)
# The suites of tests/host run on every host build; test_bs32 only where LWC_BITSLICE32 is on.
HOST_SUITE_NAMES := test_lwc test_drbg test_modes test_records test_ascon

# Each host target's suites, linked against its library.
define HOST_LIB_SUITE_template
build/$(1)/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/$(1)/liblwc.a
	$(CC) $(HOST_CFLAGS) $($(1).flags) $$< $(TEST_COMMON) build/$(1)/liblwc.a -o $$@
endef
$(foreach t,$(HOST_TARGETS),$(eval $(call HOST_LIB_SUITE_template,$(t))))

# $(call HOST_SRC_SUITE_template,DIR,CC,FLAGS,PACKAGES[,NAMES]): build/DIR/test_lwc and
# test_drbg (or the suites NAMES) compiled with the library sources (so that a sanitizer
# instruments them too) by CC with FLAGS, after the order-only PACKAGES target (deps-*).
define HOST_SRC_SUITE_template
$(addprefix build/$(1)/,$(or $(5),$(HOST_SUITE_NAMES))): build/$(1)/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) | $(4)
	@mkdir -p $$(@D)
	$(2) $(HOST_CFLAGS) $(3) $$< $(TEST_COMMON) $(LIB_C_SRCS) -o $$@
endef

# $(call BS32_SUITE_template,DIR,CC,FLAGS,PACKAGES): build/DIR/test_bs32, the table-free
# PRESENT and AES of the default build against the table-based C reference, which is
# linked in under ref_* names (tests/host/bs32_ref_names.h), with its own layout tags
# (layout.c).
BS32_REF_SRCS := src/present/present.c src/aes/aes.c src/common/layout.c tests/host/bs32_reference.c
define BS32_SUITE_template
build/$(1)/test_bs32: tests/host/test_bs32.c $(BS32_REF_SRCS) $(wildcard tests/host/*.h) $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) | $(4)
	@mkdir -p $$(@D)/ref
	for f in $(BS32_REF_SRCS); do $(2) $(HOST_CFLAGS) $(3) -DLWC_BITSLICE32=0 -include tests/host/bs32_ref_names.h \
	    -c $$$$f -o $$(@D)/ref/$$$$(basename $$$$f .c).o || exit 1; done
	$(2) $(HOST_CFLAGS) $(3) $$< $(patsubst %.c,$$(@D)/ref/%.o,$(notdir $(BS32_REF_SRCS))) \
	    $(TEST_COMMON) $(LIB_C_SRCS) -o $$@
endef

# $(call host_matrix,PREFIX,CC,FLAGS,PACKAGES): the suites of every host target built by CC
# with FLAGS in build/PREFIX (the default) and build/PREFIX-tables, and test_bs32 in
# build/PREFIX; expands to their paths.
host_dir = $(1)$(patsubst host%,%,$(2))
host_matrix_rules = $(foreach t,$(HOST_TARGETS),$(eval $(call HOST_SRC_SUITE_template,$(call host_dir,$(1),$(t)),$(2),$(3) $($(t).flags),$(4))))$(eval $(call BS32_SUITE_template,$(1),$(2),$(3),$(4)))
host_matrix = $(host_matrix_rules)$(foreach t,$(HOST_TARGETS),$(addprefix build/$(call host_dir,$(1),$(t))/,$(HOST_SUITE_NAMES))) build/$(1)/test_bs32

ASAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g
$(eval $(call BS32_SUITE_template,host,$(CC),,deps-host))
GCC_ASAN_SUITES := $(call host_matrix,asan,$(CC),$(ASAN_FLAGS),deps-host)

# Built from the cipher sources only: the DRBG code needs the tables this program writes.
# With the table-based key schedules (LWC_BITSLICE32=0): the layouts the tables hold; the
# table-free builds compute the one key schedule whose layout differs (AES's, ctr_drbg.c).
build/host/gen_drbg_tables: tools/gen/gen_drbg_tables.c $(filter-out src/drbg/%,$(LIB_C_SRCS)) $(LIB_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -DLWC_BITSLICE32=0 $< $(filter-out src/drbg/%,$(LIB_C_SRCS)) -o $@

# Generated tables and keywords.txt must equal what the checked-in generators produce now.
.PHONY: check-generated
check-generated: build/host/gen_drbg_tables
	@rm -rf build/generated && mkdir -p build/generated/aes build/generated/ascon build/generated/lea build/generated/hight \
	    build/generated/present build/generated/drbg
	@$(PYTHON) tools/gen/gen_tables.py build/generated
	@build/host/gen_drbg_tables > build/generated/drbg/drbg_tables.h
	@$(PYTHON) tools/gen/gen_keywords.py $(CC) > build/generated/keywords.txt
	@fail=0; for f in $$(cd build/generated && find . -name '*.h'); do \
	    cmp -s build/generated/$$f src/$$f || { echo "FAIL: src/$$f is not what tools/gen/gen_tables.py generates"; fail=1; }; \
	done; cmp -s build/generated/keywords.txt keywords.txt || \
	    { echo "FAIL: keywords.txt is not what tools/gen/gen_keywords.py generates"; fail=1; }; \
	if [ $$fail = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi

# The host SIMD kernels at every level the CPU has against the portable C (test_simd), on
# the hosts that have them (lwc/config.h: LWC_HOST_SIMD), in the default build and under
# the gcc sanitizers.
ifneq ($(filter x86_64 aarch64,$(shell uname -m)),)
$(eval $(call HOST_SRC_SUITE_template,asan,$(CC),$(ASAN_FLAGS),deps-host,test_simd))
SIMD_SUITES := build/host/test_simd build/asan/test_simd
endif

# Concurrent writers against the modes (test_concurrent, with POSIX threads), in the default
# build and under gcc's sanitizers (clang's: mk/sanitize.mk); not under MemorySanitizer
# (nothing uninitialised to find there) nor ThreadSanitizer (the races are the test).
$(eval $(call HOST_SRC_SUITE_template,host,$(CC),-pthread,deps-host,test_concurrent))
$(eval $(call HOST_SRC_SUITE_template,asan,$(CC),$(ASAN_FLAGS) -pthread,deps-host,test_concurrent))
CONCURRENT_SUITES := build/host/test_concurrent build/asan/test_concurrent

HOST_SUITES := $(foreach t,$(HOST_TARGETS),$(addprefix build/$(t)/,$(HOST_SUITE_NAMES))) build/host/test_bs32 \
	$(GCC_ASAN_SUITES) $(SIMD_SUITES) $(CONCURRENT_SUITES)
TEST_SETUP += host
TEST_SUITES += "make -s check-generated" $(HOST_SUITES)
TEST_DEPS += $(HOST_SUITES) build/host/gen_drbg_tables
