# libFuzzer harnesses (tests/fuzz/fuzz_*.c) with ASan and UBSan, built by clang with the
# library sources. make test runs each for FUZZ_TEST_SECONDS from its checked-in corpus
# (tests/fuzz/corpus/<harness>); make fuzz runs each for FUZZ_SECONDS and merges what
# adds coverage into that corpus.

FUZZ_HARNESSES := $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TEST_SECONDS ?= 60
FUZZ_SECONDS ?= 600

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) | deps-clang
	@mkdir -p $(@D)
	$(CLANG) $(HOST_CFLAGS) $(FUZZ_FLAGS) $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

fuzz_run = tools/fuzz.sh build/fuzz/$(1) $(2) tests/fuzz/corpus/$(1)
TEST_SUITES += $(foreach h,$(FUZZ_HARNESSES),"$(call fuzz_run,$(h),$(FUZZ_TEST_SECONDS))")
TEST_DEPS += $(addprefix build/fuzz/,$(FUZZ_HARNESSES))

.PHONY: fuzz
fuzz: $(addprefix build/fuzz/,$(FUZZ_HARNESSES))
	@tools/run_suites.sh $(foreach h,$(FUZZ_HARNESSES),"$(call fuzz_run,$(h),$(FUZZ_SECONDS)) merge")
