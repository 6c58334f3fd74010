# Helpers for scripts that drive the workbench in tmux (sourced, not run): a private tmux
# socket, a copy of the demo workspace in a scratch directory, keys in, the screen out.
# Needs: $bin (the courier binary). Sets: $work (scratch directory), $socket.

socket=${socket:-courier-script-$$}
work=$(mktemp -d)
cp workspaces/demo.yaml "$work/"
cp -r workspaces/files workspaces/schemas "$work/"  # schemas: expect: {schema: FILE} is read at load

tui_cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap tui_cleanup EXIT

# tui_start COLUMNS ROWS [ARGS...]: opens the workbench on the copy and waits for it.
tui_start() {
    local columns=$1 rows=$2
    shift 2
    tmux -L "$socket" -u -f /dev/null new-session -d -s tui -x "$columns" -y "$rows" \
        -e LANG=C.UTF-8 -e TERM=xterm-256color -e HOME="$work" -e XDG_STATE_HOME="$work/state" \
        -e XDG_CACHE_HOME="$work/cache" "$bin tui $work/demo.yaml $*"
    tui_wait "1 Requests"
}

# tui_keys KEY...: tmux key names (Enter, Escape, C-u) or single characters.
tui_keys() { tmux -L "$socket" send-keys -t tui "$@"; }

# tui_type TEXT: literal text.
tui_type() { tmux -L "$socket" send-keys -t tui -l "$1"; }

# tui_screen: the screen as text.
tui_screen() { tmux -L "$socket" capture-pane -p -t tui; }

# tui_wait TEXT [SECONDS]: waits until the screen shows TEXT (default 15 s), polling every 20 ms.
tui_wait() {
    local text=$1 deadline=$((SECONDS + ${2:-15}))
    until tui_screen | grep -qF -- "$text"; do
        if ((SECONDS >= deadline)); then
            echo "timed out waiting for \"$text\"; the screen was:" >&2
            tui_screen >&2
            return 1
        fi
        sleep 0.02
    done
}

# tui_pid: the workbench's process id.
tui_pid() { tmux -L "$socket" display-message -p -t tui '#{pane_pid}'; }
