# armsim: the Cortex-M4 runner (QEMU mps2-an386), its firmware runtime, the instruction
# counter and their tests. Included by the top-level Makefile, which provides deps-arm
# (Debian packages gcc-arm-none-eabi, libnewlib-arm-none-eabi, qemu-system-arm).
# See tools/qemusim/README.md.

ARMSIM_OUTER_GOAL := $(.DEFAULT_GOAL)

ARMSIM_DIR := tools/qemusim
ARMSIM_FW_DIR := $(ARMSIM_DIR)/firmware
ARMSIM := $(ARMSIM_DIR)/qemusim
COUNT_INSNS := build/tools/count_insns

$(COUNT_INSNS): $(ARMSIM_DIR)/count_insns.c | deps-host
	@mkdir -p $(@D)
	cc -std=c99 -O2 -Wall -Wextra -Werror -o $@ $<

# Firmware: $(ARM_CC) $(ARM_FW_CFLAGS) -I$(ARMSIM_FW_DIR) ... $(ARMSIM_RT_SRCS) $(ARM_LDFLAGS).
# -O2 as the library (arm_cflags, mk/targets.mk).
ARM_CC := arm-none-eabi-gcc
ARM_FW_CFLAGS := $(call ARM_CFLAGS,cortex-m4) -I$(ARMSIM_DIR)/mcu/cortex-m4 -O2 -std=c99 -Wall -Wextra -Werror -ffunction-sections -fdata-sections
ARM_LDFLAGS := -nostartfiles -T $(ARMSIM_DIR)/mcu/cortex-m4/board.ld -Wl,--gc-sections
ARMSIM_RT_SRCS := $(ARMSIM_FW_DIR)/simio.c tools/simio/simio_text.c $(ARMSIM_FW_DIR)/startup_arm.c
ARMSIM_RT_DEPS := $(ARMSIM_RT_SRCS) $(ARMSIM_FW_DIR)/simio.h $(ARMSIM_DIR)/mcu/cortex-m4/board.h \
	$(ARMSIM_DIR)/mcu/cortex-m4/board.ld

build/cortex-m4/firmware/calibration.elf: $(ARMSIM_FW_DIR)/calibration.c $(ARMSIM_FW_DIR)/calibration_cortex-m4.S \
		$(ARMSIM_RT_DEPS) | deps-arm
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_FW_CFLAGS) -I$(ARMSIM_FW_DIR) -o $@ $(filter %.c %.S,$^) $(ARM_LDFLAGS)

build/cortex-m4/firmware/failmodes.elf: $(ARMSIM_FW_DIR)/failmodes.c $(ARMSIM_RT_DEPS) | deps-arm
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_FW_CFLAGS) -I$(ARMSIM_FW_DIR) -o $@ $(filter %.c %.S,$^) $(ARM_LDFLAGS)

ARMSIM_TEST_FW := build/cortex-m4/firmware/calibration.elf build/cortex-m4/firmware/failmodes.elf

.PHONY: test-qemusim
test-qemusim: $(COUNT_INSNS) $(ARMSIM_TEST_FW) | deps-arm
	bash $(ARMSIM_DIR)/test_qemusim.sh build

.DEFAULT_GOAL := $(ARMSIM_OUTER_GOAL)
