#!/usr/bin/env python3
"""Server benchmark: jadwald against Radicale, Xandikos, Baïkal and nginx on the same workload.

Run through scripts/bench-server, which installs wrk, nginx and the .venv-bench packages
and builds jadwald in release. See Benchmarks/README.md ("Server benchmark").

Every server gets one calendar with the same N generated events (events.py). jadwald is
seeded by PUT at the benchmark's concurrency; Radicale's and Xandikos' storage is written
directly (seeding them over HTTP is quadratic), and their PUT rate is measured separately
by the "PUT new" row. Then each request type runs for --duration seconds under wrk
(dav.lua), which checks every answer. nginx serves, by GET, files holding the exact bytes
jadwald answered, as the physical limit of this machine for each read.

jadwald-pg is jadwald on a fresh PostgreSQL database (a temporary cluster, scripts/temporary_postgres.py);
jadwald-pg2 is two jadwald instances on one such database behind nginx as a round-robin
load balancer. Both are seeded and measured like jadwald; they need PostgreSQL installed
and are not in the default --servers. jadwald-nocache is jadwald with its response cache off
(limits.response_cache_bytes = 0). baikal is Baïkal (sabre/dav 4.7) on Debian's PHP-FPM behind
nginx, built from git repositories in a temporary folder (baikal.py); it is seeded by PUT.

The *_random reads vary their bodies as clients do, so that a response cache rarely has the
answer: dav.lua makes every request afresh from items drawn at random (50 hrefs out of all
objects; a 30-day window starting at a random minute of the events' years; one object out of
all). Every measurement also gives the server's CPU per request (utime + stime from /proc,
children included where the server forks, divided by the answers), and floors.py the floors
of the same work measured on jadwald's own database.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import http.client
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "scripts"))
import baikal  # noqa: E402
import events as eventgen  # noqa: E402
import floors  # noqa: E402
import temporary_postgres as postgres  # noqa: E402

USER, PASSWORD = "bench", "bench-password-1"
AUTH = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
CLK_TCK = os.sysconf("SC_CLK_TCK")
ALL_SERVERS = ["jadwald", "jadwald-nocache", "jadwald-base", "jadwald-pg", "jadwald-base-pg", "jadwald-pg2", "radicale", "baikal",
               "xandikos", "nginx"]
DEFAULT_SERVERS = ["jadwald", "radicale", "xandikos", "nginx"]
PG_SERVERS = ["jadwald-pg", "jadwald-base-pg", "jadwald-pg2"]
READ_TESTS = ["propfind", "query", "query_random", "multiget", "multiget_random", "get", "get_random",
              "sync_initial", "sync_after"]
WRITE_TESTS = ["put", "delete"]
ALL_TESTS = READ_TESTS + WRITE_TESTS

LABELS = {
    "seed": "seed by PUT (new objects)",
    "propfind": "PROPFIND Depth 1 (N+1 responses)",
    "query": "calendar-query, 1 month, calendar-data",
    "query_random": "calendar-query, 30 days from a random minute (varied)",
    "multiget": "calendar-multiget, 50 hrefs",
    "multiget_random": "calendar-multiget, 50 random hrefs of all (varied)",
    "get": "GET one object",
    "get_random": "GET one random object of all (varied)",
    "sync_initial": "sync-collection, initial",
    "sync_after": "sync-collection after 10 changes",
    "put": "PUT new object (If-None-Match: *)",
    "delete": "DELETE object",
}

PROPFIND_BODY = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                 b'<D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getetag/>'
                 b'<D:getcontenttype/></D:prop></D:propfind>')


# In a random test's path or body, dav.lua puts the items it draws in place of DRAW.
DRAW = "{{draw}}"


def time_range(start: dt.datetime, end: dt.datetime) -> str:
    return f'<C:time-range start="{start:%Y%m%dT%H%M%SZ}" end="{end:%Y%m%dT%H%M%SZ}"/>'


def query_body(time_range_xml: str) -> bytes:
    """A calendar-query for getetag and calendar-data of the VEVENTs within the time-range element."""
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            '<D:prop><D:getetag/><C:calendar-data/></D:prop>'
            '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">'
            + time_range_xml
            + '</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>').encode()


def href_elements(hrefs: list[str]) -> str:
    return "".join(f"<D:href>{h}</D:href>" for h in hrefs)


def multiget_body(href_xml: str, report: str = "calendar-multiget", namespace: str = "urn:ietf:params:xml:ns:caldav",
                  data: str = "calendar-data") -> bytes:
    """A multiget (calendar-multiget by default; bench_carddav.py asks for addressbook-multiget)
    for getetag and the data of the resources in the href elements."""
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<C:{report} xmlns:D="DAV:" xmlns:C="{namespace}">'
            f'<D:prop><D:getetag/><C:{data}/></D:prop>'
            + href_xml
            + f'</C:{report}>').encode()


def sync_body(token: str) -> bytes:
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<D:sync-collection xmlns:D="DAV:">'
            f'<D:sync-token>{token}</D:sync-token><D:sync-level>1</D:sync-level>'
            '<D:prop><D:getetag/></D:prop></D:sync-collection>').encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def proc_cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except OSError:
        return 0.0


def tree_cpu_seconds(pid: int) -> float:
    """CPU of a process, of its children that have exited and been waited for, and of its live
    children: stays exact while children come and go (PostgreSQL's backends)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = sum(int(x) for x in fields[11:15]) / CLK_TCK
    except OSError:
        return 0.0
    return own + sum(proc_cpu_seconds(c) for c in Nginx.children(pid))


def proc_status_kb(pid: int, key: str, name: str = "status") -> int:
    try:
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def count_responses(body: bytes) -> int:
    return len(re.findall(rb"</(?:[A-Za-z0-9_]+:)?response>", body))


# --------------------------------------------------------------------------------------
# servers


def stop_processes(signalled: list[tuple[subprocess.Popen, int]]) -> None:
    """Sends each running process its signal, then waits up to 15 s for each, killing laggards."""
    for proc, sig in signalled:
        if proc.poll() is None:
            proc.send_signal(sig)
    for proc, _ in signalled:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

class Server:
    name = "?"
    calendar_path = "/"
    auth = True
    loaded_directly = False
    measure_floors = False  # floors.py on its SQLite database once it is seeded (an SQLite jadwald)
    description = ""  # what runs, when prepare() finds out (versions); a note under the tables

    def __init__(self, work: Path, events: list, args):
        self.work = work / self.name
        self.work.mkdir(parents=True)
        self.events = events
        self.args = args
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.peak_rss_kb = 0
        self.startup_s = None
        self.load_s = None
        self.log_path = self.work / "server.log"

    def command(self) -> list[str]:
        raise NotImplementedError

    def prepare(self) -> None:
        """Creates the account and calendar (and, for loaded servers, writes the events)."""

    def headers(self) -> dict:
        return {"Authorization": AUTH} if self.auth else {}

    def start(self, timeout: float = 120) -> float:
        self.port = free_port()
        logf = open(self.log_path, "ab")
        t0 = time.monotonic()
        self.proc = subprocess.Popen(self.command(), stdout=logf, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=self.work, env=self.env())
        logf.close()
        # Ready when an authenticated PROPFIND Depth 0 on the calendar answers 207. Wait for
        # the port first, then send one PROPFIND and wait for it as long as it takes
        # (Radicale builds its item cache on the first request).
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}; see {self.log_path}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                pass
            if time.monotonic() - t0 > timeout:
                raise RuntimeError(f"{self.name} did not listen within {timeout} s")
            time.sleep(0.002)
        self.listen_s = time.monotonic() - t0
        while True:
            try:
                status, _ = self.request("PROPFIND", self.calendar_path, PROPFIND_BODY, {"Depth": "0"}, timeout=600)
                if status == 207:
                    return time.monotonic() - t0
                raise RuntimeError(f"{self.name}: PROPFIND Depth 0 answered {status}")
            except (ConnectionError, http.client.RemoteDisconnected):
                if time.monotonic() - t0 > timeout:
                    raise
                time.sleep(0.01)

    def env(self) -> dict:
        return dict(os.environ)

    stop_signal = signal.SIGTERM

    def pids(self) -> list[int]:
        """The processes whose memory and CPU count as the server's."""
        return [self.proc.pid]

    def cpu_seconds(self) -> float:
        """The server's CPU so far: user and system time of its processes."""
        return sum(proc_cpu_seconds(p) for p in self.pids())

    def await_answer(self, procs: list[subprocess.Popen], t0: float, timeout: float) -> float:
        """Waits until a front (a balancer, nginx before PHP-FPM) passes on a 207 to a PROPFIND
        Depth 0 on the calendar (it answers 502 while nothing behind it listens yet); returns
        the time since t0."""
        while True:
            for p in procs:
                if p.poll() is not None:
                    raise RuntimeError(f"{self.name}: {p.args[0]} exited with {p.returncode}; see {self.work}")
            try:
                status, _ = self.request("PROPFIND", self.calendar_path, PROPFIND_BODY, {"Depth": "0"}, timeout=600)
                if status == 207:
                    return time.monotonic() - t0
                if status not in (502, 503, 504):
                    raise RuntimeError(f"{self.name}: PROPFIND Depth 0 answered {status}")
            except (ConnectionError, http.client.RemoteDisconnected):
                pass
            if time.monotonic() - t0 > timeout:
                raise RuntimeError(f"{self.name} did not answer within {timeout} s")
            time.sleep(0.002)

    def extra_cpu_seconds(self) -> dict[str, float]:
        """CPU of helpers that are not the server itself (its database, a load balancer)."""
        return {}

    def wait_idle(self, timeout: float) -> float:
        """Waits until the server and its helpers use (almost) no CPU: a slow server still works
        on the answers of the previous measurement after wrk closed their connections, and that
        work would count in the next. Returns the seconds waited."""
        t0 = time.monotonic()
        last = self.cpu_seconds() + sum(self.extra_cpu_seconds().values())
        while time.monotonic() - t0 < timeout:
            time.sleep(0.25)
            now = self.cpu_seconds() + sum(self.extra_cpu_seconds().values())
            if now - last <= 1.5 / CLK_TCK:  # at most a clock tick in 250 ms
                break
            last = now
        return time.monotonic() - t0

    def close(self) -> None:
        """Stops what outlives start() and stop() (a database server)."""

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.sample_rss()
            stop_processes([(self.proc, self.stop_signal)])
        self.proc = None

    def sample_rss(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.peak_rss_kb = max(self.peak_rss_kb, sum(proc_status_kb(p, "VmHWM") for p in self.pids()))

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                timeout: float = 300) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            h = self.headers()
            if body is not None:
                h["Content-Type"] = "application/xml; charset=utf-8" if body.startswith(b"<") else "text/calendar; charset=utf-8"
            h.update(headers or {})
            conn.request(method, path, body=body, headers=h)
            resp = conn.getresponse()
            return resp.status, resp.read()
        finally:
            conn.close()

    def href(self, ev) -> str:
        return self.calendar_path + ev.name


class Jadwald(Server):
    name = "jadwald"
    calendar_path = f"/dav/calendars/{USER}/calendar/"

    def binary(self) -> str:
        return self.args.jadwald

    def storage(self) -> list[str]:
        return []

    def prepare(self) -> None:
        subprocess.run([self.binary(), "user", "add", USER, "--password-stdin", "--data", str(self.work / "data")]
                       + self.storage(),
                       input=(PASSWORD + "\n").encode(), check=True, stdout=subprocess.DEVNULL, timeout=60)

    def command(self, port: int | None = None) -> list[str]:
        return [self.binary(), "serve", "--data", str(self.work / "data"), "--host", "127.0.0.1",
                "--port", str(port or self.port)] + self.storage()


class JadwaldNoCache(Jadwald):
    """jadwald with its response cache off: limits.response_cache_bytes = 0 in its configuration file."""
    name = "jadwald-nocache"

    def command(self, port: int | None = None) -> list[str]:
        config = self.work / "jadwald.toml"
        config.write_text("[limits]\nresponse_cache_bytes = 0\n")
        return super().command(port) + ["--config", str(config)]


class JadwaldBase(Jadwald):
    """Another jadwald binary (--baseline), measured in the same run: before and after a change."""
    name = "jadwald-base"

    def binary(self) -> str:
        return self.args.baseline


class JadwaldPG(Jadwald):
    """jadwald on a fresh database of a temporary PostgreSQL server, which lives from
    prepare() until close() (across the restart after seeding)."""
    name = "jadwald-pg"
    db: postgres.TemporaryPostgres | None = None
    db_peak_rss_kb = 0
    db_peak_pss_kb = 0
    db_sampled = 0.0

    def prepare(self) -> None:
        self.db = postgres.TemporaryPostgres(prefix="jadwal-bench-pg-")
        self.url = self.db.make_database()
        log(f"{self.name}: {self.db.version} in {self.db.root}")
        super().prepare()

    def storage(self) -> list[str]:
        return ["--storage", self.url]

    def sample_rss(self) -> None:
        super().sample_rss()
        # VmHWM is a high-water mark; once a second is enough for PostgreSQL's long-lived
        # processes, and keeps smaps_rollup's cost off the measurement.
        if self.db is None or time.monotonic() - self.db_sampled < 1:
            return
        self.db_sampled = time.monotonic()
        pids = self.db.pids()
        self.db_peak_rss_kb = max(self.db_peak_rss_kb, sum(proc_status_kb(p, "VmHWM") for p in pids))
        self.db_peak_pss_kb = max(self.db_peak_pss_kb, sum(proc_status_kb(p, "Pss", "smaps_rollup") for p in pids))

    def extra_cpu_seconds(self) -> dict[str, float]:
        pid = self.db.postmaster_pid() if self.db else None
        return {"postgres": tree_cpu_seconds(pid)} if pid else {}

    def close(self) -> None:
        if self.db is not None:
            self.db_sampled = 0.0
            self.sample_rss()
            db, self.db = self.db, None
            db.stop()


class JadwaldBasePG(JadwaldPG):
    """The --baseline binary on a fresh PostgreSQL database, as jadwald-pg: before and after a
    change on PostgreSQL, in the same run."""
    name = "jadwald-base-pg"

    def binary(self) -> str:
        return self.args.baseline


class JadwaldPG2(JadwaldPG):
    """Two jadwald instances on one PostgreSQL database (and one --data folder, for the
    signing keys) behind nginx as a round-robin load balancer; self.proc is the balancer,
    self.port its port. Memory and server CPU are the sum over both jadwald processes."""
    name = "jadwald-pg2"
    instances_n = 2

    def __init__(self, work: Path, events: list, args):
        super().__init__(work, events, args)
        self.instances: list[subprocess.Popen] = []

    def pids(self) -> list[int]:
        return [p.pid for p in self.instances]

    def extra_cpu_seconds(self) -> dict[str, float]:
        cpu = super().extra_cpu_seconds()
        if self.proc:
            cpu["balancer"] = sum(proc_cpu_seconds(p) for p in [self.proc.pid] + Nginx.children(self.proc.pid))
        return cpu

    def balancer_config(self, ports: list[int]) -> Path:
        w = self.work / "balancer"
        preamble = nginx_preamble(w)
        # when run as root, nginx's workers run as nobody: let them reach the temporary files
        for d in (self.work.parent, self.work, w):
            os.chmod(d, 0o711)
        upstream = "".join(f"        server 127.0.0.1:{p} max_fails=0;\n" for p in ports)
        conf = w / "nginx.conf"
        conf.write_text(preamble + f"""
    keepalive_requests 1000000;
    upstream jadwald {{
{upstream}        keepalive 32;
        keepalive_requests 1000000;
    }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://jadwald;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
        }}
    }}
}}
""")
        return conf

    def start(self, timeout: float = 120) -> float:
        ports: list[int] = []
        while len(ports) < self.instances_n + 1:
            p = free_port()
            if p not in ports:
                ports.append(p)
        self.port, ports = ports[0], ports[1:]
        conf = self.balancer_config(ports)
        logf = open(self.log_path, "ab")
        t0 = time.monotonic()
        self.instances = [subprocess.Popen(self.command(p), stdout=logf, stderr=subprocess.STDOUT,
                                           stdin=subprocess.DEVNULL, cwd=self.work, env=self.env()) for p in ports]
        self.proc = subprocess.Popen(["nginx", "-p", str(conf.parent), "-c", str(conf), "-e", str(conf.parent / "error.log")],
                                     stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.work)
        logf.close()
        # Ready when the balancer passes on a 207; then wait until both instances listen.
        startup = self.await_answer([self.proc] + self.instances, t0, timeout)
        for p in ports:
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", p), timeout=1):
                        break
                except OSError:
                    if time.monotonic() - t0 > timeout:
                        raise RuntimeError(f"{self.name}: the instance on port {p} did not listen within {timeout} s")
                    time.sleep(0.002)
        self.listen_s = time.monotonic() - t0
        # Each instance answers one PROPFIND Depth 0 too, as jadwald does when it starts:
        # otherwise the first requests that round robin sends to the other one are cold.
        port = self.port
        try:
            for self.port in ports:
                status, _ = self.request("PROPFIND", self.calendar_path, PROPFIND_BODY, {"Depth": "0"}, timeout=600)
                if status != 207:
                    raise RuntimeError(f"{self.name}: PROPFIND Depth 0 on port {self.port} answered {status}")
        finally:
            self.port = port
        return startup

    def stop(self) -> None:
        self.sample_rss()
        stop_processes([(p, signal.SIGTERM) for p in self.instances] + ([(self.proc, signal.SIGQUIT)] if self.proc else []))
        self.proc = None
        self.instances = []


class Radicale(Server):
    name = "radicale"
    calendar_path = f"/{USER}/personal/"
    loaded_directly = True

    def prepare(self) -> None:
        self.load("personal", "VCALENDAR", "Personal", [(ev.name, ev.ics) for ev in self.events])

    def load(self, name: str, tag: str, display_name: str, files: list[tuple[str, bytes]]) -> None:
        """Writes the user, and `files` into a collection of the kind `tag` names, as Radicale keeps them."""
        (self.work / "users").write_text(f"{USER}:{PASSWORD}\n")
        col = self.work / "collections" / "collection-root" / USER / name
        col.mkdir(parents=True)
        t0 = time.monotonic()
        (col / ".Radicale.props").write_text(json.dumps({"tag": tag, "D:displayname": display_name}))
        for file_name, data in files:
            (col / file_name).write_bytes(data)
        self.load_s = time.monotonic() - t0

    def command(self) -> list[str]:
        config = self.work / "config"
        config.write_text(
            "[server]\n"
            f"hosts = 127.0.0.1:{self.port}\n"
            "max_connections = 32\n"
            "[auth]\n"
            "type = htpasswd\n"
            f"htpasswd_filename = {self.work / 'users'}\n"
            "htpasswd_encryption = plain\n"
            "[rights]\n"
            "type = owner_only\n"
            "[storage]\n"
            f"filesystem_folder = {self.work / 'collections'}\n"
            "[logging]\n"
            "level = warning\n")
        return [sys.executable, "-m", "radicale", "--config", str(config)]


class Baikal(Server):
    """Baïkal on Debian's PHP-FPM behind nginx, as its documentation sets it up (baikal.py):
    self.proc is PHP-FPM (a static pool of --concurrency workers), whose processes count as
    the server; nginx (2 workers, FastCGI to PHP-FPM on a TCP port) is a helper. Seeded by PUT."""
    name = "baikal"
    calendar_path = f"/dav.php/calendars/{USER}/default/"

    def __init__(self, work: Path, events: list, args):
        super().__init__(work, events, args)
        self.nginx: subprocess.Popen | None = None
        self.app = self.work / "app"

    def prepare(self) -> None:
        missing = baikal.missing_packages()
        if missing or not baikal.php_fpm():
            raise RuntimeError(f"Baïkal needs Debian packages: apt-get install {' '.join(missing or baikal.DEBIAN_PACKAGES)}")
        versions = baikal.assemble(self.app, Path(self.args.baikal_sources))
        php = subprocess.run([baikal.php_fpm(), "-v"], capture_output=True, text=True).stdout.split(" (")[0]
        self.description = (", ".join(f"{k} {v}" for k, v in versions.items())
                            + f"; {php}, a static pool of {self.args.concurrency} workers, behind nginx")
        log(f"{self.name}: {self.description}")
        database = self.app / "Specific" / "db" / "db.sqlite"
        baikal.create_database(self.app, database, USER, PASSWORD)
        baikal.write_config(self.app, database)
        # when run as root, nginx's workers run as nobody: let them reach the files
        for d in (self.work.parent, self.work):
            os.chmod(d, 0o711)
        subprocess.run(["chmod", "-R", "o+rX", str(self.app / "html")], check=True)

    def start(self, timeout: float = 120) -> float:
        self.port = free_port()
        fpm_port = free_port()
        fpm_conf = baikal.fpm_config(self.work, fpm_port, self.args.concurrency)
        w = self.work / "nginx"
        conf = w / "nginx.conf"
        conf.write_text(nginx_preamble(w) + baikal.nginx_server(self.app / "html", self.port, fpm_port))
        logf = open(self.log_path, "ab")
        t0 = time.monotonic()
        self.proc = subprocess.Popen([baikal.php_fpm(), "--nodaemonize", "--allow-to-run-as-root", "--fpm-config", str(fpm_conf)],
                                     stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.work)
        self.nginx = subprocess.Popen(["nginx", "-p", str(w), "-c", str(conf), "-e", str(w / "error.log")],
                                      stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.work)
        logf.close()
        startup = self.await_answer([self.proc, self.nginx], t0, timeout)
        self.listen_s = startup
        return startup

    def pids(self) -> list[int]:
        return [self.proc.pid] + Nginx.children(self.proc.pid)

    def cpu_seconds(self) -> float:
        return tree_cpu_seconds(self.proc.pid)

    def extra_cpu_seconds(self) -> dict[str, float]:
        if not self.nginx:
            return {}
        return {"nginx": sum(proc_cpu_seconds(p) for p in [self.nginx.pid] + Nginx.children(self.nginx.pid))}

    def stop(self) -> None:
        self.sample_rss()
        stop_processes([(p, signal.SIGQUIT) for p in (self.nginx, self.proc) if p])
        self.proc = None
        self.nginx = None


class Xandikos(Server):
    name = "xandikos"
    calendar_path = "/user/calendars/calendar/"
    auth = False  # its Basic auth needs TLS (--autocert); the benchmark stays on plain HTTP
    loaded_directly = True

    def prepare(self) -> None:
        from xandikos.web import SingleUserFilesystemBackend

        root = self.work / "root"
        root.mkdir()
        backend = SingleUserFilesystemBackend(str(root))
        backend.create_principal("/user/", create_defaults=True)
        t0 = time.monotonic()
        self.commit(root / "user" / "calendars" / "calendar", [(ev.name, ev.ics) for ev in self.events])
        self.load_s = time.monotonic() - t0

    @staticmethod
    def commit(repo_path: Path, files: list[tuple[str, bytes]]) -> None:
        """Writes `files` into a collection's git repository and commits them, as Xandikos
        keeps a collection."""
        import dulwich.repo
        from dulwich.index import index_entry_from_stat
        from dulwich.objects import Blob

        repo = dulwich.repo.Repo(str(repo_path))
        index = repo.open_index()
        blobs = []
        for name, data in files:
            p = repo_path / name
            p.write_bytes(data)
            blob = Blob.from_string(data)
            blobs.append((blob, None))
            index[name.encode()] = index_entry_from_stat(os.lstat(p), blob.id)
        repo.object_store.add_objects(blobs)
        tree = index.commit(repo.object_store)
        index.write()
        repo.get_worktree().commit(message=b"Load benchmark data", tree=tree,
                                   committer=b"bench <bench@localhost>", author=b"bench <bench@localhost>")

    def command(self) -> list[str]:
        return [str(Path(sys.executable).parent / "xandikos"), "serve", "-d", str(self.work / "root"),
                "--defaults", "-l", "127.0.0.1", "-p", str(self.port), "--no-detect-systemd"]


class Nginx(Server):
    """Static files with the bytes another server answered, served by GET."""
    name = "nginx"
    calendar_path = "/"
    auth = False

    def prepare(self) -> None:
        self.root = self.work / "root"
        self.root.mkdir()
        # when run as root, nginx's workers run as nobody: let them reach the files
        os.chmod(self.work.parent, 0o711)
        os.chmod(self.work, 0o755)
        os.chmod(self.root, 0o755)

    def add_file(self, rel: str, data: bytes) -> str:
        p = self.root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(p.parent, 0o755)
        p.write_bytes(data)
        os.chmod(p, 0o644)
        return "/" + rel

    def command(self) -> list[str]:
        w = self.work
        (w / "nginx.conf").write_text(nginx_preamble(w) + f"""
    default_type application/octet-stream;
    types {{ application/xml xml; text/calendar ics; }}
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    server {{
        listen 127.0.0.1:{self.port};
        root {self.root};
    }}
}}
""")
        return ["nginx", "-p", str(w), "-c", str(w / "nginx.conf"), "-e", str(w / "error.log")]

    def start(self, timeout: float = 30) -> float:
        self.port = free_port()
        logf = open(self.log_path, "ab")
        t0 = time.monotonic()
        self.proc = subprocess.Popen(self.command(), stdout=logf, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=self.work)
        logf.close()
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.proc.returncode}; see {self.work}/error.log")
            try:
                status, _ = self.request("GET", "/health.txt", timeout=5)
                if status == 200:
                    return time.monotonic() - t0
            except OSError:
                pass
            if time.monotonic() - t0 > timeout:
                raise RuntimeError("nginx did not answer")
            time.sleep(0.002)

    # nginx stops gracefully on SIGQUIT; its workers are child processes.
    stop_signal = signal.SIGQUIT

    def pids(self) -> list[int]:
        return [self.proc.pid] + self.children(self.proc.pid)

    @staticmethod
    def children(pid: int) -> list[int]:
        try:
            return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            return []


# --------------------------------------------------------------------------------------
# wrk

def write_spec(path: Path, statuses, responses: int, vcal: int, headers: dict, reqs) -> Path:
    with open(path, "wb") as f:
        f.write(f"E {','.join(str(s) for s in statuses)} {responses} {vcal}\n".encode())
        for k, v in headers.items():
            f.write(f"H {k}: {v}\n".encode())
        for method, p, body in reqs:
            body = body or b""
            f.write(f"R {method} {p} {len(body)}\n".encode())
            f.write(body)
            f.write(b"\n")
    return path


def nginx_preamble(w: Path) -> str:
    """The start of an nginx.conf for a server run from folder `w` (its temporary folders
    made): two workers, no access log, up to the opening of the http block."""
    for d in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (w / "tmp" / d).mkdir(parents=True, exist_ok=True)
    return f"""
worker_processes 2;
daemon off;
pid {w}/nginx.pid;
error_log {w}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {w}/tmp/client_body;
    proxy_temp_path {w}/tmp/proxy;
    fastcgi_temp_path {w}/tmp/fastcgi;
    uwsgi_temp_path {w}/tmp/uwsgi;
    scgi_temp_path {w}/tmp/scgi;
"""


def run_wrk(server: Server, spec: Path, mode: str, duration: float, args, deadline: float | None = None) -> dict:
    """Runs wrk with dav.lua; returns its JSON plus rates, load-generator and server CPU."""
    outdir = Path(tempfile.mkdtemp(dir=spec.parent, prefix="wrk-"))
    threads = args.threads
    if mode == "once":
        deadline = deadline if deadline is not None else 1e9
        wrk_duration = int(min(deadline, args.once_limit)) + 3600
    else:
        wrk_duration = max(1, int(round(duration)))
    cmd = ["wrk", "-t", str(threads), "-c", str(args.concurrency), "-d", f"{wrk_duration}s",
           "--timeout", f"{int(args.request_timeout)}s", "-s", str(HERE / "dav.lua"),
           f"http://127.0.0.1:{server.port}", "--", str(spec), mode, str(threads),
           str(deadline if deadline is not None else 0), str(outdir)]
    waited = server.wait_idle(args.request_timeout)
    if waited > 1:
        log(f"{server.name}: idle after {waited:.1f} s")
    cpu0 = server.cpu_seconds()
    extra0 = server.extra_cpu_seconds()
    stdout_path = outdir / "wrk.out"
    t0 = time.monotonic()
    with open(stdout_path, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    hard_limit = (min(deadline, args.once_limit) + 120) if mode == "once" else duration + args.request_timeout + 60
    interrupted = False
    try:
        while True:
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            elapsed = time.monotonic() - t0
            if not interrupted and mode == "once":
                done = len(list(outdir.glob("done.*")))
                if done >= threads or elapsed > hard_limit:
                    proc.send_signal(signal.SIGINT)
                    interrupted = True
            elif not interrupted and elapsed > hard_limit:
                proc.send_signal(signal.SIGINT)
                interrupted = True
            server.sample_rss()
            time.sleep(0.02)
    except BaseException:
        # interrupted (Ctrl-C): wrk would otherwise run on for its whole -d
        proc.kill()
        proc.wait()
        raise
    wall = time.monotonic() - t0
    cpu1 = server.cpu_seconds()
    extra1 = server.extra_cpu_seconds()
    text = stdout_path.read_text(errors="replace")
    m = re.search(r"^BENCHJSON (\{.*\})$", text, re.M)
    if not m:
        raise RuntimeError(f"wrk printed no result:\n{text[-2000:]}")
    res = json.loads(m.group(1))
    window = res["window_s"]
    res["rate"] = res["received"] / window if window > 0 else 0.0
    res["wrk_cpu_pct"] = 100.0 * (rusage.ru_utime + rusage.ru_stime) / wall
    res["server_cpu_pct"] = 100.0 * (cpu1 - cpu0) / window if window > 0 else 0.0
    res["extra_cpu_pct"] = {k: 100.0 * (extra1[k] - extra0[k]) / window if window > 0 else 0.0
                            for k in extra1 if k in extra0}
    # CPU per answer; /proc counts in clock ticks (10 ms), so it needs a few hundred ms of CPU
    n = res["received"]
    res["server_cpu_ms"] = 1000.0 * (cpu1 - cpu0) / n if n else None
    res["extra_cpu_ms"] = {k: 1000.0 * (extra1[k] - extra0[k]) / n for k in extra1 if k in extra0} if n else {}
    res["wall_s"] = wall
    shutil.rmtree(outdir, ignore_errors=True)
    return res


# --------------------------------------------------------------------------------------
# the workload

class Workload:
    def __init__(self, args):
        self.args = args
        self.events = eventgen.generate(args.events, spread=args.spread)
        self.n = len(self.events)
        self.expected_query = eventgen.expected_matches(self.events)
        rng = random.Random(7)
        self.multiget_sets = [rng.sample(range(self.n), min(50, self.n)) for _ in range(64)]
        self.get_set = [rng.randrange(self.n) for _ in range(256)]
        self.changed = rng.sample(range(self.n), min(10, self.n))
        # query_random: 30-day windows from a random minute of the events' years
        first = min(e.start.year for e in self.events)
        last = max(e.start.year for e in self.events)
        t0 = dt.datetime(first, 1, 1, tzinfo=dt.timezone.utc)
        minutes = int((dt.datetime(last, 12, 1, tzinfo=dt.timezone.utc) - t0).total_seconds() // 60)
        starts = (t0 + dt.timedelta(minutes=rng.randrange(minutes)) for _ in range(100_000))
        self.windows = [time_range(s, s + dt.timedelta(days=30)) for s in starts]


def check_py(label: str, status: int, body: bytes, statuses, responses: int, vcal: int, component: str = "VCALENDAR") -> str:
    """The same checks as dav.lua, in python, on the one answer that bench.py keeps: the status,
    the number of DAV:responses, and of `component`s (VCALENDAR; bench_carddav.py's VCARD)."""
    if status not in statuses:
        return f"{label}: status {status}"
    if responses >= 0 and count_responses(body) != responses:
        return f"{label}: responses {count_responses(body)} (want {responses})"
    begin, end = f"BEGIN:{component}".encode(), f"END:{component}".encode()
    if vcal >= 0 and body.count(begin) != vcal:
        return f"{label}: {component} {body.count(begin)} (want {vcal})"
    if vcal == -2:
        r, b, e = count_responses(body), body.count(begin), body.count(end)
        if b != r or e != r or not re.search(rb"multistatus>\s*$", body[-64:]):
            return f"{label}: responses {r}, BEGIN:{component} {b}, END:{component} {e} (want them equal, multistatus closed)"
    return ""


class Session:
    """One server's run of a benchmark (this one or bench_carddav.py): its results, its folder
    of wrk specs, and the steps every workload takes (load or seed, start, warm, measure,
    finish). `check(label, status, body, statuses, responses, count)` checks one answer
    (check_py here); `captured` collects answers for nginx, or is None."""

    def __init__(self, server: Server, args, work: Path, captured: dict | None, check):
        self.server, self.args, self.captured, self.check = server, args, captured, check
        self.result = {"server": server.name, "tests": {}, "notes": []}
        self.hdr = server.headers()
        self.xml_hdr = dict(self.hdr, **{"Content-Type": "application/xml; charset=utf-8"})
        self.spec_dir = work / f"specs-{server.name}"
        self.spec_dir.mkdir()

    def note(self, text: str) -> None:
        self.result["notes"].append(text)

    def load_or_seed(self, puts: list[tuple[str, bytes]], content_type: str, what: str) -> bool:
        """Prepares the server; one that is loaded directly says so, any other is started,
        seeded by PUT (If-None-Match: *) at the benchmark's concurrency and stopped.
        Returns whether it was seeded."""
        server, args = self.server, self.args
        server.prepare()
        if server.description:
            self.note(server.description)
        if server.loaded_directly:
            self.result["load_s"] = server.load_s
            log(f"{server.name}: wrote {len(puts)} {what} into its storage in {server.load_s:.1f} s")
            return False
        server.start()
        spec = write_spec(self.spec_dir / "seed.spec", [201], -1, -1,
                          dict(self.hdr, **{"Content-Type": content_type, "If-None-Match": "*"}),
                          [("PUT", href, data) for href, data in puts])
        log(f"{server.name}: seeding {len(puts)} {what} by PUT at concurrency {args.concurrency}")
        res = run_wrk(server, spec, "once", 0, args)
        self.result["tests"]["seed"] = res
        bad = res["bad_status"] + res["bad_count"]
        log(f"{server.name}: seeded {res['received']} in {res['window_s']:.1f} s ({res['rate']:.0f}/s)"
            + (f", {bad} bad ({res['last_bad']})" if bad else "")
            + "".join(f", {k} CPU {v:.0f}%" for k, v in res["extra_cpu_pct"].items()))
        if res["received"] != len(puts):
            self.note(f"seeding: {res['received']} of {len(puts)} PUTs answered")
        server.stop()
        return True

    def start(self) -> None:
        server = self.server
        self.result["startup_s"] = server.start()
        self.result["listen_s"] = server.listen_s
        log(f"{server.name}: listening after {server.listen_s * 1000:.0f} ms, first PROPFIND answered after "
            f"{self.result['startup_s'] * 1000:.0f} ms")

    def measure(self, name: str, spec: Path, mode: str = "cycle", deadline=None, single_s: float = 0.0) -> dict:
        server, args = self.server, self.args
        # A server that takes seconds per answer gets a longer window: up to --max-duration,
        # and beyond it (up to three times it) as long as every connection needs for one
        # answer when the server answers one request at a time (Radicale's query of 10,000
        # cards took 6 s alone, so 45 s gave none of the 8 connections an answer).
        duration = args.duration
        if mode in ("cycle", "random") and single_s * args.concurrency * 3 > duration:
            duration = min(single_s * args.concurrency * 3,
                           max(args.max_duration, duration, min(single_s * args.concurrency * 1.5, 3 * args.max_duration)))
            self.note(f"{name}: measured for {duration:.0f} s (one answer took {single_s:.1f} s)")
        res = run_wrk(server, spec, mode, duration, args, deadline)
        self.result["tests"][name] = res
        bad = res["bad_status"] + res["bad_count"] + res["errors"]["timeout"] + res["errors"]["connect"]
        log(f"{server.name}: {name}: {res['rate']:.1f} req/s, p50 {res['p50_us'] / 1000:.2f} ms, "
            f"p99 {res['p99_us'] / 1000:.2f} ms, {res['received']} answers"
            + (f", {bad} bad ({res['last_bad']})" if bad else "")
            + f", wrk CPU {res['wrk_cpu_pct']:.0f}%, server CPU {res['server_cpu_pct']:.0f}%"
            + (f" ({res['server_cpu_ms']:.2f} ms per answer)" if res["server_cpu_ms"] is not None else "")
            + "".join(f", {k} CPU {v:.0f}%" for k, v in res["extra_cpu_pct"].items()))
        return res

    def warm(self, label, method, path, body, headers, statuses, responses, count, keep=None, settle=False):
        """One request answered and checked before a measurement (kept for nginx under
        `keep`); returns its time, status and body. With `settle`, first waits until the
        server is idle, since this answer's time sets the next window."""
        server = self.server
        if settle:
            waited = server.wait_idle(self.args.request_timeout)
            if waited > 1:
                log(f"{server.name}: idle after {waited:.1f} s")
        t0 = time.monotonic()
        status, data = server.request(method, path, body, headers)
        problem = self.check(label, status, data, statuses, responses, count)
        if problem:
            self.note(f"first answer, {problem}")
            log(f"{server.name}: first answer, {problem}")
        if self.captured is not None and keep is not None:
            self.captured[keep] = data
        return time.monotonic() - t0, status, data

    def random_spec(self, name: str, request: tuple, statuses, responses: int, count: int, headers: dict,
                    items: list[str], k: int) -> Path:
        """The spec of a *_random test: dav.lua draws k of `items` into DRAW for every request."""
        spec = write_spec(self.spec_dir / f"{name}.spec", statuses, responses, count, headers, [request])
        with open(spec, "ab") as f:
            f.write(f"D {k}\n".encode())
            f.write("".join(f"A {x}\n" for x in items).encode())
        return spec

    def syncs(self, path: str, n: int, changes: list[tuple[str, bytes, dict]]) -> None:
        """sync-collection from an empty token (n responses) and, after the `changes` (PUTs
        of href, body, headers), from the token it gave (one response a change)."""
        tests, server = self.args.tests, self.server
        if "sync_initial" not in tests and "sync_after" not in tests:
            return
        body = sync_body("")
        self.warm("sync_initial", "REPORT", path, body, {"Depth": "0"}, [207], n, -1, settle=True)
        w, _, data = self.warm("sync_initial", "REPORT", path, body, {"Depth": "0"}, [207], n, -1, "sync-initial.xml")
        m = re.search(rb"sync-token>([^<]+)</", data)
        if "sync_initial" in tests:
            spec = write_spec(self.spec_dir / "sync_initial.spec", [207], n, -1, dict(self.xml_hdr, Depth="0"), [("REPORT", path, body)])
            self.measure("sync_initial", spec, single_s=w)
        if "sync_after" not in tests:
            return
        if not m:
            self.note("sync-collection: no sync-token in the initial answer")
            return
        for href, data, headers in changes:
            status, _ = server.request("PUT", href, data, headers)
            if status not in (200, 201, 204):
                self.note(f"change PUT answered {status}")
        body = sync_body(m.group(1).decode())
        k = len(changes)
        w, _, _ = self.warm("sync_after", "REPORT", path, body, {"Depth": "0"}, [207], k, -1, "sync-after.xml", settle=True)
        spec = write_spec(self.spec_dir / "sync_after.spec", [207], k, -1, dict(self.xml_hdr, Depth="0"), [("REPORT", path, body)])
        self.measure("sync_after", spec, single_s=w)

    def puts(self, make_pool, content_type: str, what: str) -> tuple[list, dict] | None:
        """PUT of new items (If-None-Match: *) for --duration seconds, from a pool
        `make_pool(size)` of (href, body) large enough at the seeding rate; returns the pool
        and wrk's result."""
        if "put" not in self.args.tests:
            return None
        seed_rate = self.result["tests"].get("seed", {}).get("rate", 0)
        pool = make_pool(max(500, int(seed_rate * self.args.duration * 2.5)))
        spec = write_spec(self.spec_dir / "put.spec", [201], -1, -1, dict(self.hdr, **{"Content-Type": content_type, "If-None-Match": "*"}),
                          [("PUT", href, data) for href, data in pool])
        res = self.measure("put", spec, "once", deadline=self.args.duration)
        if sum(res["sent_per_thread"]) >= len(pool):
            self.note(f"PUT used up its pool of new {what} before the deadline")
        return pool, res

    def finish(self) -> dict:
        """Stops the server and returns the results with its peak memory."""
        server = self.server
        server.sample_rss()
        server.stop()
        self.result["peak_rss_kb"] = server.peak_rss_kb
        if isinstance(server, JadwaldPG):
            server.close()
            self.result["db_peak_rss_kb"] = server.db_peak_rss_kb
            self.result["db_peak_pss_kb"] = server.db_peak_pss_kb
        return self.result


def bench_dav_server(server: Server, wl: Workload, args, work: Path, captured: dict | None) -> dict:
    """Runs the whole workload against one DAV server. `captured` collects answers for nginx."""
    session = Session(server, args, work, captured, check_py)
    result, hdr, xml_hdr, spec_dir = session.result, session.hdr, session.xml_hdr, session.spec_dir
    measure, warm = session.measure, session.warm
    tests = args.tests
    ics_type = "text/calendar; charset=utf-8"
    cal = server.calendar_path
    n = wl.n

    if session.load_or_seed([(server.href(ev), ev.ics) for ev in wl.events], ics_type, "events") and server.measure_floors:
        # on the calendar the reads will see, while no server runs
        try:
            tool = Path(args.jadwald).with_name("jadwal-bench")
            result["floors"] = floors.measure(server.work / "data" / "jadwal.sqlite", work / "floors", args.floor_seconds,
                                              tool if tool.exists() else None)
            if not tool.exists():
                session.note(f"floors: no {tool}, so the put floor is its transaction alone (no admission)")
            result["floors"]["source"] = server.name
            log(f"{server.name}: floors on its database: " + ", ".join(
                f"{k} {v['cpu_ms']:.3f} ms CPU" for k, v in result["floors"].items() if isinstance(v, dict)))
        except (RuntimeError, subprocess.CalledProcessError) as e:
            session.note(f"floors: {e}")
            log(f"{server.name}: floors: {e}")
    session.start()

    def measure_random(name: str, method: str, path: str, body: bytes | None, items: list[str], k: int,
                       statuses, responses: int, vcal: int):
        """One *_random test: checks one answer to a request made as dav.lua makes them, then
        measures with dav.lua drawing k of `items` into DRAW for every request."""
        drawn = "".join(random.Random(11).sample(items, k))
        w, _, _ = warm(name, method, path.replace(DRAW, drawn),
                       body.replace(DRAW.encode(), drawn.encode()) if body else None,
                       {"Depth": "1"} if body else {}, statuses, responses, vcal, settle=True)
        spec = session.random_spec(name, (method, path, body), statuses, responses, vcal,
                                   dict(xml_hdr, Depth="1") if body else hdr, items, k)
        measure(name, spec, "random", single_s=w)

    # PROPFIND Depth 1
    if "propfind" in tests:
        w, _, _ = warm("propfind", "PROPFIND", cal, PROPFIND_BODY, {"Depth": "1"}, [207], n + 1, -1, "propfind")
        result["first_propfind_s"] = w
        w, _, _ = warm("propfind", "PROPFIND", cal, PROPFIND_BODY, {"Depth": "1"}, [207], n + 1, -1)
        spec = write_spec(spec_dir / "propfind.spec", [207], n + 1, -1, dict(xml_hdr, Depth="1"),
                          [("PROPFIND", cal, PROPFIND_BODY)])
        measure("propfind", spec, single_s=w)
    if "query" in tests:
        body = query_body(time_range(eventgen.QUERY_START, eventgen.QUERY_END))
        m = wl.expected_query
        w, _, _ = warm("query", "REPORT", cal, body, {"Depth": "1"}, [207], m, m, "query")
        result["first_query_s"] = w
        w, _, _ = warm("query", "REPORT", cal, body, {"Depth": "1"}, [207], m, m)
        spec = write_spec(spec_dir / "query.spec", [207], m, m, dict(xml_hdr, Depth="1"), [("REPORT", cal, body)])
        measure("query", spec, single_s=w)
    if "query_random" in tests:
        measure_random("query_random", "REPORT", cal, query_body(DRAW), wl.windows, 1, [207], -1, -2)
    if "multiget" in tests:
        bodies = [multiget_body(href_elements([server.href(wl.events[i]) for i in s])) for s in wl.multiget_sets]
        k = len(wl.multiget_sets[0])
        w = 0.0
        for j, body in enumerate(bodies if captured is not None else bodies[:2]):
            w, _, _ = warm("multiget", "REPORT", cal, body, {"Depth": "1"}, [207], k, k, f"multiget/{j}.xml")
        spec = write_spec(spec_dir / "multiget.spec", [207], k, k, dict(xml_hdr, Depth="1"),
                          [("REPORT", cal, b) for b in bodies])
        measure("multiget", spec, single_s=w)
    if "multiget_random" in tests:
        k = min(50, n)
        measure_random("multiget_random", "REPORT", cal, multiget_body(DRAW),
                       [href_elements([server.href(ev)]) for ev in wl.events], k, [207], k, k)
    if "get" in tests:
        for i in (wl.get_set if captured is not None else wl.get_set[:1]):
            warm("get", "GET", server.href(wl.events[i]), None, {}, [200], -1, 1, f"objects/{wl.events[i].name}")
        spec = write_spec(spec_dir / "get.spec", [200], -1, 1, hdr,
                          [("GET", server.href(wl.events[i]), None) for i in wl.get_set])
        measure("get", spec)
    if "get_random" in tests:
        measure_random("get_random", "GET", DRAW, None, [server.href(ev) for ev in wl.events], 1, [200], -1, 1)
    session.syncs(cal, n, [(server.href(wl.events[i]), eventgen.modified(wl.events[i]), {}) for i in wl.changed])
    made = session.puts(lambda size: [(server.href(ev), ev.ics) for ev in eventgen.generate(size, seed=4242, prefix="put")],
                        ics_type, "objects")
    if made and "delete" in tests:
        pool, res = made
        # request i went to thread i mod T, which sent its first k of them
        created = []
        for t, k in enumerate(res["sent_per_thread"]):
            created += list(range(t, len(pool), args.threads))[:k]
        spec = write_spec(spec_dir / "delete.spec", [200, 204], -1, -1, hdr, [("DELETE", pool[i][0], None) for i in sorted(created)])
        measure("delete", spec, "once")
    return session.finish()


def static_reads(server: Nginx, args, work: Path, captured: dict, source: str, reads: list[tuple[str, list[str], int, int]]) -> dict:
    """nginx serving, by GET, files holding `source`'s kept answers: for each read (its name,
    the keys of the answers in `captured`, and the responses and components each holds), wrk
    cycles through those files for --duration seconds, checking them as dav.lua does."""
    result = {"server": "nginx", "tests": {}, "notes": [f"GET of files holding {source}'s answers"]}
    server.prepare()
    server.add_file("health.txt", b"ok\n")
    files = {key: server.add_file(key, data) for key, data in captured.items()}
    result["startup_s"] = server.start()
    spec_dir = work / "specs-nginx"
    spec_dir.mkdir()
    for name, keys, responses, count in reads:
        keys = [x for x in keys if x in files]
        if not keys or name not in args.tests:
            continue
        spec = write_spec(spec_dir / f"{name}.spec", [200], responses, count, {}, [("GET", files[x], None) for x in keys])
        res = run_wrk(server, spec, "cycle", args.duration, args)
        result["tests"][name] = res
        bad = res["bad_status"] + res["bad_count"]
        log(f"nginx: {name}: {res['rate']:.1f} req/s, p50 {res['p50_us'] / 1000:.2f} ms, p99 {res['p99_us'] / 1000:.2f} ms"
            + (f", {bad} bad ({res['last_bad']})" if bad else "") + f", wrk CPU {res['wrk_cpu_pct']:.0f}%")
    server.stop()
    result["peak_rss_kb"] = server.peak_rss_kb
    return result


def bench_nginx(server: Nginx, wl: Workload, args, work: Path, captured: dict, source: str) -> dict:
    n, m, k = wl.n, wl.expected_query, len(wl.multiget_sets[0])
    return static_reads(server, args, work, captured, source, [
        ("propfind", ["propfind"], n + 1, -1),
        ("query", ["query"], m, m),
        ("multiget", [f"multiget/{j}.xml" for j in range(len(wl.multiget_sets))], k, k),
        ("get", [f"objects/{wl.events[i].name}" for i in wl.get_set], -1, 1),
        ("sync_initial", ["sync-initial.xml"], n, -1),
        ("sync_after", ["sync-after.xml"], len(wl.changed), -1),
    ])


# --------------------------------------------------------------------------------------
# report

def fmt_rate(r: float) -> str:
    if r >= 100:
        return f"{r:,.0f}"
    if r >= 10:
        return f"{r:.1f}"
    return f"{r:.2f}"


def fmt_ms(us: float) -> str:
    ms = us / 1000
    return f"{ms:.0f}" if ms >= 100 else (f"{ms:.1f}" if ms >= 10 else f"{ms:.2f}")


def cell(res: dict | None) -> str:
    if not res:
        return "–"
    s = f"{fmt_rate(res['rate'])} ({fmt_ms(res['p50_us'])} / {fmt_ms(res['p99_us'])})"
    bad = res["bad_status"] + res["bad_count"]
    errs = res["errors"]["timeout"] + res["errors"]["connect"] + res["errors"]["read"]
    if bad:
        s += f" ✗ {bad}/{res['received']} wrong: {res['last_bad']}"
    if errs:
        s += f" ✗ {errs} socket errors/timeouts"
    return s


def ratio(a: dict | None, b: dict | None, digits: int = 1) -> str:
    if not a or not b or not b["rate"]:
        return "–"
    return f"{a['rate'] / b['rate']:,.{digits}f}x" if a["rate"] / b["rate"] < 100 else f"{a['rate'] / b['rate']:,.0f}x"


def report(results: dict, wl: Workload, args) -> str:
    servers = [s for s in ALL_SERVERS if s in results]
    out = []
    head = ["measurement"] + [f"{s}" for s in servers]
    pg = [s for s in PG_SERVERS if s in results and "jadwald" in results]
    head += [f"{s} / jadwald" for s in pg]
    if "jadwald" in results and "radicale" in results:
        head.append("jadwald / radicale")
    if "jadwald" in results and "baikal" in results:
        head.append("jadwald / baikal")
    if "jadwald" in results and "nginx" in results:
        head.append("nginx / jadwald")
    head.append("wrk CPU % (max)")
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    rows = ["seed"] + ALL_TESTS
    for t in rows:
        cells = [LABELS[t]]
        any_res = False
        for s in servers:
            res = results[s]["tests"].get(t)
            if t == "seed" and res is None and results[s].get("load_s") is not None:
                cells.append(f"storage written directly ({results[s]['load_s']:.1f} s)")
                continue
            if res:
                any_res = True
            cells.append(cell(res))
        if not any_res:
            continue
        for s in pg:
            cells.append(ratio(results[s]["tests"].get(t), results["jadwald"]["tests"].get(t), 2))
        if "jadwald" in results and "radicale" in results:
            cells.append(ratio(results["jadwald"]["tests"].get(t), results["radicale"]["tests"].get(t)))
        if "jadwald" in results and "baikal" in results:
            cells.append(ratio(results["jadwald"]["tests"].get(t), results["baikal"]["tests"].get(t)))
        if "jadwald" in results and "nginx" in results:
            cells.append(ratio(results["nginx"]["tests"].get(t), results["jadwald"]["tests"].get(t)))
        cpus = [results[s]["tests"][t]["wrk_cpu_pct"] for s in servers if t in results[s]["tests"]]
        cells.append(f"{max(cpus):.0f}" if cpus else "–")
        out.append("| " + " | ".join(cells) + " |")
    extra = len(head) - 1 - len(servers)
    out.append("| start-up until first PROPFIND answer | " + " | ".join(
        (f"{results[s]['startup_s'] * 1000:.0f} ms" if s != "nginx" and results[s].get("startup_s") is not None else "–")
        for s in servers) + " |" + " |" * extra)
    out.append("| peak RSS (VmHWM) | " + " | ".join(
        f"{results[s]['peak_rss_kb'] / 1024:.0f} MB" + (" (sum of both jadwald)" if s == "jadwald-pg2" else "")
        for s in servers) + " |" + " |" * extra)
    if any("db_peak_rss_kb" in results[s] for s in servers):
        out.append("| PostgreSQL's processes: summed peak RSS (VmHWM) / max summed PSS | " + " | ".join(
            (f"{results[s]['db_peak_rss_kb'] / 1024:.0f} MB / {results[s]['db_peak_pss_kb'] / 1024:.0f} MB"
             if "db_peak_rss_kb" in results[s] else "–") for s in servers) + " |" + " |" * extra)
    return "\n".join(out)


# the floor (floors.py) of each measurement that has one
FLOOR_OF = {"multiget_random": "multiget", "multiget": "multiget", "get_random": "get", "get": "get",
            "query_random": "query", "put": "put"}


def floor_reference(results: dict) -> str | None:
    """The jadwald whose CPU the floors are held against: the one without response cache if it ran."""
    return next((s for s in ("jadwald-nocache", "jadwald") if s in results), None)


def cpu_cell(res: dict | None) -> str:
    if not res or res.get("server_cpu_ms") is None:
        return "–"
    return f"{res['server_cpu_ms']:.2f}" + "".join(f" (+{v:.2f} {k})" for k, v in res["extra_cpu_ms"].items())


def cpu_report(results: dict, floors_result: dict | None) -> str:
    """CPU ms per answer of every server for every measurement, with the floors beside them."""
    servers = [s for s in ALL_SERVERS if s in results]
    ref = floor_reference(results)
    head = ["measurement"] + servers
    if floors_result and ref:
        head += ["floor (CPU ms)", f"{ref} / floor"]
    if "jadwald" in results and "baikal" in results:
        head.append("baikal / jadwald")
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for t in ["seed"] + ALL_TESTS:
        tests = [results[s]["tests"].get(t) for s in servers]
        if not any(tests):
            continue
        cells = [LABELS[t]] + [cpu_cell(r) for r in tests]
        if floors_result and ref:
            floor = floors_result.get(FLOOR_OF.get(t, ""))
            mine = results[ref]["tests"].get(t)
            cells.append(f"{floor['cpu_ms']:.3f}" if floor else "–")
            cells.append(f"{mine['server_cpu_ms'] / floor['cpu_ms']:.1f}x"
                         if floor and mine and mine.get("server_cpu_ms") else "–")
        if "jadwald" in results and "baikal" in results:
            j, b = results["jadwald"]["tests"].get(t), results["baikal"]["tests"].get(t)
            cells.append(f"{b['server_cpu_ms'] / j['server_cpu_ms']:.1f}x"
                         if j and b and j.get("server_cpu_ms") and b.get("server_cpu_ms") else "–")
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def targets(results: dict, wl: Workload, floors_result: dict | None) -> list[str]:
    lines = []

    def mark(ok):
        return "met" if ok else "MISSED"
    ref = floor_reference(results)
    if floors_result and ref:
        for t in ["multiget_random", "query_random", "put"]:
            res, floor = results[ref]["tests"].get(t), floors_result[FLOOR_OF[t]]
            if res and res.get("server_cpu_ms"):
                q = res["server_cpu_ms"] / floor["cpu_ms"]
                lines.append(f"{mark(q <= 3)}: {LABELS[t]}: {ref} CPU {res['server_cpu_ms']:.2f} ms per answer is "
                             f"{q:.1f}x its floor {floor['cpu_ms']:.3f} ms (target <= 3x)")
    j = results.get("jadwald")
    if not j:
        return lines
    jt = j["tests"]
    r = results.get("radicale", {}).get("tests", {})
    x = results.get("nginx", {}).get("tests", {})

    def versus_radicale(t, label, target):
        if t not in jt or t not in r:
            return
        if r[t]["rate"] <= 0:
            # Radicale finished no request within the measurement's time limit.
            lines.append(f"{mark(jt[t]['rate'] > 0)}: {label}: Radicale answered none in time, jadwald {jt[t]['rate']:,.0f}/s")
            return
        q = jt[t]["rate"] / r[t]["rate"]
        lines.append(f"{mark(q >= target)}: {label}: {q:,.0f}x Radicale (target >= {target}x)")
    for t in ["propfind", "query", "multiget", "sync_initial", "sync_after"]:
        versus_radicale(t, LABELS[t], 100)
    versus_radicale("put", "PUT", 20)
    for t in READ_TESTS:
        if t in jt and t in x:
            q = x[t]["rate"] / jt[t]["rate"]
            lines.append(f"{mark(q <= 3)}: {LABELS[t]}: nginx is {q:.1f}x jadwald (target <= 3x)")
    if "query" in jt:
        p99 = jt["query"]["p99_us"] / 1000
        lines.append(f"{mark(p99 < 20)}: one-month query p99 {p99:.1f} ms with {wl.n} events (target < 20 ms)")
    lines.append(f"{mark(j['peak_rss_kb'] / 1024 < 150)}: peak RSS {j['peak_rss_kb'] / 1024:.0f} MB (target < 150 MB)")
    lines.append(f"{mark(j['startup_s'] < 1)}: start-up {j['startup_s'] * 1000:.0f} ms (target < 1 s)")
    bad = [f"{s}/{t}" for s in results for t, res in results[s]["tests"].items()
           if res["bad_status"] + res["bad_count"]]
    if any(b.split("/")[0].startswith("jadwald") for b in bad):
        lines.append("MISSED: jadwald gave wrong answers: "
                     + ", ".join(b for b in bad if b.split("/")[0].startswith("jadwald")))
    return lines


def run_servers(args, work: Path, order: list[str], items: list, classes: dict, run_one, run_nginx,
                before=None, after=None) -> tuple[dict, str | None]:
    """Benchmarks every server of --servers, in `order`, each with `run_one(server, captured)`
    (`captured` collects the first server's answers, else None), then nginx serving those
    answers with `run_nginx(server, captured, source)`; stops every server and removes the
    work folder (unless --keep) at the end. `before(name, server)` and `after(name, result)`
    run around each server. Returns the results and the name of the server nginx copied."""
    results: dict = {}
    captured: dict = {}
    capture_source = None
    live: list[Server] = []
    try:
        for name in [s for s in order if s in args.servers and s != "nginx"]:
            server = classes[name](work, items, args)
            if before:
                before(name, server)
            live.append(server)
            try:
                results[name] = run_one(server, captured if capture_source is None else None)
            except Exception as e:  # noqa: BLE001 - report and go on with the next server
                log(f"{name}: failed: {e}")
                server.stop()
                server.close()
                continue
            if capture_source is None:
                capture_source = name
            if after:
                after(name, results[name])
        if "nginx" in args.servers:
            if not captured:
                log("nginx: no DAV server ran, so there are no answers to serve")
            else:
                server = Nginx(work, items, args)
                live.append(server)
                results["nginx"] = run_nginx(server, captured, capture_source)
    finally:
        for s in live:
            try:
                s.stop()
                s.close()
            except Exception as e:  # noqa: BLE001
                log(f"stopping {s.name}: {e}")
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            log(f"kept {work}")
    return results, capture_source


def add_common_options(p: argparse.ArgumentParser, count: str, what: str, all_servers: list[str], default_servers: list[str],
                       all_tests: list[str]) -> None:
    """The options every server benchmark takes (this one and bench_carddav.py): `--{count}`
    items in the collection, and how the measurements run."""
    p.add_argument(f"--{count}", type=int, default=10000, help=f"{what} in the collection (default 10000)")
    p.add_argument("--duration", type=float, default=10.0, help="seconds per measurement (default 10)")
    p.add_argument("--servers", default=",".join(default_servers),
                   help=f"comma-separated subset of {','.join(all_servers)} (default {','.join(default_servers)})")
    p.add_argument("--tests", default=",".join(all_tests), help="comma-separated subset of " + ",".join(all_tests))
    p.add_argument("--quick", action="store_true", help=f"1000 {what}, 3 s per measurement")
    p.add_argument("--max-duration", type=float, default=45,
                   help="longest window for a server that takes seconds per answer (default 45)")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    p.add_argument("--request-timeout", type=float, default=120, help="wrk timeout per request, seconds")
    p.add_argument("--once-limit", type=float, default=1800, help="upper bound for a count-bounded run, seconds")
    p.add_argument("--jadwald", default=str(ROOT / ".build" / "release" / "jadwald"))
    p.add_argument("--json", help="also write all results to this file")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder")


def parse_common_options(p: argparse.ArgumentParser, count: str, all_servers: list[str], all_tests: list[str]) -> argparse.Namespace:
    """Parses the command line, applying --quick and checking the server and test names."""
    args = p.parse_args()
    args.jadwald = os.path.abspath(args.jadwald)
    if args.quick:
        if f"--{count}" not in sys.argv:
            setattr(args, count, 1000)
        if "--duration" not in sys.argv:
            args.duration = 3.0
    args.servers = [s for s in args.servers.split(",") if s]
    args.tests = [t for t in args.tests.split(",") if t]
    for s in args.servers:
        if s not in all_servers:
            p.error(f"unknown server {s}")
    for t in args.tests:
        if t not in all_tests:
            p.error(f"unknown test {t}")
    return args


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common_options(p, "events", "events", ALL_SERVERS, DEFAULT_SERVERS, ALL_TESTS)
    p.add_argument("--spread", action="store_true",
                   help="spread the events over more years as their number grows past 10000, so the "
                        "one-month query returns about as many as with 10000 (see events.py)")
    p.add_argument("--baseline", help="another jadwald binary, measured as jadwald-base (add it to --servers)")
    p.add_argument("--baikal-sources", default="/work/.mirror",
                   help="folder with git repositories of sabre-io/Baikal and sabre-io/{dav,vobject,http,event,xml,uri} "
                        "(as <owner>+<name>/repo, <name>.git or <name>/.git), for --servers baikal (default /work/.mirror)")
    p.add_argument("--floor-seconds", type=float, default=1.0,
                   help="time per floor (floors.py) on jadwald's database after its run (default 1; 0: none)")
    args = parse_common_options(p, "events", ALL_SERVERS, ALL_TESTS)

    t_begin = time.monotonic()
    wl = Workload(args)
    rec = sum(e.recurring for e in wl.events)
    log(f"{wl.n} events ({rec} recurring, {sum(e.all_day for e in wl.events)} all-day, "
        f"{sum(e.tzid is not None for e in wl.events)} with VTIMEZONE, "
        f"{sum(b'BEGIN:VALARM' in e.ics for e in wl.events)} with VALARM, "
        f"{sum(len(e.ics) for e in wl.events) / 1e6:.1f} MB); June 2026 query must return {wl.expected_query}")
    work = Path(tempfile.mkdtemp(prefix="jadwal-server-bench-"))
    classes = {"jadwald": Jadwald, "jadwald-nocache": JadwaldNoCache, "jadwald-base": JadwaldBase,
               "jadwald-pg": JadwaldPG, "jadwald-base-pg": JadwaldBasePG, "jadwald-pg2": JadwaldPG2, "radicale": Radicale, "baikal": Baikal,
               "xandikos": Xandikos}
    floors_result = None

    def before(name: str, server: Server) -> None:
        server.measure_floors = floors_result is None and name in ("jadwald", "jadwald-nocache") and args.floor_seconds > 0

    def after(name: str, result: dict) -> None:
        nonlocal floors_result
        floors_result = floors_result or result.get("floors")

    results, capture_source = run_servers(
        args, work, ALL_SERVERS, wl.events, classes,
        lambda server, keep: bench_dav_server(server, wl, args, work, keep),
        lambda server, captured, source: bench_nginx(server, wl, args, work, captured, source),
        before=before, after=after)

    elapsed = time.monotonic() - t_begin
    mem_gib = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    print()
    spread = " spread over more years" if args.spread and wl.n > 10000 else ""
    print(f"Server benchmark, {dt.date.today()}: {wl.n} events{spread} ({rec} recurring), one-month query returns "
          f"{wl.expected_query} objects; concurrency {args.concurrency} (wrk, {args.threads} threads), "
          f"{args.duration:g} s per measurement; {os.cpu_count()} cores, {mem_gib:.0f} GiB, {platform.platform()}; "
          f"whole run {elapsed / 60:.1f} min.")
    print("Cells: requests/s (p50 / p99 latency in ms); ✗ marks answers that failed the checks.")
    if "nginx" in results:
        print(f"nginx answers GETs of static files holding the same bytes as {capture_source}'s answers.")
    if any(s in results for s in PG_SERVERS):
        print("jadwald-pg: one jadwald on a fresh PostgreSQL database (initdb defaults, fsync on, Unix socket); "
              "jadwald-pg2: two jadwald on one such database behind nginx (round robin, 2 workers, keepalive). "
              "Their peak RSS is jadwald's alone (jadwald-pg2: the sum over both instances; not the balancer); "
              "PostgreSQL's own is a separate row (VmHWM counts shared buffers in every process that touched them, "
              "PSS shares them out). Start-up is with PostgreSQL already running.")
    print()
    print(report(results, wl, args))
    print()
    print("Server CPU per answer, ms (user + system time of the server's processes over the measurement, "
          "divided by the answers; in brackets a helper's: PostgreSQL, a balancer, Baïkal's nginx)"
          + (f"; floors (floors.py) measured on {floors_result['source']}'s database "
             f"({floors_result['objects']} objects)" if floors_result else "") + ":")
    print()
    print(cpu_report(results, floors_result))
    print()
    for line in targets(results, wl, floors_result):
        print(line)
    for s in results:
        for note in results[s]["notes"]:
            print(f"note: {s}: {note}")
    if args.json:
        Path(args.json).write_text(json.dumps({"events": wl.n, "expected_query": wl.expected_query,
                                               "date": str(dt.date.today()), "args": vars(args),
                                               "results": results, "floors": floors_result}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
