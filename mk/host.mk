# The host suites: the library (build/host) and its sanitizer and LWC_BITSLICE32 builds,
# and the check that the generated tables are current. Each adds to TEST_SUITES (command
# lines run by tools/run_suites.sh) and TEST_DEPS.

TEST_COMMON := $(sort $(wildcard tests/common/*.c))
HOST_TEST_HDRS := $(wildcard tests/common/*.h) $(LIB_HEADERS)
HOST_CFLAGS := -std=c99 -O2 $(WARN) $(INCLUDES)
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g

build/host/test_lwc: tests/host/test_lwc.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/host/test_lwc.c $(TEST_COMMON) build/host/liblwc.a -o $@

build/host/test_drbg: tests/host/test_drbg.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/host/test_drbg.c $(TEST_COMMON) build/host/liblwc.a -o $@

# The sanitizer builds compile the library sources too, so they are instrumented.
build/asan/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) $(LIB_HEADERS) | deps-host
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -O1 $(ASAN_FLAGS) $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

# LWC_BITSLICE32 on the host: the suites run on the bitsliced PRESENT and constant-time AES
# of the Cortex-M builds; test_bs32 compares them with the C reference, which is linked in
# under ref_* names (tests/host/bs32_ref_names.h), with its own layout tags (layout.c).
BS32_FLAGS := -DLWC_BITSLICE32=1
BS32_REF_SRCS := src/present/present.c src/aes/aes.c src/common/layout.c tests/host/bs32_reference.c
build/host-bs32/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) $(LIB_HEADERS) | deps-host
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(BS32_FLAGS) $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

build/asan-bs32/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) $(LIB_HEADERS) | deps-host
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -O1 $(ASAN_FLAGS) $(BS32_FLAGS) $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

build/host-bs32/test_bs32: tests/host/test_bs32.c $(BS32_REF_SRCS) $(wildcard tests/host/*.h) $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) | deps-host
	@mkdir -p $(@D)/ref
	for f in $(BS32_REF_SRCS); do $(CC) $(HOST_CFLAGS) -DLWC_BITSLICE32=0 -include tests/host/bs32_ref_names.h \
	    -c $$f -o $(@D)/ref/$$(basename $$f .c).o || exit 1; done
	$(CC) $(HOST_CFLAGS) $(BS32_FLAGS) $< $(patsubst %.c,$(@D)/ref/%.o,$(notdir $(BS32_REF_SRCS))) \
	    $(TEST_COMMON) $(LIB_C_SRCS) -o $@

# Built from the cipher sources only: the DRBG code needs the tables this program writes.
build/host/gen_drbg_tables: tools/gen/gen_drbg_tables.c $(filter-out src/drbg/%,$(LIB_C_SRCS)) $(LIB_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) $< $(filter-out src/drbg/%,$(LIB_C_SRCS)) -o $@

# Generated tables and keywords.txt must equal what the checked-in generators produce now.
.PHONY: check-generated
check-generated: build/host/gen_drbg_tables
	@rm -rf build/generated && mkdir -p build/generated/aes build/generated/lea build/generated/hight \
	    build/generated/present build/generated/drbg
	@$(PYTHON) tools/gen/gen_tables.py build/generated
	@build/host/gen_drbg_tables > build/generated/drbg/drbg_tables.h
	@$(PYTHON) tools/gen/gen_keywords.py $(CC) > build/generated/keywords.txt
	@fail=0; for f in $$(cd build/generated && find . -name '*.h'); do \
	    cmp -s build/generated/$$f src/$$f || { echo "FAIL: src/$$f is not what tools/gen/gen_tables.py generates"; fail=1; }; \
	done; cmp -s build/generated/keywords.txt keywords.txt || \
	    { echo "FAIL: keywords.txt is not what tools/gen/gen_keywords.py generates"; fail=1; }; \
	if [ $$fail = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi

HOST_SUITES := build/host/test_lwc build/asan/test_lwc build/host/test_drbg build/asan/test_drbg \
	build/host-bs32/test_lwc build/asan-bs32/test_lwc build/host-bs32/test_drbg build/host-bs32/test_bs32
TEST_SUITES += "make -s check-generated" $(HOST_SUITES)
TEST_DEPS += $(HOST_SUITES) build/host/gen_drbg_tables
