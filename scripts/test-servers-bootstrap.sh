#!/usr/bin/env bash
# Installs httpbin (a server nobody here wrote) for the tests that talk to it, in a venv at
# .build/test-venv: `python -m gunicorn -b 127.0.0.1:PORT httpbin:app` is what the tests
# start (Tests/CourierTests/HTTPBinServer.swift). Idempotent and quick when present; when it
# cannot install (no python3 venv, no pip, no network) it says why and exits 0, and the tests
# that need httpbin skip with that reason.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.build/test-venv"
python=${PYTHON:-python3}

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import httpbin, gunicorn' 2>/dev/null; then
    exit 0
fi
if ! command -v "$python" >/dev/null; then
    echo "test-servers: $python not found; the httpbin tests will skip (apt-get install python3 python3-venv)" >&2
    exit 0
fi
if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
        rm -rf "$venv"
        echo "test-servers: cannot create a venv with $python; the httpbin tests will skip (apt-get install python3-venv)" >&2
        exit 0
    fi
fi
echo "test-servers: installing httpbin and gunicorn into .build/test-venv"
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check httpbin gunicorn; then
    echo "test-servers: pip could not install httpbin/gunicorn (no network or no index?); the httpbin tests will skip" >&2
    exit 0
fi
"$venv/bin/python" -c 'import httpbin, gunicorn' 2>/dev/null || echo "test-servers: httpbin installed but does not import; the httpbin tests will skip" >&2
exit 0
