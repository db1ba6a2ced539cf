# make install [PREFIX=/usr/local] [LIBDIR=lib] [DESTDIR=]: the host library, static and
# shared (soname liblwc.so.<major>, only the public API exported: tools/install/lwc.map),
# the headers, a pkg-config file and a CMake package (lwc::lwc). LIBDIR is the library
# folder under PREFIX: lib, lib64, lib/x86_64-linux-gnu (multiarch), relative to PREFIX or
# absolute (/usr/lib64 with PREFIX=/usr); lwc.pc and the CMake package go there too
# (LIBDIR/pkgconfig, LIBDIR/cmake/lwc) and find the headers and libraries from where they
# are. make uninstall, with the same PREFIX, LIBDIR and DESTDIR, removes exactly the files
# install put there, and lwc's own folders (include/lwc, LIBDIR/cmake/lwc) once empty.
# make test installs into temporary prefixes (LIBDIR lib and lib64) and builds
# docs/examples against them (tests/install/test_install.sh).
VERSION := $(shell cat VERSION)
VERSION_MAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME := liblwc.so.$(VERSION_MAJOR)
PREFIX ?= /usr/local
LIBDIR ?= lib
DESTDIR ?=
# The project's home: url= of library.properties, the one place it is written.
LWC_URL := $(shell sed -n 's/^url=//p' library.properties)
dest = $(DESTDIR)$(PREFIX)
# LIBDIR relative to PREFIX, and the way up from LIBDIR/cmake/lwc to PREFIX (../../.. for lib).
libdir := $(patsubst $(PREFIX)/%,%,$(LIBDIR))
cmake_to_prefix := $(subst $(space),/,$(foreach d,$(subst /, ,$(libdir)/cmake/lwc),..))

build/host/liblwc.so.$(VERSION): $(call lib_objs,host) tools/install/lwc.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=tools/install/lwc.map -o $@ $(filter %.o,$^)

# The package files, for the PREFIX and LIBDIR given (the library's layout options in their flags).
build/host/pkg/lwc.pc: tools/install/lwc.pc.in VERSION library.properties FORCE
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(libdir)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@URL@|$(LWC_URL)|' \
	    -e 's|@CFLAGS@|$(if $(host.flags), $(host.flags))|' $< > $@
build/host/pkg/lwcConfig.cmake: tools/install/lwcConfig.cmake.in VERSION FORCE
	@mkdir -p $(@D)
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@MAJOR@|$(VERSION_MAJOR)|' -e 's|@LIBDIR@|$(libdir)|' \
	    -e 's|@TO_PREFIX@|$(cmake_to_prefix)|' \
	    -e 's|@DEFINES@|$(subst $(space),;,$(patsubst -D%,%,$(host.flags)))|' $< > $@
build/host/pkg/lwcConfigVersion.cmake: tools/install/lwcConfigVersion.cmake.in VERSION
	@mkdir -p $(@D)
	sed -e 's|@VERSION@|$(VERSION)|' $< > $@

.PHONY: install uninstall check-libdir FORCE
FORCE:
# A LIBDIR outside PREFIX (or climbing out of it) would leave the CMake package unable to
# find the headers from where it is.
check-libdir:
	@case "$(libdir)" in /* | ../* | */../* | .. | */..) \
	    echo "make install: LIBDIR=$(LIBDIR) must be a folder under PREFIX=$(PREFIX) (lib, lib64, $(PREFIX)/lib64, ...)" >&2; \
	    exit 2 ;; esac
INSTALLED = include/lwc.h $(patsubst %,include/lwc/%,$(notdir $(wildcard include/lwc/*.h))) \
	$(addprefix $(libdir)/,liblwc.a liblwc.so.$(VERSION) $(SONAME) liblwc.so pkgconfig/lwc.pc \
	cmake/lwc/lwcConfig.cmake cmake/lwc/lwcConfigVersion.cmake)
install: check-libdir build/host/liblwc.a build/host/liblwc.so.$(VERSION) build/host/pkg/lwc.pc \
		build/host/pkg/lwcConfig.cmake build/host/pkg/lwcConfigVersion.cmake
	install -d $(dest)/include/lwc $(dest)/$(libdir)/pkgconfig $(dest)/$(libdir)/cmake/lwc
	install -m 644 include/lwc.h $(dest)/include/
	install -m 644 include/lwc/*.h $(dest)/include/lwc/
	install -m 644 build/host/liblwc.a $(dest)/$(libdir)/
	install -m 755 build/host/liblwc.so.$(VERSION) $(dest)/$(libdir)/
	ln -sf liblwc.so.$(VERSION) $(dest)/$(libdir)/$(SONAME)
	ln -sf $(SONAME) $(dest)/$(libdir)/liblwc.so
	install -m 644 build/host/pkg/lwc.pc $(dest)/$(libdir)/pkgconfig/
	install -m 644 build/host/pkg/lwcConfig.cmake build/host/pkg/lwcConfigVersion.cmake $(dest)/$(libdir)/cmake/lwc/
uninstall: check-libdir
	rm -f $(addprefix $(dest)/,$(INSTALLED))
	-rmdir $(dest)/include/lwc $(dest)/$(libdir)/cmake/lwc 2>/dev/null

TEST_SUITES += "bash tests/install/test_install.sh"
TEST_DEPS += build/host/liblwc.a build/host/liblwc.so.$(VERSION)
TEST_SETUP += install

# The shared library from Python: the modes of every cipher against pycryptodome's, the KDF
# against cryptography's KBKDFCMAC and the sealed records against a model of the format (in
# the project virtualenv, tools/setup.sh python).
TEST_SUITES += ".venv/bin/python tests/host/crosscheck_modes.py build/host/liblwc.so.$(VERSION)" \
	".venv/bin/python tests/host/crosscheck_records.py build/host/liblwc.so.$(VERSION)"
TEST_SETUP += python
