# avrsim: the cycle-accurate AVR simulator runner, the firmware-side simio
# library and their tests. Included by the top-level Makefile, which provides
# the deps-avr target (Debian packages gcc-avr, avr-libc, libsimavr-dev, ...).
# See tools/avrsim/README.md.

# Wherever this file is included, it must not change the default goal.
AVRSIM_OUTER_GOAL := $(.DEFAULT_GOAL)

AVRSIM_DIR := tools/avrsim
AVRSIM_FW_DIR := $(AVRSIM_DIR)/firmware
AVRSIM := build/tools/avrsim

# Host build of the runner. pkg-config runs in the recipe, after deps-avr
# has made sure it and the libraries are installed.
AVRSIM_HOST_CC := cc
AVRSIM_HOST_CFLAGS := -O2 -Wall -Wextra -Werror

$(AVRSIM): $(AVRSIM_DIR)/avrsim.c $(AVRSIM_FW_DIR)/simio_map.h | deps-avr
	@mkdir -p $(@D)
	$(AVRSIM_HOST_CC) $(AVRSIM_HOST_CFLAGS) $$(pkg-config --cflags simavr libelf) \
		-o $@ $< $$(pkg-config --libs simavr libelf)

# Firmware compilation, per MCU: $(AVR_CC) $(call AVR_FW_CFLAGS,<mcu>) ... $(AVR_LDFLAGS).
# Firmware that talks to avrsim adds -I$(AVRSIM_FW_DIR) and links $(SIMIO_SRC).
# The includer sets AVR_MCUS, the MCUs whose runner tests (calibration, exit codes) run.
AVR_CC := avr-gcc
AVR_FW_CFLAGS = -mmcu=$(1) -Os -std=c99 -Wall -Wextra -Werror -ffunction-sections -fdata-sections
AVR_LDFLAGS := -Wl,--gc-sections
SIMIO_SRC := $(AVRSIM_FW_DIR)/simio.c tools/simio/simio_text.c
SIMIO_DEPS := $(SIMIO_SRC) $(AVRSIM_FW_DIR)/simio.h $(AVRSIM_FW_DIR)/simio_map.h

# build/<mcu>/firmware/<name>.elf from the listed sources; $* is the MCU.
AVRSIM_LINK_FW = $(AVR_CC) $(call AVR_FW_CFLAGS,$*) -I$(AVRSIM_FW_DIR) $(AVR_LDFLAGS) \
	-o $@ $(filter %.c %.S,$^)

build/%/firmware/calibration.elf: $(AVRSIM_FW_DIR)/calibration.c \
		$(AVRSIM_FW_DIR)/calibration_seq.S $(AVRSIM_FW_DIR)/calibration.h \
		$(SIMIO_DEPS) | deps-avr
	@mkdir -p $(@D)
	$(AVRSIM_LINK_FW)

build/%/firmware/failmodes.elf: $(AVRSIM_FW_DIR)/failmodes.c $(SIMIO_DEPS) | deps-avr
	@mkdir -p $(@D)
	$(AVRSIM_LINK_FW)

AVRSIM_TEST_FW := $(foreach m,$(AVR_MCUS),\
	build/$(m)/firmware/calibration.elf build/$(m)/firmware/failmodes.elf)

.PHONY: test-avrsim
test-avrsim: $(AVRSIM) $(AVRSIM_TEST_FW) | deps-avr
	bash $(AVRSIM_DIR)/test_runner.sh $(AVRSIM) build $(AVR_MCUS)

.DEFAULT_GOAL := $(AVRSIM_OUTER_GOAL)
