# lwc: lightweight block ciphers for AVR and portable C.
#   make test              every test suite (host, sanitizers, simulated MCUs), two at a time;
#                          last line "N passed, M failed"
#   make bench             cycle-accurate benchmarks on simulated AVRs, instruction counts on an
#                          emulated Cortex-M4, Cortex-M0 and RV32IMC (results/, docs/BENCHMARKS.md)
#   make lib [MCU=<target>]   build/<target>/liblwc.a (targets: the files of conf/, or any
#                             avr-gcc -mmcu name)
# Build targets are data (conf/<target>.mk, read by mk/targets.mk); the rules are in mk/.
# Missing Debian packages are installed by tools/setup.sh when run as root; otherwise it
# prints the command to run.

MCU ?= host
PYTHON ?= python3
TEST_JOBS ?= 2

.PHONY: all lib test clean deps-host deps-avr deps-arm deps-riscv deps-plot
.DELETE_ON_ERROR:

all: lib

include mk/targets.mk
ifeq ($(filter $(MCU),$(TARGETS)),)
  $(error MCU=$(MCU) is neither a target nor an MCU avr-gcc knows; targets: $(TARGETS) (files conf/<target>.mk))
endif

lib: build/$(MCU)/liblwc.a

deps-host:
	@tools/setup.sh host
deps-avr:
	@tools/setup.sh avr
deps-arm:
	@tools/setup.sh arm
deps-riscv:
	@tools/setup.sh riscv
deps-plot:
	@tools/setup.sh plot

# Each adds its suites to TEST_SUITES (command lines), what they need to TEST_DEPS and the
# package sets of tools/setup.sh to TEST_SETUP.
TEST_SUITES :=
TEST_DEPS :=
TEST_SETUP :=
include mk/avrsim.mk
include mk/qemusim.mk
include mk/host.mk
include mk/aarch64.mk
include mk/cross.mk
include mk/sanitize.mk
include mk/fuzz.mk
include mk/firmware.mk
include mk/fixed_key.mk
include mk/link.mk
include mk/install.mk
include mk/arduino.mk
include mk/bench.mk
include mk/python.mk

# Packages first (one installer at a time), then the builds and the suites, two at a time.
test:
	@tools/setup.sh $(sort $(TEST_SETUP))
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) $(TEST_DEPS)
	@tools/run_suites.sh -j $(TEST_JOBS) $(TEST_SUITES)

clean:
	rm -rf build results
