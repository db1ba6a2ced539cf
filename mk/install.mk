# make install [PREFIX=/usr/local] [DESTDIR=]: the host library, static and shared (soname
# liblwc.so.<major>, only the public API exported: tools/install/lwc.map), the headers,
# a pkg-config file and a CMake package (lwc::lwc). make uninstall removes them.
# make test installs into a temporary prefix and builds the gateway example against it.
VERSION := $(shell cat VERSION)
VERSION_MAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME := liblwc.so.$(VERSION_MAJOR)
PREFIX ?= /usr/local
DESTDIR ?=
LWC_URL := https://github.com/lwc-project/lwc
dest = $(DESTDIR)$(PREFIX)

build/host/liblwc.so.$(VERSION): $(call lib_objs,host) tools/install/lwc.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=tools/install/lwc.map -o $@ $(filter %.o,$^)

# The package files, for the prefix given (the library's layout options in their flags).
build/host/pkg/lwc.pc: tools/install/lwc.pc.in VERSION FORCE
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@URL@|$(LWC_URL)|' \
	    -e 's|@CFLAGS@|$(if $(host.flags), $(host.flags))|' $< > $@
build/host/pkg/lwcConfig.cmake: tools/install/lwcConfig.cmake.in VERSION FORCE
	@mkdir -p $(@D)
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@MAJOR@|$(VERSION_MAJOR)|' \
	    -e 's|@DEFINES@|$(subst $(space),;,$(patsubst -D%,%,$(host.flags)))|' $< > $@
build/host/pkg/lwcConfigVersion.cmake: tools/install/lwcConfigVersion.cmake.in VERSION
	@mkdir -p $(@D)
	sed -e 's|@VERSION@|$(VERSION)|' $< > $@

.PHONY: install uninstall FORCE
FORCE:
INSTALLED := include/lwc.h $(patsubst %,include/lwc/%,$(notdir $(wildcard include/lwc/*.h))) lib/liblwc.a \
	lib/liblwc.so.$(VERSION) lib/$(SONAME) lib/liblwc.so lib/pkgconfig/lwc.pc lib/cmake/lwc/lwcConfig.cmake \
	lib/cmake/lwc/lwcConfigVersion.cmake
install: build/host/liblwc.a build/host/liblwc.so.$(VERSION) build/host/pkg/lwc.pc build/host/pkg/lwcConfig.cmake \
		build/host/pkg/lwcConfigVersion.cmake
	install -d $(dest)/include/lwc $(dest)/lib/pkgconfig $(dest)/lib/cmake/lwc
	install -m 644 include/lwc.h $(dest)/include/
	install -m 644 include/lwc/*.h $(dest)/include/lwc/
	install -m 644 build/host/liblwc.a $(dest)/lib/
	install -m 755 build/host/liblwc.so.$(VERSION) $(dest)/lib/
	ln -sf liblwc.so.$(VERSION) $(dest)/lib/$(SONAME)
	ln -sf $(SONAME) $(dest)/lib/liblwc.so
	install -m 644 build/host/pkg/lwc.pc $(dest)/lib/pkgconfig/
	install -m 644 build/host/pkg/lwcConfig.cmake build/host/pkg/lwcConfigVersion.cmake $(dest)/lib/cmake/lwc/
uninstall:
	rm -f $(addprefix $(dest)/,$(INSTALLED))
	-rmdir $(dest)/include/lwc $(dest)/lib/cmake/lwc 2>/dev/null

TEST_SUITES += "bash tests/install/test_install.sh"
TEST_DEPS += build/host/liblwc.a build/host/liblwc.so.$(VERSION)

# The shared library from Python: the modes of every cipher against pycryptodome's, the KDF
# against cryptography's KBKDFCMAC and the sealed records against a model of the format (in
# the project virtualenv, tools/setup.sh python).
TEST_SUITES += ".venv/bin/python tests/host/crosscheck_modes.py build/host/liblwc.so.$(VERSION)" \
	".venv/bin/python tests/host/crosscheck_records.py build/host/liblwc.so.$(VERSION)"
TEST_SETUP += python
