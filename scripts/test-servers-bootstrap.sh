#!/usr/bin/env bash
# Installs the servers nobody here wrote that the tests talk to: nginx (HTTP/2, TLS, client
# certificates; from Debian's packages when root, never started as a service), headless Chromium
# (renders the HTML report; from Debian's packages when root), protoc (Debian's protobuf-compiler,
# when root; for the gRPC tests' descriptor sets), and in a venv at .build/test-venv: httpbin with
# botocore (an independent SigV4 signer), http-message-signatures (an independent RFC 9421
# verifier), sse-starlette on uvicorn (server-sent events), websockets, and grpcio with
# grpcio-tools, grpcio-reflection, grpcio-health-checking and grpcio-status (the gRPC server
# Tests/Fixtures/servers/grpc_places_server.py, which compiles Tests/Fixtures/grpc/places.proto
# when it starts), and three clients: requests and openapi-core (`courier mock`'s answers, checked
# against the OpenAPI document they come from; `courier record`'s proxy) and haralyzer (reads the
# HAR `courier record` writes). `python -m gunicorn -b 127.0.0.1:PORT httpbin:app` is what the httpbin tests
# start (Tests/CourierTests/HTTPBinServer.swift). And grpc-go's RouteGuide example server, built
# from Debian's Go packages by scripts/routeguide-server-bootstrap.sh.
# Idempotent and quick when present; when it cannot install (not root, no python3 venv, no pip,
# no network) it says why and exits 0, and the tests that need them skip with that reason.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.build/test-venv"
python=${PYTHON:-python3}

if ! [ -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "test-servers: installing nginx (HTTP/2 and client-certificate tests; not started as a service)"
        export DEBIAN_FRONTEND=noninteractive
        { apt-get install -y -qq --no-install-recommends nginx >/dev/null 2>&1 \
            || { apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx >/dev/null; }; } \
            || echo "test-servers: nginx could not be installed; its tests will skip" >&2
    else
        echo "test-servers: nginx is not installed (as root: apt-get install -y nginx); its tests will skip" >&2
    fi
fi

# The HTML report's browser test renders it in Debian's headless Chromium (the headless shell:
# no GTK, no display; chromium works too).
if ! command -v chromium-headless-shell >/dev/null && ! command -v chromium >/dev/null; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "test-servers: installing chromium-headless-shell (the HTML report's browser test)"
        export DEBIAN_FRONTEND=noninteractive
        { apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1 \
            || { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null; }; } \
            || echo "test-servers: chromium-headless-shell could not be installed; the HTML report's browser test will skip" >&2
    else
        echo "test-servers: no headless Chromium (as root: apt-get install -y chromium-headless-shell); the HTML report's browser test will skip" >&2
    fi
fi

# protoc compiles .proto files to descriptor sets for the gRPC tests (the Python server needs
# none: grpcio-tools brings its own compiler), with the well-known types' .proto files from
# libprotobuf-dev (/usr/include/google/protobuf), as a user's protoc finds them.
if ! command -v protoc >/dev/null || ! [ -f /usr/include/google/protobuf/duration.proto ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "test-servers: installing protobuf-compiler and libprotobuf-dev (protoc and the well-known types, for the gRPC tests)"
        export DEBIAN_FRONTEND=noninteractive
        { apt-get install -y -qq --no-install-recommends protobuf-compiler libprotobuf-dev >/dev/null 2>&1 \
            || { apt-get update -qq && apt-get install -y -qq --no-install-recommends protobuf-compiler libprotobuf-dev >/dev/null; }; } \
            || echo "test-servers: protobuf-compiler/libprotobuf-dev could not be installed; the tests that need protoc will skip or use reflection" >&2
    else
        echo "test-servers: protoc or libprotobuf-dev is not installed (as root: apt-get install -y protobuf-compiler libprotobuf-dev); the tests that need them will skip or use reflection" >&2
    fi
fi

# grpc-go's RouteGuide example, built from Debian's packages (its own script).
"$root/scripts/routeguide-server-bootstrap.sh"

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import httpbin, gunicorn, botocore, http_message_signatures, sse_starlette, uvicorn, websockets, dotenv, grpc, grpc_tools, grpc_reflection, grpc_health, grpc_status, google.protobuf, requests, openapi_core, haralyzer, hdrh' 2>/dev/null; then
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
echo "test-servers: installing httpbin, gunicorn, botocore, http-message-signatures, sse-starlette, uvicorn, websockets, python-dotenv, grpcio, grpcio-tools, grpcio-reflection, grpcio-health-checking, grpcio-status, protobuf, requests, openapi-core, haralyzer and hdrhistogram into .build/test-venv"
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check httpbin gunicorn botocore http-message-signatures sse-starlette uvicorn websockets python-dotenv grpcio grpcio-tools grpcio-reflection grpcio-health-checking grpcio-status protobuf requests openapi-core haralyzer hdrhistogram; then
    echo "test-servers: pip could not install httpbin/gunicorn/botocore/http-message-signatures/sse-starlette/uvicorn/websockets/python-dotenv/grpcio/grpcio-tools/grpcio-reflection/grpcio-health-checking/grpcio-status/protobuf/hdrhistogram (no network or no index?); their tests will skip" >&2
    exit 0
fi
"$venv/bin/python" -c 'import httpbin, gunicorn' 2>/dev/null || echo "test-servers: httpbin installed but does not import; the httpbin tests will skip" >&2
"$venv/bin/python" -c 'import grpc, grpc_tools, grpc_reflection, grpc_health, grpc_status, google.protobuf' 2>/dev/null || echo "test-servers: grpcio installed but does not import; the gRPC tests will skip" >&2
exit 0
