#!/bin/sh
# Prints Courier's version for builds and packages, as Debian accepts it (starts with a digit,
# no hyphen): a tag v0.2.0 gives 0.2.0; 5 commits after it, 0.2.0+5.gabc1234; uncommitted
# changes add .dirty. Without a tag (or in a shallow clone) the engine's version plus the
# commit count and hash: 0.1.0+git612.g8ae946d. Without git (a dist tarball): the VERSION file
# beside this script's parent, or the engine's version.
set -eu
cd "$(dirname "$0")/.."
base=$(sed -n 's/^public let courierVersion = "\(.*\)"/\1/p' Sources/Courier/Agent/NetworkConfig.swift)
if ! git rev-parse --git-dir >/dev/null 2>&1; then
    if [ -f VERSION ]; then cat VERSION; else echo "$base"; fi
    exit 0
fi
dirty=""
git diff --quiet HEAD -- 2>/dev/null || dirty=".dirty"
if described=$(git describe --tags --match 'v[0-9]*' 2>/dev/null); then
    echo "$described" | sed -E 's/^v//; s/-([0-9]+)-g([0-9a-f]+)$/+\1.g\2/' | sed "s/\$/$dirty/"
else
    echo "$base+git$(git rev-list --count HEAD).g$(git rev-parse --short=7 HEAD)$dirty"
fi
