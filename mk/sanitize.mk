# clang's sanitizers over the host suites (gcc's are in mk/host.mk): AddressSanitizer with
# UndefinedBehaviorSanitizer (clang's checks more, e.g. arithmetic on a null pointer) and
# MemorySanitizer, each on the default and the table build, every report fatal.
# And the constant-time check (tests/ct): MemorySanitizer with the secrets poisoned.

.PHONY: deps-clang
deps-clang:
	@tools/setup.sh clang

CLANG := clang
CLANG_ASAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g
MSAN_FLAGS := -O1 -fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer -g
CLANG_SANITIZER_SUITES := $(call host_matrix,clang-asan,$(CLANG),$(CLANG_ASAN_FLAGS),deps-clang) \
	$(call host_matrix,msan,$(CLANG),$(MSAN_FLAGS),deps-clang)
$(eval $(call HOST_SRC_SUITE_template,clang-asan,$(CLANG),$(CLANG_ASAN_FLAGS) -pthread,deps-clang,test_concurrent))
CLANG_SANITIZER_SUITES += build/clang-asan/test_concurrent
TEST_SUITES += $(CLANG_SANITIZER_SUITES)
TEST_SETUP += clang
TEST_DEPS += $(CLANG_SANITIZER_SUITES)

# The constant-time check at the library's optimisation level. Passing a secret to a
# function is no leak: newer clangs check arguments eagerly unless told not to.
CT_FLAGS = -O2 -fsanitize=memory -fno-omit-frame-pointer -g \
	$(shell $(CLANG) -fno-sanitize-memory-param-retval -fsanitize=memory -x c -c /dev/null -o /dev/null 2>/dev/null && \
	    echo -fno-sanitize-memory-param-retval)
CT_SRCS := tests/ct/test_ct.c $(TEST_COMMON) $(LIB_C_SRCS)
build/ctgrind/test_ct: $(CT_SRCS) $(HOST_TEST_HDRS) | deps-clang
	@mkdir -p $(@D)
	$(CLANG) $(HOST_CFLAGS) $(CT_FLAGS) $(CT_SRCS) -o $@
# The table build, whose AES and PRESENT must be reported: proof that the check sees them.
build/ctgrind-tables/test_ct: $(CT_SRCS) $(HOST_TEST_HDRS) | deps-clang
	@mkdir -p $(@D)
	$(CLANG) $(HOST_CFLAGS) $(CT_FLAGS) $(host-tables.flags) $(CT_SRCS) -o $@
TEST_SUITES += build/ctgrind/test_ct "build/ctgrind-tables/test_ct --expect-leaks present80,present128,aes128"
TEST_DEPS += build/ctgrind/test_ct build/ctgrind-tables/test_ct
