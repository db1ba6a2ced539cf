#!/bin/sh
# The Arduino sketch sizes of make bench (bench/sketch_sizes.sh, mk/arduino.mk) with the
# library and examples of an earlier commit: this commit's probe sketches and rules, built in
# a copy of this commit whose Arduino libraries folder holds the earlier commit's tree as lwc
# (as a user had it then: the repository as the library) and whose examples/ are that
# commit's.
# Usage: bench/sketch_sizes_at.sh COMMIT > bench/arduino-sketches-COMMIT.csv
#   (from the repository root, a git checkout; takes about as long as the sketches of make
#   bench, two builds at a time)
set -eu
commit=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/now" "$tmp/then"
git archive HEAD | tar -x -C "$tmp/now"
git archive "$commit" | tar -x -C "$tmp/then"
rm -rf "$tmp/now/examples" && cp -r "$tmp/then/examples" "$tmp/now/examples"
mkdir -p "$tmp/libraries"
ln -s "$tmp/then" "$tmp/libraries/lwc"
make -C "$tmp/now" -j2 ARDUINO_LIBRARIES="$tmp/libraries" results/raw/arduino-sketches.csv >&2
echo "# the library and examples of commit $(git rev-parse --short "$commit"), measured with bench/sketch_sizes_at.sh at commit $(git rev-parse --short HEAD)"
cat "$tmp/now/results/raw/arduino-sketches.csv"
