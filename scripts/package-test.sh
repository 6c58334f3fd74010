#!/usr/bin/env bash
# `make test-package`, which CI runs: Courier packaged and installed as a user gets it.
#  1. The debug build's objects linked as `make release` links (Swift's runtime and Foundation
#     static), checked by scripts/check-static-binary.sh — a release build would add ten minutes.
#  2. Its completions and man pages (scripts/release-assets.sh), the .deb (scripts/make-deb.sh:
#     dpkg-shlibdeps, lintian — an error fails), the tarball (scripts/make-dist.sh).
#  3. `make install DESTDIR=… PREFIX=/usr` lays out exactly the .deb's tree; the tarball's
#     install.sh installs under a PREFIX and --uninstall leaves nothing.
#  4. As root with dpkg, and no courier package installed already: `dpkg -i`, then with an empty
#     environment `courier --version`, `courier init` + `courier run` against the demo server,
#     `courier tui` in tmux showing its first screen, `courier tui --demo` opening the installed
#     demo, `man -w`, the bash completion listing the workspace's requests; `dpkg -r` leaves
#     nothing of the package, and the user's files.
# Elsewhere step 4 prints why it is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/package-test
rm -rf "$out" && mkdir -p "$out"
version=$(scripts/version.sh)
step() { printf '\n== package (%d s): %s\n' "$SECONDS" "$*"; }
fail() { echo "package-test: $*" >&2; exit 1; }

step "linking the debug build's objects with the Swift runtime and Foundation static"
bin=$out/courier
scripts/link-static-debug.sh "$bin"
scripts/check-static-binary.sh "$bin"
first_line() { local text; text=$("$@"); echo "${text%%$'\n'*}"; }
[ "$(first_line "$bin" --version)" = "courier $version" ] || fail "the binary says $(first_line "$bin" --version), not courier $version"

step "completions, man pages, the .deb and the tarball"
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) scripts/release-assets.sh "$bin" "$out/assets" >/dev/null
DEB_COMPRESS=gzip DEB_COMPRESS_LEVEL=1 scripts/make-deb.sh "$bin" "$out/assets" "$out"
deb=$(ls "$out"/courier_*.deb)
GZIP_LEVEL=1 scripts/make-dist.sh "$bin" "$out/assets" "$out"
tarball=$(ls "$out"/courier-*.tar.gz)

step "make install PREFIX=/usr lays out the .deb's tree"
make -s install PREFIX=/usr DESTDIR="$PWD/$out/installed" RELEASE_BIN="$bin" ASSETS="$out/assets" >/dev/null
(cd "$out/installed" && find . -mindepth 1 | sed 's|^\./||; s|/$||' | LC_ALL=C sort) > "$out/installed.list"
dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's|^\./||; s|/$||' | grep -v '^$' | LC_ALL=C sort > "$out/deb.list"
diff -u "$out/deb.list" "$out/installed.list" || fail "make install and the .deb lay out different trees (above)"
echo "the same $(wc -l < "$out/deb.list") paths"

step "the tarball's install.sh, under a PREFIX, and --uninstall"
mkdir -p "$out/dist" && tar -C "$out/dist" -xzf "$tarball"
PREFIX="$PWD/$out/prefix" "$out"/dist/courier-*/install.sh >/dev/null
[ -x "$out/prefix/bin/courier" ] && [ -f "$out/prefix/share/man/man1/courier.1.gz" ] \
    && [ -f "$out/prefix/share/zsh/site-functions/_courier" ] || fail "install.sh did not install the tree under its PREFIX"
first_line env -i PATH=/usr/bin:/bin HOME="$PWD/$out" "$out/prefix/bin/courier" --version
PREFIX="$PWD/$out/prefix" "$out"/dist/courier-*/install.sh --uninstall >/dev/null
left=$(find "$out/prefix" -type f)
[ -z "$left" ] || fail "install.sh --uninstall left: $left"

step "dpkg -i, use, dpkg -r"
skip=""
if [ "$(id -u)" -ne 0 ]; then skip="not root";
elif ! command -v dpkg >/dev/null; then skip="no dpkg";
elif dpkg-query -W -f='${Status}' courier 2>/dev/null | grep -q 'install ok'; then skip="a courier package is installed already; not replacing it";
elif [ -e /usr/bin/courier ]; then skip="/usr/bin/courier exists and is not from a package";
fi
if [ -n "$skip" ]; then
    echo "SKIPPED installing the .deb: $skip"
    exit 0
fi
home=$(mktemp -d)
server=""
tui_socket=courier-package-tui-$$
demo_socket=courier-package-demo-$$
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    tmux -L "$tui_socket" kill-server 2>/dev/null || true
    tmux -L "$demo_socket" kill-server 2>/dev/null || true
    dpkg-query -W courier >/dev/null 2>&1 && dpkg -r courier >/dev/null 2>&1 || true
    rm -rf "$home"
}
trap cleanup EXIT
dpkg -i "$deb"
user() { env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 TERM=xterm-256color "$@"; }
[ "$(command -v courier)" = /usr/bin/courier ] || fail "courier is not /usr/bin/courier after dpkg -i"
user courier --version
[ "$(first_line user courier --version)" = "courier $version" ] || fail "the installed courier is not $version"
for page in courier courier-workspace courier-config; do
    user man -w "$page" || fail "man -w $page found nothing"
done
user sh -c 'man courier | grep -q "EXIT STATUS"' || fail "man courier does not render"

# The demo server, from the installed binary, on a free loopback port.
# Started with env directly (not the `user` function, which would run in a subshell): $! is
# then courier itself, and the cleanup's kill reaches it.
env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 courier serve --port 0 > "$home/serve.out" &
server=$!
for _ in $(seq 100); do grep -q listening "$home/serve.out" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$home/serve.out")
[ -n "$url" ] || fail "the demo server did not start: $(cat "$home/serve.out")"
(cd "$home" && user courier init my-api --base-url "$url")
[ -f "$home/my-api/courier.yaml" ] || fail "courier init wrote no my-api/courier.yaml"
(cd "$home" && user courier run my-api/courier.yaml health) || fail "courier run of the starter workspace failed"

# The bash completion, as bash-completion loads it, lists the workspace's requests.
offered=$(cd "$home" && user bash -c 'source /usr/share/bash-completion/completions/courier
    COMP_WORDS=(courier run my-api/courier.yaml ""); COMP_CWORD=3; COMP_LINE="courier run my-api/courier.yaml "; COMP_POINT=${#COMP_LINE}
    _courier courier "" my-api/courier.yaml; printf "%s\n" "${COMPREPLY[@]}"')
echo "completion offers: $(echo $offered)"
grep -qx health <<< "$offered" || fail "the bash completion did not offer the workspace's health request"

# The workbench's first screen, in tmux.
tmux -L "$tui_socket" -f /dev/null new-session -d -s tui -x 100 -y 30 -c "$home" \
    "env -i PATH=/usr/bin:/bin HOME=$home LANG=C.UTF-8 TERM=xterm-256color courier tui my-api/courier.yaml"
for _ in $(seq 200); do
    tmux -L "$tui_socket" capture-pane -p -t tui 2>/dev/null | grep -q health && break
    sleep 0.1
done
screen=$(tmux -L "$tui_socket" capture-pane -p -t tui)
echo "$screen" | head -12
grep -q "1 Requests" <<< "$screen" && grep -q health <<< "$screen" || fail "courier tui did not show its first screen"
tmux -L "$tui_socket" send-keys -t tui q
tmux -L "$tui_socket" kill-server 2>/dev/null || true

# The demo from the installed copy: share/courier/demo copied into the user's data folder. A
# tmux server of its own: a new one on the socket just killed can fail to start ("server exited
# unexpectedly", as CI saw).
tmux -L "$demo_socket" -f /dev/null new-session -d -s demo -x 100 -y 30 -c "$home" \
    "env -i PATH=/usr/bin:/bin HOME=$home LANG=C.UTF-8 TERM=xterm-256color COURIER_DEMO_PORT=0 courier tui --demo"
for _ in $(seq 200); do
    tmux -L "$demo_socket" capture-pane -p -t demo 2>/dev/null | grep -q get-args && break
    sleep 0.1
done
tmux -L "$demo_socket" capture-pane -p -t demo | grep -q get-args || fail "courier tui --demo did not open the demo: $(tmux -L "$demo_socket" capture-pane -p -t demo)"
[ -f "$home/.local/share/courier/demo/demo.yaml" ] || fail "the demo was not copied into ~/.local/share/courier/demo"
echo "courier tui --demo opened the installed demo, copied to ~/.local/share/courier/demo"
tmux -L "$demo_socket" send-keys -t demo q
tmux -L "$demo_socket" kill-server 2>/dev/null || true

dpkg -r courier >/dev/null
kept=$(dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's|^\.||' | grep -v '/$' | while read -r path; do [ -e "$path" ] && echo "$path"; done || true)
[ -z "$kept" ] || fail "dpkg -r left: $kept"
[ -f "$home/my-api/courier.yaml" ] || fail "dpkg -r removed the user's workspace"
echo "installed, used and removed: nothing of the package is left, the user's files are"
