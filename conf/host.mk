# The host's own compiler: the portable C (what the host suites and the gateway use).
toolchain := host
