#!/usr/bin/env bash
# Runs a test command, passing its output through, and when it fails prints again, at the very
# end, every issue a test recorded with the lines that follow it (a screen the end-to-end tests
# dumped, an error's description): a CI log that keeps only its tail still says what failed.
set -uo pipefail
log=$(mktemp /tmp/courier-test-log.XXXXXX) || exit 1
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    # Without colours (Swift Testing writes them when it believes a terminal is there), so
    # that the patterns below match whatever the runner decided.
    sed -i 's/\x1b\[[0-9;]*m//g' "$log"
    echo
    echo "==== The tests failed (exit $status). Every issue recorded, with what followed it (at most 60 lines each):"
    awk '
        /recorded an issue/ { printing = 1; lines = 0; print; next }
        printing && /^(◇|✔|✘ (Test|Suite))/ { printing = 0; print "----" }
        printing { if (++lines <= 60) print }
    ' "$log"
    # Last, one line an issue (a CI log that keeps only its last lines still names them all),
    # and the tests that failed without an issue line (a crash, a time limit).
    echo "==== In short:"
    grep -a "recorded an issue" "$log" | awk '!seen[$0]++' | cut -c1-400
    grep -a -E "^✘ Test .* failed after" "$log" | grep -a -v "^✘ Test run with" | sed -E 's/^✘ Test (.*) failed after.*/\1/' | awk '!seen[$0]++' \
        | while IFS= read -r name; do
            grep -a -F -q "✘ Test $name recorded" "$log" || echo "✘ $name failed with no issue line above: see its output"
        done
fi
exit "$status"
