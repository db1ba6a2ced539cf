# qemusim: the QEMU runner of the 32-bit MCU targets (toolchains arm and riscv), their
# firmware runtime, the instruction counter and their tests. Included by the top-level
# Makefile, which provides deps-arm and deps-riscv (tools/setup.sh). See
# tools/qemusim/README.md.

QEMUSIM_OUTER_GOAL := $(.DEFAULT_GOAL)

QEMUSIM_DIR := tools/qemusim
QEMUSIM_FW_DIR := $(QEMUSIM_DIR)/firmware
QEMUSIM := $(QEMUSIM_DIR)/qemusim
COUNT_INSNS := build/tools/count_insns

$(COUNT_INSNS): $(QEMUSIM_DIR)/count_insns.c | deps-host
	@mkdir -p $(@D)
	cc -std=c99 -O2 -Wall -Wextra -Werror -o $@ $<

# The targets QEMU runs, their MCUs (folders of tools/qemusim/mcu/) and the toolchain of
# an MCU.
QEMU_TOOLCHAINS := arm riscv
QEMU_TARGETS := $(foreach tc,$(QEMU_TOOLCHAINS),$(call targets_with,toolchain,$(tc)))
QEMU_MCUS := $(sort $(foreach t,$(QEMU_TARGETS),$($(t).mcu)))
mcu_toolchain = $(firstword $(foreach t,$(QEMU_TARGETS),$(if $(filter $(1),$($(t).mcu)),$($(t).toolchain))))

# Firmware of MCU $(1): compiler flags (-O2 as the library, mk/targets.mk), the runtime
# (firmware/ and the MCU's board.h and board.ld), its files, the link flags;
# $(call qemu_fw_cmd,MCU) compiles and links what follows it (flags, sources, archives,
# -o), $(call qemu_fw_link,MCU,ARGUMENTS) links $@ from ARGUMENTS.
qemu_fw_cflags = $(call CPU_FLAGS.$(call mcu_toolchain,$(1)),$(1)) -O2 -std=c99 $(WARN) -ffunction-sections \
	-fdata-sections -I$(QEMUSIM_FW_DIR) -I$(QEMUSIM_DIR)/mcu/$(1)
qemu_rt_srcs = $(QEMUSIM_FW_DIR)/simio.c tools/simio/simio_text.c $(QEMUSIM_FW_DIR)/startup_$(call mcu_toolchain,$(1)).c
qemu_rt_deps = $(call qemu_rt_srcs,$(1)) $(QEMUSIM_FW_DIR)/simio.h $(QEMUSIM_FW_DIR)/sections.ld \
	$(wildcard $(QEMUSIM_DIR)/mcu/$(1)/*)
qemu_ldflags = -nostartfiles -T $(QEMUSIM_DIR)/mcu/$(1)/board.ld -L $(QEMUSIM_FW_DIR) -Wl,--gc-sections
qemu_fw_cmd = $(CC.$(call mcu_toolchain,$(1))) $(call qemu_fw_cflags,$(1)) $(call qemu_rt_srcs,$(1)) \
	$(call qemu_ldflags,$(1))
qemu_fw_link = $(call qemu_fw_cmd,$(1)) $(2) -o $@

# The runner's own test firmware, per MCU: exit codes and console (failmodes.c), the
# counter's calibration (calibration.c with the MCU's calibration_<mcu>.S).
define QEMUSIM_MCU_template
build/qemusim/$(1)/calibration.elf: $(QEMUSIM_FW_DIR)/calibration.c $(QEMUSIM_FW_DIR)/calibration_$(1).S \
		$(QEMUSIM_FW_DIR)/calibration.h $(call qemu_rt_deps,$(1)) | $(DEPS.$(call mcu_toolchain,$(1)))
	@mkdir -p $$(@D)
	$$(call qemu_fw_link,$(1),$(QEMUSIM_FW_DIR)/calibration.c $(QEMUSIM_FW_DIR)/calibration_$(1).S)

build/qemusim/$(1)/failmodes.elf: $(QEMUSIM_FW_DIR)/failmodes.c $(call qemu_rt_deps,$(1)) | $(DEPS.$(call mcu_toolchain,$(1)))
	@mkdir -p $$(@D)
	$$(call qemu_fw_link,$(1),$(QEMUSIM_FW_DIR)/failmodes.c)
endef
$(foreach m,$(QEMU_MCUS),$(eval $(call QEMUSIM_MCU_template,$(m))))

QEMUSIM_TEST_FW := $(foreach m,$(QEMU_MCUS),build/qemusim/$(m)/calibration.elf build/qemusim/$(m)/failmodes.elf)

.PHONY: test-qemusim
test-qemusim: $(COUNT_INSNS) $(QEMUSIM_TEST_FW)
	bash $(QEMUSIM_DIR)/test_qemusim.sh build $(QEMU_MCUS)

.DEFAULT_GOAL := $(QEMUSIM_OUTER_GOAL)
