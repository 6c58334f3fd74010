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

# Sends each named request from Requests (filter, Enter, Enter) and waits for its response.
send_each() {
    for name in "$@"; do
        tui_keys /
        tui_type "$name"
        tui_keys Enter Enter
        tui_wait "ms  "
        tui_keys Escape
    done
}

tui_start 120 40

# Overview: a few requests sent, one failed, the JSON response of json-valid on screen.
send_each get-args cities refused cjk json-valid
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
tui_keys Escape Escape 1

# In flight, zoomed: three large downloads and the 292-request load batch at once.
tui_keys /
tui_type downloads
tui_keys Enter Enter 1 /
tui_type load
tui_keys Enter Enter 3 z
tui_wait "queued"
tui_wait "MB/256 MB"
sleep 2
shot in-flight
# Everything in flight is cancelled (X, then y to confirm) before the next scene.
tui_keys X
tui_wait "in flight?"
tui_keys y z
tui_wait "Nothing in flight" 30

# The cache pane, zoomed: entries in every state, and why the selected request (catalog)
# would miss — an entry under another cache version.
tui_keys 1 /
tui_type cache-states
tui_keys Enter Enter
tui_wait "cache-states: 4 of 4"
sleep 2.2  # flash-sale's two-second cache time runs out
tui_keys 1 /
tui_type catalog
tui_keys Enter 4 z
tui_wait "version mismatch"
tui_wait "expired"
shot cache
tui_keys z

# A chain in step mode, half-way: login done, profile ∥ orders done, paused before checkout.
tui_keys 1 /
tui_type checkout
tui_keys Enter S 5 z
tui_wait "paused before step 1"
tui_keys Space
tui_wait "paused before step 2"
tui_keys Space
tui_wait "paused before step 3"
tui_wait "orderId="
shot chain-step
tui_keys z

# The History tab: get-args sent three times, two of its exchanges compared (JSON paths).
tui_keys x 1 /
tui_type get-args
tui_keys Enter
for round in 1 2 3; do
    tui_keys Enter
    sleep 0.4
done
tui_keys 2
sleep 0.2
# 2 again switches between the composer and the response: end on the response.
if tui_screen | grep -qF "m method"; then tui_keys 2; fi
# The response keeps its last tab (Timing, from an earlier scene): ] until History.
for tab in 1 2 3 4; do
    tui_screen | grep -qF "past · Enter opens" && break
    tui_keys ]
    sleep 0.2
done
tui_wait "past · Enter opens"
tui_keys j d j d
tui_wait "JSON path"
shot history
tui_keys Escape 1

# The Cookies pane, zoomed: a login's HttpOnly session cookie (marked: the selected exchange
# set it) and one set on a redirect, values hidden.
send_each cookies-set session-login
tui_keys 7 z
tui_wait "2 cookies"
shot cookies
tui_keys z 1

# A request's expect: checks: the Checks tab with a failed check selected, its expected and
# actual, a JSON Schema violation with its schema location, the verdict on the response line.
send_each checks-fail
tui_keys 2
sleep 0.2
if tui_screen | grep -qF "m method"; then tui_keys 2; fi
# The response keeps its last tab (History, from an earlier scene): ] until Checks.
for tab in 1 2 3 4 5; do
    tui_screen | grep -qF "of 5 failed" && break
    tui_keys ]
    sleep 0.2
done
tui_wait "of 5 failed"
tui_keys j j
sleep 0.3
shot checks
tui_keys Escape Escape 1

# A live server-sent event stream (the demo's ticker, 10 events a second): its events in the
# response as they arrive, In flight counting them; shot while it still runs.
tui_keys /
tui_type ticker
tui_keys Enter Enter 2
sleep 0.2
if tui_screen | grep -qF "m method"; then tui_keys 2; fi
tui_wait "note 10"
shot stream
tui_wait "· ended" 15
tui_keys Escape 1

# A WebSocket session (the demo's ws-broadcast, which stays open): two messages typed on the
# message line, a broadcast and plain text, and the server's answers in the transcript.
tui_keys /
tui_type ws-broadcast
tui_keys Enter Enter 2
sleep 0.2
if tui_screen | grep -qF "m method"; then tui_keys 2; fi
tui_wait "welcome"
tui_keys i
tui_type '{"type":"broadcast","data":"hello from Courier"}'
tui_keys Enter
tui_wait '"from"'
tui_type 'plain text comes back as it was'
tui_keys Enter
tui_wait "message 5/5"
shot websocket
tui_keys Escape x
tui_wait "· ended" 15
tui_keys Escape 1

# gRPC: the service browser (B) on the demo server's courier.demo.Places, from its reflection;
# then the demo's grpc-chat, a bidirectional call kept open, a note typed in as JSON and its echo.
tui_keys /
tui_type grpc-chat
tui_keys Enter B
tui_wait "⇅  Chat"
tui_keys Down Down Down
tui_wait "rpc Chat(stream"
shot grpc-browser
tui_keys Escape Enter 2
sleep 0.2
if tui_screen | grep -qF "m method"; then tui_keys 2; fi
tui_wait "echo: hello"
tui_keys i
tui_type '{"message": "typed in the workbench"}'
tui_keys Enter
tui_wait "echo: typed in the workbench"
shot grpc-chat
tui_keys Escape x
tui_wait "· ended" 15
tui_keys Escape 1

# A load run (L on get-args): 2,000 requests at 4 in flight, then twenty seconds at 8 in
# flight, shot while it runs — requests a second, percentiles, the histogram beside the
# statuses, the first run among the past ones; x stops it.
tui_keys /
tui_type get-args
tui_keys Enter L C-u
tui_type "c=4 n=2000"
tui_keys Enter
tui_wait "load run of get-args done" 60
tui_keys L C-u
tui_type "c=8 d=20s"
tui_keys Enter
tui_wait "8 Load · get-args · running"
sleep 8
shot load
tui_keys x
tui_wait "8 Load · get-args · stopped" 15
tui_keys Escape 1 Escape

# The Mock pane: M serves the demo workspace as a mock API on 127.0.0.1:4010; curl calls
# some of its routes (mock: blocks, a failure rate, a delay) and one it does not have.
tui_keys M
tui_wait "9 Mock · http://127.0.0.1:4010"
tui_keys 9
for path in load/flaky load/flaky status/201 load/flaky delay/1 counter/flaky-7 load/flaky no/such/route load/flaky; do
    curl -s -o /dev/null "http://127.0.0.1:4010/$path" || true
done
tui_wait "no/such/route"
shot mock
tui_keys M Escape 1 Escape

# The help overlay: every key, by pane.
tui_keys "?"
tui_wait "Esc close"
shot help

# The light theme, from a user config (docs/config.md), on the same scene as the overview.
# A tmux server of its own: a new one on the socket just killed can fail to start.
tmux -L "$socket" kill-server
socket="$socket-light"
printf 'theme: light\n' > "$work/config.yaml"
tui_start 120 40 --config "$work/config.yaml"
send_each get-args cities refused json-valid
sleep 0.3
shot light

# The start screen: `courier` alone in a folder without a workspace, the workspaces opened above
# listed as recent ones (HOME is the scratch folder, so they read ~/demo.yaml).
tmux -L "$socket" kill-server
socket="$socket-start"
mkdir -p "$work/empty"
tmux -L "$socket" -u -f /dev/null new-session -d -s tui -x 120 -y 40 -c "$work/empty" \
    -e LANG=C.UTF-8 -e TERM=xterm-256color -e HOME="$work" -e XDG_STATE_HOME="$work/state" \
    -e XDG_CACHE_HOME="$work/cache" -e XDG_DATA_HOME="$work/data" "$bin"
tui_wait "Recent workspaces"
shot start
tui_keys q

# The HTML report of the demo's checks batch (`courier run --report`), drawn by headless Chromium.
"$bin" run workspaces/demo.yaml checks --report "$work/report.html" --no-history >/dev/null || true
browser=$(command -v chromium-headless-shell || command -v chromium)
timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,1260 \
    --screenshot="$PWD/screenshots/report.png" "file://$work/report.html" >/dev/null 2>&1
echo "screenshots/report.png"

# The HTML report of a load run (`courier load --report`): the demo's flaky endpoint, a tenth failing.
"$bin" load workspaces/demo.yaml load-flaky --concurrency 8 --duration 4s --no-history --report "$work/load.html" >/dev/null 2>&1 || true
timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,1000 \
    --screenshot="$PWD/screenshots/load-report.png" "file://$work/load.html" >/dev/null 2>&1
echo "screenshots/load-report.png"
