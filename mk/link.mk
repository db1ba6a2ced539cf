# The link-time layout check (include/lwc/config.h) on every target: an application
# built with a layout option flipped must fail to link exactly when the option changes
# a layout there (tests/link/test_layout.sh). Per toolchain: how an application is
# compiled and linked, and the objdump that reads its object files.
app_cc.host = $(CC) -std=c99 $(INCLUDES)
app_cc.avr = $(AVR_CC) -mmcu=$($(1).mcu) -Os -std=c99 $(INCLUDES)
app_cc.arm = $(CC.arm) $(call CPU_FLAGS.arm,$($(1).mcu)) -O2 -std=c99 $(INCLUDES)
app_cc.riscv = $(CC.riscv) $(call CPU_FLAGS.riscv,$($(1).mcu)) -O2 -std=c99 $(INCLUDES)
APP_LDFLAGS.arm := --specs=nosys.specs
OBJDUMP.host := objdump
OBJDUMP.avr := avr-objdump
OBJDUMP.arm := arm-none-eabi-objdump
OBJDUMP.riscv := riscv64-unknown-elf-objdump
layout_test = bash tests/link/test_layout.sh $(1) build/$(1)/liblwc.a '$(call app_cc.$($(1).toolchain),$(1))' \
	'$($(1).flags)' '$(APP_LDFLAGS.$($(1).toolchain))' $(OBJDUMP.$($(1).toolchain))

TEST_SUITES += $(foreach t,$(TARGETS),"$(call layout_test,$(t))")
TEST_DEPS += $(foreach t,$(TARGETS),build/$(t)/liblwc.a)

# make lib MCU=<an MCU without a conf file>, and the implementation picked for each class of
# AVR core (tests/link/test_any_mcu.sh).
TEST_SUITES += "sh tests/link/test_any_mcu.sh"
TEST_DEPS += deps-avr

# A firmware sealing with one record suite links that suite's code only, on the Uno's MCU
# (tests/link/test_sealer_link.sh).
TEST_SUITES += "sh tests/link/test_sealer_link.sh build/atmega328p atmega328p"
TEST_DEPS += build/atmega328p/liblwc.a
