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
            calendar's change position, synchronous = FULL (what jadwald's PUT commits), plus,
            given `jadwal-bench` (--bench-tool), admitting the object: line ends, parsing,
            validating and computing its index row, over the calendar's objects in turn
            (`jadwal-bench admission`; ICalendar parses about twice as fast as libical, the
            fastest other parser measured, so jadwald's own admission is that part's floor).
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
    "put": "admit the object (parse, validate, index), INSERT object + change_log, UPDATE position, COMMIT (synchronous = FULL)",
}


def build(work: Path) -> Path:
    """Compiles floors.c into `work`; says what to install when the compiler or SQLite's header is missing."""
    exe = work / "floors"
    cc = shutil.which("cc")
    if not cc or not Path("/usr/include/sqlite3.h").exists():
        raise RuntimeError("floors.c needs a C compiler and SQLite's header: apt-get install gcc libsqlite3-dev")
    subprocess.run([cc, "-O2", "-o", str(exe), str(HERE / "floors.c"), "-lsqlite3"], check=True)
    return exe


def measure(database: Path, work: Path, seconds: float = 1.0, bench_tool: Path | None = None) -> dict:
    """Runs the floors on a copy of `database` (the original is only read); returns, per floor,
    {"ops", "cpu_ms", "wall_ms", "bytes"} and "objects" (objects in the calendar). With
    `bench_tool` (a jadwal-bench), the put floor includes admitting the object, and
    "put" gets "transaction_cpu_ms" and "admission_cpu_ms" beside its sum."""
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
    objects_file = work / "objects.bin"
    with open(objects_file, "wb") as f:
        for (data,) in dst.execute("SELECT data FROM calendar_object WHERE calendar_id = ? ORDER BY name", (calendar_id,)):
            f.write(bytes(data) + b"\0")
    dst.close()
    out = subprocess.run([str(exe), str(copy), str(calendar_id), f"/dav/calendars/{owner}/{name}/", str(seconds),
                          str(lo), str(hi)], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    result["objects"] = objects
    if bench_tool:
        admitted = json.loads(subprocess.run([str(bench_tool), "admission", str(objects_file), "--seconds", str(seconds)],
                                             capture_output=True, text=True, check=True).stdout)
        put = result["put"]
        put["transaction_cpu_ms"] = put["cpu_ms"]
        put["admission_cpu_ms"] = admitted["cpu_ms"]
        put["cpu_ms"] += admitted["cpu_ms"]
        put["wall_ms"] += admitted["cpu_ms"]
    objects_file.unlink()
    copy.unlink()
    for suffix in ("-wal", "-shm"):
        Path(str(copy) + suffix).unlink(missing_ok=True)
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("database", help="a jadwal.sqlite made by jadwald (it is copied, not changed)")
    p.add_argument("--seconds", type=float, default=1.0, help="time per floor (default 1)")
    p.add_argument("--bench-tool", type=Path, help="a jadwal-bench (release), for the admission part of the put floor")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="jadwal-floors-") as work:
        result = measure(Path(args.database), Path(work), args.seconds, args.bench_tool)
    print(f"Floors on a copy of {args.database} ({result['objects']} objects in the calendar):")
    print("| floor | CPU ms per op | wall ms per op | bytes written |")
    print("|---|---|---|---|")
    for key, label in LABELS.items():
        r = result[key]
        print(f"| {key}: {label} | {r['cpu_ms']:.3f} | {r['wall_ms']:.3f} | {r['bytes']:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
