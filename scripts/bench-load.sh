#!/usr/bin/env bash
# make bench-load: builds the release `courier` and the raw libcurl client (courier-bench's C
# client, bounded by time), then runs scripts/bench-load.py (nginx on loopback, wrk, hey, ab).
# COURIER=path skips the build and measures that binary instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${COURIER:-}" ]; then
    swift build -c release --product courier
    COURIER=.build/release/courier
fi
mkdir -p Benchmarks/.build
cc -O2 -I Benchmarks/Sources/CRawCurl/include Benchmarks/Sources/CRawCurl/raw_curl.c Benchmarks/load/raw_load.c \
    -lcurl -o Benchmarks/.build/raw_load
exec python3 scripts/bench-load.py "$COURIER" Benchmarks/.build/raw_load
