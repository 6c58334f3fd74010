#!/usr/bin/env bash
# A library user's package that depends on the engine alone — Tests/EngineOnlyPackage, whose
# manifest and sources are the README's examples — builds, and resolves only the engine's
# packages: none of the workbench's (Hummingbird, GRDB, OpenAPIKit, NIO, Yams…).
#
# The package is laid out as the README has it, beside a link named `courier` to this
# repository, under .build/engine-only: its build stays out of the tree and reuses SwiftPM's
# shared repository cache that the main build filled.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build/engine-only"
package="$work/MyTool"

# What the engine target depends on (Package.swift), and swift-crypto's swift-asn1.
expected="swift-asn1 swift-collections swift-crypto swift-http-types swift-log"

mkdir -p "$package"
ln -sfn "$root" "$work/courier"
rm -rf "$package/Sources"
cp -R "$root/Tests/EngineOnlyPackage/Package.swift" "$root/Tests/EngineOnlyPackage/Sources" "$package/"

started=$(date +%s)
if ! log=$(cd "$package" && "$SWIFT" build --product MyTool ${DEBUG_INFO_FLAGS:-} 2>&1); then
    echo "$log" >&2
    echo "engine-only: the package that depends on the engine alone does not build" >&2
    exit 1
fi
(cd "$package" && .build/debug/MyTool)

# What resolution pinned (fetched), and the package graph SwiftPM builds from.
resolved=$(sed -n 's/.*"identity" : "\(.*\)".*/\1/p' "$package/Package.resolved" | sort | xargs)
graph=$(cd "$package" && "$SWIFT" package show-dependencies --format flatlist | grep -vx courier | sort | xargs)
failed=0
if [ "$resolved" != "$expected" ]; then
    echo "engine-only: Package.resolved pins [$resolved], expected [$expected]" >&2
    failed=1
fi
if [ "$graph" != "$expected" ]; then
    echo "engine-only: the package graph holds [$graph], expected [$expected]" >&2
    failed=1
fi
[ "$failed" = 0 ] || exit 1
echo "engine-only: built with the engine alone in $(($(date +%s) - started)) s; resolved: $resolved"
