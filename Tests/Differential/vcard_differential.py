"""Differential vCard test: `jadwald vcard fields` against python vobject 0.9.9.

Generates, from a fixed seed, a few hundred varied cards (vCard 2.1, 3.0 and 4.0; N, FN,
ORG, EMAIL, TEL with every way of writing types, tel: URIs, BDAY in every form, PHOTO as
base64 with TYPE, as a data: URI and as a URI, NOTE with escapes, groups, quoted
parameters, folding at random widths with spaces and tabs, quoted-printable with soft
line breaks and CHARSET, non-ASCII and emoji), adds every file of Fixtures/vcard, and
reads them with both implementations. The fields of each card are compared one by one;
then jadwald's normalized output (`jadwald vcard normalize`) is read again by vobject and
must give the same fields. Every difference must match one of the documented
explanations in KNOWN_DIFFERENCES (see VCARD_KNOWN_DIFFERENCES.md), or the test fails.

Usage: .venv/bin/python Tests/Differential/vcard_differential.py --jadwald .build/debug/jadwald
"""
import argparse
import base64
import collections
import json
import pathlib
import random
import subprocess
import sys
import tempfile
import uuid

import vobject

SEED = 20261126
CARDS = 400
ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures" / "vcard"

GIVEN = ["Layla", "Tomás", "Mei Lin", "Zoë", "محمد", "سارة", "Ελένη", "Дмитрий", "יעל", "健太", "Ana-María",
         "Jean-Luc", "O'Neil", "🦊 Foxy", "Åsa", "Nguyễn", "Chidi", "Priyā"]
FAMILY = ["Haddad", "Okafor", "Zhou", "Ōkubo", "عبد الله", "العلي", "Παπαδοπούλου", "Смирнов", "כהן", "山田",
          "García Márquez", "Müller", "de la Cruz", "Smith, Jr", "Nowak; Kowalska", "Back\\slash", "Lindqvist"]
ORGS = [["Cedar Lane Bakery"], ["Northwind Traders", "Logistics"], ["شركة النخيل"], ["Acme, Inc.", "R&D", "East"],
        ["Kitsune Labs"], ["City Clinic", "Cardiology"], ["Semi;colon Ltd"]]
NOTES = ["Prefers morning calls", "Line one\nLine two", "Commas, semicolons; and \\ backslashes",
         "Emoji 🎉🎂 and العربية and 日本語", "A long note " * 12, "Tabs\tinside"]
MEDIA = {"JPEG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif"}
MEDIA_TOKENS = {"image/jpeg": "JPEG", "image/png": "PNG", "image/gif": "GIF"}

# ---------------------------------------------------------------- generation


def esc(text):
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def fold(line, rng):
    """Folds a logical line at random widths on character boundaries."""
    if len(line) < 30 or rng.random() < 0.4:
        return [line]
    width = rng.randint(20, 75)
    parts, current = [], ""
    for character in line:
        limit = width if not parts else width - 1
        if len((current + character).encode("utf-8")) > limit:
            parts.append(current)
            current = ""
        current += character
    parts.append(current)
    lead = rng.choice([" ", " ", "\t"])
    return [parts[0]] + [lead + part for part in parts[1:]]


def qp(text):
    """Quoted-printable in UTF-8, with soft line breaks every ~60 characters."""
    out = []
    for byte in text.encode("utf-8"):
        if 0x21 <= byte <= 0x7E and byte != 0x3D:
            out.append(chr(byte))
        else:
            out.append("=%02X" % byte)
    lines, current = [], ""
    for token in out:
        if len(current) + len(token) > 60:
            lines.append(current + "=")
            current = ""
        current += token
    lines.append(current)
    return lines


def photo_bytes(rng):
    return bytes([0xFF, 0xD8, 0xFF]) + bytes(rng.randrange(256) for _ in range(rng.randint(10, 400)))


def generate(rng, index):
    version = rng.choices(["2.1", "3.0", "4.0"], weights=[2, 5, 4])[0]
    lines = []

    def add(line, foldable=True):
        lines.extend(fold(line, rng) if foldable else [line])

    def group():
        return f"item{rng.randint(1, 9)}." if rng.random() < 0.2 else ""

    given, family = rng.choice(GIVEN), rng.choice(FAMILY)
    additional = rng.choice([[], [], ["Nour"], ["Philip", "Paul"]])
    prefixes = rng.choice([[], [], ["Dr."], ["Mr.", "Prof."]])
    add(f"VERSION:{version}")
    if version == "2.1":
        simple = rng.random() < 0.5
        fn = f"{given} {family}".replace(",", "").replace(";", "").replace("\\", "")
        n_value = ";".join([family.replace(";", "").replace(",", "").replace("\\", ""), given, " ".join(additional), " ".join(prefixes), ""])
        for name, value in (("N", n_value), ("FN", fn)):
            if simple and all(ord(c) < 128 for c in value):
                add(f"{name}:{value}")
            else:
                encoded = qp(value)
                lines.append(f"{name};CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + encoded[0])
                lines.extend(encoded[1:])
        for _ in range(rng.randint(0, 3)):
            kinds = rng.sample(["WORK", "HOME", "CELL", "VOICE", "FAX", "PREF"], rng.randint(1, 3))
            add(f"{group()}TEL;{';'.join(kinds)}:+{rng.randint(1, 99)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}")
        for _ in range(rng.randint(0, 2)):
            kinds = rng.sample(["INTERNET", "HOME", "WORK", "PREF"], rng.randint(1, 2))
            add(f"EMAIL;{';'.join(kinds)}:user{index}.{rng.randint(0, 99)}@example.com")
        if rng.random() < 0.5:
            note = rng.choice(["Ruf mich an.\r\nZweite Zeile mit Umlauten äöü", "ملاحظة قصيرة", "plain note"])
            encoded = qp(note)
            lines.append("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + encoded[0])
            lines.extend(encoded[1:])
        if rng.random() < 0.3:
            data = base64.b64encode(photo_bytes(rng)).decode()
            lines.append(f"PHOTO;{rng.choice(['TYPE=JPEG', 'JPEG'])};ENCODING=BASE64:")
            lines.extend("  " + data[i:i + 70] for i in range(0, len(data), 70))
            lines.append("")
        if rng.random() < 0.5:
            add(f"BDAY:{rng.choice(['1985-04-15', '19900321'])}")
        if rng.random() < 0.5:
            add(f"ORG:{';'.join(o.replace(',', '').replace(';', '') for o in rng.choice(ORGS))}")
        return ["BEGIN:VCARD"] + lines + ["END:VCARD"]

    add(f"{group()}N:" + ";".join([esc(family), esc(given), ",".join(map(esc, additional)), ",".join(map(esc, prefixes)), ""]))
    add(f"FN:{esc(' '.join(prefixes + [given] + additional + [family]))}")
    if rng.random() < 0.8:
        uid = str(uuid.UUID(int=rng.getrandbits(128)))
        add(f"UID:{'urn:uuid:' + uid if version == '4.0' and rng.random() < 0.5 else uid}")
    if rng.random() < 0.6:
        add(f"ORG:{';'.join(esc(part) for part in rng.choice(ORGS))}")
    for number in range(rng.randint(0, 3)):
        address = f"{rng.choice(['layla', 'tomas', 'zoe.o', 'm_abdullah'])}{index}.{number}@example.{rng.choice(['com', 'org', 'sa'])}"
        types = rng.sample(["home", "work", "internet", "pref", "HOME", "WORK"], rng.randint(0, 2))
        style = rng.randrange(4)
        if not types:
            params = ""
        elif style == 0:
            params = ";TYPE=" + ",".join(types)
        elif style == 1:
            params = "".join(f";type={t}" for t in types)
        elif style == 2 and version == "4.0" and "pref" in types:
            params = ";TYPE=" + ",".join(t for t in types if t != "pref") + ";PREF=1" if len(types) > 1 else ";PREF=1"
        else:
            params = ';TYPE="' + ",".join(types) + '"' if len(types) > 1 else ";TYPE=" + types[0]
        add(f"{group()}EMAIL{params}:{address}")
    for _ in range(rng.randint(0, 3)):
        number = f"+{rng.randint(1, 999)} {rng.randint(10, 99)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        types = rng.sample(["cell", "voice", "work", "home", "fax", "CELL", "pref"], rng.randint(0, 2))
        params = "".join(f";TYPE={t}" for t in types) if rng.random() < 0.5 else (";TYPE=" + ",".join(types) if types else "")
        if version == "4.0" and rng.random() < 0.4:
            add(f"{group()}TEL{params};VALUE=uri:tel:{number.replace(' ', '-')}" + (f";ext={rng.randint(1, 99)}" if rng.random() < 0.3 else ""))
        else:
            add(f"{group()}TEL{params}:{number}")
    if rng.random() < 0.6:
        forms = ["1985-04-15", "19850415", "1970-01-01T10:00:00Z"]
        forms += ["--0415", "VALUE=text:circa 1800"] if version == "4.0" else ["--04-15", "X-APPLE-OMIT-YEAR=1604:1604-12-24"]
        form = rng.choice(forms)
        add(f"BDAY;{form}" if "=" in form else f"BDAY:{form}")
    if rng.random() < 0.5:
        add(f"NOTE:{esc(rng.choice(NOTES))}")
    if rng.random() < 0.35:
        data = base64.b64encode(photo_bytes(rng)).decode()
        token = rng.choice(list(MEDIA))
        if version == "4.0" and rng.random() < 0.7:
            add(f"PHOTO:data:{MEDIA[token]};base64,{data}")
        elif rng.random() < 0.8:
            add(f"PHOTO;ENCODING=b;TYPE={token}:{data}")
        else:
            add(f"PHOTO;VALUE=uri:https://photos.example.com/{index}.jpg")
    if rng.random() < 0.4:
        add(f"item{rng.randint(1, 9)}.X-ABLabel:_$!<Other>!$_")
    if rng.random() < 0.3:
        add(f'X-CUSTOM;X-PARAM="a:b;c";X-OTHER=1,2:{esc("custom, value")}')
    if rng.random() < 0.3:
        add(f"CATEGORIES:{','.join(esc(c) for c in rng.sample(['friends', 'work', 'عائلة', 'VIP'], 2))}")
    body = lines[:]
    if rng.random() < 0.3 and all(not line.startswith((" ", "\t")) for line in body):
        rest = body[1:]  # order does not matter, but VERSION stays first
        rng.shuffle(rest)
        body = [body[0]] + rest
    return ["BEGIN:VCARD"] + body + ["END:VCARD"]


# ---------------------------------------------------------------- field extraction


def split_types(values):
    types = []
    for value in values:
        for part in value.split(","):
            part = part.strip().lower()
            if part and part not in types:
                types.append(part)
    return sorted(types)


def jadwald_card(card):
    n = card.get("n")
    photo = card.get("photo")
    if photo is None:
        photo_field = None
    elif photo.get("uri") is not None:
        photo_field = ["uri", photo["uri"]]
    else:
        photo_field = [photo.get("bytes"), photo.get("mediaType")]
    return {
        "version": card.get("version"),
        "uid": card.get("uid"),
        "fn": card.get("fn"),
        "n": None if n is None else [n["family"], n["given"], n["additional"], n["prefixes"], n["suffixes"]],
        "emails": [[e["value"], sorted(e["types"])] for e in card["emails"]],
        "tels": [[t["value"], sorted(t["types"])] for t in card["tels"]],
        "org": card.get("org"),
        "bday": None if card.get("bday") is None else card["bday"]["raw"],
        "photo": photo_field,
    }


ENCODING_TOKENS = {"QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"}


def line_types(line):
    values = list(line.params.get("TYPE", []))
    values += [p for p in line.singletonparams if p.upper() not in ENCODING_TOKENS]
    return split_types(values)


def as_list(value):
    if isinstance(value, list):
        return [v for v in value]
    return [] if value == "" else [value]


def vobject_photo(line):
    value = line.value
    params = {k.upper(): v for k, v in line.params.items()}
    if isinstance(value, bytes):
        types = [t for t in line_types(line)]
        media = None
        if "MEDIATYPE" in params:
            media = params["MEDIATYPE"][0].lower()
        elif types:
            token = types[0]
            media = token if "/" in token else {"jpg": "image/jpeg", "jpeg": "image/jpeg"}.get(token, "image/" + token)
        return [len(value), media]
    text = value.strip()
    if text.lower().startswith("data:"):
        header, _, payload = text[5:].partition(",")
        parts = header.split(";")
        media = parts[0].lower() if parts and "/" in parts[0] else None
        return [len(base64.b64decode(payload + "=" * (-len(payload) % 4))), media]
    return ["uri", text]


def vobject_cards(text):
    cards = []
    for component in vobject.readComponents(text, ignoreUnreadable=False, allowQP=True):
        contents = component.contents
        first = lambda name: contents[name][0] if name in contents else None  # noqa: E731
        n = first("n")
        org = first("org")
        bday = first("bday")
        photo = first("photo")
        version = first("version")
        uid = first("uid")
        fn = first("fn")
        cards.append({
            "version": None if version is None else version.value,
            "uid": None if uid is None else uid.value.strip(),
            "fn": None if fn is None else fn.value,
            "n": None if n is None else [as_list(n.value.family), as_list(n.value.given), as_list(n.value.additional),
                                         as_list(n.value.prefix), as_list(n.value.suffix)],
            "emails": [[line.value.strip(), line_types(line)] for line in contents.get("email", [])],
            "tels": [[line.value.strip(), line_types(line)] for line in contents.get("tel", [])],
            "org": None if org is None else [",".join(v) if isinstance(v, list) else v for v in org.value],
            "bday": None if bday is None else bday.value,
            "photo": None if photo is None else vobject_photo(photo),
        })
    return cards


# ---------------------------------------------------------------- known differences


def _unescaped_comma(field, ours, theirs, source):
    """vobject keeps a single-valued text property only up to its first unescaped comma."""
    if field in ("fn", "uid", "bday"):
        return isinstance(ours, str) and isinstance(theirs, str) and "," in ours and ours.split(",")[0] == theirs
    if field in ("emails", "tels") and len(ours) == len(theirs):
        return all(a == b or (a[1] == b[1] and "," in a[0] and a[0].split(",")[0] == b[0]) for a, b in zip(ours, theirs))
    return False


def _data_uri_comma(field, ours, theirs, source):
    """vobject cuts a 4.0 `data:` URI at its comma (as text), so the embedded bytes are lost."""
    return field == "photo" and isinstance(ours, list) and isinstance(theirs, list) and theirs[0] == 0 \
        and isinstance(ours[0], int) and ours[0] > 0 and ours[1] == theirs[1]


KNOWN_DIFFERENCES = [
    ("unescaped-comma", _unescaped_comma),
    ("data-uri-comma", _data_uri_comma),
]


# ---------------------------------------------------------------- running


def run(jadwald, *arguments):
    result = subprocess.run([jadwald, "vcard", *arguments], capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"jadwald vcard {' '.join(arguments)} failed: {result.stderr.decode(errors='replace')}")
    return result.stdout


def compare(label, ours, theirs, source, counters, failures):
    if len(ours) != len(theirs):
        failures.append(f"{label}: jadwald read {len(ours)} cards, vobject {len(theirs)}")
        return
    for index, (a, b) in enumerate(zip(ours, theirs)):
        for field in a:
            counters["fields"] += 1
            if a[field] == b[field]:
                continue
            explained = next((name for name, test in KNOWN_DIFFERENCES if test(field, a[field], b[field], source)), None)
            if explained:
                counters[f"explained:{explained}"] += 1
            else:
                failures.append(f"{label} card {index + 1} field {field}: jadwald {a[field]!r} vobject {b[field]!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jadwald", required=True)
    parser.add_argument("--cards", type=int, default=CARDS)
    arguments = parser.parse_args()

    rng = random.Random(SEED)
    inputs = []
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        generated = [generate(rng, index) for index in range(arguments.cards)]
        for name, ending in (("generated-crlf.vcf", "\r\n"), ("generated-lf.vcf", "\n")):
            half = generated[: len(generated) // 2] if ending == "\r\n" else generated[len(generated) // 2:]
            path = folder / name
            path.write_bytes(ending.join(line for card in half for line in card).encode("utf-8") + ending.encode())
            inputs.append(path)
        inputs += sorted(FIXTURES.glob("*.vcf"))

        counters = collections.Counter()
        failures = []
        for path in inputs:
            label = path.name
            raw = path.read_bytes()
            text = raw.decode("utf-8-sig")
            ours = [jadwald_card(card) for card in json.loads(run(arguments.jadwald, "fields", str(path)))]
            theirs = vobject_cards(text)
            counters["files"] += 1
            counters["cards"] += len(ours)
            compare(label, ours, theirs, text, counters, failures)
            normalized = folder / ("normalized-" + path.name)
            normalized.write_bytes(run(arguments.jadwald, "normalize", str(path)))
            again = vobject_cards(normalized.read_bytes().decode("utf-8"))
            compare(label + " (normalized, read by vobject)", ours, again, text, counters, failures)
            reread = [jadwald_card(card) for card in json.loads(run(arguments.jadwald, "fields", str(normalized)))]
            if reread != ours:
                failures.append(f"{label}: jadwald reads its own normalized output differently")

    explained = sum(v for k, v in counters.items() if k.startswith("explained:"))
    for failure in failures[:50]:
        print("DIFF", failure)
    detail = ", ".join(f"{k.split(':', 1)[1]}={v}" for k, v in sorted(counters.items()) if k.startswith("explained:"))
    print(f"vcard differential: {counters['files']} files, {counters['cards']} cards, {counters['fields']} fields compared, "
          f"{explained} explained differences ({detail or 'none'}), {len(failures)} unexplained")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
