# lwc: lightweight block ciphers for AVR and portable C.
#   make test              every test suite (host, sanitizers, simulated MCUs); last line "N passed, M failed"
#   make bench             cycle-accurate benchmarks on a simulated ATmega128, instruction counts on an
#                          emulated Cortex-M4 (results/, docs/BENCHMARKS.md)
#   make lib [MCU=atmega128]   build/<mcu>/liblwc.a (MCU: one of TARGETS below)
# Missing Debian packages are installed by tools/setup.sh when run as root; otherwise it
# prints the command to run.

MCU ?= host
PYTHON ?= python3

LIB_SRCS := $(sort $(wildcard src/*/*.c src/*/*.S))
WARN := -Wall -Wextra -Werror
INCLUDES := -Iinclude

# Per-target toolchains. Every target gets build/<target>/liblwc.a from the same sources.
# atmega128-ref: the C reference everywhere (no assembly), kept tested and benchmarked.
# atmega128-online: the assembly, with CTR precomputation built online during the first
# block of a window instead of in a separate pass (-DLWC_CTR_ONLINE).
# atmega128-compact: the assembly with the smaller variants where a family has one
# (-DLWC_HIGHT_COMPACT: HIGHT without F tables; -DLWC_CHAM64_CTR_1WAY: no 2-way CHAM-64 CTR).
# atmega128-w32, atmega128-online-w32: atmega128 and atmega128-online with PRESENT's CTR
# counter window of 32 bits instead of 16 (-DLWC_PRESENT_CTR_WINDOW=32).
# attiny45-fast: the ATtiny45 with the speed-optimised PRESENT (-DLWC_PRESENT_TINY_FAST).
# cortex-m4: -O2, the speed build (what make bench measures; -Os trades speed for flash).
TARGETS := host atmega128 atmega128-ref atmega128-online atmega128-compact atmega128-w32 \
	atmega128-online-w32 attiny45 attiny45-fast cortex-m4
CC_host := $(CC)
AR_host := $(AR)
CFLAGS_host := -std=c99 -O2 -pedantic $(WARN) $(INCLUDES)
DEPS_host := deps-host
AVR_LIB_CFLAGS = -std=c99 -mmcu=$(1) -Os $(WARN) -ffunction-sections -fdata-sections $(INCLUDES)
CC_atmega128 := avr-gcc
AR_atmega128 := avr-ar
CFLAGS_atmega128 := $(call AVR_LIB_CFLAGS,atmega128)
DEPS_atmega128 := deps-avr
CC_atmega128-ref := avr-gcc
AR_atmega128-ref := avr-ar
CFLAGS_atmega128-ref := $(CFLAGS_atmega128) -DLWC_NO_ASM
DEPS_atmega128-ref := deps-avr
CC_atmega128-online := avr-gcc
AR_atmega128-online := avr-ar
CFLAGS_atmega128-online := $(CFLAGS_atmega128) -DLWC_CTR_ONLINE
DEPS_atmega128-online := deps-avr
CC_atmega128-compact := avr-gcc
AR_atmega128-compact := avr-ar
CFLAGS_atmega128-compact := $(CFLAGS_atmega128) -DLWC_HIGHT_COMPACT -DLWC_CHAM64_CTR_1WAY
DEPS_atmega128-compact := deps-avr
CC_atmega128-w32 := avr-gcc
AR_atmega128-w32 := avr-ar
CFLAGS_atmega128-w32 := $(CFLAGS_atmega128) -DLWC_PRESENT_CTR_WINDOW=32
DEPS_atmega128-w32 := deps-avr
CC_atmega128-online-w32 := avr-gcc
AR_atmega128-online-w32 := avr-ar
CFLAGS_atmega128-online-w32 := $(CFLAGS_atmega128-online) -DLWC_PRESENT_CTR_WINDOW=32
DEPS_atmega128-online-w32 := deps-avr
CC_attiny45 := avr-gcc
AR_attiny45 := avr-ar
CFLAGS_attiny45 := $(call AVR_LIB_CFLAGS,attiny45)
DEPS_attiny45 := deps-avr
CC_attiny45-fast := avr-gcc
AR_attiny45-fast := avr-ar
CFLAGS_attiny45-fast := $(CFLAGS_attiny45) -DLWC_PRESENT_TINY_FAST
DEPS_attiny45-fast := deps-avr
ARM_CFLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
CC_cortex-m4 := arm-none-eabi-gcc
AR_cortex-m4 := arm-none-eabi-ar
CFLAGS_cortex-m4 := -std=c99 $(ARM_CFLAGS) -O2 $(WARN) -ffunction-sections -fdata-sections $(INCLUDES)
DEPS_cortex-m4 := deps-arm

ifeq ($(filter $(MCU),$(TARGETS)),)
  $(error MCU=$(MCU) is not supported; choose one of: $(TARGETS))
endif

LIB_HEADERS := $(wildcard include/*.h include/lwc/*.h src/*/*.h)

define LIB_template
# Rebuilt from scratch: "ar r" never drops members, so stale objects would linger.
build/$(1)/liblwc.a: $(patsubst src/%,build/$(1)/obj/%.o,$(filter-out %.S,$(LIB_SRCS)) $(if $(filter host,$(1)),,$(filter %.S,$(LIB_SRCS))))
	@rm -f $$@
	$$(AR_$(1)) rcs $$@ $$^

build/$(1)/obj/%.c.o: src/%.c $(LIB_HEADERS) | $$(DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(CFLAGS_$(1)) -c $$< -o $$@

build/$(1)/obj/%.S.o: src/%.S $(LIB_HEADERS) | $$(DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(CFLAGS_$(1)) -c $$< -o $$@
endef
$(foreach t,$(TARGETS),$(eval $(call LIB_template,$(t))))

.PHONY: all lib test bench clean deps-host deps-avr deps-arm deps-plot check-generated
.DELETE_ON_ERROR:

all: lib

lib: build/$(MCU)/liblwc.a

deps-host:
	@tools/setup.sh host
deps-avr:
	@tools/setup.sh avr
deps-arm:
	@tools/setup.sh arm
deps-plot:
	@tools/setup.sh plot

include mk/avrsim.mk
include mk/armsim.mk

# ---- host tests -------------------------------------------------------------------------
TEST_COMMON := $(sort $(wildcard tests/common/*.c))
HOST_TEST_HDRS := $(wildcard tests/common/*.h) $(LIB_HEADERS)
HOST_CFLAGS := -std=c99 -O2 $(WARN) $(INCLUDES)
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g

build/host/test_lwc: tests/host/test_lwc.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/host/test_lwc.c $(TEST_COMMON) build/host/liblwc.a -o $@

build/host/test_drbg: tests/host/test_drbg.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/host/test_drbg.c $(TEST_COMMON) build/host/liblwc.a -o $@

# The sanitizer builds compile the library sources too, so they are instrumented.
LIB_C_SRCS := $(filter %.c,$(LIB_SRCS))
build/asan/test_%: tests/host/test_%.c $(TEST_COMMON) $(HOST_TEST_HDRS) $(LIB_C_SRCS) $(LIB_HEADERS) | deps-host
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -O1 $(ASAN_FLAGS) $< $(TEST_COMMON) $(LIB_C_SRCS) -o $@

# LWC_BITSLICE32 on the host: the suites run on the bitsliced PRESENT and constant-time AES
# of the Cortex-M builds; test_bs32 compares them with the C reference, which is linked in
# under ref_* names (tests/host/bs32_ref_names.h).
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

# Generated tables must equal what the checked-in generators produce now.
check-generated: build/host/gen_drbg_tables
	@rm -rf build/generated && mkdir -p build/generated/aes build/generated/lea build/generated/hight \
	    build/generated/present build/generated/drbg
	@$(PYTHON) tools/gen/gen_tables.py build/generated
	@build/host/gen_drbg_tables > build/generated/drbg/drbg_tables.h
	@fail=0; for f in $$(cd build/generated && find . -name '*.h'); do \
	    cmp -s build/generated/$$f src/$$f || { echo "FAIL: src/$$f is not what tools/gen/gen_tables.py generates"; fail=1; }; \
	done; if [ $$fail = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi

# ---- the library on the simulated ATmega128 ---------------------------------------------
# Each AVR library build (build/<b>/liblwc.a) gets the lwc_server firmware; test_target drives
# it from the host (tests/target/protocol.h). Firmware is compiled with the build's -D flags:
# the public headers choose context layouts by LWC_NO_ASM.
AVR_TEST_BUILDS := atmega128 atmega128-ref atmega128-online
# Option builds change a few ciphers only; they are tested and measured for those.
OPTION_BUILDS := atmega128-compact atmega128-w32 atmega128-online-w32
OPTION_CIPHERS_atmega128-compact := hight,cham64_128
OPTION_CIPHERS_atmega128-w32 := present80,present128
OPTION_CIPHERS_atmega128-online-w32 := present80,present128
comma := ,
option_args = $(if $(OPTION_CIPHERS_$(1)),--ciphers $(OPTION_CIPHERS_$(1)))
SERVER_SRCS := tests/target/lwc_server.c tests/common/cipher_table.c tests/common/drbg_table.c \
	tests/common/drbg_plain.c $(SIMIO_SRC)

define SERVER_template
build/$(1)/firmware/lwc_server.elf: $(SERVER_SRCS) tests/target/protocol.h tests/target/server_io.h $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c $(SIMIO_DEPS) build/$(1)/liblwc.a | deps-avr
	@mkdir -p $$(@D)
	$(AVR_CC) $(AVR_CFLAGS_atmega128) $(filter -D%,$(CFLAGS_$(1))) $(INCLUDES) -I$(AVRSIM_FW_DIR) $(AVR_LDFLAGS) \
	    -o $$@ $(SERVER_SRCS) build/$(1)/liblwc.a
endef
$(foreach b,$(AVR_TEST_BUILDS) $(OPTION_BUILDS),$(eval $(call SERVER_template,$(b))))

# The same server on the emulated Cortex-M4, with armsim's firmware runtime.
build/cortex-m4/firmware/lwc_server.elf: $(SERVER_SRCS) tests/target/protocol.h tests/target/server_io.h $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c $(ARMSIM_RT_DEPS) build/cortex-m4/liblwc.a | deps-arm
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_FW_CFLAGS) $(INCLUDES) -I$(ARMSIM_FW_DIR) -o $@ $(filter-out $(SIMIO_SRC),$(SERVER_SRCS)) \
	    $(ARMSIM_RT_SRCS) build/cortex-m4/liblwc.a $(ARM_LDFLAGS)

# Constant time on the Cortex-M4: instruction traces (tests/arm/test_constant_time.sh).
ARM_CT_SRCS := tests/arm/constant_time.c tests/common/cipher_table.c tests/common/drbg_table.c tests/common/drbg_plain.c
build/cortex-m4/firmware/constant_time.elf: $(ARM_CT_SRCS) $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c $(ARMSIM_RT_DEPS) build/cortex-m4/liblwc.a | deps-arm
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_FW_CFLAGS) $(INCLUDES) -I$(ARMSIM_FW_DIR) -o $@ $(ARM_CT_SRCS) $(ARMSIM_RT_SRCS) \
	    build/cortex-m4/liblwc.a $(ARM_LDFLAGS)

SIM_HOST_SRCS := tests/target/sim_session.c tests/target/sim_options.c $(TEST_COMMON)
build/host/test_target: tests/target/test_target.c $(SIM_HOST_SRCS) $(HOST_TEST_HDRS) $(wildcard tests/target/*.h) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/target/test_target.c $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

# The ATtiny45 (256 B SRAM) runs the size-optimised PRESENT (attiny45) or the speed-optimised
# one (attiny45-fast) under a small firmware that serves block operations only.
TINY_BUILDS := attiny45 attiny45-fast
TINY_DRIVER_ARGS := --mcu attiny45 --ciphers present80,present128 --blocks-only
define TINY_SERVER_template
build/$(1)/firmware/tiny_server.elf: tests/target/tiny_server.c tests/target/protocol.h tests/target/server_io.h $(LIB_HEADERS) $(SIMIO_DEPS) build/$(1)/liblwc.a | deps-avr
	@mkdir -p $$(@D)
	$(AVR_CC) $(AVR_CFLAGS_attiny45) $(filter -D%,$(CFLAGS_$(1))) $(INCLUDES) -I$(AVRSIM_FW_DIR) $(AVR_LDFLAGS) \
	    -o $$@ $$< $(SIMIO_SRC) build/$(1)/liblwc.a
endef
$(foreach b,$(TINY_BUILDS),$(eval $(call TINY_SERVER_template,$(b))))

# ---- CHAM-64/128 fixed-key CTR (tools/gen/gen_cham_fixed_key.py) -------------------------
# The routine generated for a key and IV, with the atmega128 library, into build/fixed-<use>/;
# its lwc_server (-DLWC_SERVER_CHAM64_FIXED) serves cham64_128 CTR with it. "test": the IV's
# low 16 bits fef0 put a carry into counter byte 6 at block 16 and the window's end at
# block 272; "bench": low bits 0, a window for every message size of make bench.
FIXED_test_KEY := 0f1e2d3c4b5a69788796a5b4c3d2e1f0
FIXED_test_IV := 0123456789abfef0
FIXED_bench_KEY := 2b7e151628aed2a6abf7158809cf4f3c
FIXED_bench_IV := f0e1d2c3b4a50000
FIXED_GEN = build/fixed-$(1)/gen/cham64_128_fixed
define FIXED_template
$(call FIXED_GEN,$(1)).h: tools/gen/gen_cham_fixed_key.py Makefile
	$(PYTHON) tools/gen/gen_cham_fixed_key.py $(FIXED_$(1)_KEY) $(FIXED_$(1)_IV) $$(@D)
$(call FIXED_GEN,$(1)).c $(call FIXED_GEN,$(1))_avr.S: $(call FIXED_GEN,$(1)).h
build/fixed-$(1)/%.o: build/fixed-$(1)/gen/% $(call FIXED_GEN,$(1)).h | deps-avr
	$(CC_atmega128) $(CFLAGS_atmega128) -Isrc/common -c $$< -o $$@
build/fixed-$(1)/liblwc.a: build/atmega128/liblwc.a build/fixed-$(1)/cham64_128_fixed.c.o \
		build/fixed-$(1)/cham64_128_fixed_avr.S.o
	cp build/atmega128/liblwc.a $$@
	$(AR_atmega128) rs $$@ $$(filter %.o,$$^)
build/fixed-$(1)/lwc_server.elf: $(SERVER_SRCS) tests/target/protocol.h tests/target/server_io.h $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c \
		$(SIMIO_DEPS) build/fixed-$(1)/liblwc.a | deps-avr
	$(AVR_CC) $(AVR_CFLAGS_atmega128) -DLWC_SERVER_CHAM64_FIXED $(INCLUDES) -Ibuild/fixed-$(1)/gen -I$(AVRSIM_FW_DIR) \
	    $(AVR_LDFLAGS) -o $$@ $(SERVER_SRCS) build/fixed-$(1)/liblwc.a
endef
$(foreach u,test bench,$(eval $(call FIXED_template,$(u))))

build/host/test_fixed_key: tests/target/test_fixed_key.c $(SIM_HOST_SRCS) $(HOST_TEST_HDRS) $(wildcard tests/target/*.h) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) tests/target/test_fixed_key.c $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

TEST_SUITES := "make -s check-generated" build/host/test_lwc build/asan/test_lwc \
	build/host/test_drbg build/asan/test_drbg \
	build/host-bs32/test_lwc build/asan-bs32/test_lwc build/host-bs32/test_drbg build/host-bs32/test_bs32 \
	"bash tools/avrsim/test_runner.sh $(AVRSIM) build" \
	$(foreach b,$(AVR_TEST_BUILDS) $(OPTION_BUILDS),"build/host/test_target $(call option_args,$(b)) $(AVRSIM) build/$(b)/firmware/lwc_server.elf $(b)") \
	$(foreach b,$(TINY_BUILDS),"build/host/test_target $(TINY_DRIVER_ARGS) $(AVRSIM) build/$(b)/firmware/tiny_server.elf $(b)") \
	"build/host/test_fixed_key $(AVRSIM) build/fixed-test/lwc_server.elf $(FIXED_test_KEY) $(FIXED_test_IV)" \
	"bash tools/armsim/test_armsim.sh build" \
	"build/host/test_target --mcu cortex-m4 $(ARMSIM) build/cortex-m4/firmware/lwc_server.elf cortex-m4" \
	"bash tests/arm/test_constant_time.sh build"
ARM_TEST_DEPS := $(COUNT_INSNS) $(ARMSIM_TEST_FW) build/cortex-m4/firmware/lwc_server.elf \
	build/cortex-m4/firmware/constant_time.elf

test: build/host/test_lwc build/asan/test_lwc build/host/test_drbg build/asan/test_drbg \
		build/host-bs32/test_lwc build/asan-bs32/test_lwc build/host-bs32/test_drbg build/host-bs32/test_bs32 \
		$(AVRSIM) $(AVRSIM_TEST_FW) build/host/test_target \
		$(foreach b,$(AVR_TEST_BUILDS) $(OPTION_BUILDS),build/$(b)/firmware/lwc_server.elf) \
		$(foreach b,$(TINY_BUILDS),build/$(b)/firmware/tiny_server.elf) \
		build/host/test_fixed_key build/fixed-test/lwc_server.elf $(ARM_TEST_DEPS)
	@tools/run_suites.sh $(TEST_SUITES)

# ---- make bench ---------------------------------------------------------------------------
# One raw cycle CSV and one flash CSV per AVR build; bench/report.py joins them.
# Variant names: "ref" (atmega128-ref, C only), "asm" (atmega128, assembly where present)
# and "asm-<option>" (atmega128-<option>: asm-online, asm-compact, asm-w32, ...).
BENCH_BUILDS := atmega128-ref atmega128 atmega128-online $(OPTION_BUILDS)
variant_of = $(if $(filter atmega128-ref,$(1)),ref,$(patsubst atmega128%,asm%,$(1)))
BENCH_RAW := $(foreach b,$(BENCH_BUILDS),results/raw/$(b)-cycles.csv results/raw/$(b)-flash.csv) \
	$(foreach b,$(TINY_BUILDS),results/raw/$(b)-cycles.csv results/raw/$(b)-flash.csv) \
	results/raw/atmega128-fixed-cycles.csv results/raw/atmega128-fixed-flash.csv

build/host/bench_avr: bench/bench_avr.c $(SIM_HOST_SRCS) $(HOST_TEST_HDRS) $(wildcard tests/target/*.h) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) bench/bench_avr.c $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

define BENCH_template
results/raw/$(1)-cycles.csv: build/host/bench_avr build/$(1)/firmware/lwc_server.elf $(AVRSIM)
	@mkdir -p $$(@D)
	build/host/bench_avr $(call option_args,$(1)) $(AVRSIM) build/$(1)/firmware/lwc_server.elf $(call variant_of,$(1)) > $$@

results/raw/$(1)-flash.csv: bench/flash_probe.sh bench/flash_probe.c build/$(1)/liblwc.a
	@mkdir -p $$(@D)
	PROBE_CFLAGS="$(filter -D%,$(CFLAGS_$(1)))" bench/flash_probe.sh build/$(1) $(call variant_of,$(1)) \
	    atmega128 "$(subst $(comma), ,$(OPTION_CIPHERS_$(1)))" > $$@
endef
$(foreach b,$(BENCH_BUILDS),$(eval $(call BENCH_template,$(b))))

# The ATtiny45 builds, variants "tiny" (size-optimised PRESENT) and "tiny-fast".
tiny_variant = $(patsubst attiny45%,tiny%,$(1))
define TINY_BENCH_template
results/raw/$(1)-cycles.csv: build/host/bench_avr build/$(1)/firmware/tiny_server.elf $(AVRSIM)
	@mkdir -p $$(@D)
	build/host/bench_avr $(TINY_DRIVER_ARGS) $(AVRSIM) build/$(1)/firmware/tiny_server.elf $(call tiny_variant,$(1)) > $$@

results/raw/$(1)-flash.csv: bench/flash_probe.sh bench/flash_probe.c build/$(1)/liblwc.a
	@mkdir -p $$(@D)
	PROBE_CFLAGS="$(filter -D%,$(CFLAGS_$(1)))" bench/flash_probe.sh build/$(1) $(call tiny_variant,$(1)) \
	    attiny45 "present80 present128" > $$@
endef
$(foreach b,$(TINY_BUILDS),$(eval $(call TINY_BENCH_template,$(b))))

# "asm-fixed": the atmega128 build with the fixed-key CHAM-64/128 CTR (cham64_128 rows only;
# no records: the generated routine has no setiv of its own).
results/raw/atmega128-fixed-cycles.csv: build/host/bench_avr build/fixed-bench/lwc_server.elf $(AVRSIM)
	@mkdir -p $(@D)
	build/host/bench_avr --ciphers cham64_128 $(AVRSIM) build/fixed-bench/lwc_server.elf asm-fixed > $@.all
	awk -F, 'NR == 1 || ($$2 == "cham64_128" && $$4 != "record")' $@.all > $@
	rm -f $@.all

results/raw/atmega128-fixed-flash.csv: bench/flash_probe.sh bench/flash_probe.c build/fixed-bench/liblwc.a
	@mkdir -p $(@D)
	PROBE_OPS="setkey:1 encrypt:2 decrypt:3 block_all:7 ctr:8" PROBE_CFLAGS="-Ibuild/fixed-bench/gen" \
	    bench/flash_probe.sh build/fixed-bench asm-fixed atmega128 cham64_128 > $@

# The Cortex-M4 (emulated): instruction counts from QEMU's trace, and flash per operation.
build/cortex-m4/firmware/bench_arm.elf: bench/bench_arm.c tests/common/cipher_table.c $(HOST_TEST_HDRS) $(ARMSIM_RT_DEPS) build/cortex-m4/liblwc.a | deps-arm
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_FW_CFLAGS) $(INCLUDES) -I$(ARMSIM_FW_DIR) -o $@ bench/bench_arm.c tests/common/cipher_table.c \
	    $(ARMSIM_RT_SRCS) build/cortex-m4/liblwc.a $(ARM_LDFLAGS)

results/raw/cortex-m4-insns.csv: bench/bench_arm.sh build/cortex-m4/firmware/bench_arm.elf $(COUNT_INSNS) \
		$(ARMSIM_DIR)/cycle_model.py
	@mkdir -p $(@D)
	bench/bench_arm.sh $(COUNT_INSNS) build/cortex-m4/firmware/bench_arm.elf cortex-m4 > $@

results/raw/cortex-m4-flash.csv: bench/flash_probe.sh bench/flash_probe.c build/cortex-m4/liblwc.a $(ARMSIM_RT_DEPS)
	@mkdir -p $(@D)
	bench/flash_probe.sh build/cortex-m4 cortex-m4 cortex-m4 > $@

# First in the list: the longest measurement starts first under -j2.
BENCH_RAW := results/raw/cortex-m4-insns.csv $(BENCH_RAW) results/raw/cortex-m4-flash.csv

# The measurements run two at a time (one simulator per core); the report needs the
# project virtualenv with matplotlib (tools/setup.sh plot).
bench: | deps-avr deps-arm deps-plot
	@rm -rf results/raw
	@$(MAKE) --no-print-directory -j2 $(BENCH_RAW)
	.venv/bin/python bench/report.py results docs/BENCHMARKS.md $(BENCH_RAW)

clean:
	rm -rf build results
