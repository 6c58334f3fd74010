#!/bin/sh
# Installs Courier from this folder (the release tarball): the binary, its man pages, the
# completion scripts for bash, zsh and fish, the demo workspace and the documents.
#   ./install.sh                      under /usr/local (as root, or with sudo)
#   PREFIX=$HOME/.local ./install.sh  for one user, no root needed
#   ./install.sh --uninstall          removes exactly what it installed under PREFIX
# DESTDIR= stages the tree elsewhere, for packagers. It writes nothing outside PREFIX.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-/usr/local}
dest=${DESTDIR:-}
case "$prefix" in /*) ;; *) echo "install.sh: PREFIX must be an absolute path, not $prefix" >&2; exit 2 ;; esac
uninstall=false
for arg in "$@"; do
    case "$arg" in
        --uninstall) uninstall=true ;;
        -h|--help) sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $arg (--uninstall, --help)" >&2; exit 2 ;;
    esac
done
# Where a file of the packaged tree (usr/…) goes under PREFIX: zsh's vendor folder exists only
# under /usr, elsewhere zsh reads site-functions; lintian's overrides only matter to Debian.
target() {
    case "$1" in
        usr/share/zsh/vendor-completions/*)
            if [ "$prefix" = /usr ]; then echo "$prefix/${1#usr/}"; else echo "$prefix/share/zsh/site-functions/${1##*/}"; fi ;;
        usr/share/lintian/*) if [ "$prefix" = /usr ]; then echo "$prefix/${1#usr/}"; fi ;;
        *) echo "$prefix/${1#usr/}" ;;
    esac
}
files=$(cd "$here" && find usr -type f | LC_ALL=C sort)
if $uninstall; then
    for file in $files; do
        path=$(target "$file"); if [ -n "$path" ]; then rm -f "$dest$path"; fi
    done
    rm -rf "$dest$prefix/share/doc/courier" "$dest$prefix/share/courier"
    echo "Courier removed from $prefix"
    exit 0
fi
for file in $files; do
    path=$(target "$file"); [ -n "$path" ] || continue
    mode=0644; [ -x "$here/$file" ] && mode=0755
    install -D -m "$mode" "$here/$file" "$dest$path"
done
echo "Courier $(cat "$here/VERSION") installed under $prefix: $prefix/bin/courier, man courier"
if missing=$(ldd "$dest$prefix/bin/courier" 2>/dev/null | grep 'not found'); [ -n "$missing" ]; then
    echo "install.sh: courier needs libraries this machine lacks:" >&2
    echo "$missing" >&2
    echo "  on Debian or Ubuntu: apt-get install libcurl4 libncursesw6 libsqlite3-0 libxml2" >&2
fi
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Add $prefix/bin to PATH to run courier." ;; esac
if [ "$prefix" != /usr ]; then
    echo "fish finds the completions when XDG_DATA_DIRS includes $prefix/share."
fi
