#!/usr/bin/env bash
# Installs what `make bench-load` compares Courier with — wrk, hey and ab (apache2-utils) —
# and nginx, the loopback server, when root with apt. A tool that cannot be installed is
# reported here and its row skipped by scripts/bench-load.py, never faked.
set -uo pipefail
scripts/bench-bootstrap.sh
missing=()
for pair in wrk:wrk hey:hey ab:apache2-utils; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "bench-load: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    for package in "${missing[@]}"; do
        apt-get install -y -qq --no-install-recommends "$package" >/dev/null \
            || echo "bench-load: could not install $package; its row is skipped" >&2
    done
else
    echo "bench-load: not installed: ${missing[*]} (as root: apt-get install -y ${missing[*]}); their rows are skipped" >&2
fi
exit 0
