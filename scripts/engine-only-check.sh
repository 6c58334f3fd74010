#!/usr/bin/env bash
# A library user's package that depends on the engine alone — Tests/EngineOnlyPackage, whose
# manifest and sources are the README's examples — builds, and resolves only the engine's
# packages: none of the workbench's (Hummingbird, GRDB, OpenAPIKit, NIO, Yams…).
#
# The package is laid out as the README has it, beside a link named `courier` to this
# repository, under .build/engine-only: its build stays out of the tree and reuses SwiftPM's
# shared repository cache that the main build filled.
#
# ENGINE_ONLY_BUILD=no (CI, where every minute counts: the build takes about 45 s) checks the
# same two ways it could break without compiling: what resolution pins and the graph SwiftPM
# would build, and that every module the engine's sources import is the toolchain's or one of
# its declared dependencies'. The examples themselves run in Tests/CourierTests either way.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build/engine-only"
package="$work/MyTool"

# What the engine target depends on (Package.swift).
expected="swift-collections swift-http-types swift-log"
# The modules the engine may import: the toolchain's, its C targets, and those packages' products.
allowed="Foundation FoundationEssentials FoundationXML Dispatch Synchronization Glibc Darwin Musl os CCurl CZlib CCourierCrypto Logging HTTPTypes DequeModule"
imported=$(grep -rhoE '^\s*(@[A-Za-z_]+\s+)?((public|package|internal|private|fileprivate)\s+)?import\s+(class |struct |enum |func |protocol |typealias |var |let )?[A-Za-z_][A-Za-z0-9_]*' \
    "$root/Sources/Courier" --include='*.swift' | awk '{print $NF}' | sort -u)
strays=""
for module in $imported; do
    case " $allowed " in *" $module "*) ;; *) strays="$strays $module" ;; esac
done
if [ -n "$strays" ]; then
    echo "engine-only: Sources/Courier imports$strays, which the engine does not depend on (Package.swift)" >&2
    exit 1
fi

mkdir -p "$package"
ln -sfn "$root" "$work/courier"
# Pins left from an earlier run would be checked instead of what resolution picks today.
rm -rf "$package/Sources" "$package/Package.resolved"
cp -R "$root/Tests/EngineOnlyPackage/Package.swift" "$root/Tests/EngineOnlyPackage/Sources" "$package/"

started=$(date +%s)
if [ "${ENGINE_ONLY_BUILD:-yes}" = no ]; then
    if ! log=$(cd "$package" && "$SWIFT" package resolve 2>&1); then
        echo "$log" >&2
        echo "engine-only: the package that depends on the engine alone does not resolve" >&2
        exit 1
    fi
    done_what="resolved, and the engine's imports checked (ENGINE_ONLY_BUILD=no: not compiled)"
else
    if ! log=$(cd "$package" && "$SWIFT" build --product MyTool ${DEBUG_INFO_FLAGS:-} 2>&1); then
        echo "$log" >&2
        echo "engine-only: the package that depends on the engine alone does not build" >&2
        exit 1
    fi
    (cd "$package" && .build/debug/MyTool)
    done_what="built with the engine alone"
fi

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
echo "engine-only: $done_what in $(($(date +%s) - started)) s; resolved: $resolved"
