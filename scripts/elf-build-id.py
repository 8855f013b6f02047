#!/usr/bin/env python3
"""Sets the GNU build id of an ELF file to the SHA-1 of its bytes with the id zeroed, so that
the id names the content as it is after strip. Usage: scripts/elf-build-id.py FILE"""
import hashlib
import subprocess
import sys

path = sys.argv[1]
notes = subprocess.run(["readelf", "-n", path], check=True, capture_output=True, text=True).stdout
old = next(bytes.fromhex(line.split(":", 1)[1].strip()) for line in notes.splitlines() if "Build ID:" in line)
data = bytearray(open(path, "rb").read())
at = data.find(old)
if at < 0 or data.find(old, at + 1) >= 0:
    sys.exit(f"elf-build-id: the build id of {path} is not found exactly once")
data[at:at + len(old)] = bytes(len(old))
data[at:at + len(old)] = hashlib.sha1(data).digest()[:len(old)]
open(path, "wb").write(data)
