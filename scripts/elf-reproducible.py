#!/usr/bin/env python3
"""Makes a linked ELF program the same bytes for the same sources: zeroes the section
.swift_modhash, a random stamp the Swift compiler puts in each object that nothing reads at
run time, and sets the GNU build id to the SHA-1 of the bytes that are left. The section is
zeroed, not removed: removing it makes strip drop the program's RELRO segment.
Usage: scripts/elf-reproducible.py FILE"""
import hashlib
import re
import subprocess
import sys

path = sys.argv[1]
data = bytearray(open(path, "rb").read())
sections = subprocess.run(["readelf", "-S", "-W", path], check=True, capture_output=True, text=True).stdout
for line in sections.splitlines():
    found = re.match(r"\s*\[\s*\d+\]\s+\.swift_modhash\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
    if found:
        offset, size = int(found.group(1), 16), int(found.group(2), 16)
        data[offset:offset + size] = bytes(size)

notes = subprocess.run(["readelf", "-n", path], check=True, capture_output=True, text=True).stdout
old = next(bytes.fromhex(line.split(":", 1)[1].strip()) for line in notes.splitlines() if "Build ID:" in line)
at = data.find(old)
if at < 0 or data.find(old, at + 1) >= 0:
    sys.exit(f"elf-reproducible: the build id of {path} is not found exactly once")
data[at:at + len(old)] = bytes(len(old))
data[at:at + len(old)] = hashlib.sha1(data).digest()[:len(old)]
open(path, "wb").write(data)
