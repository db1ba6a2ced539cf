# make bench: per target with a `variant` (conf/*.mk), a raw CSV of its measurements and
# one of its flash figures in results/raw/; bench/report.py joins them into results/ and
# docs/BENCHMARKS.md, and draws its charts beside it (docs/img/, committed with it). AVR
# targets: cycles on the simulator (bench/bench_avr.c driving the test firmware); the QEMU
# targets (Cortex-M4, Cortex-M0, RV32IMC): executed instructions counted from QEMU's trace
# (bench/bench_qemu.c). Flash: bench/flash_probe.sh.
BENCH_TARGETS := $(foreach t,$(TARGETS),$(if $($(t).variant),$(t)))

build/host/bench_avr: bench/bench_avr.c $(SIM_HOST_DEPS)
	$(CC) $(HOST_CFLAGS) $< $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

# The flash probe (its firmware, the probes' generator and the features it reads) and its
# operations: single blocks only where the firmware serves no more; on a QEMU target, the
# probe built as its firmware (qemu_fw_cmd, mk/qemusim.mk).
PROBE_DEPS := bench/flash_probe.sh bench/flash_probe.c bench/gen_probe.py bench/features.txt
probe_env = PROBE_CFLAGS="$($(1).flags)" $(if $(filter tiny_server,$($(1).server)),PROBE_BLOCKS_ONLY=1) \
	$(if $($(1).drbgs),PROBE_DRBGS="$(filter-out none,$($(1).drbgs))") \
	$(if $(filter $(1),$(QEMU_TARGETS)),PROBE_LINK="$(call qemu_fw_cmd,$($(1).mcu))" \
	PROBE_SIZE=$(SIZE.$($(1).toolchain)))
define BENCH_template
results/raw/$(1)-flash.csv: $(PROBE_DEPS) build/$(1)/liblwc.a $(call fw_deps,$(1))
	@mkdir -p $$(@D)
	$(call probe_env,$(1)) bench/flash_probe.sh build/$(1) $($(1).variant) $($(1).mcu) "$($(1).ciphers)" > $$@
endef
$(foreach t,$(BENCH_TARGETS),$(eval $(call BENCH_template,$(t))))

# One bench_avr run per firmware unit (mk/firmware.mk), their rows in one file.
define BENCH_AVR_template
results/raw/$(1)-cycles.csv: build/host/bench_avr $(foreach u,$(call fw_units,$(1)),$(call firmware_of,$(1),$(u))) $(AVRSIM)
	@mkdir -p $$(@D)
	$(foreach u,$(call fw_units,$(1)),build/host/bench_avr $(call sim_args,$(1),$(u)) $($(1).variant) > $$@.$(u) &&) true
	awk 'FNR > 1 || NR == 1' $(foreach u,$(call fw_units,$(1)),$$@.$(u)) > $$@
	rm -f $(foreach u,$(call fw_units,$(1)),$$@.$(u))
endef
$(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).variant),$(eval $(call BENCH_AVR_template,$(t)))))

# The QEMU targets: instruction counts (and a cycle estimate where the MCU has a model)
# from QEMU's trace.
BENCH_QEMU_SRCS := bench/bench_qemu.c tests/common/cipher_table.c tests/common/mode_table.c
define BENCH_QEMU_template
build/$(1)/firmware/bench_qemu.elf: $(BENCH_QEMU_SRCS) $(HOST_TEST_HDRS) $(call fw_deps,$(1)) build/$(1)/liblwc.a \
		| $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(BENCH_QEMU_SRCS))

results/raw/$(1)-insns.csv: bench/bench_qemu.sh build/$(1)/firmware/bench_qemu.elf $(COUNT_INSNS) \
		$(QEMUSIM_DIR)/cycle_model.py
	@mkdir -p $$(@D)
	bench/bench_qemu.sh $(COUNT_INSNS) build/$(1)/firmware/bench_qemu.elf $($(1).variant) $($(1).mcu) > $$@
endef
BENCH_QEMU_TARGETS := $(foreach t,$(QEMU_TARGETS),$(if $($(t).variant),$(t)))
$(foreach t,$(BENCH_QEMU_TARGETS),$(eval $(call BENCH_QEMU_template,$(t))))

# "asm-fixed": the atmega128 build with the fixed-key CHAM-64/128 CTR (cham64_128 rows only;
# no records: the generated routine has no setiv of its own; no DRBGs or modes, which run
# on the default build's code).
results/raw/atmega128-fixed-cycles.csv: build/host/bench_avr build/fixed-bench/lwc_server.elf $(AVRSIM)
	@mkdir -p $(@D)
	build/host/bench_avr --ciphers cham64_128 --no-drbg --no-modes $(AVRSIM) build/fixed-bench/lwc_server.elf \
	    asm-fixed > $@.all
	awk -F, 'NR == 1 || ($$2 == "cham64_128" && $$4 != "record")' $@.all > $@
	rm -f $@.all

results/raw/atmega128-fixed-flash.csv: $(PROBE_DEPS) build/fixed-bench/liblwc.a
	@mkdir -p $(@D)
	PROBE_FEATURES="setkey encrypt decrypt block_all fixed_ctr" PROBE_INCLUDE=build/fixed-bench/gen/cham64_128_fixed.h \
	    bench/flash_probe.sh build/fixed-bench asm-fixed atmega128 cham64_128 > $@

# The longest measurements first, so that they start first under -j2.
BENCH_RAW := $(foreach t,$(BENCH_QEMU_TARGETS),results/raw/$(t)-insns.csv) \
	$(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).variant),results/raw/$(t)-cycles.csv)) \
	$(foreach t,$(BENCH_TARGETS),results/raw/$(t)-flash.csv) \
	results/raw/atmega128-fixed-cycles.csv results/raw/atmega128-fixed-flash.csv $(ARDUINO_BENCH_RAW)

# Measurements that time the CPU itself, run one at a time after the simulators (other mk
# files add theirs: mk/python.mk).
BENCH_SERIAL :=

# The host section (x86-64): lwc's CTR beside Crypto++ and OpenSSL on one core
# (bench/bench_host.cpp; Debian's libcrypto++-dev and libssl-dev, tools/setup.sh bench-host).
ifeq ($(shell uname -m),x86_64)
BENCH_HOST := results/raw/host-x86_64.csv
BENCH_SERIAL += $(BENCH_HOST)
endif
.PHONY: deps-bench-host
deps-bench-host:
	@tools/setup.sh bench-host

build/host/bench_host: bench/bench_host.cpp build/host/liblwc.a $(LIB_HEADERS) | deps-bench-host
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $(INCLUDES) $< build/host/liblwc.a -lcrypto++ -lcrypto -o $@

results/raw/host-x86_64.csv: build/host/bench_host
	@mkdir -p $(@D)
	build/host/bench_host > $@

# The measurements run two at a time (one simulator per core), then the serial ones alone;
# the report needs the project virtualenv with matplotlib (tools/setup.sh plot).
.PHONY: bench
bench: | deps-avr deps-arm deps-riscv deps-plot
	@rm -rf results/raw
	@$(MAKE) --no-print-directory -j2 $(BENCH_RAW)
	$(if $(BENCH_SERIAL),@$(MAKE) --no-print-directory $(BENCH_SERIAL))
	.venv/bin/python bench/report.py results docs/BENCHMARKS.md $(BENCH_RAW) $(BENCH_SERIAL)
