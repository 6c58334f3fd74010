#!/usr/bin/env python3
"""Writes scripts/hot-functions.order: the functions of the release binary that a workbench
session runs, for lld's --symbol-ordering-file (RELEASE_LINK in the Makefile).

Why: the kernel maps an executable's code 64 KiB at a time around each page a process touches
(fault-around), so code run once at start and a little on every key, spread over 41 MB of
text, kept 19 MB of it resident after one request. Linked with these functions first (each
in a section of its own: -function-sections), the code a session runs sits together.

How: the binary (debug info stripped, which valgrind 3.19 cannot read) runs under callgrind
in tmux through the scenario below — start on the demo workspace, send a request, visit
every pane and tab, search, the help and the palette, a 20 MB JSON laid out — and every
function it ran that the binary defines is listed, in the binary's address order. A stale
list only costs memory: lld skips names it no longer finds (--no-warn-symbol-ordering).

    scripts/hot-functions.py .build/release/courier     # valgrind and tmux needed
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_scenario(binary, work):
    """The workbench under callgrind through one session; returns callgrind's output file."""
    stripped = os.path.join(work, "courier")
    shutil.copy(binary, stripped)
    subprocess.run(["strip", "-g", stripped], check=True)
    profile = os.path.join(work, "callgrind.out")
    wrapper = os.path.join(work, "courier-under-callgrind")
    with open(wrapper, "w") as handle:
        handle.write(f"#!/bin/sh\nexec valgrind --tool=callgrind --demangle=no --callgrind-out-file={profile} "
                     f"{stripped} \"$@\" 2>>{work}/valgrind.log\n")
    os.chmod(wrapper, 0o755)
    spec = importlib.util.spec_from_file_location("bench_tui", os.path.join(ROOT, "scripts/bench-tui.py"))
    saved = sys.argv
    sys.argv = [saved[0], wrapper]
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    sys.argv = saved
    session = bench.Session()

    def press(*keys, wait=1.5):
        for key in keys:
            session.keys(key)
            time.sleep(wait)
    try:
        session.wait(bench.full_screen, seconds=120, interval=0.2)
        session.keys("Enter")
        session.wait(lambda screen: "200 OK" in screen, seconds=120, interval=0.2)
        press("2", "]", "]", "]", "]", "[", "3", "4", "5", "6", "7", "8", "1", "j", "j", "k", "Enter", wait=2)
        press("2", "G", "g", "/")
        session.type("a")
        press("Enter", "n", "Escape", "?", "Escape", ":", "Escape", "1", "/")
        session.type("huge-json")
        press("Enter", "Enter")
        session.wait(lambda screen: '"count"' in screen, seconds=300, interval=0.5)
        press("j", "j", "G", "1", wait=3)
        session.keys("q")
        deadline = time.monotonic() + 60
        while not os.path.exists(profile) and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(2)  # callgrind writes the file as the process ends
    finally:
        session.close()
    if not os.path.exists(profile):
        raise SystemExit(f"hot-functions: callgrind wrote no profile (see {work}/valgrind.log)")
    return profile


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    for tool in ("valgrind", "tmux", "strip", "nm"):
        if shutil.which(tool) is None:
            raise SystemExit(f"hot-functions: {tool} is needed (apt-get install valgrind tmux binutils)")
    work = tempfile.mkdtemp(prefix="courier-hot-functions-")
    profile = run_scenario(binary, work)
    ran = set()
    definition = re.compile(r"^c?fn=\(\d+\) (.+)$")
    with open(profile, errors="replace") as handle:
        for line in handle:
            match = definition.match(line.rstrip("\n"))
            if match:
                ran.add(match.group(1))
    defined = {}
    listing = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    for line in listing.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            defined[parts[2]] = int(parts[0], 16)
    hot = sorted((name for name in ran if name in defined), key=defined.get)
    with open(os.path.join(ROOT, "scripts/hot-functions.order"), "w") as handle:
        handle.write("".join(name + "\n" for name in hot))
    print(f"hot-functions: {len(ran)} functions ran, {len(hot)} of them the binary's: scripts/hot-functions.order")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
