# Build targets as data: conf/<name>.mk, one small file per target, sets
#   toolchain  host, avr, arm or riscv (the compilers and flags below)
#   mcu        -mmcu / -mcpu / -march, and the MCU the simulator runs (for arm and riscv:
#              a folder of tools/qemusim/mcu/, which names the QEMU board)
#   flags      -D options of the library build (and an -O level that overrides the
#              toolchain's), also given to everything built against it
#   server     test firmware: lwc_server (every operation) or tiny_server (single blocks
#              only, for 256 B of RAM); none: the library only (no simulator runs it)
#   ciphers    ids the target's suites and benchmarks cover (default: all ten)
#   variant    the implementation's name in make bench's tables (none: not benchmarked)
#   per_cipher yes: one lwc_server per cipher (all of them do not fit the MCU's flash or RAM)
#   split_modes yes (with per_cipher): the authenticated modes of the ciphers in `modes` in a
#              lwc_server of their own, the rest in another (both do not fit one)
#   buffer     the lwc_server's buffer for CTR pieces and DRBG requests (default 1024 bytes)
#   drbgs      the CTR_DRBG ids its lwc_server serves (default: all; none: none), where a
#              DRBG's state and stack do not fit the RAM
#   modes      the cipher ids whose authenticated modes (CMAC, EAX, CCM) its lwc_server
#              serves (default: all; none: none), where they do not fit flash or RAM
#   records    the cipher ids whose sealed-record suites (lwc/records.h) its lwc_server serves,
#              where it serves their modes, and ascon_aead for Ascon-AEAD128's suite (default:
#              all; none: none)
#   ascon      none: Ascon is not tested there (default: it is, where the lwc_server serves
#              it: the firmware with every cipher does; a per_cipher target gets two Ascon
#              firmware of their own, units ascon_aead and ascon_hash)
#   ascon_buffer  the buffer of a per_cipher target's Ascon units (default: buffer)
#   fw_extra   sources linked into the test firmware besides the server
# Each target gets build/<name>/liblwc.a; mk/firmware.mk and mk/bench.mk give it its test
# suites and benchmarks from the same fields. Adding a chip is adding one file; an MCU
# without one (make lib MCU=<any avr-gcc -mmcu name>) is an AVR target with no fields but
# those two.

TARGETS := $(sort $(basename $(notdir $(wildcard conf/*.mk))))
TARGET_FIELDS := toolchain mcu flags server ciphers variant per_cipher split_modes buffer drbgs modes records \
	ascon ascon_buffer fw_extra
define load_target
$(foreach f,$(TARGET_FIELDS),$(f) :=
)
include conf/$(1).mk
$(foreach f,$(TARGET_FIELDS),$(1).$(f) := $$($(f))
)
endef
$(foreach t,$(TARGETS),$(eval $(call load_target,$(t))))

# MCU=<an avr-gcc -mmcu name> without a conf file: the library for that MCU. A name that
# avr-gcc, when installed, refuses is left to the Makefile's error.
ifeq ($(filter $(MCU),$(TARGETS)),)
  ifneq ($(shell command -v avr-gcc >/dev/null && ! avr-gcc -mmcu='$(MCU)' -E -x c /dev/null >/dev/null 2>&1 && echo refused),refused)
    TARGETS += $(MCU)
    $(MCU).toolchain := avr
    $(MCU).mcu := $(MCU)
  endif
endif

# Targets by field value: $(call targets_with,FIELD,VALUE).
targets_with = $(foreach t,$(TARGETS),$(if $(filter $(2),$($(t).$(1))),$(t)))
SIM_TARGETS := $(foreach t,$(TARGETS),$(if $($(t).server),$(t)))
# The MCUs the AVR simulator runs.
AVR_MCUS := $(sort $(foreach t,$(call targets_with,toolchain,avr),$(if $($(t).server),$($(t).mcu))))
ALL_CIPHERS := present80 present128 lea128 lea192 lea256 hight cham64_128 cham128_128 cham128_256 aes128
comma := ,
empty :=
space := $(empty) $(empty)

# ---- toolchains -------------------------------------------------------------------------
# $(call <toolchain>_cflags,TARGET): the library's compiler flags.
WARN := -Wall -Wextra -Werror
INCLUDES := -Iinclude
CC.host := $(CC)
AR.host := $(AR)
DEPS.host := deps-host
host_cflags = -std=c99 -O2 -pedantic -fPIC $(WARN) $(INCLUDES) $($(1).flags)
CC.avr := avr-gcc
AR.avr := avr-ar
DEPS.avr := deps-avr
avr_cflags = -std=c99 -mmcu=$($(1).mcu) -Os $(WARN) -ffunction-sections -fdata-sections $(INCLUDES) \
	$($(1).flags)
# The 32-bit MCUs (run on QEMU, tools/qemusim): -O2, the speed build. CPU_FLAGS.<toolchain>
# of an mcu name: the code generation flags, for the library and everything linked with it.
CC.arm := arm-none-eabi-gcc
AR.arm := arm-none-eabi-ar
SIZE.arm := arm-none-eabi-size
DEPS.arm := deps-arm
CPU_FLAGS.arm = -mcpu=$(1) -mthumb -mfloat-abi=soft
# RISC-V: mcu is the -march string (rv32imc), with the soft-float ABI; picolibc's headers
# and, in a link, its C library (Debian's picolibc-riscv64-unknown-elf: gcc takes its
# rv32im multilib, valid code on RV32IMC without compressed instructions).
CC.riscv := riscv64-unknown-elf-gcc
AR.riscv := riscv64-unknown-elf-ar
SIZE.riscv := riscv64-unknown-elf-size
DEPS.riscv := deps-riscv
CPU_FLAGS.riscv = -march=$(1) -mabi=ilp32 --specs=picolibc.specs
mcu32_cflags = -std=c99 $(call CPU_FLAGS.$($(1).toolchain),$($(1).mcu)) -O2 $(WARN) -ffunction-sections \
	-fdata-sections $(INCLUDES) $($(1).flags)
arm_cflags = $(mcu32_cflags)
riscv_cflags = $(mcu32_cflags)
# The library build of target $(1): compiler, archiver, flags, package prerequisite.
lib_cc = $(CC.$($(1).toolchain))
lib_ar = $(AR.$($(1).toolchain))
lib_cflags = $(call $($(1).toolchain)_cflags,$(1))
lib_deps = $(DEPS.$($(1).toolchain))

# ---- the library, per target -------------------------------------------------------------
LIB_SRCS := $(sort $(wildcard src/*/*.c src/*/*.S))
LIB_C_SRCS := $(filter %.c,$(LIB_SRCS))
LIB_HEADERS := $(wildcard include/*.h include/lwc/*.h src/*/*.h)

# The host build has no assembly; the others take the .S files, which assemble to
# nothing where lwc/config.h does not select them.
lib_objs = $(patsubst src/%,build/$(1)/obj/%.o,$(LIB_C_SRCS) $(if $(filter host,$($(1).toolchain)),,$(filter %.S,$(LIB_SRCS))))
define LIB_template
# Rebuilt from scratch: "ar r" never drops members, so stale objects would linger.
build/$(1)/liblwc.a: $(call lib_objs,$(1))
	@rm -f $$@
	$(call lib_ar,$(1)) rcs $$@ $$^

build/$(1)/obj/%.o: src/% $(LIB_HEADERS) | $(call lib_deps,$(1))
	@mkdir -p $$(dir $$@)
	$(call lib_cc,$(1)) $(call lib_cflags,$(1)) -c $$< -o $$@
endef
$(foreach t,$(TARGETS),$(eval $(call LIB_template,$(t))))
