# The Python package lwc (pyproject.toml, setup.py, python/lwc/): make test installs it from
# this tree into the project virtualenv (.venv, tools/setup.sh python) and runs its pytest
# suite (tests/python/): the package against the C library (build/host/liblwc.so.*, through
# ctypes), the vectors, pycryptodome, cryptography, Crypto++ (a small C++ helper built
# against Debian's libcrypto++) and records encrypted by the library on the simulated
# ATmega128 (build/host/mcu_encrypt drives the unchanged test firmware), and the records the
# Arduino examples AuthenticatedRecord and AsconRecord print on the simulated Uno and Mega, and the sealed records
# of SealedRecord across simulated power-ups (and its re-keyed build) opened by lwc.records. make bench runs
# `lwc bench` alone, after the simulators: records/s through ctr_records on one core, and
# `lwc bench --sealed`: sealed records/s through lwc.records.Opener.open_many.

PY := .venv/bin/python
PY_PACKAGE := pyproject.toml setup.py MANIFEST.in VERSION library.properties conf/host.mk $(wildcard python/lwc/*) \
	tests/common/spec_vectors.c \
	tests/common/cipher_table.c tests/common/mode_table.c \
	$(LIB_C_SRCS) $(HOST_TEST_HDRS)
PY_INSTALLED := build/python/installed.stamp

.PHONY: deps-python
deps-python:
	@tools/setup.sh python

# pip's in-tree build (setup.py puts its files in build/python); offline, no build isolation.
$(PY_INSTALLED): $(PY_PACKAGE) | deps-python
	$(PY) -m pip install -q --no-index --no-build-isolation --no-deps --force-reinstall .
	@touch $@

build/python/cryptopp_interop: tests/python/cryptopp_interop.cpp | deps-python
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $< -lcryptopp -o $@

build/host/mcu_encrypt: tests/target/mcu_encrypt.c $(SIM_HOST_DEPS)
	$(CC) $(HOST_CFLAGS) $< $(SIM_HOST_SRCS) build/host/liblwc.a -o $@

# The end-to-end tests' MCUs: the atmega128 target's simulator and firmware; the Arduino
# examples AuthenticatedRecord and AsconRecord on each board of mk/arduino.mk (MCU=DIR pairs).
py_auth_record = $(foreach e,AuthenticatedRecord AsconRecord,build/arduino/$(1)/$(e)/$(e).ino.elf)
py_sealed_records = build/arduino/$(1)/SealedRecord/SealedRecord.ino.elf build/arduino/$(1)/SealedRecord-epoch2/SealedRecord.ino.elf
PY_MCU_ENV := LWC_MCU_ENCRYPT=build/host/mcu_encrypt LWC_MCU_ARGS="$(call sim_args,atmega128) atmega128" \
	LWC_AVRSIM=$(AVRSIM) LWC_AUTH_RECORDS="$(foreach b,$(ARDUINO_BOARDS),$(ARDUINO_MCU.$(b))=build/arduino/$(b))" \
	LWC_SEALED_RECORDS="$(foreach b,$(ARDUINO_BOARDS),$(ARDUINO_MCU.$(b))=build/arduino/$(b))"
TEST_SUITES += '$(PY_MCU_ENV) $(PY) -m pytest -q -p no:cacheprovider tests/python'
TEST_DEPS += $(PY_INSTALLED) build/host/liblwc.so.$(VERSION) build/python/cryptopp_interop build/host/mcu_encrypt \
	$(call firmware_of,atmega128) $(AVRSIM) $(foreach b,$(ARDUINO_BOARDS),$(call py_auth_record,$(b)) $(call py_sealed_records,$(b)))

results/raw/gateway-python.csv: $(PY_INSTALLED)
	@mkdir -p $(@D)
	$(PY) -m lwc bench --csv > $@
results/raw/gateway-records.csv: $(PY_INSTALLED)
	@mkdir -p $(@D)
	$(PY) -m lwc bench --sealed --csv > $@
BENCH_SERIAL += results/raw/gateway-python.csv results/raw/gateway-records.csv
