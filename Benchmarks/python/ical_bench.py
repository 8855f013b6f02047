#!/usr/bin/env python3
"""Python side of the iCalendar benchmark run by `jadwal-bench ical`.

Usage: python ical_bench.py FILE FROM TO RUNS [--max-bytes N]
  FROM, TO      UTC basic date-times, e.g. 20260101T000000Z 20270101T000000Z
  RUNS          how many times each measurement runs; the best (shortest) run is reported
  --max-bytes N use only the whole VEVENTs within the first N bytes of FILE, plus the
                file's VTIMEZONEs and calendar properties, closed with END:VCALENDAR

Runs in the project's venv (.venv, from `scripts/setup --test`), which has icalendar and
recurring-ical-events. Measures, after reading FILE (not timed):
  (a) parse + serialize: icalendar.Calendar.from_ical(data), then cal.to_ical().
  (b) expansion: recurring_ical_events.of(cal).between(FROM, TO) over a calendar holding
      the VTIMEZONEs and the series that have an RRULE or RDATE (with their RECURRENCE-ID
      overrides, which this library applies); instances overlapping [FROM, TO) are counted.

Parse errors icalendar recorded (Component.errors) are reported on stderr.
Prints one JSON line, the same shape as the libical harness (MB = 1e6 bytes;
parse_mb_per_s is based on the parse + serialize time; bytes is what was parsed):
  {"impl":"python-icalendar","bytes":N,"parse_serialize_seconds":S,"parse_mb_per_s":X,
   "instances":K,"expand_seconds":E,"instances_per_s":R}
"""

import argparse
import datetime
import gc
import json
import re
import sys
import time

import icalendar
import recurring_ical_events

_UTC_BASIC = re.compile(r"^\d{8}T\d{6}Z$")


def parse_utc(text: str) -> datetime.datetime:
    if not _UTC_BASIC.match(text):
        raise argparse.ArgumentTypeError(f"expected a UTC date-time like 20260101T000000Z, got {text!r}")
    return datetime.datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc)


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def truncate(data: bytes, max_bytes: int) -> bytes:
    """Keeps the whole VEVENTs that end within the first max_bytes bytes.

    Everything else at the calendar level (properties, VTIMEZONEs, other components) is
    kept wherever it is, so TZIDs still resolve; the result stays one valid VCALENDAR.
    Works on raw lines, so folding and CRLF/LF endings are preserved as they are.
    """
    if max_bytes >= len(data):
        return data
    newline = b"\r\n" if b"\r\n" in data[:4096] else b"\n"
    lines = data.splitlines(keepends=True)
    kept = []
    block = []          # the top-level component being read, one raw line each
    in_events = True    # False once a VEVENT ends beyond max_bytes
    offset = 0
    depth = 0
    for line in lines:
        offset += len(line)
        stripped = line.rstrip(b"\r\n").upper()
        if stripped.startswith(b"BEGIN:"):
            depth += 1
            if depth == 2:
                block = []
        if depth >= 2:
            block.append(line)
        elif stripped != b"END:VCALENDAR":
            kept.append(line)
        if stripped.startswith(b"END:"):
            if depth == 2:
                if block[0].rstrip(b"\r\n").upper() == b"BEGIN:VEVENT":
                    if in_events and offset <= max_bytes:
                        kept.extend(block)
                    else:
                        in_events = False  # later VEVENTs are dropped even if small
                else:
                    kept.extend(block)
                block = []
            depth -= 1
            if depth == 0:
                break  # only the first VCALENDAR of the file
    kept.append(b"END:VCALENDAR" + newline)
    return b"".join(kept)


def recurring_subset(cal: icalendar.Calendar) -> icalendar.Calendar:
    """The VTIMEZONEs and every VEVENT of a UID whose series has an RRULE or RDATE."""
    series_uids = {
        str(ev.get("UID"))
        for ev in cal.walk("VEVENT")
        if "RECURRENCE-ID" not in ev and ("RRULE" in ev or "RDATE" in ev)
    }
    subset = icalendar.Calendar()
    for key, value in cal.items():  # calendar properties, e.g. X-WR-TIMEZONE
        subset[key] = value
    for component in cal.subcomponents:
        if component.name == "VTIMEZONE":
            subset.add_component(component)
        elif component.name == "VEVENT" and str(component.get("UID")) in series_uids:
            subset.add_component(component)
    return subset


def main() -> int:
    parser = argparse.ArgumentParser(description="python icalendar benchmark harness")
    parser.add_argument("file")
    parser.add_argument("start", metavar="FROM", type=parse_utc)
    parser.add_argument("stop", metavar="TO", type=parse_utc)
    parser.add_argument("runs", metavar="RUNS", type=positive_int)
    parser.add_argument("--max-bytes", type=positive_int, default=None)
    args = parser.parse_args()
    if args.start >= args.stop:
        parser.error("FROM must be before TO")

    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as error:
        print(f"ical_bench.py: cannot read {args.file}: {error}", file=sys.stderr)
        return 1
    if args.max_bytes is not None:
        data = truncate(data, args.max_bytes)

    # (a) parse + serialize. The previous run's tree is dropped and collected untimed;
    # the garbage collector stays on while timing, as in ordinary use.
    best_parse = None
    cal = None
    for _ in range(args.runs):
        cal = None
        gc.collect()
        t0 = time.perf_counter()
        cal = icalendar.Calendar.from_ical(data)
        text = cal.to_ical()
        elapsed = time.perf_counter() - t0
        del text
        best_parse = elapsed if best_parse is None else min(best_parse, elapsed)

    errors = [(c.name, e) for c in cal.walk() for e in getattr(c, "errors", [])]
    if errors:
        print(f"ical_bench.py: warning: {len(errors)} parse errors, first ones:", file=sys.stderr)
        for name, error in errors[:5]:
            print(f"ical_bench.py:   in {name}: {error}", file=sys.stderr)

    # (b) expansion of the recurring series.
    subset = recurring_subset(cal)
    best_expand = None
    instances = 0
    for _ in range(args.runs):
        gc.collect()
        t0 = time.perf_counter()
        instances = len(recurring_ical_events.of(subset).between(args.start, args.stop))
        elapsed = time.perf_counter() - t0
        best_expand = elapsed if best_expand is None else min(best_expand, elapsed)

    size = len(data)
    result = {
        "impl": "python-icalendar",
        "bytes": size,
        "parse_serialize_seconds": round(best_parse, 6),
        "parse_mb_per_s": round(size / 1e6 / best_parse, 3) if best_parse > 0 else 0.0,
        "instances": instances,
        "expand_seconds": round(best_expand, 6),
        "instances_per_s": round(instances / best_expand, 1) if best_expand > 0 else 0.0,
    }
    print(json.dumps(result, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
