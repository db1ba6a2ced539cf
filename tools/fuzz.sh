#!/bin/sh
# Runs one libFuzzer harness for a bounded time, starting from its checked-in corpus.
# Usage: tools/fuzz.sh HARNESS SECONDS CORPUS [merge]
#   Without "merge" (make test) the checked-in corpus is only read: new inputs go to
#   build/fuzz/<name>-new. With "merge" (make fuzz) the inputs that add coverage are then
#   merged into CORPUS (minimised), to be committed.
# A failure leaves the input that caused it in build/fuzz/<name>-crash-*. Last line:
# "<name>: 1 passed, 0 failed" or "... 0 passed, 1 failed".
set -u
harness=$1 seconds=$2 corpus=$3 mode=${4:-}
name=$(basename "$harness")
work=build/fuzz/$name-new
rm -rf "$work"
mkdir -p "$work" "$corpus"
if "$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="build/fuzz/$name-" "$work" "$corpus" >"build/fuzz/$name.log" 2>&1; then
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done)" "build/fuzz/$name.log"
    if [ "$mode" = merge ]; then
        "$harness" -merge=1 "$corpus" "$work" >>"build/fuzz/$name.log" 2>&1 || { echo "$name: merge failed"; exit 1; }
        echo "$name: corpus $corpus: $(ls "$corpus" | wc -l) inputs"
    fi
    echo "$name: 1 passed, 0 failed"
else
    tail -n 40 "build/fuzz/$name.log"
    echo "$name: 0 passed, 1 failed"
    exit 1
fi
