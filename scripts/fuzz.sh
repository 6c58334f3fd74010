#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each for a
# bounded time over its committed corpus (Fuzz/Corpus/<target>), keeping new inputs in a
# scratch copy. A crash, a sanitizer report, a hang past 10 s or 2 GiB on one input fails.
#   FUZZ_SECONDS=N  seconds per target (default 60; CI uses a few)
#   FUZZ_TARGETS="json curl"  a subset
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"workspace template condition capture curl url json cookie token load"}
scratch=.build-fuzz
# Plan the path dependency's sources again (SwiftPM keeps the old file list otherwise).
rm -f "$scratch/debug/description.json" "$scratch/debug.yaml"
(cd Fuzz && swift build ${DEBUG_INFO_FLAGS:-} -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --scratch-path "../$scratch")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Targets run side by side, one per core (FUZZ_JOBS, default the number of cores): each fuzzer
# uses one, and CI's ten targets took 100 s one after another on two.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
run_target() {
    local target=$1
    mkdir -p "$work/$target"
    cp Fuzz/Corpus/"$target"/* "$work/$target/" 2>/dev/null || true
    if "$scratch/debug/fuzz-$target" "$work/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/$target-" -print_final_stats=1 2>"$work/$target.log"; then
        echo ok > "$work/$target.status"
    else
        echo failed > "$work/$target.status"
    fi
}
running=0
for target in $targets; do
    run_target "$target" &
    running=$((running + 1))
    if ((running >= jobs)); then
        wait -n || true
        running=$((running - 1))
    fi
done
wait
failed=()
for target in $targets; do
    echo "== fuzz-$target for ${seconds}s"
    if [ "$(cat "$work/$target.status" 2>/dev/null)" != ok ]; then
        failed+=("$target")
        tail -40 "$work/$target.log"
        mkdir -p Fuzz/Findings && cp "$work/$target-"* Fuzz/Findings/ 2>/dev/null || true
    else
        grep -E "stat::number_of_executed_units|cov:" "$work/$target.log" | tail -2
    fi
done
if ((${#failed[@]})); then
    echo "fuzz: failures in ${failed[*]} (inputs in Fuzz/Findings/)" >&2
    exit 1
fi
echo "fuzz: every target ran ${seconds}s without a finding"
