"""Deterministic address-book data for the CardDAV server benchmark (bench_carddav.py).

`generate(n)` makes n vCards from a fixed seed: the same n gives the same bytes on every
machine, and a smaller n is a prefix of a larger one. They look like what clients write:

- iOS Contacts (vCard 3.0, PRODID of iOS, `item1.` groups with X-ABLabel for labelled values, `type=` params in
  lower case, PHOTO;ENCODING=b;TYPE=JPEG),
- Google Contacts exports (vCard 3.0, TYPE=INTERNET, CATEGORIES:myContacts, no photo bytes),
- DAVx5 (vCard 4.0 written by ez-vcard, PRODID of DAVx5, PHOTO as a data: URI),
- Thunderbird (vCard 4.0, PREF=1, TEL;VALUE=TEXT, NOTE).

Every card has FN, N, one to three EMAILs and one to three TELs with TYPE parameters, and most
have ORG, ADR and a NOTE; about 12% carry a small JPEG-shaped base64 PHOTO (2-6 KB of
bytes); some names are Arabic or accented. Each card has a unique UID and a unique primary
email (`Card.email`: the first EMAIL, in domains that no other EMAIL uses), so an
addressbook-query for it with match-type "equals" has exactly one answer. Lines are folded
at 75 octets, CRLF.
"""

from __future__ import annotations

import base64
import datetime as dt
import random
from dataclasses import dataclass, field

# Content lines are folded and text escaped as in iCalendar (RFC 6350 §3.2, §3.4).
from events import _escape as _esc, _fold  # noqa: E402

SEED = 20261126

# (as written, ASCII for the email address)
FIRST = [
    ("Amal", "amal"), ("Omar", "omar"), ("Fatima", "fatima"), ("Yusuf", "yusuf"), ("Layla", "layla"),
    ("Khalid", "khalid"), ("Sara", "sara"), ("Ahmed", "ahmed"), ("Noura", "noura"), ("Hassan", "hassan"),
    ("محمد", "mohammed"), ("عائشة", "aisha"), ("عبدالله", "abdullah"), ("ريم", "reem"), ("سلمان", "salman"),
    ("José", "jose"), ("Zoë", "zoe"), ("Chloé", "chloe"), ("François", "francois"), ("Jürgen", "juergen"),
    ("Émilie", "emilie"), ("Søren", "soren"), ("Ana", "ana"), ("Mateus", "mateus"), ("Lena", "lena"),
    ("John", "john"), ("Emily", "emily"), ("Michael", "michael"), ("Priya", "priya"), ("Wei", "wei"),
    ("Kenji", "kenji"), ("Olga", "olga"), ("Tomasz", "tomasz"), ("Aylin", "aylin"), ("Mehmet", "mehmet"),
]
LAST = [
    ("Al-Harbi", "alharbi"), ("Al-Qahtani", "alqahtani"), ("Haddad", "haddad"), ("Nasser", "nasser"),
    ("Farouk", "farouk"), ("Mansour", "mansour"), ("العتيبي", "alotaibi"), ("الشهري", "alshehri"),
    ("الغامدي", "alghamdi"), ("Müller", "mueller"), ("García", "garcia"), ("Lefèvre", "lefevre"),
    ("Núñez", "nunez"), ("Østergaard", "ostergaard"), ("Čapek", "capek"), ("Smith", "smith"),
    ("Johnson", "johnson"), ("Brown", "brown"), ("Nguyen", "nguyen"), ("Kowalski", "kowalski"),
    ("Yılmaz", "yilmaz"), ("Tanaka", "tanaka"), ("Ivanova", "ivanova"), ("Rossi", "rossi"),
    ("Silva", "silva"), ("Chen", "chen"), ("Patel", "patel"), ("Dubois", "dubois"),
]
ORGS = [
    ("Acme Trading Co.", "acme"), ("شركة النخيل", "nakheel"), ("Société Générale d'Études", "sge"),
    ("Müller & Söhne GmbH", "mueller-soehne"), ("Riyadh Health Cluster", "rhc"), ("Northwind", "northwind"),
    ("Contoso; Research", "contoso"), ("Initech", "initech"), ("Globex, Inc.", "globex"), ("Umbrella Labs", "umbrella"),
]
TITLES = ["Engineer", "Manager", "Director of Sales", "Physician", "Teacher", "Accountant", "مهندس", "Consultant"]
CITIES = [
    ("Riyadh", "Riyadh Province", "12211", "Saudi Arabia"), ("Jeddah", "Makkah", "21577", "Saudi Arabia"),
    ("الرياض", "", "11564", "المملكة العربية السعودية"), ("Berlin", "", "10115", "Germany"),
    ("Paris", "Île-de-France", "75002", "France"), ("Lisboa", "", "1100-148", "Portugal"),
    ("Dubai", "", "", "United Arab Emirates"), ("Cairo", "", "11511", "Egypt"),
    ("London", "", "SW1A 1AA", "United Kingdom"), ("Zürich", "ZH", "8001", "Switzerland"),
]
STREETS = ["King Fahd Rd", "Olaya St", "Prince Sultan St", "Unter den Linden", "Rue de Rivoli",
           "Avenida da Liberdade", "شارع التحلية", "Baker St", "Bahnhofstrasse", "Sheikh Zayed Rd"]
NOTES = [
    "Met at the conference; follow up about the offer.",
    "Prefers WhatsApp.\nCall after 4 pm.",
    "زميل في العمل",
    "Allergic to nuts, birthday dinner planned",
    "Préfère le français; voir le dossier n°12",
    "Kids: Sami, Lina",
]
PRIMARY_DOMAINS = ["example.org", "example.com", "example.net", "mail.example"]  # only primary emails
OTHER_DOMAINS = ["gmail.example", "icloud.example", "outlook.example"]            # other personal emails
STYLES = ["ios", "google", "davx5", "thunderbird"]


@dataclass
class Card:
    index: int
    name: str          # resource name, e.g. card000042.vcf
    uid: str
    email: str         # the primary EMAIL, unique in the book
    version: str       # "3.0" or "4.0"
    style: str         # the client it imitates
    photo: bool
    vcf: bytes         # the whole VCARD, CRLF
    _fields: dict = field(default_factory=dict, repr=False)


def _photo(rng: random.Random) -> bytes:
    """2-6 KB shaped like a baseline JPEG (SOI, JFIF APP0, random scan data, EOI)."""
    size = rng.randrange(2048, 6144)
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + rng.randbytes(size - 24) + b"\xff\xd9")


def _phone(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return f"+966 5{rng.randrange(10)} {rng.randrange(100, 1000)} {rng.randrange(1000, 10000)}"
    return f"+{rng.choice(['49', '33', '44', '1', '20', '971'])} {rng.randrange(100, 1000)} {rng.randrange(1000000, 10000000)}"


def _fields(rng: random.Random, i: int, prefix: str) -> dict:
    first, first_a = FIRST[rng.randrange(len(FIRST))]
    last, last_a = LAST[rng.randrange(len(LAST))]
    org = ORGS[rng.randrange(len(ORGS))] if rng.random() < 0.7 else None
    # the primary address: unique through its index and prefix, in a domain no other EMAIL uses
    email = f"{first_a}.{last_a}.{prefix}{i}@{PRIMARY_DOMAINS[i % len(PRIMARY_DOMAINS)]}"
    others = []
    if org and rng.random() < 0.6:
        others.append(("WORK", f"{first_a[0]}.{last_a}@{org[1]}.example"))
    if rng.random() < 0.35:
        others.append(("HOME", f"{first_a}{rng.randrange(10, 99)}@{rng.choice(OTHER_DOMAINS)}"))
    tels = [("CELL", _phone(rng))]
    for kind in ("WORK", "HOME"):
        if rng.random() < 0.4:
            tels.append((kind, _phone(rng)))
    city = CITIES[rng.randrange(len(CITIES))] if rng.random() < 0.6 else None
    street = f"{rng.randrange(1, 400)} {rng.choice(STREETS)}" if city else None
    return {
        "first": first, "last": last, "org": org[0] if org else None,
        "title": rng.choice(TITLES) if org and rng.random() < 0.5 else None,
        "email": email, "other_emails": others, "tels": tels, "city": city, "street": street,
        "note": rng.choice(NOTES) if rng.random() < 0.3 else None,
        "bday": (f"{rng.randrange(1950, 2010)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
                 if rng.random() < 0.25 else None),
        "photo": _photo(rng) if rng.random() < 0.12 else None,
        "rev": dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(minutes=rng.randrange(1_000_000)),
    }


def _render(style: str, uid: str, f: dict) -> bytes:
    first, last = f["first"], f["last"]
    fn = f"{first} {last}"
    v4 = style in ("davx5", "thunderbird")
    rev = f["rev"].strftime("%Y%m%dT%H%M%SZ") if v4 else f["rev"].strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = ["BEGIN:VCARD", "VERSION:" + ("4.0" if v4 else "3.0")]
    if style == "ios":
        lines.append("PRODID:-//Apple Inc.//iPhone OS 17.5//EN")
    elif style == "google":
        lines.append("PRODID:-//Google Inc.//Google Contacts//EN")
    elif style == "davx5":
        lines.append("PRODID:+//IDN bitfire.at//DAVx5/4.4.2-ose ez-vcard/0.12.1")
    else:
        lines.append("PRODID:-//Thunderbird.net//Thunderbird 128.5//EN")
    lines.append(f"N:{_esc(last)};{_esc(first)};;;")
    lines.append(f"FN:{_esc(fn)}")
    if f["org"]:
        lines.append(f"ORG:{_esc(f['org'])};" if style == "ios" else f"ORG:{_esc(f['org'])}")
    if f["title"]:
        lines.append(f"TITLE:{_esc(f['title'])}")
    item = 0
    # the primary email first, then the others
    emails = [("HOME", f["email"], True)] + [(k, e, False) for k, e in f["other_emails"]]
    for kind, addr, pref in emails:
        if style == "ios" and pref:
            lines.append(f"EMAIL;type=INTERNET;type={kind};type=pref:{addr}")
        elif style == "ios":
            # a labelled address, as iOS groups it
            item += 1
            lines.append(f"item{item}.EMAIL;type=INTERNET:{addr}")
            lines.append(f"item{item}.X-ABLabel:_$!<{kind.title()}>!$_")
        elif style == "google":
            lines.append(f"EMAIL;TYPE=INTERNET;TYPE={kind}:{addr}")
        elif style == "davx5":
            lines.append(f"EMAIL;TYPE={kind.lower()}" + (";PREF=1" if pref else "") + f":{addr}")
        else:
            lines.append("EMAIL" + (";PREF=1" if pref else f";TYPE={kind.lower()}") + f":{addr}")
    for kind, number in f["tels"]:
        if style == "ios":
            lines.append(f"TEL;type={kind};type=VOICE" + (";type=pref" if kind == "CELL" else "") + f":{number}")
        elif style == "google":
            lines.append(f"TEL;TYPE={kind}:{number}")
        elif style == "davx5":
            lines.append(f"TEL;TYPE={kind.lower()}:{number}")
        else:
            lines.append(f"TEL;TYPE={kind.lower()};VALUE=TEXT:{number}")
    if f["city"]:
        city, region, code, country = f["city"]
        adr = ";".join(_esc(x) for x in ["", "", f["street"], city, region, code, country])
        if style == "ios":
            item += 1
            lines.append(f"item{item}.ADR;type=HOME;type=pref:{adr}")
            lines.append(f"item{item}.X-ABADR:sa")
        elif v4:
            lines.append(f"ADR;TYPE=home:{adr}")
        else:
            lines.append(f"ADR;TYPE=HOME:{adr}")
    if f["bday"]:
        lines.append("BDAY:" + (f["bday"].replace("-", "") if v4 else f["bday"]))
    if f["note"]:
        lines.append(f"NOTE:{_esc(f['note'])}")
    if style == "google":
        lines.append("CATEGORIES:myContacts")
    if f["photo"]:
        b64 = base64.b64encode(f["photo"]).decode()
        if style == "ios":
            lines.append(f"PHOTO;ENCODING=b;TYPE=JPEG:{b64}")
        elif v4:
            lines.append(f"PHOTO:data:image/jpeg;base64,{b64}")
        else:
            lines.append(f"PHOTO;ENCODING=b;TYPE=JPEG:{b64}")
    lines.append(f"REV:{rev}")
    lines.append(f"UID:{uid}" if style != "davx5" else f"UID:urn:uuid:{uid}")
    lines.append("END:VCARD")
    return "".join(_fold(x) for x in lines).encode("utf-8")


def generate(n: int, seed: int = SEED, prefix: str = "card") -> list[Card]:
    """n cards; `prefix` names their resources and UIDs and goes into every primary email,
    so that cards of another prefix (new cards PUT during the run) never share one."""
    rng = random.Random(seed)
    cards = []
    for i in range(n):
        style = STYLES[rng.randrange(len(STYLES))]
        f = _fields(rng, i, prefix)
        uid = f"{prefix}-{i:06d}-{seed:08x}-4a1d-9c2e-{rng.randrange(16 ** 12):012x}"
        card = Card(i, f"{prefix}{i:06d}.vcf", uid, f["email"], "4.0" if style in ("davx5", "thunderbird") else "3.0",
                    style, f["photo"] is not None, _render(style, uid, f), f)
        cards.append(card)
    return cards


def modified(card: Card, change: int = 1) -> bytes:
    """The same card edited as a client does it: another phone number and a later REV; the same
    UID and primary email, so queries answer the same."""
    f = dict(card._fields)
    f["tels"] = f["tels"] + [("WORK", f"+966 11 {400 + change} {1000 + card.index % 9000}")]
    f["rev"] = f["rev"] + dt.timedelta(days=30 * change)
    return _render(card.style, card.uid, f)


if __name__ == "__main__":
    import sys
    cs = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
    total = sum(len(c.vcf) for c in cs)
    print(f"{len(cs)} cards, {total / 1e6:.2f} MB, {sum(c.photo for c in cs)} with PHOTO, "
          f"{sum(c.version == '4.0' for c in cs)} vCard 4.0; styles "
          + ", ".join(f"{s} {sum(c.style == s for c in cs)}" for s in STYLES))
    assert len({c.email for c in cs}) == len(cs) and len({c.uid for c in cs}) == len(cs)
    sys.stdout.write(cs[0].vcf.decode())
