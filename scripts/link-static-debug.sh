#!/usr/bin/env python3
"""Links the debug build's courier again, as `make release` links (Swift's runtime, Foundation
and Dispatch static; no run path into the toolchain; BIND_NOW; lld, packed relative relocations, no
exported symbols), into OUT — in seconds, where
`swift build --static-swift-stdlib` would first recompile the debug tree's executable module
(two minutes here). It runs the link command SwiftPM wrote in .build/debug.yaml with those
flags changed; when that manifest cannot be read, it falls back to SwiftPM itself.
Usage: scripts/link-static-debug.sh OUT
"""
import json
import os
import shutil
import subprocess
import sys

out = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
bin_path = subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()


def is_current(binary):
    """Whether the debug courier is newer than every source, manifest and the version header
    (after `make test` it is: SwiftPM would still take a minute to plan and say so)."""
    if not os.path.exists(binary):
        return False
    built = os.path.getmtime(binary)
    for folder, _, files in os.walk("Sources"):
        for name in files:
            if os.path.getmtime(os.path.join(folder, name)) > built:
                return False
    return os.path.getmtime("Package.swift") <= built


# With the flags `make test` built with (DEBUG_BUILD_FLAGS: CI's, and DEBUG_INFO_FLAGS), or
# SwiftPM would compile the whole graph again to change them.
build_flags = os.environ.get("DEBUG_BUILD_FLAGS", os.environ.get("DEBUG_INFO_FLAGS", "")).split()
if not is_current(os.path.join(bin_path, "courier")):
    subprocess.run(["swift", "build", "--product", "courier"] + build_flags, check=True, stdout=subprocess.DEVNULL)


def manifest_link_command():
    """The args of the step that links bin_path/courier in SwiftPM's llbuild manifest."""
    with open(".build/debug.yaml") as manifest:
        lines = manifest.read().split("\n")
    target = os.path.join(bin_path, "courier")
    for index, line in enumerate(lines):
        if line.strip().startswith("description:") and "Linking " in line and line.rstrip().endswith('/courier"'):
            for following in lines[index:index + 8]:
                if following.strip().startswith("args:"):
                    args = json.loads(following.strip()[len("args:"):])
                    if target in args:
                        return args
    return None


args = None
try:
    args = manifest_link_command()
except (OSError, ValueError) as error:
    print(f"link-static-debug: cannot read .build/debug.yaml ({error})", file=sys.stderr)
if args is None:
    print("link-static-debug: no link step in .build/debug.yaml; linking with SwiftPM instead", file=sys.stderr)
    subprocess.run(["swift", "build", "--product", "courier", "--static-swift-stdlib", "-Xswiftc", "-use-ld=lld",
                    "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-Xlinker", "--no-export-dynamic"] + build_flags, check=True)
    shutil.copy2(os.path.join(bin_path, "courier"), out)
    sys.exit(0)
linking = []
skip = False
for index, arg in enumerate(args):
    if skip:
        skip = False
        continue
    if arg == "-o":
        linking += ["-o", out]
        skip = True
    elif arg == "-Xlinker" and index + 1 < len(args) and args[index + 1].startswith("-rpath=") and args[index + 1] != "-rpath=$ORIGIN":
        skip = True  # the toolchain's library folder: not needed once its libraries are linked in
    elif arg == "-static-stdlib":
        continue
    else:
        linking.append(arg)
linking += ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--no-export-dynamic",
            # What the static SDK's modules would have named in the objects' autolink entries.
            "-Xlinker", "--start-group", "-lFoundationXML", "-lFoundation", "-lFoundationInternationalization",
            "-lFoundationEssentials", "-lCoreFoundation", "-l_CFXMLInterface", "-l_FoundationICU",
            "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization", "-lswift_RegexParser",
            "-lswift_StringProcessing", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-Xlinker", "--end-group"]
linked = subprocess.run(linking, stderr=subprocess.PIPE, text=True)
if linked.returncode != 0:  # its one warning otherwise is Foundation's use of mktemp
    sys.exit(f"link-static-debug: the link failed:\n{linked.stderr}")
print(f"{out}: linked from {bin_path}'s objects with the Swift runtime and Foundation static")
