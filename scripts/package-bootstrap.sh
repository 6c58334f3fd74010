#!/usr/bin/env bash
# Installs what `make deb` and `make test-package` use besides the build's own packages, when
# root with apt: lintian (Debian's package checker) and man-db (`man -w` on the installed pages).
# Without lintian the package is built but not linted, and the scripts say so.
set -euo pipefail
missing=()
command -v lintian >/dev/null || missing+=(lintian)
command -v man >/dev/null || missing+=(man-db)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "package: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
else
    echo "package: ${missing[*]} not installed and cannot be (not root with apt); as root: apt-get install -y ${missing[*]}" >&2
fi
