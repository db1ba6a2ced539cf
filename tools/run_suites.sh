#!/bin/sh
# Runs each test suite given as an argument (a command line), shows its output, and sums
# the closing "N passed, M failed" line of each. A suite that exits non-zero without
# reporting a failure, or prints no summary, counts as one failure.
# Prints the grand total as the last line; exits 1 if anything failed.
total_pass=0
total_fail=0
out=$(mktemp)
status_file=$(mktemp)
trap 'rm -f "$out" "$status_file"' EXIT
summary_re='^([A-Za-z0-9_-]+: )?([0-9]+) passed, ([0-9]+) failed'
for suite in "$@"; do
    echo "== $suite"
    { sh -c "$suite"; echo $? >"$status_file"; } 2>&1 | tee "$out"
    status=$(cat "$status_file")
    summary=$(grep -E "$summary_re" "$out" | tail -n 1)
    p=$(echo "$summary" | sed -nE "s/$summary_re.*/\\2/p")
    f=$(echo "$summary" | sed -nE "s/$summary_re.*/\\3/p")
    if [ -z "$p" ]; then
        echo "FAIL: $suite printed no 'N passed, M failed' summary (exit $status)"
        p=0
        f=1
    elif [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "FAIL: $suite exited $status"
        f=1
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
