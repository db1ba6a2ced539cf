#!/bin/sh
# Runs each test suite given as an argument (a command line), JOBS at a time, shows each
# suite's output as one block when it ends, and sums the closing "N passed, M failed"
# line of each. A suite that exits non-zero without reporting a failure, or prints no
# summary, counts as one failure. Prints the grand total as the last line; exits 1 if
# anything failed.
# Usage: tools/run_suites.sh [-j JOBS] SUITE...
jobs=1
if [ "${1:-}" = -j ]; then
    jobs=$2
    shift 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
summary_re='^([A-Za-z0-9_-]+: )?([0-9]+) passed, ([0-9]+) failed'

# Runs suite number $1 (command $2): output in $dir/$1.out, exit status in $dir/$1.status.
run() {
    start=$(date +%s)
    sh -c "$2" >"$dir/$1.out" 2>&1
    echo "$? $(($(date +%s) - start))" >"$dir/$1.status"
}

# Prints suite $1's block and adds its counts to the totals.
total_pass=0
total_fail=0
report() {
    set -- "$1" $(cat "$dir/$1.status")
    suite=$(cat "$dir/$1.cmd")
    echo "== $suite  ($3 s)"
    cat "$dir/$1.out"
    summary=$(grep -E "$summary_re" "$dir/$1.out" | tail -n 1)
    p=$(echo "$summary" | sed -nE "s/$summary_re.*/\\2/p")
    f=$(echo "$summary" | sed -nE "s/$summary_re.*/\\3/p")
    if [ -z "$p" ]; then
        echo "FAIL: $suite printed no 'N passed, M failed' summary (exit $2)"
        p=0
        f=1
    elif [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "FAIL: $suite exited $2"
        f=1
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
}

n=0
running=0
reported=0
for suite in "$@"; do
    n=$((n + 1))
    printf '%s\n' "$suite" >"$dir/$n.cmd"
    run "$n" "$suite" &
    running=$((running + 1))
    while [ "$running" -ge "$jobs" ]; do
        wait_for_one=1
        for i in $(seq $((reported + 1)) "$n"); do
            [ -f "$dir/$i.status" ] && [ ! -f "$dir/$i.done" ] && { touch "$dir/$i.done"; running=$((running - 1)); wait_for_one=0; }
        done
        [ "$wait_for_one" = 1 ] && sleep 1
    done
    # Report finished suites in order, so that the log reads as the list of suites.
    while [ -f "$dir/$((reported + 1)).done" ]; do
        reported=$((reported + 1))
        report "$reported"
    done
done
wait
while [ "$reported" -lt "$n" ]; do
    reported=$((reported + 1))
    report "$reported"
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
