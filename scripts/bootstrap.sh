#!/usr/bin/env bash
# Installs the system packages Courier builds and tests with, when they are missing.
# Idempotent: with everything present it only checks. As root it installs with apt;
# otherwise it prints the exact command to run and fails.
set -euo pipefail

packages=(libcurl4-openssl-dev libssl-dev zlib1g-dev libncursesw5-dev libsqlite3-dev libxml2-dev pkg-config tmux openssl libxml2 vim)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
    command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "bootstrap: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "bootstrap: missing system packages: ${missing[*]}" >&2
        echo "bootstrap: run as root:  sudo sh -c '$command'" >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null; then
    echo "bootstrap: no 'swift' on PATH; install Swift 6 (https://swift.org/install) and retry" >&2
    exit 1
fi
