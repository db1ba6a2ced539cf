# The Python package lwc (pyproject.toml, setup.py, python/lwc/): make test installs it from
# this tree into the project virtualenv (.venv, tools/setup.sh python) and runs its pytest
# suite (tests/python/): the package against the C library (build/host/liblwc.so.*, through
# ctypes), the vectors, pycryptodome, cryptography, Crypto++ (a small C++ helper built
# against Debian's libcrypto++) and records encrypted by the library on the simulated
# ATmega128 (build/host/mcu_encrypt drives the unchanged test firmware), and the records the
# Arduino example AuthenticatedRecord prints on the simulated Uno and Mega. make bench runs
# `lwc bench` alone, after the simulators: records/s through ctr_records on one core.

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
# example AuthenticatedRecord on each board of mk/arduino.mk (MCU=ELF pairs).
py_auth_record = build/arduino/$(1)/AuthenticatedRecord/AuthenticatedRecord.ino.elf
PY_MCU_ENV := LWC_MCU_ENCRYPT=build/host/mcu_encrypt LWC_MCU_ARGS="$(call sim_args,atmega128) atmega128" \
	LWC_AVRSIM=$(AVRSIM) LWC_AUTH_RECORDS="$(foreach b,$(ARDUINO_BOARDS),$(ARDUINO_MCU.$(b))=$(call py_auth_record,$(b)))"
TEST_SUITES += '$(PY_MCU_ENV) $(PY) -m pytest -q -p no:cacheprovider tests/python'
TEST_DEPS += $(PY_INSTALLED) build/host/liblwc.so.$(VERSION) build/python/cryptopp_interop build/host/mcu_encrypt \
	$(call firmware_of,atmega128) $(AVRSIM) $(foreach b,$(ARDUINO_BOARDS),$(call py_auth_record,$(b)))

results/raw/gateway-python.csv: $(PY_INSTALLED)
	@mkdir -p $(@D)
	$(PY) -m lwc bench --csv > $@
BENCH_SERIAL += results/raw/gateway-python.csv
