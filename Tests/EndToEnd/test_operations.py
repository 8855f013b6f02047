"""What an operator meets running jadwald: readiness and gauges, warnings about settings,
HEAD on feeds, the front page for browsers, setup links on Android, a port in use, data
folders without a database, backup and restore with a secret key outside the data folder,
and errors in plain words."""
import base64
import hashlib
import html
import os
import re
import socket
import subprocess
import urllib.error
import urllib.request

import pytest

from conftest import SIMPLE_EVENT, Server, request

ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"
NO_AUTH = {}
FEED = "/feeds/prayer.ics?lat=21.4225&lon=39.8262&tz=Asia/Riyadh"


@pytest.fixture
def binary(request):
    return os.path.abspath(request.config.getoption("--jadwald"))


def run(binary, *args, input=None, env=None):
    """One jadwald command; returns the finished process (text output)."""
    return subprocess.run([binary, *args], input=input, capture_output=True, text=True, timeout=60,
                          env=env if env is not None else os.environ.copy())


def clean_environment():
    """The environment without any JADWAL_ variable, so only flags and files count."""
    return {key: value for key, value in os.environ.items() if not key.startswith("JADWAL_")}


def raw(server, method, path, headers=None):
    """One request on its own connection, read to the end: status, headers and every byte after them,
    so a HEAD answer that wrongly carries a body shows it."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), fields, body


def get(url, agent=ANDROID, auth=None, method="GET", headers=None):
    request_ = urllib.request.Request(url, method=method, headers={"User-Agent": agent, **(headers or {})})
    if auth:
        request_.add_header("Authorization", "Basic " + base64.b64encode(auth.encode()).decode())
    try:
        with urllib.request.urlopen(request_, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def log_of(server):
    with open(os.path.join(server.data_dir, "serve.log"), "rb") as file:
        return file.read().decode(errors="replace")


def restart(server, config=None):
    """Stops and starts the server (with `config`, if given); returns what it logged meanwhile."""
    server.stop()
    before = len(log_of(server))
    if config is not None:
        server.config = config
    server.start()
    return log_of(server)[before:]


def metrics(server):
    status, _, body = request(server, "GET", "/metrics", auth=NO_AUTH)
    assert status == 200
    gauges = {}
    for line in body.decode().splitlines():
        match = re.fullmatch(r"(jadwal_[a-z_]+) (\S+)", line)
        if match:
            gauges[match.group(1)] = float(match.group(2))
    return gauges


def snapshot(folder):
    """Every file under `folder` with a digest of its bytes."""
    result = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as file:
                result[os.path.relpath(path, folder)] = hashlib.sha256(file.read()).hexdigest()
    return result


def test_readyz_and_metrics_gauges(server):
    """/readyz answers ready; /metrics has the database, user, object, queue, size and connection gauges."""
    status, _, body = request(server, "GET", "/readyz", auth=NO_AUTH)
    assert status == 200 and body.decode().strip() == "ready"

    before = metrics(server)
    for name in ("jadwal_mail_queue_pending", "jadwal_mail_queue_failed", "jadwal_jobs_pending", "jadwal_jobs_dead",
                 "jadwal_calendar_objects"):
        assert name in before, name
    assert before["jadwal_database_up"] == 1
    assert before["jadwal_users"] == 2
    assert before["jadwal_database_bytes"] > 0
    assert before["jadwal_open_connections"] >= 1

    status, _, _ = request(server, "PUT", "/dav/calendars/amal/calendar/x.ics",
                           SIMPLE_EVENT.format(uid="metrics-x", summary="Counted").encode(), {"Content-Type": "text/calendar"})
    assert status == 201
    after = metrics(server)
    assert after["jadwal_calendar_objects"] == before["jadwal_calendar_objects"] + 1
    assert after["jadwal_users"] == 2 and after["jadwal_database_up"] == 1


def test_a_misspelt_environment_variable_is_named_and_the_server_starts(server, monkeypatch):
    """JADWAL_TSL_CERTIFICATE (a typo) is warned about on standard error; the server still serves."""
    monkeypatch.setenv("JADWAL_TSL_CERTIFICATE", "x")
    logged = restart(server)
    warnings = [line for line in logged.splitlines() if "JADWAL_TSL_CERTIFICATE" in line]
    assert warnings and "warning" in warnings[0].lower(), logged
    assert request(server, "PROPFIND", "/dav/calendars/amal/", headers={"Depth": "0"})[0] == 207


def test_head_on_a_prayer_feed_matches_get_without_a_body(server):
    """HEAD on the public prayer feed answers like GET (status, ETag, Content-Type) with no body."""
    status, headers, body = raw(server, "GET", FEED)
    assert status == 200 and body.startswith(b"BEGIN:VCALENDAR")
    head_status, head_headers, head_body = raw(server, "HEAD", FEED)
    assert head_status == 200
    assert head_headers["etag"] == headers["etag"]
    assert head_headers["content-type"] == headers["content-type"]
    assert head_body == b""


def test_the_front_page_greets_browsers_and_still_challenges_caldav_clients(server):
    """GET / from a browser shows a page pointing at /admin/; PROPFIND / without credentials is 401."""
    status, headers, body = raw(server, "GET", "/", {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert status == 200 and headers["content-type"].startswith("text/html")
    page = body.decode()
    assert "Jadwal calendar server" in page
    assert 'href="/admin/"' in page

    status, headers, _ = raw(server, "PROPFIND", "/", {"Depth": "0", "Content-Length": "0"})
    assert status == 401 and headers["www-authenticate"].startswith("Basic")

    status, headers, body = raw(server, "HEAD", "/", {"Accept": "text/html"})
    assert status == 200 and headers["content-type"].startswith("text/html") and body == b""


def test_a_setup_link_on_android_shows_davx5_settings_once(server):
    """Android sees a DAVx⁵ page (not spending the link), then ?android=1 shows the settings with a new
    app password that works over Basic; the link is spent after that."""
    result = run(server.binary, "user", "setup-link", "amal", "--data", server.data_dir,
                 env={**clean_environment(), "JADWAL_PUBLIC_URL": server.url})
    assert result.returncode == 0, result.stderr
    link = result.stdout.split()[0]
    assert link.startswith(server.url + "/provision/")

    status, headers, page = get(link)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "DAVx⁵" in html.unescape(page)
    onward = re.search(r'href="([^"]*\?android=1)"', page)
    assert onward, page
    assert get(link)[0] == 200  # looking does not spend it

    target = urllib.request.urljoin(link, html.unescape(onward.group(1)))
    assert target == link + "?android=1"
    status, _, page = get(target)
    assert status == 200, page
    codes = [html.unescape(code) for code in re.findall(r"<code>([^<]*)</code>", page)]
    base = server.url + "/dav/"
    assert base in codes and "amal" in codes, codes
    passwords = [code for code in codes if code not in (base, "amal")]
    assert len(passwords) == 1 and passwords[0] != "amal-password-1", codes
    password = passwords[0]

    status, _, _ = get(server.url + "/dav/calendars/amal/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})
    assert status == 207
    assert get(link)[0] == 410
    assert get(target)[0] == 410


def test_public_url_warnings_and_links_from_the_running_servers_port(server):
    """Without public_url, or with a plain http one, the server warns; with https it does not.
    A setup link made while a server runs on --port P points at port P."""
    logged = log_of(server)
    assert "public_url is not set" in logged

    result = run(server.binary, "user", "setup-link", "amal", "--data", server.data_dir, env=clean_environment())
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0].startswith(f"http://127.0.0.1:{server.port}/provision/"), result.stdout
    assert "warning" in result.stderr.lower() and result.stderr.strip(), result.stderr

    logged = restart(server, 'public_url = "http://cal.example.test"\n')
    assert "public_url is not set" not in logged
    plain = [line for line in logged.splitlines() if "plain http" in line]
    assert plain and "iOS" in plain[0] and "warning" in plain[0], logged

    logged = restart(server, 'public_url = "https://cal.example.test"\n')
    assert "public_url is not set" not in logged and "plain http" not in logged, logged


def test_a_second_server_on_a_busy_port_says_it_is_in_use(server):
    """A second `jadwald serve` on a running one's port exits non-zero, saying the port is in use."""
    result = run(server.binary, "serve", "--port", str(server.port), "--data", server.data_dir)
    assert result.returncode != 0
    assert "in use" in result.stderr and str(server.port) in result.stderr, result.stderr
    assert "bind(descriptor" not in result.stderr
    assert request(server, "PROPFIND", "/dav/calendars/amal/", headers={"Depth": "0"})[0] == 207


def test_commands_refuse_a_data_folder_without_a_database(binary, tmp_path):
    """`user list` on a folder without a database refuses and makes nothing; `user add` makes one and says so."""
    missing = tmp_path / "missing"
    result = run(binary, "user", "list", "--data", str(missing))
    assert result.returncode != 0 and "no database" in result.stderr, result.stderr
    assert not missing.exists()

    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(binary, "user", "list", "--data", str(empty))
    assert result.returncode != 0 and "no database" in result.stderr, result.stderr
    assert os.listdir(empty) == []

    fresh = tmp_path / "fresh"
    result = run(binary, "user", "add", "x", "--data", str(fresh), "--password-stdin", input="x-password-1\n")
    assert result.returncode == 0, result.stderr
    assert "new" in result.stderr and "database" in result.stderr, result.stderr
    assert (fresh / "jadwal.sqlite").exists()
    assert "x" in run(binary, "user", "list", "--data", str(fresh)).stdout.split()


def test_backup_and_restore_with_a_secret_key_outside_the_data_folder(binary, tmp_path):
    """The backup holds the database and the configured secret key (no WAL files); restore puts the key
    where the new configuration says, and the restored folder serves; restoring over a database is refused."""
    key = tmp_path / "etc-one" / "secret.key"
    original = Server(binary, tmp_path / "data")
    os.makedirs(original.data_dir)
    original.add_user("amal", "amal-password-1")
    original.add_user("omar", "omar-password-1")
    original.config = f'secret_key_file = "{key}"\n'
    original.start()
    try:
        event = SIMPLE_EVENT.format(uid="kept", summary="Kept through a restore").encode()
        assert request(original, "PUT", "/dav/calendars/amal/calendar/kept.ics", event, {"Content-Type": "text/calendar"})[0] == 201
        assert key.exists()
        config = tmp_path / "jadwal.toml"  # where Server.start wrote the configuration
        backup = tmp_path / "backup"
        result = run(binary, "backup", str(backup), "--data", original.data_dir, "--config", str(config))
        assert result.returncode == 0, result.stderr
    finally:
        original.stop()
    names = set(os.listdir(backup))
    assert {"jadwal.sqlite", "secret.key"} <= names, names
    assert not names & {"jadwal.sqlite-wal", "jadwal.sqlite-shm"}, names
    assert (backup / "secret.key").read_bytes() == key.read_bytes()

    new_key = tmp_path / "etc-two" / "secret.key"
    second_config = tmp_path / "second.toml"
    second_config.write_text(f'secret_key_file = "{new_key}"\n')
    restored_dir = tmp_path / "restored" / "data"
    result = run(binary, "restore", str(backup), "--data", str(restored_dir), "--config", str(second_config))
    assert result.returncode == 0, result.stderr
    assert new_key.read_bytes() == key.read_bytes()
    assert oct(os.stat(new_key).st_mode & 0o777) == "0o600"
    assert (restored_dir / "jadwal.sqlite").exists()
    listed = run(binary, "user", "list", "--data", str(restored_dir))
    assert listed.returncode == 0, listed.stderr
    assert {"amal", "omar"} <= {line.split()[0] for line in listed.stdout.splitlines() if line.strip()}

    restored = Server(binary, restored_dir)
    restored.config = second_config.read_text()
    restored.start()
    try:
        assert request(restored, "PROPFIND", "/dav/calendars/amal/calendar/", headers={"Depth": "1"})[0] == 207
        status, _, body = request(restored, "GET", "/dav/calendars/amal/calendar/kept.ics")
        assert status == 200 and b"Kept through a restore" in body
    finally:
        restored.stop()

    before = snapshot(restored_dir), new_key.read_bytes()
    result = run(binary, "restore", str(backup), "--data", str(restored_dir), "--config", str(second_config))
    assert result.returncode != 0 and result.stderr.strip()
    assert (snapshot(restored_dir), new_key.read_bytes()) == before


def test_a_data_folder_that_cannot_be_made_is_reported_in_plain_words(binary):
    """`user add` into a folder that cannot be created says so, without Foundation's error dump."""
    result = run(binary, "user", "add", "x", "--data", "/proc/forbidden/x", "--password-stdin", input="x-password-1\n")
    assert result.returncode != 0
    message = result.stderr.lower()
    assert "permission denied" in message or "cannot make the data folder" in message, result.stderr
    assert "NSCocoaErrorDomain" not in result.stderr and "Error Domain" not in result.stderr
