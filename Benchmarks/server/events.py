"""Deterministic calendar data for the server benchmark, and the answers it must get.

`generate(n)` makes n VEVENT objects from a fixed seed: the same n gives the same bytes on
every machine, and a smaller n is a prefix of a larger one (without `spread`). About 15% are recurring series
(DAILY with COUNT, WEEKLY with BYDAY and UNTIL, bi-weekly unbounded, MONTHLY by day or by
weekday, YEARLY all-day), about 10% are all-day, a third carry a TZID with its VTIMEZONE,
and about 30% have a VALARM. Event dates lie in 2019-2027.

`expected_matches(events, start, end)` counts, independently of any server, the objects
with an instance overlapping [start, end) (RFC 4791 section 9.9), expanding recurring
series with python-dateutil in the event's own time zone (zoneinfo), EXDATEs applied.

The data avoids the places where servers may legitimately disagree: timed events start
between 07:00 and 18:00 local time and last at most three hours, so none crosses midnight
UTC, and no all-day event (or all-day instance) falls within a day of a range edge.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

UTC = dt.timezone.utc
SEED = 20261123

VTIMEZONES = {
    "Europe/Berlin": (
        "BEGIN:VTIMEZONE\r\n"
        "TZID:Europe/Berlin\r\n"
        "BEGIN:DAYLIGHT\r\n"
        "TZOFFSETFROM:+0100\r\n"
        "TZOFFSETTO:+0200\r\n"
        "TZNAME:CEST\r\n"
        "DTSTART:19700329T020000\r\n"
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"
        "END:DAYLIGHT\r\n"
        "BEGIN:STANDARD\r\n"
        "TZOFFSETFROM:+0200\r\n"
        "TZOFFSETTO:+0100\r\n"
        "TZNAME:CET\r\n"
        "DTSTART:19701025T030000\r\n"
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n"
        "END:STANDARD\r\n"
        "END:VTIMEZONE\r\n"
    ),
    "Asia/Riyadh": (
        "BEGIN:VTIMEZONE\r\n"
        "TZID:Asia/Riyadh\r\n"
        "BEGIN:STANDARD\r\n"
        "TZOFFSETFROM:+0300\r\n"
        "TZOFFSETTO:+0300\r\n"
        "TZNAME:+03\r\n"
        "DTSTART:19700101T000000\r\n"
        "END:STANDARD\r\n"
        "END:VTIMEZONE\r\n"
    ),
}

SUMMARIES = [
    "Team meeting", "Dentist", "Lunch with Amal", "Project review", "Gym",
    "Call with supplier", "Quarterly planning", "School pickup", "Doctor appointment",
    "Code review; sprint 12", "Flight to Jeddah", "Dinner, family", "اجتماع الفريق",
    "Réunion budget", "Yoga", "1:1 with manager", "Board meeting", "Library",
]

# The one-month range the benchmark queries, and the all-day dates kept away from its edges.
QUERY_START = dt.datetime(2026, 6, 1, tzinfo=UTC)
QUERY_END = dt.datetime(2026, 7, 1, tzinfo=UTC)
_AVOID_MONTH_DAYS = {(5, 30), (5, 31), (6, 1), (6, 2), (6, 29), (6, 30), (7, 1), (7, 2)}


@dataclass
class Event:
    index: int
    name: str          # resource name, e.g. ev000042.ics
    uid: str
    ics: bytes         # the whole VCALENDAR, CRLF
    all_day: bool
    tzid: str | None   # None: UTC (timed) or floating date (all-day)
    start: dt.datetime | dt.date
    duration: dt.timedelta
    rrule: str | None = None
    exdates: list = field(default_factory=list)

    @property
    def recurring(self) -> bool:
        return self.rrule is not None


def _fmt_dt(value: dt.datetime, utc: bool) -> str:
    return value.strftime("%Y%m%dT%H%M%S") + ("Z" if utc else "")


def _fmt_date(value: dt.date) -> str:
    return value.strftime("%Y%m%d")


def _fold(line: str) -> str:
    """Folds one content line at 75 octets without splitting UTF-8 characters."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line + "\r\n"
    out, chunk, limit = [], b"", 75
    for ch in line:
        b = ch.encode("utf-8")
        if len(chunk) + len(b) > limit:
            out.append(chunk.decode("utf-8"))
            chunk, limit = b"", 74
        chunk += b
    out.append(chunk.decode("utf-8"))
    return "\r\n ".join(out) + "\r\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _safe_date(rng: random.Random, year_lo: int, year_hi: int) -> dt.date:
    while True:
        day = dt.date(year_lo, 1, 1) + dt.timedelta(days=rng.randrange((dt.date(year_hi + 1, 1, 1) - dt.date(year_lo, 1, 1)).days))
        if (day.month, day.day) not in _AVOID_MONTH_DAYS:
            return day


def _render(ev: Event, summary: str, description: str | None, alarm: bool, location: str | None,
            sequence: int = 0) -> bytes:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Jadwal//server benchmark//EN", "CALSCALE:GREGORIAN"]
    text = "\r\n".join(lines) + "\r\n"
    if ev.tzid:
        text += VTIMEZONES[ev.tzid]
    body = ["BEGIN:VEVENT", f"UID:{ev.uid}", "DTSTAMP:20261101T120000Z", "CREATED:20261101T120000Z"]
    if sequence:
        body.append(f"SEQUENCE:{sequence}")
    if ev.all_day:
        body.append(f"DTSTART;VALUE=DATE:{_fmt_date(ev.start)}")
        body.append(f"DTEND;VALUE=DATE:{_fmt_date(ev.start + ev.duration)}")
    else:
        if ev.tzid:
            body.append(f"DTSTART;TZID={ev.tzid}:{_fmt_dt(ev.start, False)}")
        else:
            body.append(f"DTSTART:{_fmt_dt(ev.start, True)}")
        if ev.index % 10 == 7:
            minutes = int(ev.duration.total_seconds() // 60)
            body.append(f"DURATION:PT{minutes // 60}H{minutes % 60}M" if minutes % 60 else f"DURATION:PT{minutes // 60}H")
        else:
            end = ev.start + ev.duration
            body.append(f"DTEND;TZID={ev.tzid}:{_fmt_dt(end, False)}" if ev.tzid else f"DTEND:{_fmt_dt(end, True)}")
    if ev.rrule:
        body.append(f"RRULE:{ev.rrule}")
    for ex in ev.exdates:
        if ev.tzid:
            body.append(f"EXDATE;TZID={ev.tzid}:{_fmt_dt(ex, False)}")
        else:
            body.append(f"EXDATE:{_fmt_dt(ex, True)}")
    body.append(f"SUMMARY:{_escape(summary)}")
    if location:
        body.append(f"LOCATION:{_escape(location)}")
    if description:
        body.append(f"DESCRIPTION:{_escape(description)}")
    body.append("TRANSP:OPAQUE" if not ev.all_day else "TRANSP:TRANSPARENT")
    if alarm:
        body += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"]
    body.append("END:VEVENT")
    text += "".join(_fold(line) for line in body)
    text += "END:VCALENDAR\r\n"
    return text.encode("utf-8")


def generate(n: int, seed: int = SEED, prefix: str = "ev", spread: bool = False) -> list[Event]:
    events = []
    rng = random.Random(seed)
    factor = max(1.0, n / 10000) if spread else 1.0

    def years(lo: int, hi: int) -> tuple[int, int]:
        """The year range [lo, hi], reaching back `factor` times as far."""
        return hi - round((hi - lo + 1) * factor) + 1, hi

    def safe_date(lo: int, hi: int) -> dt.date:
        return _safe_date(rng, *years(lo, hi))

    for i in range(n):
        r = rng.random()
        recurring = r < 0.15
        zone_pick = rng.random()
        tzid = None if zone_pick < 0.65 else ("Europe/Berlin" if zone_pick < 0.85 else "Asia/Riyadh")
        alarm = rng.random() < 0.3
        summary = SUMMARIES[rng.randrange(len(SUMMARIES))]
        description = None
        if rng.random() < 0.4:
            description = f"Agenda item {i}:\n- notes, follow-ups; and links\nRoom {rng.randrange(1, 40)}"
        location = None if rng.random() < 0.5 else f"Building {rng.randrange(1, 9)}, Floor {rng.randrange(1, 12)}"
        name = f"{prefix}{i:06d}.ics"
        uid = f"{prefix}-{i:06d}-{seed}@bench.jadwal.test"
        shape = rng.random()
        rrule, exdates, all_day = None, [], False
        if recurring and shape < 0.12:
            # Birthdays and anniversaries: all-day, yearly, unbounded.
            all_day = True
            start = safe_date(2019, 2026)
            duration = dt.timedelta(days=1)
            rrule = "FREQ=YEARLY"
            tzid = None
        elif not recurring and rng.random() < 0.11:
            all_day = True
            start = safe_date(2019, 2027)
            duration = dt.timedelta(days=rng.choice([1, 1, 1, 2, 3]))
            # a multi-day event must not reach an edge either
            while any(((start + dt.timedelta(days=k)).month, (start + dt.timedelta(days=k)).day) in _AVOID_MONTH_DAYS
                      for k in range(duration.days + 1)):
                start = safe_date(2019, 2027)
            tzid = None
        else:
            day = safe_date(2019, 2027) if not recurring else safe_date(2023, 2026)
            start = dt.datetime(day.year, day.month, day.day, rng.randrange(7, 18), rng.choice([0, 15, 30, 45]))
            duration = dt.timedelta(minutes=rng.choice([30, 45, 60, 60, 90, 120, 180]))
            if recurring:
                if shape < 0.35:
                    rrule = f"FREQ=DAILY;COUNT={rng.randrange(3, 31)}"
                elif shape < 0.6:
                    days = rng.sample(["MO", "TU", "WE", "TH", "FR"], rng.randrange(1, 4))
                    start = _align_to_byday(start, days)
                    until = start + dt.timedelta(days=rng.randrange(60, 400))
                    until_utc = _to_utc(until.replace(hour=23, minute=59, second=59), tzid)
                    rrule = f"FREQ=WEEKLY;BYDAY={','.join(days)};UNTIL={_fmt_dt(until_utc, True)}"
                elif shape < 0.75:
                    rrule = "FREQ=WEEKLY;INTERVAL=2"
                    # skip two of the first occurrences
                    exdates = [start + dt.timedelta(weeks=2 * k) for k in rng.sample(range(1, 40), 2)]
                elif shape < 0.9:
                    rrule = f"FREQ=MONTHLY;BYMONTHDAY={start.day};COUNT={rng.randrange(6, 37)}"
                else:
                    weekday = ["MO", "TU", "WE", "TH", "FR"][rng.randrange(5)]
                    nth = rng.choice(["1", "2", "3", "-1"])
                    start = _align_to_nth(start, nth, weekday)
                    rrule = f"FREQ=MONTHLY;BYDAY={nth}{weekday};COUNT={rng.randrange(6, 25)}"
        ev = Event(i, name, uid, b"", all_day, tzid, start, duration, rrule, exdates)
        ev.ics = _render(ev, summary, description, alarm, location)
        ev._text = (summary, description, alarm, location)  # kept for modified copies
        events.append(ev)
    return events


def modified(ev: Event, sequence: int = 1) -> bytes:
    """The same event with a new summary and SEQUENCE: same times, so the same query answers."""
    summary, description, alarm, location = ev._text
    return _render(ev, summary + " (moved room)", description, alarm, location, sequence)


_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def _align_to_byday(start: dt.datetime, days: list[str]) -> dt.datetime:
    while _WEEKDAYS[start.weekday()] not in days:
        start += dt.timedelta(days=1)
    return start


def _align_to_nth(start: dt.datetime, nth: str, weekday: str) -> dt.datetime:
    """Moves DTSTART to the first matching occurrence, so DTSTART is itself an instance."""
    rule = rrulestr(f"FREQ=MONTHLY;BYDAY={nth}{weekday}", dtstart=start)
    return rule.after(start, inc=True)


def _to_utc(local: dt.datetime, tzid: str | None) -> dt.datetime:
    if tzid is None:
        return local
    return local.replace(tzinfo=ZoneInfo(tzid)).astimezone(UTC).replace(tzinfo=None)


def instances_overlap(ev: Event, start: dt.datetime, end: dt.datetime) -> bool:
    """True when some instance of the event overlaps [start, end) (aware UTC datetimes)."""
    if ev.all_day:
        # All-day values are floating; evaluated in UTC here (no instance is near an edge).
        first = dt.datetime(ev.start.year, ev.start.month, ev.start.day, tzinfo=UTC)
    else:
        first = ev.start.replace(tzinfo=ZoneInfo(ev.tzid) if ev.tzid else UTC)
    if not ev.recurring:
        return first < end and first + ev.duration > start
    rule = rrulestr(ev.rrule, dtstart=first)
    excluded = {ex.replace(tzinfo=first.tzinfo) for ex in ev.exdates}
    # instances starting before `end` and ending after `start`
    window_start = start - ev.duration - dt.timedelta(days=1)
    for occ in rule.between(window_start, end, inc=True):
        if occ in excluded:
            continue
        occ_utc = occ.astimezone(UTC)
        if occ_utc < end and occ_utc + ev.duration > start:
            return True
    return False


def expected_matches(events: list[Event], start: dt.datetime = QUERY_START, end: dt.datetime = QUERY_END) -> int:
    return sum(1 for ev in events if instances_overlap(ev, start, end))


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    evs = generate(n)
    rec = sum(e.recurring for e in evs)
    print(f"events={n} recurring={rec} ({rec / n:.1%}) all_day={sum(e.all_day for e in evs)} "
          f"tz={sum(e.tzid is not None for e in evs)} alarm={sum(b'VALARM' in e.ics for e in evs)} "
          f"bytes={sum(len(e.ics) for e in evs)} june_2026_matches={expected_matches(evs)}")
