"""Findings of a security audit, end to end against a real jadwald: canonically equal user
names, unauthenticated memory, connection limits, lock-outs that spare the owner's devices,
client addresses behind a proxy in the log, access tokens after deletion and password
resets, webhook SSRF, file modes, secrets in mail, XML attribute floods and OpenID
Connect subjects. Each test starts its own server on a fresh data folder."""
import base64
import http.client
import http.server
import json
import os
import re
import select
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import SIMPLE_EVENT, Server, free_port

from test_admin_page import Browser
from test_api import CLIENT_ID, ISSUER, KeySet
from test_sign_in import link_token, mails

AMAL_PASSWORD = "amal-password-1"
OMAR_PASSWORD = "omar-password-1"
ROOT_PASSWORD = "root-password-1"
MB = 1 << 20


# ---------------------------------------------------------------------------------------
# Servers and clients


def cli(server, *args, input=None):
    """`jadwald ARGS --data DIR`, with the password (or nothing) on standard input."""
    return subprocess.run([server.binary, *args, "--data", server.data_dir], input=input if input is not None else "",
                          text=True, capture_output=True, timeout=120)


def add_user(server, name, password, *extra):
    done = cli(server, "user", "add", name, "--password-stdin", *extra, input=password + "\n")
    assert done.returncode == 0, f"user add {name!r}: {done.stdout}{done.stderr}"


@pytest.fixture
def jadwal(request, tmp_path):
    """Makes and starts servers: amal (amal@example.org) and omar, then the given config."""
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    started = []

    def make(config=None, users=True, admin=False, data_dir=None, make_dir=True, log_path=None):
        instance = Server(binary, data_dir or tmp_path / "data", log_path=log_path)
        if make_dir:
            os.makedirs(instance.data_dir, exist_ok=True)
        if users:
            add_user(instance, "amal", AMAL_PASSWORD, "--email", "amal@example.org")
            add_user(instance, "omar", OMAR_PASSWORD)
        if admin:
            add_user(instance, "root", ROOT_PASSWORD, "--admin")
        instance.config = config
        started.append(instance)
        instance.start()
        return instance

    yield make
    for instance in started:
        instance.stop()


def basic(user, password):
    return "Basic " + base64.b64encode(f"{user}:{password}".encode("utf-8")).decode()


def call(server, method, path, body=None, headers=None, auth=None, timeout=30):
    """One request on a new connection; returns status, headers (lower-case names), body."""
    headers = dict(headers or {})
    if auth:
        headers["Authorization"] = auth
    if isinstance(body, str):
        body = body.encode("utf-8")
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def api(server, method, path, body=None, auth=None, headers=None, timeout=30):
    """A JSON API call to /api/v1 + path; returns status, headers and the decoded body."""
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers["Content-Type"] = "application/json"
    status, answer_headers, answer = call(server, method, "/api/v1" + path, data, headers, auth, timeout)
    try:
        decoded = json.loads(answer) if answer else None
    except ValueError:
        decoded = answer
    return status, answer_headers, decoded


PROPFIND_BODY = b'<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><displayname/><getetag/></prop></propfind>'


def propfind(server, path, auth, headers=None, timeout=30):
    return call(server, "PROPFIND", path, PROPFIND_BODY, {"Depth": "0", "Content-Type": "application/xml", **(headers or {})},
                auth, timeout)[0]


def event(uid, summary):
    return SIMPLE_EVENT.format(uid=uid, summary=summary).replace("\n", "\r\n").encode()


def email_sign_in(server, address="amal@example.org", already=0):
    """The email link flow: ask for a link, read it from the outbox, trade it for a session."""
    status, _, _ = api(server, "POST", "/auth/email", {"email": address})
    assert status == 202
    token = link_token(mails(server, already + 1)[already])
    status, _, session = api(server, "POST", "/auth/complete", {"token": token})
    assert status == 200, session
    return session


def wait_closed(sock, timeout=15):
    """True once the server closes the connection (EOF or reset) within `timeout` seconds;
    whatever it sends before that is returned too."""
    deadline = time.time() + timeout
    received = b""
    while time.time() < deadline:
        sock.settimeout(max(0.05, deadline - time.time()))
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return True, received
        except socket.timeout:
            break
        if not chunk:
            return True, received
        received += chunk
    return False, received


def status_of(data):
    match = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return int(match.group(1)) if match else None


def read_response_head(sock, timeout):
    """Reads until a response head arrives; returns (status, bytes read) or (None, bytes)."""
    deadline = time.time() + timeout
    data = b""
    while b"\r\n\r\n" not in data and time.time() < deadline:
        ready, _, _ = select.select([sock], [], [], max(0.0, deadline - time.time()))
        if not ready:
            break
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            break
        if not chunk:
            break
        data += chunk
    return status_of(data), data


def memory_kb(pid):
    """VmRSS and VmHWM (peak) of a process, in kB."""
    values = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


# ---------------------------------------------------------------------------------------
# 1. Canonically equal user names and email addresses

JOSE = "jos\u00e9"            # NFC
JOSE_NFD = "jose\u0301"       # the same name, decomposed
KELVIN_KARIM = "\u212Aarim"   # KELVIN SIGN, NFKC/case-folds to Karim
AMAL_ARABIC = "\u0623mal"     # ALEF WITH HAMZA ABOVE
AMAL_ARABIC_NFD = "\u0627\u0654mal"  # ALEF + COMBINING HAMZA ABOVE: the same, decomposed


def taken_message(done):
    text = (done.stdout + done.stderr).lower()
    return "taken" in text or "already" in text or "exists" in text


def test_cli_refuses_names_canonically_equal_to_existing_ones(jadwal):
    """`user add` refuses a name equal to an existing one after Unicode normalization
    (NFC/NFKC) or case folding, and says the name is taken."""
    server = jadwal()
    add_user(server, JOSE, "jose-password-1")
    add_user(server, "Karim", "karim-password-1")
    add_user(server, AMAL_ARABIC, "amal-arabic-password-1")
    for name, like in [(JOSE_NFD, JOSE), (KELVIN_KARIM, "Karim"), (AMAL_ARABIC_NFD, AMAL_ARABIC), ("Amal", "amal")]:
        done = cli(server, "user", "add", name, "--password-stdin", input="another-password-1\n")
        assert done.returncode != 0, f"{ascii(name)} was added beside {ascii(like)}"
        assert taken_message(done), f"{ascii(name)}: {done.stdout}{done.stderr}"
    listed = cli(server, "user", "list").stdout
    for name in (JOSE_NFD, KELVIN_KARIM, AMAL_ARABIC_NFD, "Amal"):
        assert not any(line.split("\t")[0] == name for line in listed.splitlines()), listed


def test_admin_api_refuses_names_canonically_equal_to_existing_ones(jadwal):
    """POST /api/v1/admin/users answers 409 for a name canonically equal to an existing one."""
    server = jadwal(admin=True)
    add_user(server, JOSE, "jose-password-1")
    add_user(server, "Karim", "karim-password-1")
    add_user(server, AMAL_ARABIC, "amal-arabic-password-1")
    root = basic("root", ROOT_PASSWORD)
    # A new name is created: the credentials and the request are right.
    status, _, body = api(server, "POST", "/admin/users", {"name": "zaid", "password": "zaid-password-1"}, auth=root)
    assert status == 201, body
    for name in (JOSE_NFD, KELVIN_KARIM, AMAL_ARABIC_NFD, "Amal"):
        status, _, body = api(server, "POST", "/admin/users", {"name": name, "password": "another-password-1"}, auth=root)
        assert status == 409, f"{ascii(name)}: {status} {body}"
    status, _, body = api(server, "GET", "/admin/users", auth=root)
    names = [user["name"] for user in body["users"]]
    assert sorted(names) == sorted(["amal", "omar", "root", "zaid", JOSE, "Karim", AMAL_ARABIC]), names


def test_basic_sign_in_with_another_normalization_or_case_reaches_the_canonical_account(jadwal):
    """`jose\\u0301:password` signs in as josé, `AMAL:password` as amal, `\\u212Aarim` as Karim,
    and each reaches its own calendar home."""
    server = jadwal()
    add_user(server, JOSE, "jose-password-1")
    add_user(server, "Karim", "karim-password-1")
    assert propfind(server, "/dav/calendars/jos%C3%A9/", basic(JOSE, "jose-password-1")) == 207
    assert propfind(server, "/dav/calendars/jos%C3%A9/", basic(JOSE_NFD, "jose-password-1")) == 207
    assert propfind(server, "/dav/calendars/amal/", basic("AMAL", AMAL_PASSWORD)) == 207
    assert propfind(server, "/dav/calendars/Karim/", basic(KELVIN_KARIM, "karim-password-1")) == 207


def test_a_legacy_row_with_a_canonically_equal_name_never_opens_the_other_account(jadwal):
    """Rows made before names were canonical (here by renaming in SQLite) must never sign in
    to the canonically equal account: no 2xx for any method on its home, calendar or object."""
    server = jadwal()
    add_user(server, JOSE, "jose-password-1")
    add_user(server, "Karim", "karim-password-1")
    mkcalendar = (b'<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                  b'<D:set><D:prop><D:displayname>made here</D:displayname></D:prop></D:set></C:mkcalendar>')
    for owner, password, home in [(JOSE, "jose-password-1", "/dav/calendars/jos%C3%A9/"),
                                  ("Karim", "karim-password-1", "/dav/calendars/Karim/")]:
        auth = basic(owner, password)
        for name in ("secret", "second"):
            assert call(server, "PUT", f"{home}calendar/{name}.ics", event(f"{owner}-{name}", f"{owner} private {name}"),
                        {"Content-Type": "text/calendar"}, auth)[0] == 201
        assert call(server, "MKCALENDAR", home + "other/", mkcalendar, {}, auth)[0] == 201
        # Every address attacked below exists and answers its owner, and COPY is well formed.
        assert call(server, "GET", home + "calendar/secret.ics", auth=auth)[0] == 200
        assert propfind(server, home, auth) == 207
        assert call(server, "COPY", home + "calendar/secret.ics", None,
                    {"Destination": server.url + home + "other/check.ics"}, auth)[0] == 201
        assert call(server, "DELETE", home + "other/check.ics", auth=auth)[0] == 204

    # With the server running, two more accounts, then renamed in the database.
    add_user(server, "evil", "evil-password-1")
    add_user(server, "evil2", "evil2-password-1")
    with sqlite3.connect(os.path.join(server.data_dir, "jadwal.sqlite"), timeout=30) as database:
        assert database.execute("UPDATE account SET name = ? WHERE name = 'evil'", (JOSE_NFD,)).rowcount == 1
        assert database.execute("UPDATE account SET name = ? WHERE name = 'evil2'", (KELVIN_KARIM,)).rowcount == 1
    database.close()
    server.restart()

    query = (b'<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
             b'<D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">'
             b'<C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>')
    proppatch = (b'<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>'
                 b'<D:displayname>owned</D:displayname></D:prop></D:set></D:propertyupdate>')
    leaks = []
    for attacker, password, home in [(JOSE_NFD, "evil-password-1", "/dav/calendars/jos%C3%A9/"),
                                     (KELVIN_KARIM, "evil2-password-1", "/dav/calendars/Karim/")]:
        auth = basic(attacker, password)
        calendar = home + "calendar/"
        item = calendar + "secret.ics"
        second = calendar + "second.ics"
        other = server.url + home + "other/"
        attempts = [
            ("GET", item, None, {}),
            ("GET", calendar, None, {}),
            ("PROPFIND", home, PROPFIND_BODY, {"Depth": "1"}),
            ("PROPFIND", calendar, PROPFIND_BODY, {"Depth": "1"}),
            ("PROPFIND", item, PROPFIND_BODY, {"Depth": "0"}),
            ("REPORT", calendar, query, {"Depth": "1"}),
            ("PROPPATCH", calendar, proppatch, {}),
            ("PROPPATCH", item, proppatch, {}),
            ("PUT", calendar + "evil-new.ics", event("evil-new", "EVIL NEW"), {"Content-Type": "text/calendar"}),
            ("PUT", item, event(f"{attacker}-secret", "EVIL OVERWRITE"), {"Content-Type": "text/calendar"}),
            ("MKCOL", home + "evilcol/", None, {}),
            ("MKCALENDAR", home + "evilcal/", mkcalendar, {}),
            ("COPY", item, None, {"Destination": other + "copied.ics"}),
            ("MOVE", second, None, {"Destination": other + "moved.ics"}),
            ("DELETE", item, None, {}),
            ("DELETE", calendar, None, {}),
        ]
        for method, path, body, headers in attempts:
            status = call(server, method, path, body, headers, auth)[0]
            if 200 <= status < 300:
                leaks.append(f"{ascii(attacker)} {method} {path} -> {status}")
    assert not leaks, "\n".join(leaks)

    # josé's objects are as they were (read with the command line: no sign-in involved).
    exported = cli(server, "export", JOSE, "calendar")
    assert exported.returncode == 0, exported.stderr
    assert f"{JOSE} private secret" in exported.stdout and f"{JOSE} private second" in exported.stdout
    assert "EVIL" not in exported.stdout and exported.stdout.count("BEGIN:VEVENT") == 2, exported.stdout


def test_email_addresses_are_unique_regardless_of_case(jadwal):
    """An address differing only in case from amal@example.org is refused by `user add`, by the
    admin API's create and by its PATCH."""
    server = jadwal(admin=True)
    done = cli(server, "user", "add", "bilal", "--email", "AMAL@Example.org", "--password-stdin", input="bilal-password-1\n")
    assert done.returncode != 0, "a second account got amal's address"
    add_user(server, "bilal", "bilal-password-1", "--email", "bilal@example.org")  # the name itself was fine

    root = basic("root", ROOT_PASSWORD)
    status, _, body = api(server, "POST", "/admin/users", {"name": "badr", "email": "AMAL@Example.org"}, auth=root)
    assert 400 <= status < 500, f"{status} {body}"
    assert api(server, "GET", "/admin/users/badr", auth=root)[0] == 404
    status, _, body = api(server, "PATCH", "/admin/users/omar", {"email": "Amal@EXAMPLE.org"}, auth=root)
    assert 400 <= status < 500, f"{status} {body}"
    assert api(server, "GET", "/admin/users/omar", auth=root)[2]["email"] is None


# ---------------------------------------------------------------------------------------
# 2. Unauthenticated memory

BIG = 10 * MB


def big_put(server, path, authorization=None):
    head = (f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/calendar\r\n"
            f"Content-Length: {BIG}\r\n")
    if authorization:
        head += f"Authorization: {authorization}\r\n"
    return (head + "\r\n").encode()


def send_big_body(sock, limit_seconds=10):
    """Tries to send the declared 10 MB; stops when the server stops taking it."""
    sock.settimeout(limit_seconds)
    chunk = b"x" * (256 << 10)
    sent = 0
    try:
        while sent < BIG:
            sock.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    return sent


def test_unauthenticated_bodies_are_not_read_into_memory(jadwal):
    """40 PUT heads declaring 10 MB without credentials and 10 with a wrong password: each is
    answered 401 from the head alone and closed, and the server's memory stays under 200 MB."""
    server = jadwal()
    rss_before, _ = memory_kb(server.process.pid)
    path = "/dav/calendars/amal/calendar/x.ics"
    sockets = []
    lock = threading.Lock()

    def attempt(authorization):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=15)
        with lock:
            sockets.append(sock)
        sock.sendall(big_put(server, path, authorization))
        status, _ = read_response_head(sock, 20)
        early = status is not None
        send_big_body(sock)
        if status is None:
            status, _ = read_response_head(sock, 10)
        closed, _ = wait_closed(sock, 15)
        return status, early, closed

    authorizations = [None] * 40 + [basic("amal", f"wrong-password-{n}") for n in range(10)]
    with ThreadPoolExecutor(max_workers=len(authorizations)) as pool:
        results = list(pool.map(attempt, authorizations))
    rss_after, peak = memory_kb(server.process.pid)
    for sock in sockets:
        sock.close()

    anonymous, wrong = results[:40], results[40:]
    problems = []
    if rss_after >= 200 * 1024 or peak >= 200 * 1024:
        problems.append(f"RSS {rss_after} kB after, peak {peak} kB (was {rss_before} kB before)")
    if [status for status, _, _ in anonymous] != [401] * 40:
        problems.append(f"without credentials: {[status for status, _, _ in anonymous]}")
    if not all(status in (401, 429) for status, _, _ in wrong):
        problems.append(f"with a wrong password: {[status for status, _, _ in wrong]}")
    late = sum(1 for _, early, _ in results if not early)
    if late:
        problems.append(f"{late} of 50 answered only after the body was sent (not from the head alone)")
    left_open = sum(1 for _, _, closed in results if not closed)
    if left_open:
        problems.append(f"{left_open} of 50 connections left open after the 401")
    assert not problems, "; ".join(problems)
    assert call(server, "GET", "/healthz")[0] == 200


def test_a_large_put_into_another_users_calendar_is_refused_before_the_body(jadwal):
    """amal's PUT declaring 10 MB into omar's calendar gets 403 or 404 from the head alone."""
    server = jadwal()
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(big_put(server, "/dav/calendars/omar/calendar/x.ics", basic("amal", AMAL_PASSWORD)))
        status, data = read_response_head(sock, 10)
        assert status in (403, 404), f"no refusal before the body: {data[:200]!r}"
    assert call(server, "GET", "/dav/calendars/omar/calendar/x.ics", auth=basic("omar", OMAR_PASSWORD))[0] == 404


# ---------------------------------------------------------------------------------------
# 3. Connection limits

LIMITS = """
[limits]
header_timeout = 2
body_timeout = 2
idle_timeout = 2
max_connections = 40
"""


def get_healthz(keep_alive=True):
    return f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n{'' if keep_alive else 'Connection: close'}\r\n\r\n".encode()


def read_one_response(sock, timeout):
    """Reads one Content-Length framed response; returns its status or None."""
    status, data = read_response_head(sock, timeout)
    if status is None:
        return None
    head, _, rest = data.partition(b"\r\n\r\n")
    length = int((re.search(rb"(?i)content-length:\s*(\d+)", head) or [None, b"0"])[1])
    sock.settimeout(timeout)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return status


def test_limit_keys_are_accepted_in_the_configuration(jadwal, tmp_path):
    """[limits] header_timeout, body_timeout, idle_timeout and max_connections are settings."""
    server = jadwal(LIMITS)
    assert call(server, "GET", "/healthz")[0] == 200
    assert propfind(server, "/dav/calendars/amal/", basic("amal", AMAL_PASSWORD)) == 207


def test_an_idle_keep_alive_connection_is_closed(jadwal):
    """After one complete request, a connection that stays silent is closed by the server."""
    server = jadwal(LIMITS)
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(get_healthz())
        assert read_one_response(sock, 15) == 200
        closed, extra = wait_closed(sock, 15)
        assert closed, "the idle connection was still open after 15 s"


def test_headers_sent_one_byte_at_a_time_are_cut_off(jadwal):
    """A client that sends its request head one byte every 0.5 s is closed before it finishes
    (header_timeout bounds the whole head, not the gap between bytes)."""
    server = jadwal(LIMITS)
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"s" * 24 + b"\r\n\r\n"
    cut_off = False
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        for byte in request[:-1]:
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                try:
                    data = sock.recv(65536)
                except ConnectionResetError:
                    data = b""
                if not data or status_of(data) not in (None, 200):
                    cut_off = True
                    break
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                cut_off = True
                break
            time.sleep(0.5)
        if not cut_off:
            # The head is one byte short of complete: anything but a close is a failure.
            readable, _, _ = select.select([sock], [], [], 0.5)
            if readable:
                try:
                    cut_off = sock.recv(65536) == b""
                except ConnectionResetError:
                    cut_off = True
    assert cut_off, f"the server waited for all {len(request)} bytes sent over {len(request) / 2:.0f} s"


def test_a_body_that_stops_half_way_is_cut_off(jadwal):
    """A PUT whose body stops after half is closed by the server (body_timeout)."""
    server = jadwal(LIMITS)
    body = event("stalled", "Stalled upload")
    head = (f"PUT /dav/calendars/amal/calendar/stalled.ics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {basic('amal', AMAL_PASSWORD)}\r\nContent-Type: text/calendar\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(head + body[:len(body) // 2])
        closed, received = wait_closed(sock, 15)
        assert closed, "the half-sent PUT was still open after 15 s"
        status = status_of(received)
        assert status is None or status >= 400, received[:200]
    assert call(server, "GET", "/dav/calendars/amal/calendar/stalled.ics", auth=basic("amal", AMAL_PASSWORD))[0] == 404


def test_idle_connections_are_shed_beyond_max_connections(jadwal):
    """With 60 idle keep-alive connections open and max_connections = 40, a fresh request is
    still answered: the oldest idle connections are shed. (Timeouts here are long, so only
    shedding can free a place within the deadline.)"""
    server = jadwal("""
[limits]
header_timeout = 30
body_timeout = 30
idle_timeout = 120
max_connections = 40
""")
    idle = []
    answered = 0
    failures = 0
    try:
        for _ in range(60):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            idle.append(sock)
            try:
                sock.sendall(get_healthz())
                if read_one_response(sock, 3) == 200:
                    answered += 1
                    continue
            except OSError:
                pass
            failures += 1
            if failures >= 3:
                break
        status, _, body = call(server, "GET", "/healthz", timeout=15)
        assert status == 200 and body == b"ok\n"
        closed, _ = wait_closed(idle[0], 15)
        assert closed, "the oldest idle connection was not shed"
        assert answered == 60, f"only {answered} of 60 keep-alive connections got their answer"
    finally:
        for sock in idle:
            sock.close()


# ---------------------------------------------------------------------------------------
# 4. Lock-outs that spare the owner's devices

PROXIED = '[http]\ntrusted_proxies = "127.0.0.1"\n'


def from_address(address):
    return {"X-Forwarded-For": address}


def test_guessing_gets_429_while_known_and_new_devices_still_sign_in(jadwal):
    """Wrong passwords for amal from one address turn into 429 with Retry-After after about
    ten; amal's phone, which signed in before, is never refused, and a new device with the
    right password gets in (perhaps after a delay)."""
    server = jadwal(PROXIED)
    phone = from_address("198.51.100.7")
    assert propfind(server, "/dav/calendars/amal/", basic("amal", AMAL_PASSWORD), phone) == 207

    answers = [call(server, "PROPFIND", "/dav/calendars/amal/", PROPFIND_BODY,
                    {"Depth": "0", **from_address("203.0.113.9")}, basic("amal", f"guess-{n}"))[:2] for n in range(20)]
    statuses = [status for status, _ in answers]
    assert set(statuses) <= {401, 429}, statuses
    assert statuses[:5] == [401] * 5, statuses
    assert statuses[-5:] == [429] * 5, statuses
    assert 429 in statuses[:16], statuses
    for status, headers in answers:
        if status == 429:
            assert int(headers["retry-after"]) > 0, headers

    assert propfind(server, "/dav/calendars/amal/", basic("amal", AMAL_PASSWORD), phone) == 207

    new_device = from_address("198.51.100.8")
    deadline = time.time() + 60
    status = None
    while time.time() < deadline:
        status, headers, _ = call(server, "PROPFIND", "/dav/calendars/amal/", PROPFIND_BODY,
                                  {"Depth": "0", **new_device}, basic("amal", AMAL_PASSWORD), timeout=30)
        if status != 429:
            break
        time.sleep(min(int(headers.get("retry-after", "1")), max(0, deadline - time.time()), 30))
    assert status == 207, status


def test_concurrent_guesses_are_limited_too(jadwal):
    """100 wrong passwords for omar sent at once from one address: at most 20 are checked
    (401); the rest get 429."""
    server = jadwal(PROXIED)
    attacker = from_address("203.0.113.10")

    def guess(n):
        try:
            return call(server, "PROPFIND", "/dav/calendars/omar/", PROPFIND_BODY, {"Depth": "0", **attacker},
                        basic("omar", f"guess-{n}"), timeout=90)[0]
        except OSError as error:
            return repr(error)

    with ThreadPoolExecutor(max_workers=100) as pool:
        statuses = list(pool.map(guess, range(100)))
    assert all(status in (401, 429) for status in statuses), statuses
    assert statuses.count(401) <= 20, f"{statuses.count(401)} guesses were checked"


def test_admin_page_sign_in_is_limited_too(jadwal):
    """Repeated wrong passwords for one name on the admin page's sign-in form end in 429 (or a
    page saying to wait)."""
    server = jadwal(admin=True)
    browser = Browser(server.url)
    assert browser.request("/admin/")[0] == 200
    answers = [browser.request("/admin/sign-in", {"user": "root", "password": f"wrong-{n}"}) for n in range(20)]
    statuses = [status for status, _, _ in answers]
    assert all(status in (401, 429) for status in statuses), statuses
    assert statuses[0] == 401

    def limited(status, page):
        text = re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<style.*?</style>", "", page))
        return status == 429 or re.search(r"(?i)too many|wait|try again (later|in)", text)

    assert any(limited(status, page) for status, _, page in answers[-5:]), statuses


# ---------------------------------------------------------------------------------------
# 5. Client addresses behind a proxy, in the log


def log_lines(server, *needles, timeout=5):
    """Lines of the server's log holding every needle (waiting a little for them)."""
    deadline = time.time() + timeout
    while True:
        lines = [line for line in server.log().splitlines() if all(needle in line for needle in needles)]
        if lines or time.time() > deadline:
            return lines
        time.sleep(0.1)


def test_the_log_names_the_forwarded_client_and_the_user(jadwal):
    """Behind a trusted proxy, a request's log line has the X-Forwarded-For address and the
    user; a failed Basic sign-in is logged with the client address and the attempted name."""
    server = jadwal(PROXIED)
    assert propfind(server, "/dav/", basic("amal", AMAL_PASSWORD), from_address("198.51.100.7")) == 207
    assert log_lines(server, "198.51.100.7", "amal"), server.log()[-3000:]

    assert propfind(server, "/dav/", basic("omar", "not-omars-password"), from_address("198.51.100.23")) == 401
    assert log_lines(server, "198.51.100.23", "omar"), server.log()[-3000:]
    assert propfind(server, "/dav/", basic("nobody-here", "some-password"), from_address("198.51.100.24")) == 401
    assert log_lines(server, "198.51.100.24", "nobody-here"), server.log()[-3000:]


def test_x_forwarded_for_from_an_untrusted_peer_is_ignored(jadwal):
    """With trusted_proxies naming another address, X-Forwarded-For is ignored: the log shows
    127.0.0.1, never the forwarded address."""
    server = jadwal('[http]\ntrusted_proxies = "10.9.9.9"\n')
    path = "/dav/calendars/amal/calendar/"
    assert propfind(server, path, basic("amal", AMAL_PASSWORD), from_address("198.51.100.7")) == 207
    lines = log_lines(server, path)
    assert lines, server.log()[-3000:]
    assert all("127.0.0.1" in line and "198.51.100.7" not in line for line in lines), lines


# ---------------------------------------------------------------------------------------
# 6. Access tokens after deletion and password resets


def test_an_access_token_dies_with_its_account_even_if_the_name_returns(jadwal):
    """amal's access token is refused at once after `user delete amal` and `user add amal`."""
    server = jadwal()
    session = email_sign_in(server)
    bearer = "Bearer " + session["accessToken"]
    assert api(server, "GET", "/prayer/settings", auth=bearer)[0] == 200
    assert cli(server, "user", "delete", "amal").returncode == 0
    add_user(server, "amal", "amal-password-2", "--email", "amal@example.org")
    assert api(server, "GET", "/prayer/settings", auth=bearer)[0] == 401


def test_an_admin_password_reset_ends_access_tokens_at_once(jadwal):
    """After POST /api/v1/admin/users/amal/password, amal's access token gets 401."""
    server = jadwal(admin=True)
    session = email_sign_in(server)
    bearer = "Bearer " + session["accessToken"]
    assert api(server, "GET", "/prayer/settings", auth=bearer)[0] == 200
    status, _, body = api(server, "POST", "/admin/users/amal/password", {"password": "amal-password-2"},
                          auth=basic("root", ROOT_PASSWORD))
    assert status == 204, body
    assert api(server, "GET", "/prayer/settings", auth=bearer)[0] == 401


# ---------------------------------------------------------------------------------------
# 7. Webhook SSRF

CHATS = '[chats]\ntime_zone = "Asia/Riyadh"\n'


def set_webhook(server, url):
    return api(server, "PATCH", "/chats/settings", {"webhookUrl": url}, auth=basic("amal", AMAL_PASSWORD))


def test_webhooks_to_internal_addresses_are_refused_by_default(jadwal):
    """Link-local, loopback and private webhook URLs get 400 without [webhooks] allow."""
    server = jadwal(CHATS)
    port = free_port()
    refused = {}
    for url in ["http://169.254.169.254/latest/meta-data", f"http://127.0.0.1:{port}/hook", f"http://localhost:{port}/hook",
                f"http://[::1]:{port}/", "http://10.0.0.5/"]:
        status, _, body = set_webhook(server, url)
        if status != 400:
            refused[url] = (status, body)
    assert not refused, f"accepted: {refused}"
    assert api(server, "GET", "/chats/settings", auth=basic("amal", AMAL_PASSWORD))[2]["webhookUrl"] is None


class Recorder:
    """An HTTP server on `host` that records each request and answers `status` (with
    `location` for a redirect); also counts raw connections."""

    def __init__(self, host, status=204, location=None):
        self.requests = []
        self.connections = 0
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                outer.requests.append((self.command, self.path, dict(self.headers), self.rfile.read(length)))
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_PUT = do_HEAD = handle_any

            def log_message(self, *args):
                pass

        class Counting(http.server.ThreadingHTTPServer):
            def get_request(self):
                connection = super().get_request()
                outer.connections += 1
                return connection

        self.httpd = Counting((host, 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def agree_in_a_chat(server):
    """Two bridge messages that the built-in extractor reads as an agreed event."""
    status, _, body = api(server, "POST", "/chats/bridge-token", auth=basic("amal", AMAL_PASSWORD))
    assert status == 201, body
    bearer = "Bearer " + body["token"]
    now = int(time.time())
    for n, (sender, from_me, text) in enumerate([("Sara", False, "Dinner tomorrow at 8pm at Nozomi?"),
                                                 ("Amal", True, "Works for me, see you there!")]):
        message = {"chatId": "sara", "chatKind": "one_to_one", "chatName": "Sara", "messageId": f"sara-{n}",
                   "senderName": sender, "fromMe": from_me, "timestamp": now - 300 + n * 60, "text": text}
        status, _, answer = api(server, "POST", "/chats/messages", message, auth=bearer)
        assert status == 202, answer


def wait_for(condition, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def test_an_allowed_local_webhook_receives_notices(jadwal):
    """With [webhooks] allow = "127.0.0.1", a receiver on 127.0.0.1 is accepted and notified."""
    server = jadwal(CHATS + '[webhooks]\nallow = "127.0.0.1"\n')
    receiver = Recorder("127.0.0.1")
    try:
        status, _, body = set_webhook(server, f"http://127.0.0.1:{receiver.port}/hook")
        assert status == 200, body
        agree_in_a_chat(server)
        assert wait_for(lambda: receiver.requests, 30), "no webhook arrived"
        method, path, headers, payload = receiver.requests[0]
        assert method == "POST" and path == "/hook" and json.loads(payload)["type"] == "event.created"
    finally:
        receiver.close()


def test_a_webhook_redirect_is_not_followed(jadwal):
    """A receiver answering 302 to http://127.0.0.2:PORT/ sends nothing there."""
    server = jadwal(CHATS + '[webhooks]\nallow = "127.0.0.1"\n')
    target = Recorder("127.0.0.2")
    redirector = Recorder("127.0.0.1", status=302, location=f"http://127.0.0.2:{target.port}/hook")
    try:
        status, _, body = set_webhook(server, f"http://127.0.0.1:{redirector.port}/hook")
        assert status == 200, body
        agree_in_a_chat(server)
        assert wait_for(lambda: redirector.requests, 30), "no webhook arrived"
        time.sleep(5)  # delivered or given up; anything following the redirect would have come
        assert target.connections == 0 and target.requests == [], target.requests
    finally:
        redirector.close()
        target.close()


# ---------------------------------------------------------------------------------------
# 8. File modes


def test_a_fresh_data_folder_and_its_files_are_owner_only(jadwal, tmp_path):
    """The data folder the server makes is 0700, and no file under it, the database and its
    -wal and -shm included, has group or other permission bits."""
    data = tmp_path / "fresh"
    server = jadwal(users=False, data_dir=data, make_dir=False, log_path=str(tmp_path / "serve.log"))
    add_user(server, "amal", AMAL_PASSWORD, "--email", "amal@example.org")
    assert api(server, "POST", "/auth/email", {"email": "amal@example.org"})[0] == 202
    mails(server, 1)
    assert call(server, "PUT", "/dav/calendars/amal/calendar/a.ics", event("a", "A"), {"Content-Type": "text/calendar"},
                basic("amal", AMAL_PASSWORD))[0] == 201

    assert os.stat(data).st_mode & 0o777 == 0o700, oct(os.stat(data).st_mode)
    assert os.path.exists(data / "jadwal.sqlite")
    loose = {}
    for folder, _, files in os.walk(data):
        for name in files:
            path = os.path.join(folder, name)
            mode = os.stat(path).st_mode & 0o777
            if mode & 0o077:
                loose[os.path.relpath(path, data)] = oct(mode)
    assert not loose, f"readable or writable by others: {loose}"


def test_a_data_folder_readable_by_others_is_warned_about(jadwal, tmp_path):
    """Started on an existing data folder with mode 0755, the server logs a warning that the
    folder is readable by others."""
    data = tmp_path / "data"
    os.makedirs(data)
    os.chmod(data, 0o755)
    server = jadwal(data_dir=data)
    lines = [line for line in server.log().splitlines() if "readable" in line.lower() and "other" in line.lower()]
    assert lines and any("warn" in line.lower() for line in lines), server.log()[-3000:]


# ---------------------------------------------------------------------------------------
# 9. Secrets in mail


def test_sign_in_links_are_not_kept_in_clear_in_the_database_or_the_log(jadwal):
    """Without SMTP, the sign-in token in the outbox file appears neither in jadwal.sqlite(-wal)
    nor in the log; the log points at the outbox instead."""
    server = jadwal()
    assert api(server, "POST", "/auth/email", {"email": "amal@example.org"})[0] == 202
    token = link_token(mails(server, 1)[0])
    time.sleep(1)  # the message is marked sent
    pieces = {token, token[:16], token[14:30], token[-16:]}
    database = server.database_bytes()
    log = server.log()
    assert not [piece for piece in pieces if piece.encode() in database], "the sign-in token is in the database"
    assert not [piece for piece in pieces if piece in log], "the sign-in token is in the log"
    assert "outbox" in log, log[-3000:]


# ---------------------------------------------------------------------------------------
# 10. XML attribute floods


def test_an_element_with_80000_attributes_is_refused_and_the_server_goes_on(jadwal):
    """A Depth 0 PROPFIND whose body (~870 KB) puts 80,000 attributes on one element gets 400
    or 413; a normal PROPFIND is answered afterwards."""
    server = jadwal()
    attributes = " ".join(f'a{n}="x"' for n in range(80000))
    body = (f'<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop {attributes}>'
            f'<displayname/></prop></propfind>').encode()
    assert 800_000 < len(body) < 1_000_000
    try:
        status, _, answer = call(server, "PROPFIND", "/dav/calendars/amal/calendar/", body,
                                 {"Depth": "0", "Content-Type": "application/xml"}, basic("amal", AMAL_PASSWORD), timeout=60)
    except socket.timeout:
        pytest.fail("no answer to the attribute flood within 60 s")
    assert status in (400, 413), (status, answer[:300])
    assert propfind(server, "/dav/calendars/amal/calendar/", basic("amal", AMAL_PASSWORD)) == 207


# ---------------------------------------------------------------------------------------
# 11. OpenID Connect subjects

def test_an_account_stays_bound_to_its_first_openid_subject(jadwal):
    """After amal signs in with sub "google-1", a token for the same verified email with sub
    "google-2" is refused."""
    keyset = KeySet()
    try:
        server = jadwal(f'[auth.oidc]\nissuer = "{ISSUER}"\njwks_url = "{keyset.url}"\nclient_ids = "{CLIENT_ID}"\n')
        status, _, session = api(server, "POST", "/auth/oidc", {"idToken": keyset.token(sub="google-1")})
        assert status == 200 and session["user"] == "amal", session
        status, _, body = api(server, "POST", "/auth/oidc", {"idToken": keyset.token(sub="google-2")})
        assert status in (401, 403), f"{status} {body}"
        status, _, again = api(server, "POST", "/auth/oidc", {"idToken": keyset.token(sub="google-1")})
        assert status == 200, again
    finally:
        keyset.close()
