#!/usr/bin/env python3
"""Floors for the server benchmark: the least work per request on jadwald's own database.

Copies a jadwal.sqlite that jadwald made (bench.py --keep leaves one under
<temporary folder>/jadwald/data/), builds floors.c with Debian's SQLite (the library jadwald
links) and runs it on the copy: per operation, CPU and wall time of
  multiget  reading 50 random rows by name in one statement and writing them as a multistatus;
  get       reading one random row by name and copying its bytes;
  query     reading the candidate rows of a random 30-day window on jadwald's span index and
            writing the non-recurring ones as a multistatus (recurring ones need an expansion);
  put       one transaction inserting an object row and its change_log row and moving the
            calendar's change position, synchronous = FULL (what jadwald's PUT commits).
See floors.c for exactly what each includes. bench.py runs this after jadwald and prints the
floors beside jadwald's CPU per request.

    .venv-bench/bin/python Benchmarks/server/floors.py /tmp/jadwal-server-bench-XXXX/jadwald/data/jadwal.sqlite
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LABELS = {
    "multiget": "50 rows by name, written as a multistatus",
    "get": "1 row by name, its bytes copied",
    "query": "a 30-day window's candidate rows read, the non-recurring ones written",
    "put": "INSERT object + change_log, UPDATE position, COMMIT (synchronous = FULL)",
}


def build(work: Path) -> Path:
    """Compiles floors.c into `work`; says what to install when the compiler or SQLite's header is missing."""
    exe = work / "floors"
    cc = shutil.which("cc")
    if not cc or not Path("/usr/include/sqlite3.h").exists():
        raise RuntimeError("floors.c needs a C compiler and SQLite's header: apt-get install gcc libsqlite3-dev")
    subprocess.run([cc, "-O2", "-o", str(exe), str(HERE / "floors.c"), "-lsqlite3"], check=True)
    return exe


def measure(database: Path, work: Path, seconds: float = 1.0) -> dict:
    """Runs the floors on a copy of `database` (the original is only read); returns, per floor,
    {"ops", "cpu_ms", "wall_ms", "bytes"} and "database" (objects in the calendar)."""
    work.mkdir(parents=True, exist_ok=True)
    exe = build(work)
    copy = work / "floors.sqlite"
    src = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    src.close()
    calendar_id, objects = dst.execute("SELECT calendar_id, count(*) FROM calendar_object GROUP BY calendar_id "
                                       "ORDER BY 2 DESC LIMIT 1").fetchone()
    owner, name = dst.execute("SELECT owner, name FROM calendar WHERE id = ?", (calendar_id,)).fetchone()
    lo, hi = dst.execute("SELECT min(first_start), max(first_start) FROM calendar_object WHERE calendar_id = ?",
                         (calendar_id,)).fetchone()
    dst.close()
    out = subprocess.run([str(exe), str(copy), str(calendar_id), f"/dav/calendars/{owner}/{name}/", str(seconds),
                          str(lo), str(hi)], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    result["objects"] = objects
    copy.unlink()
    for suffix in ("-wal", "-shm"):
        Path(str(copy) + suffix).unlink(missing_ok=True)
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("database", help="a jadwal.sqlite made by jadwald (it is copied, not changed)")
    p.add_argument("--seconds", type=float, default=1.0, help="time per floor (default 1)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="jadwal-floors-") as work:
        result = measure(Path(args.database), Path(work), args.seconds)
    print(f"Floors on a copy of {args.database} ({result['objects']} objects in the calendar):")
    print("| floor | CPU ms per op | wall ms per op | bytes written |")
    print("|---|---|---|---|")
    for key, label in LABELS.items():
        r = result[key]
        print(f"| {key}: {label} | {r['cpu_ms']:.3f} | {r['wall_ms']:.3f} | {r['bytes']:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
