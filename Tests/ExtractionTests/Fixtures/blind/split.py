#!/usr/bin/env python3
"""Splits the blind corpus into dev/ (studied and tuned on) and test/ (never tuned on).

Reads incoming/<id>.txt and incoming/labels-*.json, checks every label, and moves each chat
into dev/ or test/ with a labels.json there, stratified by language and status with a fixed
seed, so that both parts hold the same mix. Run once, when every brief has its chat, before
anyone measures the extractor on them; the split is then committed and never redrawn.

    python3 split.py [--test-share 0.45]
"""
import argparse
import collections
import datetime as dt
import json
import random
import shutil
import sys
from pathlib import Path

SEED = 20261126
HERE = Path(__file__).resolve().parent
STATUSES = {"NO_EVENT", "HAS_EVENT_BUT_NOT_CONFIRMED", "HAS_EVENT_AGREED", "HAS_EVENT_DENIED"}
EVENT_FIELDS = {"title_keywords", "start_date", "end_date", "start_time", "end_time", "location_keywords"}


def check(label: dict, incoming: Path) -> list[str]:
    """What is wrong with one label (nothing when it is well-formed)."""
    problems = []
    if not (incoming / label.get("file", "")).exists():
        problems.append("no chat file")
    if label.get("status") not in STATUSES:
        problems.append(f"status {label.get('status')!r}")
    if label.get("lang") not in ("en", "ar", "mixed"):
        problems.append(f"lang {label.get('lang')!r}")
    try:
        dt.datetime.fromisoformat(label["now"])
    except (KeyError, ValueError):
        problems.append("now")
    event = label.get("event")
    if (event is not None) != (label.get("status") == "HAS_EVENT_AGREED"):
        problems.append("event present exactly when agreed")
    if event is not None:
        if set(event) != EVENT_FIELDS:
            problems.append(f"event fields {sorted(event)}")
        else:
            try:
                start = dt.date.fromisoformat(event["start_date"])
                end = dt.date.fromisoformat(event["end_date"])
                if end < start:
                    problems.append("end_date before start_date")
            except (TypeError, ValueError):
                problems.append("dates")
            for key in ("start_time", "end_time"):
                if event[key] is not None:
                    try:
                        dt.time.fromisoformat(event[key])
                    except ValueError:
                        problems.append(key)
            if not event["title_keywords"]:
                problems.append("no title keywords")
    return problems


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--test-share", type=float, default=0.45)
    args = p.parse_args()
    incoming = HERE / "incoming"
    briefs = {b["id"]: b for b in json.loads((HERE / "briefs.json").read_text())}
    labels = [label for f in sorted(incoming.glob("labels-*.json")) for label in json.loads(f.read_text())]
    by_id = {label["brief"]: label for label in labels}
    missing = sorted(set(briefs) - set(by_id))
    bad = {label["file"]: check(label, incoming) for label in labels}
    bad = {k: v for k, v in bad.items() if v}
    if missing or bad:
        print(f"not split: {len(missing)} briefs without a chat {missing[:10]}; labels with problems: {bad}", file=sys.stderr)
        return 1
    rng = random.Random(SEED)
    strata = collections.defaultdict(list)
    for label in sorted(labels, key=lambda x: x["brief"]):
        strata[(label["lang"], label["status"])].append(label)
    parts = {"dev": [], "test": []}
    for key in sorted(strata):
        group = strata[key]
        rng.shuffle(group)
        cut = round(len(group) * args.test_share)
        parts["test"] += group[:cut]
        parts["dev"] += group[cut:]
    for name, part in parts.items():
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        for label in part:
            shutil.move(str(incoming / label["file"]), folder / label["file"])
        part.sort(key=lambda x: x["file"])
        (folder / "labels.json").write_text(json.dumps(part, ensure_ascii=False, indent=1) + "\n")
        counts = collections.Counter((x["lang"], x["status"]) for x in part)
        print(f"{name}: {len(part)} chats; " + ", ".join(f"{k[0]}/{k[1]} {v}" for k, v in sorted(counts.items())))
    for f in incoming.glob("labels-*.json"):
        f.unlink()
    incoming.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
