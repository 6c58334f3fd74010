#!/usr/bin/env bash
# Renders the workbench's screenshots into screenshots/*.png: scripted scenes on the demo
# workspace in tmux at 120×40, each screen captured with its colours (capture-pane -e) and
# drawn by scripts/render-screenshot.py. Rerunning on unchanged code changes only timings,
# ports and ids in the pictures.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/screenshot-bootstrap.sh
swift build --product courier
bin=$PWD/.build/debug/courier
source scripts/tui-session.sh
mkdir -p screenshots

shot() {
    tmux -L "$socket" capture-pane -p -e -N -t tui > "$work/$1.ansi"
    python3 scripts/render-screenshot.py "$work/$1.ansi" "screenshots/$1.png" --cols 120 --rows 40
    echo "screenshots/$1.png"
}

tui_start 120 40

# Overview: a few requests sent, one failed, the JSON response of json-valid on screen.
for name in get-args cities refused cjk json-valid; do
    tui_keys /
    tui_type "$name"
    tui_keys Enter Enter
    tui_wait "ms  "
    tui_keys Escape
done
sleep 0.3
shot overview

# The response's timing waterfall (big-json: a transfer long enough to show its phases).
tui_keys /
tui_type big-json
tui_keys Enter Escape Enter
tui_wait "Body   Headers   Timing" 30
tui_keys 2 2 ] ]
tui_wait "Transfer"
shot response-timing
