#!/usr/bin/env bash
# Installs nginx for `make bench` only (the benchmarks' loopback server), when root with apt.
# Without it the benchmarks fall back to Courier's demo server and say so.
set -euo pipefail
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "bench: installing nginx (loopback benchmark server; not started as a service)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends nginx >/dev/null
else
    echo "bench: nginx not installed; the demo server will be used (as root: apt-get install -y nginx)" >&2
fi
