#!/usr/bin/env bash
# make bench-tui: the render benchmark (Sources/courier-render-bench, off-screen) and the real
# binary's figures in tmux (scripts/bench-tui.py), both from release builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product courier
swift build -c release --product courier-render-bench
.build/release/courier-render-bench "$@"
python3 scripts/bench-tui.py .build/release/courier
