# CHAM-64/128 fixed-key CTR (tools/gen/gen_cham_fixed_key.py): the routine generated for a
# key and IV, with the atmega128 library, into build/fixed-<use>/; its lwc_server
# (-DLWC_SERVER_CHAM64_FIXED) serves cham64_128 CTR with it. "test": the IV's low 16 bits
# fef0 put a carry into counter byte 6 at block 16 and the window's end at block 272;
# "bench": low bits 0, a window for every message size of make bench.
FIXED_test_KEY := 0f1e2d3c4b5a69788796a5b4c3d2e1f0
FIXED_test_IV := 0123456789abfef0
FIXED_bench_KEY := 2b7e151628aed2a6abf7158809cf4f3c
FIXED_bench_IV := f0e1d2c3b4a50000
FIXED_GEN = build/fixed-$(1)/gen/cham64_128_fixed
define FIXED_template
$(call FIXED_GEN,$(1)).h: tools/gen/gen_cham_fixed_key.py mk/fixed_key.mk
	$(PYTHON) tools/gen/gen_cham_fixed_key.py $(FIXED_$(1)_KEY) $(FIXED_$(1)_IV) $$(@D)
$(call FIXED_GEN,$(1)).c $(call FIXED_GEN,$(1))_avr.S: $(call FIXED_GEN,$(1)).h
build/fixed-$(1)/%.o: build/fixed-$(1)/gen/% $(call FIXED_GEN,$(1)).h | deps-avr
	$(call lib_cc,atmega128) $(call lib_cflags,atmega128) -Isrc/common -c $$< -o $$@
build/fixed-$(1)/liblwc.a: build/atmega128/liblwc.a build/fixed-$(1)/cham64_128_fixed.c.o \
		build/fixed-$(1)/cham64_128_fixed_avr.S.o
	cp build/atmega128/liblwc.a $$@
	$(call lib_ar,atmega128) rs $$@ $$(filter %.o,$$^)
build/fixed-$(1)/lwc_server.elf: $(SERVER_DEPS) $(SIMIO_DEPS) build/fixed-$(1)/liblwc.a | deps-avr
	$(AVR_CC) $(call AVR_FW_CFLAGS,atmega128) -DLWC_SERVER_CHAM64_FIXED $(INCLUDES) -Ibuild/fixed-$(1)/gen \
	    -I$(AVRSIM_FW_DIR) $(AVR_LDFLAGS) -o $$@ $(SERVER_SRCS) $(SIMIO_SRC) build/fixed-$(1)/liblwc.a
endef
$(foreach u,test bench,$(eval $(call FIXED_template,$(u))))

build/host/test_fixed_key: tests/target/test_fixed_key.c $(SIM_HOST_DEPS)
	$(CC) $(HOST_CFLAGS) $< $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

TEST_SUITES += "build/host/test_fixed_key $(AVRSIM) build/fixed-test/lwc_server.elf $(FIXED_test_KEY) $(FIXED_test_IV)"
TEST_DEPS += build/host/test_fixed_key build/fixed-test/lwc_server.elf
