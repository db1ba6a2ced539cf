# The Arduino library. The repository is also a PlatformIO library (library.json), but its
# root holds folders the Arduino IDE's builder warns about in a library ("Spurious .ci
# folder"): Arduino users get the release folder build/arduino-release/lwc and its zip
# (make, or make arduino-release), exactly what the library needs: library.properties,
# library.json, keywords.txt, LICENSE, README.md, src/, include/ (which src/lwc.h forwards
# to) and examples/, copied as they are.
# Built from that folder as the Arduino IDE builds them, by arduino-builder (the IDE's own
# builder: library discovery, src/ compiled recursively, the recipes and flags of the
# core's platform.txt: -flto, gnu11, ...) with Debian's Arduino AVR core, for the Uno and
# the Mega 2560 (found as a user library would be: the builder's libraries folder is
# build/arduino-release, which holds the release folder lwc):
#   - the examples; tests/arduino/test_examples.c runs each in avrsim (Serial captured,
#     analogRead fed, SealedRecord's EEPROM kept in a file across its power-ups) and checks
#     what it prints against the C reference;
#   - the probe sketches (bench/gen_probe.py: each makes the calls of one feature of
#     bench/features.txt over one cipher, and an empty sketch), for the Uno in make test:
#     tests/arduino/test_deadcode.py checks that each links nothing its calls cannot
#     reach; make bench measures their sizes on both boards (results/raw/arduino-sketches.csv);
#   - tests/arduino/test_package.sh checks the manifests, the licence, the release's files,
#     what the Arduino builds compiled and printed, and PlatformIO's check of library.json.
# tests/arduino/test_cores.sh compiles the sources with the flags of the Arduino cores of
# other architectures (SAMD21, RP2040, nRF52840, RA4M1, ESP8266, ESP32-C3).
ARDUINO_BOARDS := uno mega2560
ARDUINO_FQBN.uno := arduino:avr:uno
ARDUINO_FQBN.mega2560 := arduino:avr:mega:cpu=atmega2560
ARDUINO_MCU.uno := atmega328p
ARDUINO_MCU.mega2560 := atmega2560
ARDUINO_EXAMPLES := $(notdir $(wildcard examples/*))
ARDUINO_HW := /usr/share/arduino/hardware
# Debian's core (1.8.7) uses DECIMAL_DIG, which its avr-libc (2.0) does not define.
ARDUINO_PREFS := -prefs compiler.cpp.extra_flags=-DDECIMAL_DIG=9

.PHONY: deps-arduino deps-pio arduino-release
deps-arduino:
	@tools/setup.sh arduino
deps-pio:
	@tools/setup.sh pio

# ---- the release ------------------------------------------------------------------------
ARDUINO_RELEASE := build/arduino-release/lwc
ARDUINO_ZIP := build/arduino-release/lwc-$(VERSION).zip
ARDUINO_RELEASE_FILES := library.properties library.json keywords.txt LICENSE README.md \
	$(sort $(foreach d,src include examples,$(shell find $(d) -type f)))
arduino-release: $(ARDUINO_ZIP)
all: arduino-release
# The folder and its zip (entries lwc/...), rebuilt from scratch so that no stale file stays.
$(ARDUINO_ZIP): $(ARDUINO_RELEASE_FILES)
	@rm -rf $(ARDUINO_RELEASE) $@ && mkdir -p $(ARDUINO_RELEASE)
	cp --parents $^ $(ARDUINO_RELEASE)/
	cd $(@D) && $(PYTHON) -m zipfile -c $(@F) lwc

# The builder's libraries folder (bench/sketch_sizes_at.sh gives another).
ARDUINO_LIBRARIES := $(CURDIR)/$(dir $(ARDUINO_RELEASE))

# The builder wants a tools folder; Debian's core names its compiler by path (/usr/bin/), so
# an empty one does (Debian's arduino-core-avr has none). Its ctags recipe is in
# arduino-builder's own platform.txt, read as one more hardware folder.
build/arduino/tools:
	@mkdir -p $@

# $(call arduino_build,BOARD,SKETCH.ino,BUILD_DIR): the sketch built by arduino-builder into
# BUILD_DIR, its output in BUILD_DIR/build.log (read by test_package.sh).
arduino_build = rm -rf $(3) && mkdir -p $(3) && \
	arduino-builder -compile -hardware /usr/share/arduino-builder -hardware $(ARDUINO_HW) -tools $(CURDIR)/build/arduino/tools \
	    -libraries $(ARDUINO_LIBRARIES) -fqbn $(ARDUINO_FQBN.$(1)) -build-path $(CURDIR)/$(3) \
	    $(ARDUINO_PREFS) -warnings all $(CURDIR)/$(2) >$(3)/build.log 2>&1 || { cat $(3)/build.log; exit 1; }
ARDUINO_BUILD_DEPS := $(ARDUINO_ZIP) | build/arduino/tools deps-arduino

# ---- the examples -----------------------------------------------------------------------
define ARDUINO_template
build/arduino/$(1)/$(2)/$(2).ino.elf: examples/$(2)/$(2).ino $(ARDUINO_BUILD_DEPS)
	$$(call arduino_build,$(1),$$<,$$(@D))
endef
$(foreach b,$(ARDUINO_BOARDS),$(foreach e,$(ARDUINO_EXAMPLES),$(eval $(call ARDUINO_template,$(b),$(e)))))
ARDUINO_ELFS := $(foreach b,$(ARDUINO_BOARDS),$(foreach e,$(ARDUINO_EXAMPLES),build/arduino/$(b)/$(e)/$(e).ino.elf))

# SealedRecord re-keyed for epoch 2, as an operator rebuilds it after a node's EEPROM was
# reset (docs/RECORDS.md): test_examples writes the copy with the new key and epoch.
build/arduino/rekeyed/SealedRecord/SealedRecord.ino: examples/SealedRecord/SealedRecord.ino build/host/test_examples
	@mkdir -p $(@D)
	build/host/test_examples --rekey 2 $< $@
define ARDUINO_REKEYED_template
build/arduino/$(1)/SealedRecord-epoch2/SealedRecord.ino.elf: build/arduino/rekeyed/SealedRecord/SealedRecord.ino \
		$(ARDUINO_BUILD_DEPS)
	$$(call arduino_build,$(1),$$<,$$(@D))
endef
$(foreach b,$(ARDUINO_BOARDS),$(eval $(call ARDUINO_REKEYED_template,$(b))))
ARDUINO_ELFS += $(foreach b,$(ARDUINO_BOARDS),build/arduino/$(b)/SealedRecord-epoch2/SealedRecord.ino.elf)

# ---- the probe sketches -----------------------------------------------------------------
# <cipher>-<feature> for each feature of bench/features.txt probed as a sketch, for the
# ciphers that have its calls; "empty" (the baseline) and "none" (lwc.h included, no call).
ARDUINO_PROBES := empty none $(shell $(PYTHON) bench/gen_probe.py --list --sketch $(ALL_CIPHERS) 2>/dev/null | tr ' ' '-')
probe_cipher = $(firstword $(subst -, ,$(1)))
probe_feature = $(if $(filter empty none,$(1)),$(1),$(word 2,$(subst -, ,$(1))))
build/arduino-probes/sketches/%/probe/probe.ino: bench/gen_probe.py bench/features.txt $(LIB_HEADERS)
	@rm -rf $(@D)
	$(PYTHON) bench/gen_probe.py --sketch $(@D) $(call probe_cipher,$*) $(call probe_feature,$*)
define ARDUINO_PROBE_template
build/arduino-probes/$(1)/%/probe.ino.elf: build/arduino-probes/sketches/%/probe/probe.ino $(ARDUINO_BUILD_DEPS)
	$$(call arduino_build,$(1),$$<,$$(@D))
endef
$(foreach b,$(ARDUINO_BOARDS),$(eval $(call ARDUINO_PROBE_template,$(b))))
arduino_probe_elfs = $(foreach p,$(ARDUINO_PROBES),build/arduino-probes/$(1)/$(p)/probe.ino.elf)
.SECONDARY: $(foreach p,$(ARDUINO_PROBES),build/arduino-probes/sketches/$(p)/probe/probe.ino)

# make bench: the sizes of the probes and the examples on both boards, beside those of
# the probes at commit 13ea8ca (bench/arduino-sketches-13ea8ca.csv).
results/raw/arduino-sketches.csv: bench/sketch_sizes.sh $(foreach b,$(ARDUINO_BOARDS),$(call arduino_probe_elfs,$(b))) \
		$(ARDUINO_ELFS)
	@mkdir -p $(@D)
	bench/sketch_sizes.sh "$(ARDUINO_BOARDS)" > $@
ARDUINO_BENCH_RAW := results/raw/arduino-sketches.csv bench/arduino-sketches-13ea8ca.csv

# ---- the suites -------------------------------------------------------------------------
build/host/test_examples: tests/arduino/test_examples.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) $< $(TEST_COMMON) build/host/liblwc.a -o $@

TEST_SUITES += $(foreach b,$(ARDUINO_BOARDS),"build/host/test_examples $(AVRSIM) $(ARDUINO_MCU.$(b)) build/arduino/$(b)") \
	"sh tests/arduino/test_package.sh build/arduino .venv $(ARDUINO_RELEASE) $(ARDUINO_ZIP)" \
	"$(PYTHON) tests/arduino/test_deadcode.py build/arduino-probes/uno build/atmega328p $(ARDUINO_MCU.uno)" \
	"sh tests/arduino/test_cores.sh"
TEST_SETUP += cores
TEST_DEPS += build/host/test_examples $(AVRSIM) $(ARDUINO_ELFS) $(call arduino_probe_elfs,uno) build/atmega328p/liblwc.a \
	deps-pio
