#!/usr/bin/env python3
"""CardDAV server benchmark: jadwald against Radicale, Xandikos and nginx on one address book.

Run through `scripts/bench-server carddav`, which installs wrk, nginx and the .venv-bench
packages and builds jadwald in release. See Benchmarks/README.md ("CardDAV benchmark").

The CalDAV benchmark's machinery (bench.py: its servers, wrk with dav.lua, the CPU and memory
measurements) on CardDAV: every server gets one address book with the same N generated
vCards (cards.py). jadwald (and jadwald-pg, on a fresh PostgreSQL database) is seeded by PUT
(If-None-Match: *) at the benchmark's concurrency; Radicale's and Xandikos' storage is
written directly, and their PUT rate is the "PUT new card" row. Then each request type runs
for --duration seconds under wrk, which checks every answer: its status, its number of
DAV:responses and, where the answer carries address-data, its number of vCards (dav.lua with
VCARD in place of VCALENDAR, derived at run time into the temporary folder). nginx serves,
by GET, files holding the exact bytes jadwald answered, as the physical limit of this
machine for each read.

The addressbook-query and the addressbook-multiget vary their bodies as clients do: dav.lua
makes every request afresh, drawing one primary email of all N cards (a query with
text-match equals, exactly one card answers) or 50 hrefs out of all N cards.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402
import cards as cardgen  # noqa: E402
from bench import USER, log, write_spec, cell, ratio, cpu_cell  # noqa: E402

ALL_SERVERS = ["jadwald", "jadwald-pg", "radicale", "xandikos", "nginx"]
DEFAULT_SERVERS = ["jadwald", "radicale", "xandikos", "nginx"]
READ_TESTS = ["propfind", "query", "query_random", "multiget", "multiget_random", "sync_initial", "sync_after"]
# The reads a client repeats with the same body (as calendar clients poll), where a server
# may answer from what it kept: Radicale's targets apply to these, as in bench.py.
REPEATED_READS = ["propfind", "query", "multiget", "sync_initial", "sync_after"]
WRITE_TESTS = ["put"]
ALL_TESTS = READ_TESTS + WRITE_TESTS
CHANGED = 20
MULTIGET_K = 50

LABELS = {
    "seed": "seed by PUT (new cards)",
    "propfind": "PROPFIND Depth 1 (N+1 responses)",
    "query": "addressbook-query, EMAIL equals one address",
    "query_random": "addressbook-query, EMAIL equals one random address (varied)",
    "multiget": "addressbook-multiget, 50 hrefs",
    "multiget_random": "addressbook-multiget, 50 random hrefs of all (varied)",
    "sync_initial": "sync-collection, initial",
    "sync_after": f"sync-collection after {CHANGED} changes",
    "put": "PUT new card (If-None-Match: *)",
}

VCARD_TYPE = "text/vcard; charset=utf-8"
DRAW = bench.DRAW


def query_body(email_xml: str) -> bytes:
    """An addressbook-query (RFC 6352 section 8.6) for getetag and address-data of the cards
    with an EMAIL equal to the text."""
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            '<D:prop><D:getetag/><C:address-data/></D:prop>'
            '<C:filter><C:prop-filter name="EMAIL"><C:text-match match-type="equals">'
            + email_xml
            + '</C:text-match></C:prop-filter></C:filter></C:addressbook-query>').encode()


def multiget_body(href_xml: str) -> bytes:
    """An addressbook-multiget for getetag and address-data of the cards in the href elements."""
    return bench.multiget_body(href_xml, "addressbook-multiget", "urn:ietf:params:xml:ns:carddav", "address-data")


def check_py(label: str, status: int, body: bytes, statuses, responses: int, vcards: int) -> str:
    """The checks of the derived dav.lua, in python, on an answer that bench_carddav.py keeps."""
    return bench.check_py(label, status, body, statuses, responses, vcards, "VCARD")


def card_lua(folder: Path) -> Path:
    """dav.lua counting vCards where it counts calendars: written into `folder`, which then
    stands for bench.py's folder in run_wrk (the only place it reads dav.lua from)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (HERE / "dav.lua").read_text().replace("VCALENDAR", "VCARD")
    (folder / "dav.lua").write_text(text)
    bench.HERE = folder
    return folder / "dav.lua"


# --------------------------------------------------------------------------------------
# servers: bench.py's, on an address book


class CardServer:
    """Mixed into a bench.py server: `calendar_path` (what start() probes and the tests use)
    is the address book, and `events` holds the cards."""
    book_path = "/"

    def __init__(self, work: Path, cards: list, args):
        super().__init__(work, cards, args)
        self.calendar_path = self.book_path


class Jadwald(CardServer, bench.Jadwald):
    book_path = f"/dav/addressbooks/{USER}/contacts/"  # made by `jadwald user add`


class JadwaldPG(CardServer, bench.JadwaldPG):
    book_path = f"/dav/addressbooks/{USER}/contacts/"


class Radicale(CardServer, bench.Radicale):
    book_path = f"/{USER}/contacts/"

    def prepare(self) -> None:
        self.load("contacts", "VADDRESSBOOK", "Contacts", [(card.name, card.vcf) for card in self.events])


class Xandikos(CardServer, bench.Xandikos):
    book_path = "/user/contacts/addressbook/"  # what its --defaults create

    def prepare(self) -> None:
        from xandikos.web import SingleUserFilesystemBackend

        root = self.work / "root"
        root.mkdir()
        backend = SingleUserFilesystemBackend(str(root))
        backend.create_principal("/user/", create_defaults=True)
        found = sorted(root.glob("user/*/addressbook"))
        if not found:
            raise RuntimeError(f"xandikos: its defaults made no address book under {root / 'user'}")
        repo_path = found[0]
        self.calendar_path = self.book_path = "/" + str(repo_path.relative_to(root)) + "/"
        t0 = time.monotonic()
        self.commit(repo_path, [(card.name, card.vcf) for card in self.events])
        self.load_s = time.monotonic() - t0


# --------------------------------------------------------------------------------------
# the workload

class Workload:
    def __init__(self, args):
        self.cards = cardgen.generate(args.cards)
        self.n = len(self.cards)
        rng = random.Random(7)
        self.changed = rng.sample(range(self.n), min(CHANGED, self.n))
        # the answers nginx serves for the varied reads: as many drawn bodies as jadwald answered
        self.query_set = [rng.randrange(self.n) for _ in range(64)]
        self.multiget_sets = [rng.sample(range(self.n), min(MULTIGET_K, self.n)) for _ in range(64)]


def bench_card_server(server, wl: Workload, args, work: Path, captured: dict | None) -> dict:
    """The whole workload against one CardDAV server. `captured` collects answers for nginx."""
    session = bench.Session(server, args, work, captured, check_py)
    xml_hdr, spec_dir = session.xml_hdr, session.spec_dir
    measure, warm = session.measure, session.warm
    tests = args.tests
    n = wl.n
    session.load_or_seed([(server.href(c), c.vcf) for c in wl.cards], VCARD_TYPE, "cards")
    book = server.calendar_path
    session.start()

    def measure_random(name: str, body: bytes, items: list[str], k: int, responses: int, vcards: int,
                       samples: list[str], keep: str):
        """Checks (and keeps, for nginx) the answers to the sample bodies, then measures with
        dav.lua drawing k of `items` into DRAW for every request."""
        w = 0.0
        for j, drawn in enumerate(samples if captured is not None else samples[:2]):
            w, _, _ = warm(name, "REPORT", book, body.replace(DRAW.encode(), drawn.encode()), {"Depth": "1"},
                           [207], responses, vcards, f"{keep}/{j}.xml", settle=j == 0)
        spec = session.random_spec(name, ("REPORT", book, body), [207], responses, vcards, dict(xml_hdr, Depth="1"), items, k)
        measure(name, spec, "random", single_s=w)

    def measure_fixed(name: str, method: str, body: bytes, responses: int, vcards: int, keep: str):
        """Checks (and keeps, for nginx) the answer to `body`, then measures it sent again and again."""
        warm(name, method, book, body, {"Depth": "1"}, [207], responses, vcards, keep, settle=True)
        w, _, _ = warm(name, method, book, body, {"Depth": "1"}, [207], responses, vcards)
        spec = write_spec(spec_dir / f"{name}.spec", [207], responses, vcards, dict(xml_hdr, Depth="1"), [(method, book, body)])
        measure(name, spec, single_s=w)

    if "propfind" in tests:
        measure_fixed("propfind", "PROPFIND", bench.PROPFIND_BODY, n + 1, -1, "propfind.xml")
    if "query" in tests:
        measure_fixed("query", "REPORT", query_body(wl.cards[wl.query_set[0]].email), 1, 1, "query.xml")
    if "multiget" in tests:
        k = min(MULTIGET_K, n)
        measure_fixed("multiget", "REPORT", multiget_body(bench.href_elements([server.href(wl.cards[i]) for i in wl.multiget_sets[0]])),
                      k, k, "multiget.xml")
    if "query_random" in tests:
        measure_random("query_random", query_body(DRAW), [c.email for c in wl.cards], 1, 1, 1,
                       [wl.cards[i].email for i in wl.query_set], "query")
    if "multiget_random" in tests:
        k = min(MULTIGET_K, n)
        measure_random("multiget_random", multiget_body(DRAW), [bench.href_elements([server.href(c)]) for c in wl.cards],
                       k, k, k, [bench.href_elements([server.href(wl.cards[i]) for i in s]) for s in wl.multiget_sets],
                       "multiget")
    session.syncs(book, n, [(server.href(wl.cards[i]), cardgen.modified(wl.cards[i]), {"Content-Type": VCARD_TYPE})
                            for i in wl.changed])
    session.puts(lambda size: [(server.href(c), c.vcf) for c in cardgen.generate(size, seed=4242, prefix="new")], VCARD_TYPE, "cards")
    return session.finish()


def bench_nginx(server: bench.Nginx, wl: Workload, args, work: Path, captured: dict, source: str) -> dict:
    """GETs of static files holding `source`'s answers, for every read."""
    n, k = wl.n, min(MULTIGET_K, wl.n)
    return bench.static_reads(server, args, work, captured, source, [
        ("propfind", ["propfind.xml"], n + 1, -1),
        ("query", ["query.xml"], 1, 1),
        ("query_random", [f"query/{j}.xml" for j in range(len(wl.query_set))], 1, 1),
        ("multiget", ["multiget.xml"], k, k),
        ("multiget_random", [f"multiget/{j}.xml" for j in range(len(wl.multiget_sets))], k, k),
        ("sync_initial", ["sync-initial.xml"], n, -1),
        ("sync_after", ["sync-after.xml"], len(wl.changed), -1),
    ])


# --------------------------------------------------------------------------------------
# report

def result_cell(res: dict | None) -> str:
    """bench.py's cell, or how long the server was given when it answered nothing."""
    if res and res["received"] == 0:
        return f"none answered in {res['wall_s']:.0f} s"
    return cell(res)


def report(results: dict) -> str:
    servers = [s for s in ALL_SERVERS if s in results]
    head = ["measurement"] + servers
    if "jadwald" in results and "jadwald-pg" in results:
        head.append("jadwald-pg / jadwald")
    if "jadwald" in results and "radicale" in results:
        head.append("jadwald / radicale")
    if "jadwald" in results and "xandikos" in results:
        head.append("jadwald / xandikos")
    if "jadwald" in results and "nginx" in results:
        head.append("nginx / jadwald")
    head.append("wrk CPU % (max)")
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for t in ["seed"] + ALL_TESTS:
        cells = [LABELS[t]]
        any_res = False
        for s in servers:
            res = results[s]["tests"].get(t)
            if t == "seed" and res is None and results[s].get("load_s") is not None:
                cells.append(f"storage written directly ({results[s]['load_s']:.1f} s)")
                continue
            any_res = any_res or bool(res)
            cells.append(result_cell(res))
        if not any_res:
            continue
        j = results.get("jadwald", {}).get("tests", {}).get(t)
        if "jadwald" in results and "jadwald-pg" in results:
            cells.append(ratio(results["jadwald-pg"]["tests"].get(t), j, 2))
        for other in ("radicale", "xandikos"):
            if "jadwald" in results and other in results:
                cells.append(ratio(j, results[other]["tests"].get(t)))
        if "jadwald" in results and "nginx" in results:
            cells.append(ratio(results["nginx"]["tests"].get(t), j))
        cpus = [results[s]["tests"][t]["wrk_cpu_pct"] for s in servers if t in results[s]["tests"]]
        cells.append(f"{max(cpus):.0f}" if cpus else "–")
        out.append("| " + " | ".join(cells) + " |")
    extra = len(head) - 1 - len(servers)
    out.append("| start-up until first PROPFIND answer | " + " | ".join(
        (f"{results[s]['startup_s'] * 1000:.0f} ms" if s != "nginx" and results[s].get("startup_s") is not None else "–")
        for s in servers) + " |" + " |" * extra)
    out.append("| peak RSS (VmHWM) | " + " | ".join(f"{results[s]['peak_rss_kb'] / 1024:.0f} MB" for s in servers)
               + " |" + " |" * extra)
    if any("db_peak_rss_kb" in results[s] for s in servers):
        out.append("| PostgreSQL's processes: summed peak RSS (VmHWM) / max summed PSS | " + " | ".join(
            (f"{results[s]['db_peak_rss_kb'] / 1024:.0f} MB / {results[s]['db_peak_pss_kb'] / 1024:.0f} MB"
             if "db_peak_rss_kb" in results[s] else "–") for s in servers) + " |" + " |" * extra)
    return "\n".join(out)


def cpu_report(results: dict) -> str:
    servers = [s for s in ALL_SERVERS if s in results]
    out = ["| measurement | " + " | ".join(servers) + " |", "|" + "---|" * (len(servers) + 1)]
    for t in ["seed"] + ALL_TESTS:
        tests = [results[s]["tests"].get(t) for s in servers]
        if any(tests):
            out.append("| " + " | ".join([LABELS[t]] + [cpu_cell(r) for r in tests]) + " |")
    return "\n".join(out)


def targets(results: dict, wl: Workload) -> list[str]:
    lines: list[str] = []

    def mark(ok):
        return "met" if ok else "MISSED"
    j = results.get("jadwald")
    if not j:
        return lines
    jt = j["tests"]
    r = results.get("radicale", {}).get("tests", {})
    x = results.get("nginx", {}).get("tests", {})
    for t in REPEATED_READS:
        if t in jt and t in r:
            if r[t]["rate"] <= 0:
                lines.append(f"{mark(jt[t]['rate'] > 0)}: {LABELS[t]}: Radicale answered none in time, "
                             f"jadwald {jt[t]['rate']:,.0f}/s")
                continue
            q = jt[t]["rate"] / r[t]["rate"]
            lines.append(f"{mark(q >= 100)}: {LABELS[t]}: {q:,.0f}x Radicale (target >= 100x)")
    if "put" in jt and "put" in r and r["put"]["rate"] > 0:
        q = jt["put"]["rate"] / r["put"]["rate"]
        lines.append(f"{mark(q >= 20)}: PUT: {q:,.0f}x Radicale (target >= 20x)")
    for t in READ_TESTS:
        if t in jt and t in x and jt[t]["rate"] > 0:
            q = x[t]["rate"] / jt[t]["rate"]
            lines.append(f"{mark(q <= 3)}: {LABELS[t]}: nginx is {q:.1f}x jadwald (target <= 3x)")
    lines.append(f"{mark(j['peak_rss_kb'] / 1024 < 150)}: peak RSS {j['peak_rss_kb'] / 1024:.0f} MB with {wl.n} cards "
                 f"(target < 150 MB)")
    bad = [f"{s}/{t}" for s in results for t, res in results[s]["tests"].items()
           if res["bad_status"] + res["bad_count"]]
    mine = [b for b in bad if b.startswith("jadwald")]
    if mine:
        lines.append("MISSED: jadwald gave wrong answers: " + ", ".join(mine))
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    bench.add_common_options(p, "cards", "cards", ALL_SERVERS, DEFAULT_SERVERS, ALL_TESTS)
    args = bench.parse_common_options(p, "cards", ALL_SERVERS, ALL_TESTS)

    t_begin = time.monotonic()
    wl = Workload(args)
    log(f"{wl.n} cards ({sum(c.version == '4.0' for c in wl.cards)} vCard 4.0, "
        f"{sum(c.photo for c in wl.cards)} with PHOTO, {sum(len(c.vcf) for c in wl.cards) / 1e6:.1f} MB)")
    work = Path(tempfile.mkdtemp(prefix="jadwal-carddav-bench-"))
    card_lua(work / "lua")
    classes = {"jadwald": Jadwald, "jadwald-pg": JadwaldPG, "radicale": Radicale, "xandikos": Xandikos}
    results, capture_source = bench.run_servers(
        args, work, ALL_SERVERS, wl.cards, classes,
        lambda server, keep: bench_card_server(server, wl, args, work, keep),
        lambda server, captured, source: bench_nginx(server, wl, args, work, captured, source))

    elapsed = time.monotonic() - t_begin
    mem_gib = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    print()
    print(f"CardDAV benchmark, {dt.date.today()}: {wl.n} cards ({sum(c.version == '4.0' for c in wl.cards)} vCard 4.0, "
          f"{sum(c.photo for c in wl.cards)} with PHOTO, {sum(len(c.vcf) for c in wl.cards) / 1e6:.1f} MB); "
          f"concurrency {args.concurrency} (wrk, {args.threads} threads), {args.duration:g} s per measurement; "
          f"{os.cpu_count()} cores, {mem_gib:.0f} GiB, {platform.platform()}; whole run {elapsed / 60:.1f} min.")
    print("Cells: requests/s (p50 / p99 latency in ms); ✗ marks answers that failed the checks.")
    if "nginx" in results:
        print(f"nginx answers GETs of static files holding the same bytes as {capture_source}'s answers "
              f"(64 drawn bodies each for the varied rows).")
    if "jadwald-pg" in results:
        print("jadwald-pg: jadwald on a fresh PostgreSQL database (initdb defaults, fsync on, Unix socket); "
              "its peak RSS is jadwald's alone, PostgreSQL's is a separate row.")
    print()
    print(report(results))
    print()
    print("Server CPU per answer, ms (user + system time of the server's processes over the measurement, "
          "divided by the answers; in brackets PostgreSQL's):")
    print()
    print(cpu_report(results))
    print()
    for line in targets(results, wl):
        print(line)
    for s in results:
        for note in results[s]["notes"]:
            print(f"note: {s}: {note}")
    if args.json:
        Path(args.json).write_text(json.dumps({"cards": wl.n, "date": str(dt.date.today()), "args": vars(args),
                                               "results": results}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
