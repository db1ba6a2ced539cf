# The library on simulated MCUs: every target with a `server` (conf/*.mk) gets its test
# firmware, linked against build/<target>/liblwc.a with the target's flags, and a
# test_target suite that drives it from the host (tests/target/protocol.h) in the
# toolchain's simulator: tools/avrsim (cycle-accurate AVR) or tools/qemusim (QEMU). A
# per_cipher target gets one firmware and one suite per cipher (its "units"; else one
# unit, "all"); with split_modes, the ciphers of its modes list get a second unit,
# <id>-modes, that serves their authenticated modes alone while <id> serves the rest.

SERVER_SRCS := tests/target/lwc_server.c tests/common/cipher_table.c tests/common/drbg_table.c \
	tests/common/drbg_plain.c tests/common/mode_table.c tests/common/record_table.c tests/common/ascon_table.c
SERVER_DEPS := $(SERVER_SRCS) $(wildcard tests/target/*.h) $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c
SERVER_SRCS.lwc_server := $(SERVER_SRCS)
SERVER_DEPS.lwc_server := $(SERVER_DEPS)
SERVER_SRCS.tiny_server := tests/target/tiny_server.c
SERVER_DEPS.tiny_server := tests/target/tiny_server.c $(wildcard tests/target/*.h) $(LIB_HEADERS)

# Firmware of target $(1) from sources $(2) (and compiler flags $(3)), per toolchain:
# compiler, flags, the simulator's firmware runtime (and the files it is made of), and the
# simulator.
fw_link.avr = $(AVR_CC) $(call AVR_FW_CFLAGS,$($(1).mcu)) $($(1).flags) $(3) $(INCLUDES) -I$(AVRSIM_FW_DIR) \
	$(AVR_LDFLAGS) -o $@ $(2) $(SIMIO_SRC) build/$(1)/liblwc.a
fw_link.qemu = $(call qemu_fw_link,$($(1).mcu),$($(1).flags) $(3) $(INCLUDES) $(2) build/$(1)/liblwc.a)
fw_link.arm = $(fw_link.qemu)
fw_link.riscv = $(fw_link.qemu)
fw_deps.avr = $(SIMIO_DEPS)
fw_deps.arm = $(call qemu_rt_deps,$($(1).mcu))
fw_deps.riscv = $(fw_deps.arm)
SIM.avr := $(AVRSIM)
SIM.arm := $(QEMUSIM)
SIM.riscv := $(QEMUSIM)
fw_link = $(call fw_link.$($(1).toolchain),$(1),$(2),$(3))
fw_deps = $(call fw_deps.$($(1).toolchain),$(1))

# The units of target $(1), the firmware of unit $(2), the ciphers it covers, whether it
# serves no DRBG (a per-cipher unit serves its cipher's DRBG if the target's drbgs list
# it), its flags: the cipher it serves (tests/common/served.h), the buffer, no DRBG. A
# per-cipher target's units ascon_aead and ascon_hash serve Ascon-AEAD128 and Ascon's hashes
# alone (their --ciphers: that id; one Ascon firmware would not fit the ATtiny85's flash);
# unit ascon_aead serves the Ascon-AEAD128 record suite's sealer too, without the modes.
fw_units = $(if $(filter yes,$($(1).per_cipher)),$(or $($(1).ciphers),$(ALL_CIPHERS)) \
	$(if $(filter yes,$($(1).split_modes)),$(addsuffix -modes,$($(1).modes))) \
	$(if $(filter none,$($(1).ascon)),,ascon_aead ascon_hash),all)
firmware_of = build/$(1)/firmware/$($(1).server)$(if $(filter-out all,$(2)),-$(2)).elf
unit_cipher = $(patsubst %-modes,%,$(2))
unit_modes_only = $(filter %-modes,$(2))
unit_ciphers = $(if $(filter-out all,$(2)),$(call unit_cipher,$(1),$(2)),$($(1).ciphers))
unit_buffer = $(or $(if $(filter ascon_aead ascon_hash,$(2)),$($(1).ascon_buffer)),$($(1).buffer))
unit_no_drbg = $(or $(call unit_modes_only,$(1),$(2)),$(filter none,$($(1).drbgs)),$(and $($(1).drbgs),$(filter-out \
	all $($(1).drbgs),$(2))))
unit_no_modes = $(if $(call unit_modes_only,$(1),$(2)),,$(or $(filter yes,$($(1).split_modes)),$(filter \
	none,$($(1).modes)),$(and $($(1).modes),$(filter-out all $($(1).modes),$(2)))))
unit_no_records = $(or $(if $(filter ascon_aead,$(2)),,$(call unit_no_modes,$(1),$(2))),$(filter none,$($(1).records)),\
	$(and $($(1).records),$(filter-out all $($(1).records),$(call unit_cipher,$(1),$(2)))))
unit_flags = $(if $(filter-out all,$(2)),-DTEST_SUBSET -DTEST_SERVE_$(call unit_cipher,$(1),$(2))) \
	$(if $(call unit_buffer,$(1),$(2)),-DSERVER_MAX_PIECE=$(call unit_buffer,$(1),$(2))) \
	$(if $(call unit_no_drbg,$(1),$(2)),-DTEST_NO_DRBG) $(if $(call unit_no_modes,$(1),$(2)),-DTEST_NO_MODES) \
	$(if $(call unit_modes_only,$(1),$(2)),-DTEST_MODES_ONLY) $(if $(call unit_no_records,$(1),$(2)),-DTEST_NO_RECORDS)

# The driver's arguments for unit $(2) of target $(1) (test_target and bench_avr share them).
sim_args = $(strip --mcu $($(1).mcu) \
	$(if $(call unit_ciphers,$(1),$(2)),--ciphers $(subst $(space),$(comma),$(call unit_ciphers,$(1),$(2)))) \
	$(if $(filter tiny_server,$($(1).server)),--blocks-only) $(if $(call unit_no_drbg,$(1),$(2)),--no-drbg) \
	$(if $(call unit_no_modes,$(1),$(2)),--no-modes) $(if $(call unit_modes_only,$(1),$(2)),--modes-only) \
	$(if $(call unit_no_records,$(1),$(2)),--no-records) $(if $(filter none,$($(1).ascon)),--no-ascon) \
	$(SIM.$($(1).toolchain)) $(call firmware_of,$(1),$(2)))

define FIRMWARE_template
$(call firmware_of,$(1),$(2)): $(SERVER_DEPS.$($(1).server)) $(call fw_deps,$(1)) $($(1).fw_extra) \
		tests/common/served.h conf/$(1).mk build/$(1)/liblwc.a | $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(SERVER_SRCS.$($(1).server)) $($(1).fw_extra),$(call unit_flags,$(1),$(2)))
endef
$(foreach t,$(SIM_TARGETS),$(foreach u,$(call fw_units,$(t)),$(eval $(call FIRMWARE_template,$(t),$(u)))))

# What the assembly leaves in the registers (tests/target/registers.c: include/lwc.h
# "Secrets", the avr-gcc ABI), on the simulated AVR targets with assembly.
REGS_TARGETS := $(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).server),$(if \
	$(filter -DLWC_NO_ASM,$($(t).flags)),,$(t))))
REGS_SRCS := tests/target/registers.c tests/target/registers.S
define REGS_template
build/$(1)/firmware/registers.elf: $(REGS_SRCS) tests/target/registers.h $(call fw_deps,$(1)) $($(1).fw_extra) \
		conf/$(1).mk build/$(1)/liblwc.a | $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(REGS_SRCS) $($(1).fw_extra))
endef
$(foreach t,$(REGS_TARGETS),$(eval $(call REGS_template,$(t))))
TEST_SUITES += $(foreach t,$(REGS_TARGETS),"$(AVRSIM) --quiet --mcu $($(t).mcu) build/$(t)/firmware/registers.elf")
TEST_DEPS += $(foreach t,$(REGS_TARGETS),build/$(t)/firmware/registers.elf)

# Each input read once, counted by avrsim's read watch (tests/target/test_one_read.c), on
# every ATmega128 build (the other ATmegas run the same code).
ONE_READ_TARGETS := $(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).server),$(if \
	$(filter atmega128,$($(t).mcu)),$(t))))
ONE_READ_SRCS := tests/target/test_one_read.c tests/common/mode_table.c tests/common/cipher_table.c \
	tests/common/ascon_table.c
define ONE_READ_template
build/$(1)/firmware/test_one_read.elf: $(ONE_READ_SRCS) $(HOST_TEST_HDRS) $(call fw_deps,$(1)) conf/$(1).mk \
		build/$(1)/liblwc.a | $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(ONE_READ_SRCS))
endef
$(foreach t,$(ONE_READ_TARGETS),$(eval $(call ONE_READ_template,$(t))))
TEST_SUITES += $(foreach t,$(ONE_READ_TARGETS),"$(AVRSIM) --quiet --mcu $($(t).mcu) build/$(t)/firmware/test_one_read.elf")
TEST_DEPS += $(foreach t,$(ONE_READ_TARGETS),build/$(t)/firmware/test_one_read.elf)

SIM_HOST_SRCS := tests/target/sim_session.c tests/target/sim_options.c $(TEST_COMMON)
SIM_HOST_DEPS := $(SIM_HOST_SRCS) $(HOST_TEST_HDRS) $(wildcard tests/target/*.h) build/host/liblwc.a
build/host/test_target: tests/target/test_target.c $(SIM_HOST_DEPS)
	$(CC) $(HOST_CFLAGS) $< $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

# The simulators' own tests, for the toolchains the targets use.
ifneq ($(AVR_MCUS),)
TEST_SETUP += avr
TEST_SUITES += "bash tools/avrsim/test_runner.sh $(AVRSIM) build $(AVR_MCUS)"
TEST_DEPS += $(AVRSIM) $(AVRSIM_TEST_FW)
endif
ifneq ($(QEMU_MCUS),)
TEST_SETUP += $(sort $(foreach t,$(QEMU_TARGETS),$($(t).toolchain)))
TEST_SUITES += "bash tools/qemusim/test_qemusim.sh build $(QEMU_MCUS)"
TEST_DEPS += $(COUNT_INSNS) $(QEMUSIM_TEST_FW)
endif

TEST_SUITES += $(foreach t,$(SIM_TARGETS),$(foreach u,$(call fw_units,$(t)),\
	"build/host/test_target $(call sim_args,$(t),$(u)) $(t)"))
TEST_DEPS += build/host/test_target $(foreach t,$(SIM_TARGETS),$(foreach u,$(call fw_units,$(t)),$(call firmware_of,$(t),$(u))))

# Constant time on the QEMU targets with a test firmware: instruction traces
# (tests/qemu/test_constant_time.sh), the firmware linked as the target's test firmware.
QEMU_CT_SRCS := tests/qemu/constant_time.c tests/common/cipher_table.c tests/common/drbg_table.c \
	tests/common/drbg_plain.c tests/common/mode_table.c
QEMU_CT_TARGETS := $(foreach t,$(QEMU_TARGETS),$(if $($(t).server),$(t)))
define QEMU_CT_template
build/$(1)/firmware/constant_time.elf: $(QEMU_CT_SRCS) $(HOST_TEST_HDRS) src/drbg/ctr_drbg.c $(call fw_deps,$(1)) \
		build/$(1)/liblwc.a | $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(QEMU_CT_SRCS))
endef
$(foreach t,$(QEMU_CT_TARGETS),$(eval $(call QEMU_CT_template,$(t))))
TEST_SUITES += $(foreach t,$(QEMU_CT_TARGETS),"bash tests/qemu/test_constant_time.sh build $(t) $($(t).mcu)")
TEST_DEPS += $(foreach t,$(QEMU_CT_TARGETS),build/$(t)/firmware/constant_time.elf)

# The modes' hooks (the ARMv6-M assembly's, the 32-bit C's), the pair functions and LEA's
# pair passes against the block functions, every contract sentence (tests/qemu/mode_hooks.c),
# on the Cortex-M0 and RV32IMC builds.
MODE_HOOKS_TARGETS := $(foreach t,$(QEMU_CT_TARGETS),$(if $(filter cortex-m0 rv32imc,$($(t).mcu)),$(t)))
MODE_HOOKS_SRCS := tests/qemu/mode_hooks.c tests/common/cipher_table.c
define MODE_HOOKS_template
build/$(1)/firmware/mode_hooks.elf: $(MODE_HOOKS_SRCS) $(HOST_TEST_HDRS) $(call fw_deps,$(1)) \
		build/$(1)/liblwc.a | $(call lib_deps,$(1))
	@mkdir -p $$(@D)
	$$(call fw_link,$(1),$(MODE_HOOKS_SRCS))
endef
$(foreach t,$(MODE_HOOKS_TARGETS),$(eval $(call MODE_HOOKS_template,$(t))))
TEST_SUITES += $(foreach t,$(MODE_HOOKS_TARGETS),"tools/qemusim/qemusim --mcu $($(t).mcu) --quiet build/$(t)/firmware/mode_hooks.elf")
TEST_DEPS += $(foreach t,$(MODE_HOOKS_TARGETS),build/$(t)/firmware/mode_hooks.elf)
