#!/usr/bin/env bash
# A 1 GiB loopback download through the engine: peak resident memory must stay under
# 64 MiB; then a download killed at about 50% resumes from its partial file.
# Usage: scripts/download-benchmark.sh   (SIZE=bytes to change the size; BIN=path to courier)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/courier}
SIZE=${SIZE:-1073741824}
LIMIT_KIB=$((64 * 1024))

work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export XDG_CACHE_HOME="$work/cache"

"$BIN" serve --port 0 >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
    grep -q "listening on" "$work/serve.log" && break
    sleep 0.1
done
base=$(grep -o 'http://[^ ]*' "$work/serve.log")
url="$base/bytes/$SIZE?seed=42"
echo "server: $base   resource: $SIZE bytes"

expected=$(curl -sS "$url" | sha256sum | cut -d' ' -f1)

# 1. A whole download: time and peak RSS.
start=$(date +%s.%N)
/usr/bin/time -v "$BIN" download "$url" "$work/full.bin" --quiet 2>"$work/time.log" >/dev/null
end=$(date +%s.%N)
rss_kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.log")
seconds=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
got=$(sha256sum "$work/full.bin" | cut -d' ' -f1)
[ "$got" = "$expected" ] || { echo "FAIL: full download checksum differs"; exit 1; }
echo "full download: ${seconds}s, peak RSS $((rss_kib / 1024)) MiB (limit 64 MiB), SHA-256 ok"

# 2. Kill at ~50%, then resume.
"$BIN" download "$url" "$work/resumed.bin" --quiet >/dev/null 2>&1 &
client=$!
half=$((SIZE / 2))
partial=0
for _ in $(seq 1 1200); do
    part=$(ls "$XDG_CACHE_HOME"/courier/incomplete/*.part 2>/dev/null | head -n 1 || true)
    if [ -n "$part" ]; then
        partial=$(stat -c %s "$part")
        [ "$partial" -ge "$half" ] && break
    fi
    sleep 0.05
done
kill -9 "$client" 2>/dev/null || true
wait "$client" 2>/dev/null || true
partial=$(stat -c %s "$XDG_CACHE_HOME"/courier/incomplete/*.part)
echo "killed at $partial bytes ($((partial * 100 / SIZE))%)"
output=$("$BIN" download "$url" "$work/resumed.bin" --quiet)
echo "$output"
case "$output" in *resumed*) ;; *) echo "FAIL: second run did not resume"; exit 1 ;; esac
got=$(sha256sum "$work/resumed.bin" | cut -d' ' -f1)
[ "$got" = "$expected" ] || { echo "FAIL: resumed download checksum differs"; exit 1; }
echo "resumed download: SHA-256 ok"

[ "$rss_kib" -lt "$LIMIT_KIB" ] || { echo "FAIL: peak RSS $rss_kib KiB is over the limit"; exit 1; }
echo "PASS"
