#!/usr/bin/env bash
# Builds grpc-go's own RouteGuide example server for the gRPC tests: a second gRPC
# implementation nobody here wrote, running grpc's example unchanged (GRPCRouteGuideTests).
# Its sources come from Debian's golang-google-grpc-dev, which ships grpc-go's examples (the
# .proto, the generated code and the server) under /usr/share/doc; Debian's Go builds it in
# GOPATH mode against Debian's grpc-go, with only the example's import paths moved to where it
# is copied. Output in .build/test-servers/routeguide: routeguide-server and route_guide.proto.
# Installs the packages when root with apt; otherwise, or when the build fails, it says why
# and exits 0, and the tests skip with that reason. Quick when the server is already built.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/test-servers/routeguide"
examples=/usr/share/doc/golang-google-grpc-dev/examples
packages="golang-go golang-google-grpc-dev golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev"

[ -x "$out/routeguide-server" ] && [ -f "$out/route_guide.proto" ] && exit 0

if ! [ -f "$examples/route_guide/server/server.go" ] || ! command -v go >/dev/null \
    || ! [ -d /usr/share/gocode/src/github.com/golang/protobuf/proto ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "test-servers: installing Debian's Go and grpc-go ($packages) to build grpc-go's RouteGuide example"
        export DEBIAN_FRONTEND=noninteractive
        # shellcheck disable=SC2086
        { apt-get install -y -qq --no-install-recommends $packages >/dev/null 2>&1 \
            || { apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages >/dev/null; }; } \
            || { echo "test-servers: $packages could not be installed; the RouteGuide tests will skip" >&2; exit 0; }
    else
        echo "test-servers: grpc-go's RouteGuide example needs $packages (as root: apt-get install -y $packages); its tests will skip" >&2
        exit 0
    fi
fi
if ! [ -f "$examples/route_guide/server/server.go" ]; then
    echo "test-servers: $examples/route_guide is missing (documentation excluded from this system's packages?); the RouteGuide tests will skip" >&2
    exit 0
fi

rm -rf "$out"
source="$out/gopath/src/routeguide-example"
mkdir -p "$source" || exit 0
cp -r "$examples/route_guide/routeguide" "$examples/route_guide/server" "$examples/data" "$source/"
sed -i 's#"google.golang.org/grpc/examples/data"#"routeguide-example/data"#; s#"google.golang.org/grpc/examples/route_guide/routeguide"#"routeguide-example/routeguide"#' \
    "$source/server/server.go"
if ! (cd "$out" && GOPATH="$out/gopath:/usr/share/gocode" GO111MODULE=off GOFLAGS= GOCACHE="$out/go-cache" \
        go build -o "$out/routeguide-server.partial" routeguide-example/server 2>"$out/build.log"); then
    echo "test-servers: grpc-go's RouteGuide example did not build ($(tail -c 300 "$out/build.log")); the RouteGuide tests will skip" >&2
    exit 0
fi
cp "$examples/route_guide/routeguide/route_guide.proto" "$out/route_guide.proto"
mv "$out/routeguide-server.partial" "$out/routeguide-server"
rm -rf "$out/go-cache" "$out/gopath" "$out/build.log"
echo "test-servers: built grpc-go's RouteGuide example server ($out/routeguide-server)"
exit 0
