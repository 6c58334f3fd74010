#!/usr/bin/env python3
"""make docs: the engine's DocC site from the module the last build compiled.

Usage: scripts/build-docs.py OUTPUT.doccarchive

Extracts the `Courier` module's public symbol graph (scripts/symbol_graph.py: the flags the
build used, nothing compiled) and runs the toolchain's `docc convert` over it and
Sources/Courier/Courier.docc, treating every warning as an error (a symbol link or an article
link that does not resolve). The swift-docc-plugin (`swift package generate-documentation`)
makes the same archive, but it first builds its own tools and compiles the engine again in a
process of its own — about 90 s of CI's two cores for nothing new.

Exit status 1 when docc reports a warning or fails, 2 when the graph cannot be made.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from symbol_graph import MODULE, SymbolGraphError, bin_path, extract, module_flags

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources", MODULE, f"{MODULE}.docc")


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    output = os.path.abspath(sys.argv[1])
    docc = shutil.which("docc") or os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift") or "")), "docc")
    if not os.access(docc, os.X_OK):
        print("build-docs: the toolchain has no docc", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as graphs:
        try:
            extract(module_flags(bin_path(ROOT)), graphs, inherited_docs=False, extension_blocks=True)
        except SymbolGraphError as error:
            print(f"build-docs: {error}", file=sys.stderr)
            return 2
        shutil.rmtree(output, ignore_errors=True)
        os.makedirs(os.path.dirname(output), exist_ok=True)
        command = [docc, "convert", CATALOG, "--additional-symbol-graph-dir", graphs,
                   "--fallback-display-name", MODULE, "--fallback-bundle-identifier", MODULE,
                   "--output-path", output, "--warnings-as-errors"]
        result = subprocess.run(command)
    if result.returncode != 0:
        print(f"build-docs: docc reported the problems above ({' '.join(command[:3])} …)", file=sys.stderr)
        return 1
    print(f"build-docs: {os.path.relpath(output, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
