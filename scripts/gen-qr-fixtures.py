#!/usr/bin/env python3
"""Writes Fixtures/qr/segno.json: QR module matrices made by the segno library, for the
Swift encoder's tests to compare with.

Each case is byte-mode data (hex) at one error level. "Forced" cases fix the version and mask;
"auto" cases let segno choose both (smallest version, lowest-penalty mask), with segno's
error-level boost turned off. segno's padding is corrected to the standard's (see
standard_padding_bits). Run once, commit the output:

    .venv/bin/python scripts/gen-qr-fixtures.py
"""
import json
import os

import segno

LEVELS = "LMQH"


def standard_padding_bits(buff, version, length):
    """ISO/IEC 18004 §7.4.10: zero bits only up to the next codeword boundary. segno 1.6.6
    writes a whole zero codeword when the terminator already ends on a boundary (always
    the case in byte mode), which decoders ignore but the standard does not ask for; with
    this one function replaced the matrices follow the standard."""
    buff.extend([0] * ((8 - length % 8) % 8))


segno.encoder.write_padding_bits = standard_padding_bits


def data_for(index, length):
    """Deterministic bytes of a given length: a URL prefix, then mixed ASCII, Arabic
    UTF-8 and raw bytes, so every byte value class appears."""
    seed = ("https://cal.example.org/provision/" + "tok%03d-" % index).encode()
    filler = "abcXYZ-_.~0123456789 صلاة&<>\"'".encode("utf-8") + bytes(range(0, 256, 7))
    out = bytearray(seed)
    position = index
    while len(out) < length:
        out.append(filler[position % len(filler)])
        position += 3
    return bytes(out[:length])


def capacity(version, level):
    """The most bytes segno fits in this version and level, found by trying."""
    low, high = 0, 3000
    while low < high:
        middle = (low + high + 1) // 2
        try:
            segno.make_qr(b"a" * middle, error=level, version=version, mode="byte", boost_error=False)
            low = middle
        except segno.DataOverflowError:
            high = middle - 1
    return low


def row_hex(row):
    """One matrix row as hex, dark = 1, leftmost module the most significant bit, padded
    with light modules on the right to a whole number of hex digits."""
    digits = (len(row) + 3) // 4
    value = 0
    for bit in row:
        value = value << 1 | (1 if bit else 0)
    return "%0*x" % (digits, value << (digits * 4 - len(row)))


def case(data, level, version=None, mask=None):
    code = segno.make_qr(data, error=level, version=version, mode="byte", mask=mask, boost_error=False)
    return {
        "data_hex": data.hex(),
        "level": level,
        "forced": version is not None,
        "version": code.version,
        "mask": code.mask,
        "rows": [row_hex(row) for row in code.matrix],
    }


def main():
    cases = []
    # Versions 1-20 and a few larger ones, each level and each mask in turn, data filling
    # between half and all of the symbol.
    for index, version in enumerate(list(range(1, 21)) + [25, 32, 40]):
        level = LEVELS[index % 4]
        full = capacity(version, level)
        length = full if index % 2 == 0 else max(1, full // 2 + 1)
        cases.append(case(data_for(index, length), level, version=version, mask=index % 8))
    # Every mask on one version with alignment patterns and one with version information.
    for version in (5, 7):
        for mask in range(8):
            cases.append(case(data_for(100 + mask, 40), "M", version=version, mask=mask))
    # Automatic version and mask, lengths across versions 1-20 at M (the level setup
    # pages use) and some at the other levels.
    for index, length in enumerate([1, 10, 14, 20, 26, 42, 60, 62, 84, 100, 106, 122, 154, 180, 200, 230,
                                    300, 364, 412, 450, 520, 600, 666]):
        cases.append(case(data_for(200 + index, length), "M"))
    for index, length in enumerate([17, 50, 100, 300]):
        for level in "LQH":
            cases.append(case(data_for(300 + index, length), level))
    path = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "qr", "segno.json")
    with open(path, "w") as out:
        json.dump({"generator": "segno " + segno.__version__, "cases": cases}, out, indent=0)
        out.write("\n")
    print("%d cases written to %s" % (len(cases), os.path.normpath(path)))


if __name__ == "__main__":
    main()
