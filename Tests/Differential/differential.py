"""Differential recurrence test: `jadwald ical expand` against python recurring-ical-events.

Generates, from a fixed seed, a few thousand recurring events that together use every
RRULE part of RFC 5545 §3.3.10 (FREQ from SECONDLY to YEARLY, INTERVAL, COUNT, UNTIL as
DATE and DATE-TIME, BYSECOND, BYMINUTE, BYHOUR, BYDAY with and without ordinals,
BYMONTHDAY and BYYEARDAY with negatives, BYWEEKNO with WKST, BYMONTH, BYSETPOS), plus
RDATE (DATE-TIME, DATE, PERIOD), EXDATE, and RECURRENCE-ID overrides, in zones with and
without DST, floating and all-day. On top of those, a second set of events is built on
purpose around the DST changes of five zones (see DST_CASES): EXDATE, RDATE and UNTIL
at nonexistent and repeated local times, written as the local reading or in UTC,
sub-daily rules across gaps, and masters whose own DTSTART..DTEND spans a change. Both
implementations expand the same files over the same windows; every difference must
match one of the documented explanations in KNOWN_DIFFERENCES (see
KNOWN_DIFFERENCES.md), or the test fails.

Usage: .venv/bin/python Tests/Differential/differential.py --jadwald .build/debug/jadwald
"""
import argparse
import collections
import datetime as dt
import pathlib
import random
import subprocess
import sys
import tempfile
import zoneinfo

import icalendar
import recurring_ical_events
from dateutil import rrule as dateutil_rrule

SEED = 20261123
UTC = dt.timezone.utc
ZONES = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Riyadh",
         "Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo"]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


# ---------------------------------------------------------------- generation


class Event:
    """One generated recurring component and what the explanations need to know of it."""

    def __init__(self, uid, kind, frame, start, rule, duration):
        self.uid = uid
        self.kind = kind            # VEVENT or VTODO
        self.frame = frame          # "date", "floating", "utc" or an IANA zone
        self.start = start          # naive wall-clock datetime, or a date
        self.rule = rule            # dict of RRULE parts, in order
        self.duration = duration    # timedelta or None
        self.synced = True          # DTSTART is an instance of the rule
        self.extra_lines = []       # RDATE / EXDATE lines
        self.overrides = []         # (recurrence-id naive, new start naive, summary)
        self.klass = frequency_class(rule["FREQ"])  # which window it is expanded over
        self.dst_case = None        # the DST_CASES entry it was built for, if any

    def rule_text(self):
        return ";".join(f"{key}={value}" for key, value in self.rule.items())


def fmt_local(value):
    if isinstance(value, dt.datetime):
        return value.strftime("%Y%m%dT%H%M%S")
    return value.strftime("%Y%m%d")


def value_params(event):
    if event.frame == "date":
        return ";VALUE=DATE"
    if event.frame in ("floating", "utc"):
        return ""
    return f";TZID={event.frame}"


def value_text(event, local):
    text = fmt_local(local)
    return text + "Z" if event.frame == "utc" else text


def to_instant(event, local):
    """The UTC instant of a wall-clock reading in the event's frame (fold=0, as RFC 5545 §3.3.5)."""
    if event.frame in ("utc", "floating"):
        return local.replace(tzinfo=UTC)
    return local.replace(tzinfo=zoneinfo.ZoneInfo(event.frame)).astimezone(UTC)


def random_rule(rng, freq):
    """RRULE parts for a frequency; most parts appear often enough to be well covered."""
    rule = {"FREQ": freq}
    if rng.random() < 0.4:
        # Hourly steps coprime with 24 reach every hour, and daily steps below 7 every
        # weekday, so no generated rule is one that can never match (dateutil would scan
        # to the year 9999 for it; the Swift unit tests cover such rules).
        rule["INTERVAL"] = str(rng.choice({"HOURLY": [5, 7, 11], "DAILY": [2, 3, 4]}.get(freq, [2, 3, 4, 7])))
    days = lambda k: ",".join(rng.sample(WEEKDAYS, k))
    if freq == "YEARLY":
        style = rng.choice(["month", "monthday", "yearday", "weekno", "ordinal", "ordinal-month", "plain"])
        if style in ("month", "monthday", "ordinal-month"):
            rule["BYMONTH"] = ",".join(str(m) for m in sorted(rng.sample(range(1, 13), rng.randint(1, 3))))
        if style == "monthday":
            rule["BYMONTHDAY"] = ",".join(str(d) for d in rng.sample([1, 5, 13, 20, 28, -1, -7], 2))
        if style == "yearday":
            rule["BYYEARDAY"] = ",".join(str(d) for d in rng.sample([1, 32, 100, 200, 365, -1, -100, -306], 2))
        if style == "weekno":
            rule["BYWEEKNO"] = ",".join(str(w) for w in rng.sample([1, 2, 10, 20, 26, 52, 53, -1, -2], 2))
            if rng.random() < 0.75:
                rule["BYDAY"] = days(rng.randint(1, 2))
            rule["WKST"] = rng.choice(["MO", "SU", "TH"])
        if style == "ordinal":
            rule["BYDAY"] = rng.choice(["20MO", "1SU", "-1FR", "10TH,-10TH", "53MO"])
        if style == "ordinal-month":
            rule["BYDAY"] = rng.choice(["1MO", "-1SU", "2TU,4TU", "3WE"])
    elif freq == "MONTHLY":
        style = rng.choice(["monthday", "ordinal", "setpos", "plainday", "friday13", "plain"])
        if style == "monthday":
            rule["BYMONTHDAY"] = ",".join(str(d) for d in rng.sample([1, 2, 15, 28, 30, 31, -1, -3], 2))
        if style == "ordinal":
            rule["BYDAY"] = rng.choice(["1FR", "-1SU", "2TU", "1SU,-1SU", "-2MO", "5WE"])
        if style == "setpos":
            rule["BYDAY"] = "MO,TU,WE,TH,FR"
            rule["BYSETPOS"] = rng.choice(["1", "-1", "3", "-2", "1,-1"])
        if style == "plainday":
            rule["BYDAY"] = days(rng.randint(1, 3))
        if style == "friday13":
            rule["BYDAY"] = "FR"
            rule["BYMONTHDAY"] = "13"
        if rng.random() < 0.2:
            rule["BYMONTH"] = ",".join(str(m) for m in sorted(rng.sample(range(1, 13), 4)))
    elif freq == "WEEKLY":
        if rng.random() < 0.7:
            rule["BYDAY"] = days(rng.randint(1, 4))
        if rng.random() < 0.4:
            rule["WKST"] = rng.choice(["MO", "SU", "WE"])
        if rng.random() < 0.2:
            rule["BYMONTH"] = ",".join(str(m) for m in sorted(rng.sample(range(1, 13), 6)))
        if rng.random() < 0.2:
            rule["BYSETPOS"] = rng.choice(["1", "-1"])
            rule.setdefault("BYDAY", days(3))
    elif freq == "DAILY":
        choice = rng.random()
        if choice < 0.25:
            rule["BYDAY"] = days(rng.randint(1, 5))
        elif choice < 0.4:
            rule["BYMONTHDAY"] = ",".join(str(d) for d in rng.sample([1, 10, 20, -1, -5], 2))
        elif choice < 0.5:
            rule["BYMONTH"] = ",".join(str(m) for m in sorted(rng.sample(range(1, 13), 3)))
    elif freq == "HOURLY":
        if rng.random() < 0.5:
            rule["BYHOUR"] = ",".join(str(h) for h in sorted(rng.sample(range(24), 5)))
        if rng.random() < 0.3:
            rule["BYDAY"] = days(4)
    elif freq == "MINUTELY":
        rule["INTERVAL"] = str(rng.choice([5, 15, 30, 45, 90]))
        if rng.random() < 0.4:
            rule["BYHOUR"] = ",".join(str(h) for h in sorted(rng.sample(range(24), 6)))
    elif freq == "SECONDLY":
        rule["INTERVAL"] = str(rng.choice([15, 45, 60, 90]))
        if rng.random() < 0.4:
            rule["BYMINUTE"] = ",".join(str(m) for m in sorted(rng.sample(range(60), 8)))
    # Time expansions for the coarse frequencies.
    if freq in ("YEARLY", "MONTHLY", "WEEKLY", "DAILY") and rng.random() < 0.25:
        rule["BYHOUR"] = ",".join(str(h) for h in sorted(rng.sample([1, 2, 3, 9, 14, 23], 2)))
        if rng.random() < 0.5:
            rule["BYMINUTE"] = ",".join(str(m) for m in sorted(rng.sample([0, 15, 30, 59], 2)))
        if rng.random() < 0.3:
            rule["BYSECOND"] = ",".join(str(s) for s in sorted(rng.sample([0, 30, 59], 2)))
    if freq in ("YEARLY", "MONTHLY", "DAILY") and "BYSETPOS" not in rule and rng.random() < 0.1:
        # A second position exists only where a period has several candidates.
        rule["BYSETPOS"] = rng.choice(["1", "-1", "2"] if "BYHOUR" in rule else ["1", "-1"])
    return rule


# The window each frequency class is expanded over, and where DTSTART falls.
CLASSES = {
    "coarse": (dt.datetime(2026, 1, 1), dt.datetime(2028, 1, 1), dt.datetime(2025, 6, 1), 540),
    "hourly": (dt.datetime(2026, 3, 6), dt.datetime(2026, 3, 11), dt.datetime(2026, 3, 5), 4),
    "minutely": (dt.datetime(2026, 10, 31, 20), dt.datetime(2026, 11, 1, 12), dt.datetime(2026, 10, 31, 18), 1),
    "secondly": (dt.datetime(2026, 3, 8, 6, 30), dt.datetime(2026, 3, 8, 7, 30), dt.datetime(2026, 3, 8, 6, 0), 0),
    # make_dst_event places these itself, around the changes of 2026 and 2027.
    "dst": (dt.datetime(2026, 1, 1), dt.datetime(2028, 1, 1), None, None),
}


def frequency_class(freq):
    return {"HOURLY": "hourly", "MINUTELY": "minutely", "SECONDLY": "secondly"}.get(freq, "coarse")


def dateutil_instances(event, rule_text, limit):
    """The rule's own instances from DTSTART (dateutil), as naive wall-clock values."""
    start = event.start if isinstance(event.start, dt.datetime) else dt.datetime.combine(event.start, dt.time())
    try:
        rule = dateutil_rrule.rrulestr(rule_text, dtstart=start, ignoretz=True)
    except ValueError:
        return []  # dateutil refuses BYxxx sets that can never match; skip such rules
    out = []
    for value in rule:
        out.append(value)
        if len(out) >= limit:
            break
    return out


def make_event(rng, index, freq):
    klass = frequency_class(freq)
    window_start, window_end, seed_start, spread_days = CLASSES[klass]
    frame_roll = rng.random()
    if klass == "coarse" and frame_roll < 0.15:
        frame = "date"
    elif frame_roll < 0.27:
        frame = "floating"
    elif frame_roll < 0.4:
        frame = "utc"
    else:
        frame = rng.choice(ZONES)
    seed = seed_start + dt.timedelta(days=rng.randint(0, spread_days) if spread_days else 0,
                                     minutes=rng.choice([0, 30, 90, 150, 600, 1410]) if klass != "secondly" else rng.randint(0, 50))
    if klass == "coarse" and rng.random() < 0.1:
        seed = seed.replace(hour=2, minute=30)  # lands in spring-forward gaps of some zones
    rule = random_rule(rng, freq)
    if frame == "date":
        for key in ("BYHOUR", "BYMINUTE", "BYSECOND"):
            rule.pop(key, None)
        if freq not in ("YEARLY", "MONTHLY", "WEEKLY", "DAILY"):
            rule["FREQ"] = freq = "DAILY"
    kind = "VTODO" if rng.random() < 0.08 and frame != "date" else "VEVENT"
    duration = rng.choice([dt.timedelta(minutes=30), dt.timedelta(hours=1), dt.timedelta(hours=2), None])
    if frame == "date":
        duration = dt.timedelta(days=rng.choice([1, 1, 2]))
    event = Event(f"ev{index:05d}-{freq.lower()}@differential.jadwal", kind, frame, None, rule, duration)
    # DTSTART: the first instance of the rule at or after the seed, so it is synchronized.
    event.start = seed.date() if frame == "date" else seed
    firsts = dateutil_instances(event, "RRULE:" + event.rule_text(), 1)
    if not firsts:
        return None
    if rng.random() < 0.04:
        event.synced = False  # keep the seed: undefined by RFC 5545 §3.8.5.3 (unsynchronized_start)
    else:
        event.start = firsts[0].date() if frame == "date" else firsts[0]
    # COUNT or UNTIL or neither.
    bound = rng.random()
    instances = dateutil_instances(event, "RRULE:" + event.rule_text(), 400)
    if bound < 0.35:
        event.rule["COUNT"] = str(rng.randint(1, 30))
    elif bound < 0.65 and len(instances) > 2:
        last = rng.choice(instances[1:min(len(instances), 60)])
        if frame == "date":
            event.rule["UNTIL"] = last.strftime("%Y%m%d")
        elif frame == "floating":
            event.rule["UNTIL"] = fmt_local(last)
        else:
            instant = to_instant(event, last)
            if rng.random() < 0.5:
                instant += dt.timedelta(minutes=rng.randint(1, 300))
            event.rule["UNTIL"] = instant.strftime("%Y%m%dT%H%M%SZ")
    instances = dateutil_instances(event, "RRULE:" + event.rule_text(), 200)
    add_exceptions(rng, event, instances)
    return event


def add_exceptions(rng, event, instances):
    """EXDATEs (matching and not), RDATEs (DATE-TIME, DATE, PERIOD), overrides."""
    def local(value):
        return value.date() if event.frame == "date" else value
    if len(instances) > 3 and rng.random() < 0.35:
        picked = rng.sample(instances[1:], min(2, len(instances) - 1))
        values = [value_text(event, local(v)) for v in picked]
        if rng.random() < 0.3:
            values.append(value_text(event, local(instances[0] + dt.timedelta(hours=1, days=3))))  # matches nothing
        event.extra_lines.append(f"EXDATE{value_params(event)}:{','.join(values)}")
    if rng.random() < 0.2 and instances:
        extra = instances[0] + dt.timedelta(days=rng.randint(1, 40), hours=rng.choice([0, 5]))
        if event.frame == "date":
            event.extra_lines.append(f"RDATE;VALUE=DATE:{fmt_local(extra.date())}")
        elif event.frame != "floating" and rng.random() < 0.4:
            end = value_text(event, extra + dt.timedelta(hours=3))
            event.extra_lines.append(f"RDATE;VALUE=PERIOD{value_params(event).replace(';VALUE=DATE', '')}:{value_text(event, extra)}/{end}")
        else:
            event.extra_lines.append(f"RDATE{value_params(event)}:{value_text(event, extra)}")
    if len(instances) > 2 and rng.random() < 0.25 and event.frame != "date":
        original = rng.choice(instances[1:min(len(instances), 40)])
        shift = rng.choice([dt.timedelta(hours=2), dt.timedelta(days=1), dt.timedelta(days=-3), dt.timedelta(days=400), dt.timedelta(0)])
        event.overrides.append((original, original + shift))


def write_event(lines, event):
    name = event.kind
    lines.append(f"BEGIN:{name}")
    lines.append(f"UID:{event.uid}")
    lines.append("DTSTAMP:20260101T000000Z")
    lines.append(f"DTSTART{value_params(event)}:{value_text(event, event.start)}")
    if event.duration is not None:
        if event.frame == "date":
            lines.append(f"DTEND;VALUE=DATE:{fmt_local(event.start + event.duration)}")
        elif name == "VTODO":
            lines.append(f"DUE{value_params(event)}:{value_text(event, event.start + event.duration)}")
        elif event.duration == dt.timedelta(hours=2):
            lines.append("DURATION:PT2H")
        else:
            lines.append(f"DTEND{value_params(event)}:{value_text(event, event.start + event.duration)}")
    lines.append(f"RRULE:{event.rule_text()}")
    lines.extend(event.extra_lines)
    lines.append(f"SUMMARY:{event.uid}")
    lines.append(f"END:{name}")
    for original, moved in event.overrides:
        lines.append(f"BEGIN:{name}")
        lines.append(f"UID:{event.uid}")
        lines.append("DTSTAMP:20260101T000000Z")
        lines.append(f"RECURRENCE-ID{value_params(event)}:{value_text(event, original)}")
        lines.append(f"DTSTART{value_params(event)}:{value_text(event, moved)}")
        if name == "VEVENT":
            lines.append(f"DTEND{value_params(event)}:{value_text(event, moved + dt.timedelta(minutes=45))}")
        lines.append("SUMMARY:moved")
        lines.append(f"END:{name}")


# ---------------------------------------------------------------- DST cases

DST_ZONES = ["America/New_York", "Australia/Lord_Howe", "Europe/London", "Europe/Berlin", "Australia/Sydney"]

# What each DST event exercises (RFC 5545 §3.3.5, §3.3.10, §3.8.5.1, §3.8.5.2). "gap"
# cases put a daily instance at a local time that does not exist (it means the instant
# of the reading one gap later); "overlap" cases at a local time that occurs twice (it
# means the first).
DST_CASES = {
    "gap": ["exdate-gap-reading", "exdate-moved-reading", "exdate-utc", "rdate-gap-reading", "rdate-moved-reading",
            "rdate-utc", "until-before-moved", "until-at-moved", "subdaily", "subdaily-exdate-utc", "subdaily-until",
            "master-spans-change"],
    "overlap": ["exdate-second-utc", "exdate-first-utc", "rdate-second-utc", "until-between", "subdaily",
                "subdaily-exdate-second-utc", "master-spans-change"],
}


def zone_transitions(zone_name, start, end):
    """The UTC offset changes of a zone in [start, end): (UTC instant, offset before, offset after)."""
    zone = zoneinfo.ZoneInfo(zone_name)
    changes = []
    moment = start.replace(tzinfo=UTC)
    end = end.replace(tzinfo=UTC)
    previous = moment.astimezone(zone).utcoffset()
    while moment < end:
        following = moment + dt.timedelta(minutes=30)
        offset = following.astimezone(zone).utcoffset()
        if offset != previous:
            low, high = 0, 30  # minutes after `moment`: the change is in (low, high]
            while high - low > 1:
                mid = (low + high) // 2
                if (moment + dt.timedelta(minutes=mid)).astimezone(zone).utcoffset() == previous:
                    low = mid
                else:
                    high = mid
            changes.append((moment + dt.timedelta(minutes=high), previous, offset))
            previous = offset
        moment = following
    return changes


TRANSITIONS = {name: zone_transitions(name, dt.datetime(2026, 1, 1), dt.datetime(2028, 1, 1)) for name in DST_ZONES}


def utc_text(moment):
    return moment.strftime("%Y%m%dT%H%M%SZ")


def make_dst_event(rng, index, case_kind, case):
    """A zoned event built for one DST_CASES entry, around a random change of a random zone."""
    zone_name = rng.choice(DST_ZONES)
    changes = [c for c in TRANSITIONS[zone_name] if (c[2] > c[1]) == (case_kind == "gap")]
    change, before, after = rng.choice(changes)
    shift = abs(after - before)
    # The span of local readings that do not exist (gap) or occur twice (overlap).
    span_start = change.replace(tzinfo=None) + min(before, after)
    reading = span_start + dt.timedelta(minutes=15 * rng.randrange(shift // dt.timedelta(minutes=15)))
    first = (reading - before).replace(tzinfo=UTC)   # the instant the reading means (RFC 5545 §3.3.5)
    second = (reading - after).replace(tzinfo=UTC)   # overlap only: the later instant of the reading
    rule = {"FREQ": "DAILY"}
    duration = rng.choice([dt.timedelta(minutes=30), dt.timedelta(hours=2), None])
    days = rng.randint(1, 3)
    start = reading - dt.timedelta(days=days)
    extra = []
    if case.startswith("subdaily"):
        if rng.random() < 0.5:
            rule = {"FREQ": "HOURLY"}
            step = dt.timedelta(hours=1)
        else:
            step = dt.timedelta(minutes=rng.choice([15, 30]))
            rule = {"FREQ": "MINUTELY", "INTERVAL": str(step // dt.timedelta(minutes=1))}
        start = reading - step * rng.randint(2, 5)
        if case == "subdaily-until":
            rule["UNTIL"] = utc_text(first + step * rng.randint(0, 3) + dt.timedelta(minutes=rng.choice([0, 10])))
        else:
            rule["COUNT"] = str(rng.randint(4, 14))
        if case == "subdaily-exdate-utc":
            extra.append(f"EXDATE:{utc_text(first)}")
        if case == "subdaily-exdate-second-utc":
            extra.append(f"EXDATE:{utc_text(second)}")
        duration = rng.choice([dt.timedelta(minutes=10), None])
    elif case == "master-spans-change":
        # DTSTART the evening before a change, DTEND after it: the exact length differs
        # from the wall-clock one, and so does every later instance's end.
        start = span_start.replace(hour=0, minute=0) - dt.timedelta(hours=rng.choice([1, 2]))
        duration = dt.timedelta(hours=rng.choice([3, 5]))
        rule["COUNT"] = str(rng.randint(3, 12))
    else:
        if case.startswith("until"):
            rule["UNTIL"] = utc_text({
                "until-before-moved": first - dt.timedelta(minutes=rng.choice([1, 10, 15])),
                "until-at-moved": first,
                "until-between": first + (second - first) / 2,
            }[case])
        else:
            rule["COUNT"] = str(days + rng.randint(1, 3))
        tzid = f";TZID={zone_name}"
        extra.append({
            "exdate-gap-reading": f"EXDATE{tzid}:{fmt_local(reading)}",
            "exdate-moved-reading": f"EXDATE{tzid}:{fmt_local(reading + shift)}",
            "exdate-utc": f"EXDATE:{utc_text(first)}",
            "rdate-gap-reading": f"RDATE{tzid}:{fmt_local(reading)}",
            "rdate-moved-reading": f"RDATE{tzid}:{fmt_local(reading + shift)}",
            "rdate-utc": f"RDATE:{utc_text(first)}",
            "exdate-second-utc": f"EXDATE:{utc_text(second)}",
            "exdate-first-utc": f"EXDATE:{utc_text(first)}",
            "rdate-second-utc": f"RDATE:{utc_text(second)}",
        }.get(case, ""))
    event = Event(f"dst{index:04d}-{case}@differential.jadwal", "VEVENT", zone_name, start, rule, duration)
    event.klass = "dst"
    event.dst_case = f"{case_kind}/{case}"
    event.extra_lines = [line for line in extra if line]
    return event


def generate_dst(count):
    """`count` DST events, every DST_CASES entry in turn, from their own seed."""
    rng = random.Random(SEED + 1)
    cases = [(kind, case) for kind, names in DST_CASES.items() for case in names]
    return [make_dst_event(rng, index, *cases[index % len(cases)]) for index in range(count)]


def generate(count):
    rng = random.Random(SEED)
    weights = [("YEARLY", 22), ("MONTHLY", 24), ("WEEKLY", 20), ("DAILY", 20), ("HOURLY", 6), ("MINUTELY", 5), ("SECONDLY", 3)]
    population = [freq for freq, weight in weights for _ in range(weight)]
    events = []
    index = 0
    while len(events) < count:
        event = make_event(rng, index, rng.choice(population))
        index += 1
        if event is not None:
            events.append(event)
    return events


# ---------------------------------------------------------------- expansion


def batch_key(event):
    group = "floating" if event.frame == "floating" else "date" if event.frame == "date" else "zoned"
    return event.klass, group


def write_batches(events, folder):
    batches = collections.defaultdict(list)
    for event in events:
        batches[batch_key(event)].append(event)
    files = []
    for (klass, group), members in sorted(batches.items()):
        for part in range(0, len(members), 150):
            lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Jadwal//differential//EN"]
            for event in members[part:part + 150]:
                write_event(lines, event)
            lines.append("END:VCALENDAR")
            path = folder / f"{klass}-{group}-{part // 150:02d}.ics"
            path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
            files.append((path, klass, members[part:part + 150]))
    return files


def ours(jadwald, path, window_start, window_end):
    result = subprocess.run([jadwald, "ical", "expand", str(path),
                             "--from", window_start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                             "--to", window_end.strftime("%Y-%m-%dT%H:%M:%SZ")],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SystemExit(f"jadwald failed on {path}:\n{result.stderr}")
    return result.stdout.splitlines()


def python_value(value):
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return value.strftime("%Y%m%dT%H%M%S")
        return value.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return value.strftime("%Y%m%d")


def theirs(path, window_start, window_end):
    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    start = window_start.replace(tzinfo=UTC)
    end = window_end.replace(tzinfo=UTC)
    lines = []
    query = recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"])
    for component in query.between(start, end):
        begin = component.get("DTSTART").dt
        if component.get("DTEND") is not None:
            finish = component.get("DTEND").dt
        elif component.get("DUE") is not None:
            finish = component.get("DUE").dt
        elif component.get("DURATION") is not None:
            finish = begin + component.get("DURATION").dt
        else:
            finish = begin + dt.timedelta(days=1) if not isinstance(begin, dt.datetime) else begin
        rid = component.get("RECURRENCE-ID")
        lines.append("\t".join([str(component.get("UID")), python_value(rid.dt) if rid else "-",
                                python_value(begin), python_value(finish)]))
    return lines


# ---------------------------------------------------------------- explanations


def parse_utc(text):
    return dt.datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


def master_length_mismatch(event):
    """How much the master's exact DTSTART..DTEND (or DUE) length exceeds its wall-clock
    length, when the master spans a UTC offset change; zero otherwise."""
    if event.frame in ("utc", "floating", "date") or event.duration is None or not isinstance(event.start, dt.datetime):
        return dt.timedelta(0)
    if event.kind == "VEVENT" and event.duration == dt.timedelta(hours=2):
        return dt.timedelta(0)  # written as DURATION:PT2H, exact in both
    exact = to_instant(event, event.start + event.duration) - to_instant(event, event.start)
    return exact - event.duration


def near_offset_change(event, ours_line, theirs_line):
    """Python measures and adds lengths on the wall clock; RFC 5545 §3.8.5.3 makes a DTEND
    (or DUE) length exact, the same for every instance, and §3.3.6 makes DURATION hours
    exact. Same UID, RECURRENCE-ID and START; only END differs, and either the zone's UTC
    offset changes within one instance length of the instance, or the master's own
    DTSTART..DTEND spans a change, so its exact length differs from its wall-clock one and
    the END of every later instance differs by that much, days away from any change."""
    a, b = ours_line.split("\t"), theirs_line.split("\t")
    if a[:3] != b[:3] or event.frame in ("utc", "floating", "date") or not a[2].endswith("Z"):
        return False
    zone = zoneinfo.ZoneInfo(event.frame)
    start, end, other = parse_utc(a[2]), parse_utc(a[3]), parse_utc(b[3])
    mismatch = master_length_mismatch(event)
    if mismatch and end - other == mismatch:
        return True
    length = max(end - start, abs(other - start), dt.timedelta(hours=1))
    moments = [start - length, start, end, end + length]
    return len({moment.astimezone(zone).utcoffset() for moment in moments}) > 1


def reading(value, zone):
    """The wall-clock reading of a UTC instant in a zone, and the UTC reading, as naive values."""
    return value.astimezone(zone).replace(tzinfo=None), value.replace(tzinfo=None)


def dropped_beside_exclusion(event, missing_line, excluded_locals):
    """recurring-ical-events matches EXDATE and RECURRENCE-ID values by their wall-clock
    reading and again by their UTC reading, so it also drops the instance one UTC offset
    away from each excluded or overridden one (RFC 5545 §3.8.5.1 and §3.8.4.4 name one
    instance). A value written in UTC is matched by its UTC reading as if it were a
    wall-clock one too. An instance only we list whose local reading is an excluded
    value's UTC reading, or whose UTC reading is an excluded value's local reading."""
    if event.frame in ("utc", "floating", "date"):
        return False
    zone = zoneinfo.ZoneInfo(event.frame)
    local, utc = reading(parse_utc(missing_line.split("\t")[2]), zone)
    for value in excluded_locals:
        if value.tzinfo is not None:  # a UTC value
            if local == value.replace(tzinfo=None):
                return True
            continue
        value_utc = value.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)
        if local == value_utc or utc == value:
            return True
    return False


def excluded_values(event):
    """EXDATE and RECURRENCE-ID values of an event: wall-clock readings as naive datetimes,
    and in a zoned event, values written in UTC as aware ones."""
    values = [original for original, _ in event.overrides]
    zoned = event.frame not in ("utc", "floating", "date")
    for line in event.extra_lines:
        if line.startswith("EXDATE"):
            for text in line.split(":", 1)[1].split(","):
                if "T" in text:
                    value = dt.datetime.strptime(text.rstrip("Z"), "%Y%m%dT%H%M%S")
                    values.append(value.replace(tzinfo=UTC) if zoned and text.endswith("Z") else value)
    return values


def unsynchronized_start(event):
    """DTSTART does not match its own RRULE. Undefined by RFC 5545 §3.8.5.3: DTSTART
    "SHOULD be synchronized with the recurrence rule, if specified", and "the recurrence
    set generated with a DTSTART property value not synchronized with the recurrence rule
    is undefined". jadwald counts DTSTART as the first instance, also toward
    COUNT (as "The DTSTART property value always counts as the first occurrence" reads);
    recurring-ical-events adds it without counting it. Neither is more right."""
    return not event.synced


def gap_shadow(event, line):
    """Whether a line's START is an instant that a nonexistent local reading (one in a DST
    gap) of the event's zone also means (RFC 5545 §3.3.5): the reading with the offset
    from before the gap, which does not exist, resolves to this instant."""
    if event.frame in ("utc", "floating", "date") or not line.split("\t")[2].endswith("Z"):
        return False
    zone = zoneinfo.ZoneInfo(event.frame)
    moment = parse_utc(line.split("\t")[2])
    before = (moment - dt.timedelta(days=1)).astimezone(zone).utcoffset()
    reading = (moment + before).replace(tzinfo=None)
    resolved = reading.replace(tzinfo=zone).astimezone(UTC)
    exists = resolved.astimezone(zone).replace(tzinfo=None) == reading
    return not exists and resolved == moment


def gap_duplicates(event):
    """How many readings of the event's rule (up to COUNT) resolve to an instant that an
    earlier reading already means: a reading in a DST gap and the one a gap later."""
    if event.frame in ("utc", "floating", "date") or "COUNT" not in event.rule:
        return 0
    readings = dateutil_instances(event, "RRULE:" + event.rule_text(), int(event.rule["COUNT"]))
    instants = [to_instant(event, reading) for reading in readings]
    return len(instants) - len(set(instants))


def duplicate_instant_in_gap(event, only_ours, only_theirs, theirs_lines):
    """A rule whose readings include one in a DST gap and the reading one gap later (an
    HOURLY 02:30 and 03:30 on a spring-forward night) gives two readings that mean one
    instant (RFC 5545 §3.3.5). jadwald lists that instant once and counts it once toward
    COUNT (§3.8.5.3: "Duplicate instances are ignored"); recurring-ical-events lists it
    twice (or, with an EXDATE of it, drops both) and counts both, so under COUNT jadwald
    lists one instance more at the end for each such pair. Returns the lines of each side
    this explains."""
    def listed_twice(line):
        return sum(1 for other in theirs_lines if other.split("\t")[2] == line.split("\t")[2]) > 1
    extra_theirs = [line for line in only_theirs if gap_shadow(event, line) and listed_twice(line)]
    extra_ours = []
    allowed = gap_duplicates(event)
    if allowed:
        last_theirs = max((line.split("\t")[2] for line in only_theirs if line not in extra_theirs), default="")
        tail = sorted(only_ours, key=lambda line: line.split("\t")[2])[-allowed:]
        extra_ours = [line for line in tail if line.split("\t")[2] > last_theirs]
    return extra_ours, extra_theirs


def week_number_without_day(event):
    """RFC 5545 §3.3.10: values the rule leaves out come from DTSTART, so YEARLY;BYWEEKNO
    without BYDAY, BYMONTHDAY or BYYEARDAY recurs on DTSTART's weekday; dateutil takes
    every day of those weeks."""
    rule = event.rule
    return rule["FREQ"] == "YEARLY" and "BYWEEKNO" in rule and not {"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & rule.keys()


def week_across_new_year(event, line):
    """RFC 5545 §3.3.10: week one is the first week with at least four days in the year,
    and the last week of a year may end in January. dateutil numbers some weeks that
    straddle 1 January differently. The instance's date lies in a week (by the rule's
    WKST) that contains 1 January."""
    if "BYWEEKNO" not in event.rule:
        return False
    text = line.split("\t")[2]
    moment = parse_utc(text) if text.endswith("Z") else dt.datetime.strptime(text[:8], "%Y%m%d")
    if text.endswith("Z") and event.frame not in ("utc", "floating", "date"):
        moment = moment.astimezone(zoneinfo.ZoneInfo(event.frame))
    day = moment.date()
    week_start = WEEKDAYS.index(event.rule.get("WKST", "MO"))
    first = day - dt.timedelta(days=(day.weekday() - week_start) % 7)
    return first.year != (first + dt.timedelta(days=6)).year


def explain_instances(event, ours_lines, theirs_lines):
    """The per-instance explanations that together account for every difference of an
    event, or an empty list when something is left over."""
    reasons = set()
    excluded = excluded_values(event)
    # Multisets: python can list one instant twice (duplicate_instant_in_gap).
    ours_count, theirs_count = collections.Counter(ours_lines), collections.Counter(theirs_lines)
    only_ours = list((ours_count - theirs_count).elements())
    rest_ours, rest_theirs = [], list((theirs_count - ours_count).elements())
    extra_ours, extra_theirs = duplicate_instant_in_gap(event, only_ours, rest_theirs, theirs_lines)
    if extra_ours or extra_theirs:
        reasons.add("duplicate_instant_in_gap")
        for line in extra_ours:
            only_ours.remove(line)
        for line in extra_theirs:
            rest_theirs.remove(line)
    for line in only_ours:
        if dropped_beside_exclusion(event, line, excluded):
            reasons.add("dropped_beside_exclusion")
        elif week_across_new_year(event, line):
            reasons.add("week_across_new_year")
        else:
            rest_ours.append(line)
    for line in list(rest_theirs):
        if week_across_new_year(event, line) and not any(x.split("\t")[:3] == line.split("\t")[:3] for x in rest_ours):
            reasons.add("week_across_new_year")
            rest_theirs.remove(line)
    if len(rest_ours) != len(rest_theirs):
        return []
    for x, y in zip(sorted(rest_ours), sorted(rest_theirs)):
        if not near_offset_change(event, x, y):
            return []
        reasons.add("near_offset_change")
    return sorted(reasons)


KNOWN_DIFFERENCES = [unsynchronized_start, week_number_without_day]


def compare(files, jadwald):
    totals = collections.Counter()
    unexplained = []
    for path, klass, members in files:
        window_start, window_end = CLASSES[klass][0], CLASSES[klass][1]
        by_uid = {event.uid: event for event in members}
        mine = collections.defaultdict(list)
        other = collections.defaultdict(list)
        for line in ours(jadwald, path, window_start, window_end):
            mine[line.split("\t")[0]].append(line)
        for line in theirs(path, window_start, window_end):
            other[line.split("\t")[0]].append(line)
        for uid, event in by_uid.items():
            a, b = sorted(mine.get(uid, [])), sorted(other.get(uid, []))
            totals["events"] += 1
            totals["instances"] += len(a)
            if a == b:
                continue
            whole = next((f.__name__ for f in KNOWN_DIFFERENCES if f(event)), None)
            if whole:
                totals[f"explained: {whole}"] += 1
                continue
            reasons = explain_instances(event, a, b)
            if reasons:
                for reason in reasons:
                    totals[f"explained: {reason}"] += 1
                continue
            totals["unexplained"] += 1
            unexplained.append((path, event, a, b))
    return totals, unexplained


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jadwald", default=".build/debug/jadwald")
    parser.add_argument("--events", type=int, default=2400)
    parser.add_argument("--dst-events", type=int, default=190, help="events built around DST changes (DST_CASES)")
    parser.add_argument("--keep", help="write the generated files here and keep them")
    args = parser.parse_args()
    events = generate(args.events)
    dst_events = generate_dst(args.dst_events)
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        files = write_batches(events + dst_events, folder)
        totals, unexplained = compare(files, args.jadwald)
    parts = collections.Counter(part.split("=")[0] for event in events for part in event.rule_text().split(";"))
    print("rule parts covered: " + ", ".join(f"{k} {v}" for k, v in sorted(parts.items())))
    cases = collections.Counter(event.dst_case for event in dst_events)
    print("DST cases covered: " + ", ".join(f"{k} {v}" for k, v in sorted(cases.items())))
    zones = collections.Counter(event.frame for event in dst_events)
    print("DST zones covered: " + ", ".join(f"{k} {v}" for k, v in sorted(zones.items())))
    print(f"events {totals['events']}, instances compared {totals['instances']}, unexplained {totals['unexplained']}")
    for key in sorted(k for k in totals if k.startswith("explained")):
        print(f"  {key}: {totals[key]} events")
    for path, event, a, b in unexplained[:20]:
        print(f"\n{path.name}: {event.uid} {event.frame} DTSTART {event.start} DURATION {event.duration} RRULE {event.rule_text()}")
        for line in event.extra_lines:
            print(f"  {line}")
        only_ours = [x for x in a if x not in b]
        only_theirs = [y for y in b if y not in a]
        print("  only jadwald:  " + ("\n                 ".join(only_ours[:6]) or "-"))
        print("  only python:   " + ("\n                 ".join(only_theirs[:6]) or "-"))
    required = {"FREQ", "INTERVAL", "COUNT", "UNTIL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
                "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST"}
    missing = required - parts.keys()
    if missing:
        print(f"rule parts never generated: {sorted(missing)}")
        return 1
    missing_cases = {f"{kind}/{case}" for kind, names in DST_CASES.items() for case in names} - cases.keys()
    if args.dst_events and missing_cases:
        print(f"DST cases never generated: {sorted(missing_cases)}")
        return 1
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
