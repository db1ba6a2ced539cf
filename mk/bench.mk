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
# Whether target $(1)'s benchmarks measure Ascon: where its test firmware serves it and its
# ciphers list does not leave it out (a per_cipher target's units ascon_aead, ascon_hash).
bench_ascon = $(if $(filter none,$($(1).ascon)),,$(if $(filter yes,$($(1).per_cipher)),yes,$(if $($(1).ciphers),,yes)))
define BENCH_template
results/raw/$(1)-flash.csv: $(PROBE_DEPS) build/$(1)/liblwc.a $(call fw_deps,$(1))
	@mkdir -p $$(@D)
	$(call probe_env,$(1)) bench/flash_probe.sh build/$(1) $($(1).variant) $($(1).mcu) \
	    "$(or $($(1).ciphers),$(ALL_CIPHERS))$(if $(call bench_ascon,$(1)), ascon)" > $$@
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
build/$(1)/firmware/bench_qemu.elf: $(BENCH_QEMU_SRCS) bench/qemu_measure.h $(HOST_TEST_HDRS) $(call fw_deps,$(1)) build/$(1)/liblwc.a \
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
	build/host/bench_avr --ciphers cham64_128 --no-drbg --no-modes --no-records $(AVRSIM) build/fixed-bench/lwc_server.elf \
	    asm-fixed > $@.all
	awk -F, 'NR == 1 || ($$2 == "cham64_128" && $$4 != "record")' $@.all > $@
	rm -f $@.all

results/raw/atmega128-fixed-flash.csv: $(PROBE_DEPS) build/fixed-bench/liblwc.a
	@mkdir -p $(@D)
	PROBE_FEATURES="setkey encrypt decrypt block_all fixed_ctr" PROBE_INCLUDE=build/fixed-bench/gen/cham64_128_fixed.h \
	    bench/flash_probe.sh build/fixed-bench asm-fixed atmega128 cham64_128 > $@

# A peer beside lwc's Ascon: ascon/ascon-c's Ascon-AEAD128 (CC0), the implementation for each
# core, measured where ../shared/peers/ascon-c is there (not part of the project, never copied
# into it): its sources with bench/peer_ascon.c and the simulator's runtime, on the ATmega128
# (cycles, avrsim) and the QEMU targets (instructions, bench/bench_qemu.sh). Rows: mcu,
# implementation, operation, bytes, cycles (AVR), instructions (QEMU), stack.
ASCON_PEER ?= ../shared/peers/ascon-c
ASCON_PEER_AEAD = $(ASCON_PEER)/crypto_aead/asconaead128/$(ASCON_PEER_IMPL.$(1))
ASCON_PEER_IMPL.atmega128 := avr
ASCON_PEER_IMPL.cortex-m4 := armv7m
ASCON_PEER_IMPL.cortex-m0 := armv6m
ASCON_PEER_IMPL.rv32imc := asm_rv32i
ASCON_PEER_TARGETS := $(if $(wildcard $(ASCON_PEER)/crypto_aead),atmega128 cortex-m4 cortex-m0 rv32imc)
ascon_peer_srcs = bench/peer_ascon.c $(filter-out %/printstate.c,$(wildcard $(call ASCON_PEER_AEAD,$(1))/*.[cS]))
ascon_peer_flags = -I$(call ASCON_PEER_AEAD,$(1)) -I$(ASCON_PEER)/tests -Wno-error
build/atmega128/peer/ascon-c.elf: $(call ascon_peer_srcs,atmega128) $(SIMIO_DEPS) $(wildcard tests/target/*.h)
	@mkdir -p $(@D)
	$(AVR_CC) $(call AVR_FW_CFLAGS,atmega128) -DLONG_BYTES=992 $(call ascon_peer_flags,atmega128) \
	    -I$(AVRSIM_FW_DIR) $(AVR_LDFLAGS) -o $@ $(call ascon_peer_srcs,atmega128) $(SIMIO_SRC)
results/raw/peer-ascon-atmega128.csv: build/atmega128/peer/ascon-c.elf $(AVRSIM)
	@mkdir -p $(@D)
	echo "mcu,implementation,operation,bytes,cycles,instructions,stack_bytes" > $@
	$(AVRSIM) --mcu atmega128 $< </dev/null | \
	    awk '$$1 == "ascon-c" { print "atmega128,ascon-c $(ASCON_PEER_IMPL.atmega128)," $$2 "," $$3 "," $$6 ",," $$4 }' >> $@
define ASCON_PEER_QEMU_template
build/$(1)/peer/ascon-c.elf: $(call ascon_peer_srcs,$(1)) bench/qemu_measure.h $(call qemu_rt_deps,$(1)) \
		| $(DEPS.$(call mcu_toolchain,$(1)))
	@mkdir -p $$(@D)
	$$(call qemu_fw_link,$(1),$(call ascon_peer_flags,$(1)) $(call ascon_peer_srcs,$(1)))
results/raw/peer-ascon-$(1).csv: bench/bench_qemu.sh build/$(1)/peer/ascon-c.elf $(COUNT_INSNS)
	@mkdir -p $$(@D)
	echo "mcu,implementation,operation,bytes,cycles,instructions,stack_bytes" > $$@
	bench/bench_qemu.sh $(COUNT_INSNS) build/$(1)/peer/ascon-c.elf peer $(1) | \
	    awk -F, 'NR > 1 { print "$(1),ascon-c $(ASCON_PEER_IMPL.$(1))," $$$$3 "," $$$$4 ",," $$$$5 "," $$$$6 }' >> $$@
endef
$(foreach t,$(filter-out atmega128,$(ASCON_PEER_TARGETS)),$(eval $(call ASCON_PEER_QEMU_template,$(t))))

# The longest measurements first, so that they start first under -j2.
BENCH_RAW := $(foreach t,$(BENCH_QEMU_TARGETS),results/raw/$(t)-insns.csv) \
	$(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).variant),results/raw/$(t)-cycles.csv)) \
	$(foreach t,$(BENCH_TARGETS),results/raw/$(t)-flash.csv) \
	results/raw/atmega128-fixed-cycles.csv results/raw/atmega128-fixed-flash.csv $(ARDUINO_BENCH_RAW) \
	$(foreach t,$(ASCON_PEER_TARGETS),results/raw/peer-ascon-$(t).csv)

# Measurements that time the CPU itself, run one at a time after the simulators (other mk
# files add theirs: mk/python.mk).
BENCH_SERIAL :=

# The host section (x86-64): lwc's CTR beside Crypto++ and OpenSSL on one core, its
# Ascon-AEAD128 beside ascon-c's
# (bench/bench_host.cpp; Debian's libcrypto++-dev and libssl-dev, tools/setup.sh bench-host).
ifeq ($(shell uname -m),x86_64)
BENCH_HOST := results/raw/host-x86_64.csv
BENCH_SERIAL += $(BENCH_HOST)
endif
.PHONY: deps-bench-host
deps-bench-host:
	@tools/setup.sh bench-host

# Beside lwc's Ascon-AEAD128: ascon-c's 64-bit builds where ../shared/peers/ascon-c is there
# (opt64, and avx512 where the CPU has AVX-512), each built as ascon-c's README builds it
# (-O3 -march=native) into one object whose two entry points are renamed (objcopy) to
# ascon_c_<impl>_encrypt / _decrypt, the rest made local, so that both link into bench_host;
# bench_host checks each on the KAT before it measures it.
ASCON_HOST_PEERS := $(if $(wildcard $(ASCON_PEER)/crypto_aead),opt64 $(if $(shell grep -qw avx512f /proc/cpuinfo && echo y),avx512))
build/host/peer/ascon-c-%.o: $(wildcard $(ASCON_PEER)/crypto_aead/asconaead128/*/*.[ch])
	@mkdir -p $(@D)/$*
	for f in aead permutations; do $(CC) -O3 -march=native -I$(ASCON_PEER)/crypto_aead/asconaead128/$* \
	    -I$(ASCON_PEER)/tests -c $(ASCON_PEER)/crypto_aead/asconaead128/$*/$$f.c -o $(@D)/$*/$$f.o || exit 1; done
	ld -r $(@D)/$*/aead.o $(@D)/$*/permutations.o -o $(@D)/$*/all.o
	objcopy --redefine-sym crypto_aead_encrypt=ascon_c_$*_encrypt --redefine-sym crypto_aead_decrypt=ascon_c_$*_decrypt \
	    $(@D)/$*/all.o $(@D)/$*/renamed.o
	objcopy --keep-global-symbol=ascon_c_$*_encrypt --keep-global-symbol=ascon_c_$*_decrypt $(@D)/$*/renamed.o $@
ASCON_HOST_PEER_OBJS := $(foreach p,$(ASCON_HOST_PEERS),build/host/peer/ascon-c-$(p).o)

build/host/bench_host: bench/bench_host.cpp build/host/liblwc.a $(LIB_HEADERS) $(ASCON_HOST_PEER_OBJS) | deps-bench-host
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $(INCLUDES) $(foreach p,$(ASCON_HOST_PEERS),-DASCON_C_$(p)) $< \
	    $(ASCON_HOST_PEER_OBJS) build/host/liblwc.a -lcrypto++ -lcrypto -o $@

results/raw/host-x86_64.csv: build/host/bench_host tests/vectors/LWC_AEAD_KAT_128_128.txt
	@mkdir -p $(@D)
	build/host/bench_host tests/vectors/LWC_AEAD_KAT_128_128.txt > $@

# The measurements run two at a time (one simulator per core), then the serial ones alone;
# the report needs the project virtualenv with matplotlib (tools/setup.sh plot).
.PHONY: bench
bench: | deps-avr deps-arm deps-riscv deps-plot
	@rm -rf results/raw
	@$(MAKE) --no-print-directory -j2 $(BENCH_RAW)
	$(if $(BENCH_SERIAL),@$(MAKE) --no-print-directory $(BENCH_SERIAL))
	.venv/bin/python bench/report.py results docs/BENCHMARKS.md $(BENCH_RAW) $(BENCH_SERIAL)
