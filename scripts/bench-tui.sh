#!/usr/bin/env bash
# make bench-tui: the render benchmark (Benchmarks/, off-screen) and the real binary's
# figures in tmux (scripts/bench-tui.py), both from release builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product courier
# SwiftPM plans a path dependency's sources once: files added to the main package since then
# are not built (the build fails or, worse, measures old code). Plan again every time.
rm -f Benchmarks/.build/release/description.json Benchmarks/.build/release.yaml
(cd Benchmarks && swift build -c release --product courier-render-bench && .build/release/courier-render-bench "$@")
python3 scripts/bench-tui.py .build/release/courier
