#!/bin/sh
# Checks that a release build of courier runs without the Swift toolchain: it needs no Swift
# runtime, Foundation or Dispatch library (they are linked in), no run path but its own
# folder, every library it needs is a Debian one that resolves, and it exports no symbols;
# then runs it with an empty environment. Usage: scripts/check-static-binary.sh BIN
set -eu
bin=$1
needed=$(readelf -d "$bin" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
echo "$bin needs: $(echo $needed)"
if echo "$needed" | grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime'; then
    echo "check-static-binary: $bin still needs a toolchain library" >&2; exit 1
fi
if readelf -d "$bin" | grep -E 'RUNPATH|RPATH' | grep -v '\[\$ORIGIN\]' | grep -q .; then
    echo "check-static-binary: $bin has a run path other than \$ORIGIN: $(readelf -d "$bin" | grep -E 'RUNPATH|RPATH')" >&2; exit 1
fi
if ldd "$bin" | grep -Eq 'not found|/opt/swift|swift'; then
    echo "check-static-binary: a library does not resolve to the system's:" >&2; ldd "$bin" >&2; exit 1
fi
exported=$(nm -D --defined-only "$bin" | wc -l)
if [ "$exported" -gt 100 ]; then  # the loader would search them first for every symbol it binds
    echo "check-static-binary: $bin exports $exported symbols; link it with -Xlinker --no-export-dynamic" >&2; exit 1
fi
env -i PATH=/usr/bin:/bin HOME=/nonexistent "$bin" --version
