# The host suites on other hosts: cross-compiled (static) for a big-endian 64-bit CPU
# (s390x) and a 32-bit one (i686), run under Debian's qemu-user. Each runs test_lwc and
# test_drbg on the default (table-free) and the table build, and test_bs32.

.PHONY: deps-cross
deps-cross:
	@tools/setup.sh cross

# $(call CROSS_template,NAME,COMPILER,QEMU): the suites in build/NAME and build/NAME-tables.
define CROSS_template
CROSS_$(1) := $$(call host_matrix,$(1),$(2),-static,deps-cross)
TEST_SUITES += $$(foreach s,$$(CROSS_$(1)),"$(3) $$(s)")
TEST_DEPS += $$(CROSS_$(1))
TEST_SETUP += cross
endef
$(eval $(call CROSS_template,s390x,s390x-linux-gnu-gcc,qemu-s390x))
$(eval $(call CROSS_template,i686,i686-linux-gnu-gcc,qemu-i386))
