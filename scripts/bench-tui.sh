#!/usr/bin/env bash
# make bench-tui: the render benchmark (Sources/courier-render-bench, off-screen) and the real
# binary's figures in tmux (scripts/bench-tui.py), both from release builds linked as
# `make release` links (RELEASE_LINK, from the Makefile): the binary people install.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a link <<< "${RELEASE_LINK:?run it through make bench-tui}"
swift build -c release --product courier "${link[@]}"
swift build -c release --product courier-render-bench "${link[@]}"
.build/release/courier-render-bench "$@"
python3 scripts/bench-tui.py .build/release/courier
