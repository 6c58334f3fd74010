"""The engine's symbol graph, extracted from the module a build already made.

Shared by scripts/doc-coverage.py (which public declarations lack a doc comment) and
scripts/build-docs.py (the DocC site): both read the `Courier` module the last `swift build`
compiled, with the flags it was compiled with, so neither compiles anything.
"""
import json
import os
import subprocess

MODULE = "Courier"


class SymbolGraphError(Exception):
    """The graph cannot be made: no build, or symbolgraph-extract failed."""


def swift():
    return os.environ.get("SWIFT", "swift")


def bin_path(root):
    """The build's bin directory (.build/debug), as `swift build --show-bin-path` says."""
    return subprocess.run([swift(), "build", "--show-bin-path"], capture_output=True, text=True,
                          check=True, cwd=root).stdout.strip()


def module_flags(bin_dir):
    """The search paths and Clang module maps the build compiled the module with."""
    manifest = os.path.join(os.path.dirname(os.path.dirname(bin_dir)), os.path.basename(bin_dir) + ".yaml")
    try:
        with open(manifest, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError as error:
        raise SymbolGraphError(f"cannot read the build manifest {manifest} ({error.strerror}): "
                               f"build the {MODULE} target first")
    key = f'"C.{MODULE}-'
    args = None
    for index, line in enumerate(lines):
        if line.strip().startswith(key) and line.strip().endswith('.module":'):
            for following in lines[index + 1:index + 10]:
                stripped = following.strip()
                if stripped.startswith("args: "):
                    args = json.loads(stripped[len("args: "):])
                    break
            break
    if args is None:
        raise SymbolGraphError(f"no compile command for module {MODULE} in {manifest}")
    flags = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-F", "-target", "-sdk", "-Xcc", "-module-cache-path") and index + 1 < len(args):
            flags += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("-I") or arg.startswith("-F"):
            flags.append(arg)
        index += 1
    return flags


def extract(flags, output, inherited_docs, extension_blocks=False):
    """Writes the public symbol graph into `output`; returns its symbols (every file's)."""
    command = [swift(), "symbolgraph-extract", "-module-name", MODULE, "-minimum-access-level", "public",
               "-output-dir", output] + flags
    if not inherited_docs:
        command.append("-skip-inherited-docs")
    if extension_blocks:
        command.append("-emit-extension-block-symbols")
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SymbolGraphError("swift symbolgraph-extract failed:\n" + result.stdout + result.stderr)
    with open(os.path.join(output, f"{MODULE}.symbols.json"), encoding="utf-8") as file:
        symbols = json.load(file)["symbols"]
    # Members of extensions to other modules' types go to Courier@Other.symbols.json.
    for name in sorted(os.listdir(output)):
        if name.startswith(f"{MODULE}@") and name.endswith(".symbols.json"):
            with open(os.path.join(output, name), encoding="utf-8") as file:
                symbols += json.load(file)["symbols"]
    return symbols
