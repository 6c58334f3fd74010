#!/usr/bin/env python3
"""Where a running Courier's resident memory is: `scripts/footprint.py PID [BINARY]`.

Prints the process's RSS by mapping (its own memory, then each file it has mapped: the
binary, the Swift runtime and Foundation, libcurl, …), and for the binary itself, how much of
each Swift module's code is resident — read from /proc/PID/pagemap (a page's "present" bit,
readable by the process's owner) and the binary's symbols (`nm`). Issue #46 asks to say per
library what the workbench costs; this is how the figures are read.

A module's code is resident when anything in it ran, and then mostly whole: the kernel maps a
fault's neighbours too (fault-around, 64 KiB) when they are in the page cache, as a binary
just run is. So "resident of total" close to 1 says the module was used, not how much of it.
"""
import bisect
import collections
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_by_mapping(pid):
    """{path or [anon]/[heap]/[stack]: resident KiB} from /proc/PID/smaps."""
    sizes, current = collections.Counter(), None
    with open(f"/proc/{pid}/smaps") as handle:
        for line in handle:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+$", fields[0]):
                current = fields[5] if len(fields) > 5 else "[anon]"
            elif fields[0] == "Rss:":
                sizes[current] += int(fields[1])
    return sizes


def resident_offsets(pid, binary):
    """File offsets of the binary's executable pages that are resident."""
    offsets = []
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in maps:
            fields = line.split()
            if len(fields) < 6 or fields[5] != binary or "x" not in fields[1]:
                continue
            start, end = (int(value, 16) for value in fields[0].split("-"))
            offset = int(fields[2], 16)
            for address in range(start, end, PAGE):
                pagemap.seek(address // PAGE * 8)
                if struct.unpack("Q", pagemap.read(8))[0] >> 63:
                    offsets.append(address - start + offset)
    return offsets


def module_of(symbol):
    """The Swift module a mangled symbol belongs to (`$s7Courier…` → Courier); C symbols by
    their library's prefix where it says, else "C and other"."""
    match = re.match(r"_?\$s(\d+)", symbol)
    if match:
        length = int(match.group(1))
        return symbol[match.end():match.end() + length]
    for prefix, name in (("CNIOBoringSSL", "BoringSSL (NIO)"), ("c_nio", "NIO (C)"), ("swift_", "Swift runtime"),
                         ("_Z", "C++")):
        if symbol.startswith(prefix):
            return name
    return "C and other"


def text_by_module(pid, binary):
    """{module: (resident bytes, total bytes)} over the binary's code symbols."""
    listing = subprocess.run(["nm", "--defined-only", "-n", binary], capture_output=True, text=True, check=True).stdout
    symbols = []
    for line in listing.splitlines():
        fields = line.split(None, 2)
        if len(fields) == 3 and fields[1] in "tTwW":
            symbols.append((int(fields[0], 16), fields[2]))
    starts = [address for address, _ in symbols]
    totals, resident = collections.Counter(), collections.Counter()
    for index, (address, name) in enumerate(symbols[:-1]):
        totals[module_of(name)] += symbols[index + 1][0] - address
    for offset in resident_offsets(pid, binary):
        index = bisect.bisect_right(starts, offset) - 1
        # Pages before the first symbol (headers, relocations) or past the last (unwind
        # tables, Swift metadata) are the binary's, not a module's.
        if index < 0 or index == len(symbols) - 1:
            resident["(headers, relocations, unwind tables, metadata)"] += PAGE
        else:
            resident[module_of(symbols[index][1])] += PAGE
    return {module: (resident[module], totals.get(module, 0)) for module in resident}


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: scripts/footprint.py PID [BINARY]")
    pid = int(sys.argv[1])
    binary = sys.argv[2] if len(sys.argv) > 2 else os.readlink(f"/proc/{pid}/exe")
    mappings = rss_by_mapping(pid)
    print(f"RSS {sum(mappings.values()) / 1024:.1f} MB")
    for path, kib in mappings.most_common(20):
        print(f"  {kib / 1024:6.1f} MB  {path}")
    print(f"\n{binary}'s code, resident by module (MB resident of MB):")
    modules = text_by_module(pid, binary)
    for module, (resident, total) in sorted(modules.items(), key=lambda item: -item[1][0])[:30]:
        print(f"  {resident / 1048576:6.1f} of {total / 1048576:5.1f}  {module}")


if __name__ == "__main__":
    main()
