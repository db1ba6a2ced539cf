# The Arduino library (library.properties, src/lwc.h, examples/): the examples built as the
# Arduino IDE builds them, by arduino-builder (the IDE's own builder: library discovery,
# src/ compiled recursively, the recipes and flags of the core's platform.txt: -flto,
# gnu11, ...) with Debian's Arduino AVR core, for the Uno and the Mega 2560. The library
# is found as a user library would be: build/arduino/libraries/lwc is this tree.
#   tests/arduino/test_examples.c  runs each example in avrsim (Serial captured, analogRead
#                                  fed, SealedRecord's EEPROM kept in a file across its
#                                  power-ups) and checks what it prints against the C
#                                  reference
#   tests/arduino/test_package.sh  the manifests, the licence, what the Arduino builds
#                                  compiled, and PlatformIO's check of library.json
ARDUINO_BOARDS := uno mega2560
ARDUINO_FQBN.uno := arduino:avr:uno
ARDUINO_FQBN.mega2560 := arduino:avr:mega:cpu=atmega2560
ARDUINO_MCU.uno := atmega328p
ARDUINO_MCU.mega2560 := atmega2560
ARDUINO_EXAMPLES := $(notdir $(wildcard examples/*))
ARDUINO_HW := /usr/share/arduino/hardware
# Debian's core (1.8.7) uses DECIMAL_DIG, which its avr-libc (2.0) does not define.
ARDUINO_PREFS := -prefs compiler.cpp.extra_flags=-DDECIMAL_DIG=9
ARDUINO_LIB_FILES := library.properties src/lwc.h $(LIB_SRCS) $(LIB_HEADERS)

.PHONY: deps-arduino deps-pio
deps-arduino:
	@tools/setup.sh arduino
deps-pio:
	@tools/setup.sh pio

build/arduino/libraries/lwc:
	@mkdir -p $(@D)
	ln -sfn $(CURDIR) $@

# The builder wants a tools folder; Debian's core names its compiler by path (/usr/bin/), so
# an empty one does (Debian's arduino-core-avr has none). Its ctags recipe is in
# arduino-builder's own platform.txt, read as one more hardware folder.
build/arduino/tools:
	@mkdir -p $@

# Board $(1), sketch $(3) (in a folder of its name) built in build/arduino/$(1)/$(2): the ELF and
# the builder's log (read by test_package.sh).
define ARDUINO_template
build/arduino/$(1)/$(2)/$(basename $(notdir $(3))).ino.elf: $(3) $(ARDUINO_LIB_FILES) | build/arduino/libraries/lwc build/arduino/tools deps-arduino
	@rm -rf $$(@D) && mkdir -p $$(@D)
	arduino-builder -compile -hardware /usr/share/arduino-builder -hardware $(ARDUINO_HW) -tools $(CURDIR)/build/arduino/tools \
	    -libraries $(CURDIR)/build/arduino/libraries -fqbn $(ARDUINO_FQBN.$(1)) -build-path $(CURDIR)/$$(@D) \
	    $(ARDUINO_PREFS) -warnings all $(CURDIR)/$$< >$$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
endef
$(foreach b,$(ARDUINO_BOARDS),$(foreach e,$(ARDUINO_EXAMPLES),$(eval $(call ARDUINO_template,$(b),$(e),examples/$(e)/$(e).ino))))
ARDUINO_ELFS := $(foreach b,$(ARDUINO_BOARDS),$(foreach e,$(ARDUINO_EXAMPLES),build/arduino/$(b)/$(e)/$(e).ino.elf))

# SealedRecord re-keyed with epoch 2 (the sketch with its epoch and node key changed, as an
# operator re-keys a node whose EEPROM was erased), for test_examples.
build/arduino/rekeyed/SealedRecord/SealedRecord.ino: examples/SealedRecord/SealedRecord.ino build/host/test_examples
	@mkdir -p $(@D)
	build/host/test_examples --rekey 2 $< $@
$(foreach b,$(ARDUINO_BOARDS),$(eval $(call ARDUINO_template,$(b),SealedRecord-epoch2,build/arduino/rekeyed/SealedRecord/SealedRecord.ino)))
ARDUINO_ELFS += $(foreach b,$(ARDUINO_BOARDS),build/arduino/$(b)/SealedRecord-epoch2/SealedRecord.ino.elf)

build/host/test_examples: tests/arduino/test_examples.c $(TEST_COMMON) $(HOST_TEST_HDRS) build/host/liblwc.a
	$(CC) $(HOST_CFLAGS) $< $(TEST_COMMON) build/host/liblwc.a -o $@

TEST_SUITES += $(foreach b,$(ARDUINO_BOARDS),"build/host/test_examples $(AVRSIM) $(ARDUINO_MCU.$(b)) build/arduino/$(b)") \
	"sh tests/arduino/test_package.sh build/arduino .venv"
TEST_DEPS += build/host/test_examples $(AVRSIM) $(ARDUINO_ELFS) deps-pio

# make bench (mk/bench.mk): each example's flash and static RAM on the Uno (avr-size of the builder's ELF),
# beside what the board offers a sketch (the core's boards.txt).
ARDUINO_BOARDS_TXT := $(ARDUINO_HW)/arduino/avr/boards.txt
results/raw/arduino-sketches.csv: $(foreach e,$(ARDUINO_EXAMPLES),build/arduino/uno/$(e)/$(e).ino.elf)
	@mkdir -p $(@D)
	flash=$$(sed -n 's/^uno\.upload\.maximum_size=//p' $(ARDUINO_BOARDS_TXT)); \
	ram=$$(sed -n 's/^uno\.upload\.maximum_data_size=//p' $(ARDUINO_BOARDS_TXT)); \
	{ echo "board,sketch,flash_bytes,flash_available,ram_bytes,ram_available"; \
	  for elf in $^; do avr-size -A $$elf | awk -v sketch=$$(basename $$elf .ino.elf) -v flash=$$flash -v ram=$$ram \
	    '$$1 == ".text" { t = $$2 } $$1 == ".data" { d = $$2 } $$1 == ".bss" { b = $$2 } \
	     END { print "Uno," sketch "," t + d "," flash "," d + b "," ram }'; done; } > $@
