#!/usr/bin/env python3
"""Writes briefs.json: one short brief per chat of the blind extraction corpus.

Each brief fixes what varies between chats (situation, dialect, phone layout and locale,
time zone, length, the status the chat ends in and how it gets there, how the date, the
time and the place are said), drawn from a fixed seed so the briefs are the same on every
machine. Authors write one chat per brief without seeing the extractor (see GUIDE.md).

    python3 make_briefs.py [--count 440] > /dev/null   # writes briefs.json beside this file

A later batch, written the same way to study the extractor further without touching the test
part, takes another seed, prefix and file:

    python3 make_briefs.py --count 80 --seed 20261127 --prefix c --out briefs-dev2.json
"""
import argparse
import json
import random
from pathlib import Path

SEED = 20261126

DIALECTS = [  # (dialect, weight, zones)
    ("english", 22, ["Asia/Riyadh", "Asia/Dubai", "Europe/London", "America/New_York", "America/Chicago", "Asia/Kuwait"]),
    ("english with Arabic words mixed in (Gulf expat or Saudi)", 8, ["Asia/Riyadh", "Asia/Dubai", "Asia/Qatar"]),
    ("Gulf Arabic (Saudi, Najdi or Hijazi)", 16, ["Asia/Riyadh"]),
    ("Gulf Arabic (Kuwaiti, Emirati or Qatari)", 8, ["Asia/Kuwait", "Asia/Dubai", "Asia/Qatar"]),
    ("Egyptian Arabic", 10, ["Africa/Cairo", "Asia/Riyadh"]),
    ("Levantine Arabic (Syrian, Lebanese, Jordanian or Palestinian)", 9, ["Asia/Amman", "Asia/Beirut", "Asia/Dubai"]),
    ("Modern Standard Arabic (formal: a clinic, a company, a school, a government office)", 7, ["Asia/Riyadh", "Asia/Dubai", "Africa/Cairo"]),
    ("Arabizi (Arabic in Latin letters with digits: 3, 7, 5, 2)", 10, ["Asia/Riyadh", "Asia/Dubai", "Asia/Amman", "Africa/Cairo"]),
    ("Arabic and English mixed in the same messages", 10, ["Asia/Riyadh", "Asia/Dubai", "Asia/Kuwait"]),
]

LAYOUTS = [  # (layout, weight, which dialect groups use it)
    ("ios", 25), ("android", 25), ("android_us", 10), ("ios_us", 8), ("android_dmy12", 10),
    ("android_ar", 22),
]

SITUATIONS = [
    "dinner at a restaurant with a friend", "coffee with a colleague", "a family gathering at a relative's home (عزيمة)",
    "a wedding invitation", "an engagement party", "a clinic's appointment reminder that asks to confirm",
    "a dentist appointment the clinic proposes", "a plumber or AC technician visit", "a car service at a garage",
    "a study session before an exam", "watching a football match together at a café", "playing football or padel",
    "a trip over several days", "desert camping over a weekend (كشتة)", "an iftar gathering in Ramadan",
    "a suhoor gathering in Ramadan", "a business meeting with a client", "a job interview scheduled by a recruiter",
    "a parent-teacher meeting", "going to the gym together", "a movie at the cinema", "a birthday party",
    "a graduation ceremony", "helping someone move house", "an airport pickup", "a baby shower or a newborn visit",
    "a condolence visit (عزاء)", "a video call to go over a project", "a phone call with a relative abroad",
    "shopping at a mall", "a barbecue in a park or on a farm (استراحة)", "a Quran or study circle",
    "a volunteering day", "a concert or a festival", "a hiking or beach outing", "a cooking class",
    "a house viewing with an agent", "a lawyer's or bank appointment", "a kids' playdate",
    "an evening gathering that runs past midnight (سهرة)", "an Eid visit", "a conference or workshop over two or three days",
    "a haircut or salon booking", "a tutoring lesson", "a chat about something unrelated (past events, news, jokes)",
]

STATUSES = [("HAS_EVENT_AGREED", 45), ("HAS_EVENT_BUT_NOT_CONFIRMED", 20), ("NO_EVENT", 20), ("HAS_EVENT_DENIED", 15)]

PATHS = {
    "HAS_EVENT_AGREED": [
        "a proposal accepted at once in so many words", "accepted implicitly (\"see you there\", \"I'll bring dessert\", \"send me the location\") without a yes",
        "the agreement spread over several messages with questions in between", "a counter-proposal that is then accepted",
        "accepted, then details added (a place, a duration, a corrected time)", "several options discussed, one finally picked",
        "a reminder of an appointment made earlier, confirmed", "an invitation to a gathering answered with a blessing or a promise to come",
    ],
    "HAS_EVENT_BUT_NOT_CONFIRMED": [
        "a proposal with no reply yet", "\"let me check and get back to you\" or \"inshallah\" with no commitment",
        "the reply changes the subject", "a counter-proposal not yet answered", "a question answered but no acceptance follows",
    ],
    "NO_EVENT": [
        "chit-chat with no plan", "talk about a past event", "a vague intention with no day (\"we should meet sometime\") even if the other agrees",
        "one side tells the other about their own appointment", "a forwarded announcement nobody proposes to attend together",
        "each watches a match at home separately",
    ],
    "HAS_EVENT_DENIED": [
        "the proposal declined", "every alternative declined and the plan dropped or postponed with no date",
        "agreed, then cancelled with no new date", "a polite refusal with an excuse",
    ],
}

DATE_FORMS = [
    "a weekday name", "tomorrow / the day after tomorrow", "an explicit numeric date", "a date with the month's name",
    "in N days", "a range of days (a multi-day plan)", "next week plus a weekday", "today / tonight",
    "a Hijri date or an Islamic occasion with its Gregorian day also made clear", "a date fixed late in the chat after \"this weekend\"",
]
TIME_FORMS = [
    "a clock time with am/pm or 24-hour", "a clock time whose am/pm comes from context (\"dinner at 8\")", "a time range (from X to Y)",
    "a start and a duration", "an evening that runs past midnight (e.g. 10pm till 2am)", "relative to a prayer (after Maghrib, after Asr) with no clock time",
    "a prayer time and a clock time both", "a vague part of the day (morning, after work)", "no time at all", "a time in another time zone, converted",
]
PLACE_FORMS = [
    "no place named", "a named venue", "a venue type and a district (\"the new café in Olaya\")", "someone's home",
    "a location pin with a text description", "a video or phone call (no place)", "a city or a farm/rest-house outside town",
]


def pick(rng, weighted):
    items, weights = zip(*[(x[0], x[1]) for x in weighted])
    return rng.choices(items, weights=weights)[0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=440)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--prefix", default="b")
    p.add_argument("--out", default="briefs.json")
    args = p.parse_args()
    rng = random.Random(args.seed)
    briefs = []
    for i in range(1, args.count + 1):
        dialect = pick(rng, [(d, w) for d, w, _ in DIALECTS])
        zones = next(z for d, _, z in DIALECTS if d == dialect)
        status = pick(rng, STATUSES)
        layout = pick(rng, LAYOUTS)
        if layout == "android_ar" and dialect == "english":
            layout = "android"
        year = rng.choice([2025, 2026, 2026, 2027])
        month = rng.randint(1, 12)
        brief = {
            "id": f"{args.prefix}{i:03d}",
            "dialect": dialect,
            "layout": layout,
            "tz": rng.choice(zones),
            "last_message_around": f"{year}-{month:02d}-{rng.randint(1, 28):02d}",
            "messages": rng.choice([3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 35]),
            "situation": rng.choice(SITUATIONS),
            "status": status,
            "how": rng.choice(PATHS[status]),
            "date_said_as": rng.choice(DATE_FORMS),
            "time_said_as": rng.choice(TIME_FORMS),
            "place": rng.choice(PLACE_FORMS),
            "relationship": rng.choice(["friends", "siblings", "cousins", "colleagues", "a customer and a business",
                                        "neighbours", "a parent and an adult child", "classmates", "a couple", "in-laws"]),
        }
        briefs.append(brief)
    out = Path(__file__).resolve().parent / args.out
    out.write_text(json.dumps(briefs, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
