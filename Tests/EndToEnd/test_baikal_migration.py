"""jadwald migrate-baikal on the database Baïkal 0.12.1 itself made (Fixtures/baikal), from
SQLite and, with the same rows in Baïkal's MySQL schema, from a throwaway MariaDB; then the
server driven as Baïkal's clients would: old passwords, names, ETags and sync tokens."""
import base64
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

import pytest

from conftest import Server, request

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "Fixtures", "baikal")
DATABASE = os.path.join(FIXTURES, "baikal-public.sqlite")
MANIFEST = json.load(open(os.path.join(FIXTURES, "manifest.json")))


def auth(user, password):
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


# Baïkal's MySQL schema (its Core/Resources/Db/MySQL/db.sql), the tables a migration reads.
MYSQL_SCHEMA = """
CREATE TABLE addressbooks (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, principaluri VARBINARY(255), displayname VARCHAR(255),
  uri VARBINARY(200), description TEXT, synctoken INT UNSIGNED NOT NULL DEFAULT 1, UNIQUE(principaluri(100), uri(100))) DEFAULT CHARSET=utf8mb4;
CREATE TABLE cards (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, addressbookid INT UNSIGNED NOT NULL, carddata MEDIUMBLOB,
  uri VARBINARY(200), lastmodified INT UNSIGNED, etag VARBINARY(32), size INT UNSIGNED NOT NULL) DEFAULT CHARSET=utf8mb4;
CREATE TABLE addressbookchanges (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, uri VARBINARY(200) NOT NULL, synctoken INT UNSIGNED NOT NULL,
  addressbookid INT UNSIGNED NOT NULL, operation TINYINT(1) NOT NULL) DEFAULT CHARSET=utf8mb4;
CREATE TABLE calendarobjects (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, calendardata MEDIUMBLOB, uri VARBINARY(200),
  calendarid INT UNSIGNED NOT NULL, lastmodified INT UNSIGNED, etag VARBINARY(32), size INT UNSIGNED NOT NULL, componenttype VARBINARY(8),
  firstoccurence INT UNSIGNED, lastoccurence INT UNSIGNED, uid VARBINARY(200), UNIQUE(calendarid, uri)) DEFAULT CHARSET=utf8mb4;
CREATE TABLE calendars (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, synctoken INT UNSIGNED NOT NULL DEFAULT 1,
  components VARBINARY(21)) DEFAULT CHARSET=utf8mb4;
CREATE TABLE calendarinstances (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, calendarid INT UNSIGNED NOT NULL,
  principaluri VARBINARY(100), access TINYINT(1) NOT NULL DEFAULT 1, displayname VARCHAR(100), uri VARBINARY(200), description TEXT,
  calendarorder INT UNSIGNED NOT NULL DEFAULT 0, calendarcolor VARBINARY(10), timezone TEXT, transparent TINYINT(1) NOT NULL DEFAULT 0,
  share_href VARBINARY(100), share_displayname VARCHAR(100), share_invitestatus TINYINT(1) NOT NULL DEFAULT 2) DEFAULT CHARSET=utf8mb4;
CREATE TABLE calendarchanges (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, uri VARBINARY(200) NOT NULL, synctoken INT UNSIGNED NOT NULL,
  calendarid INT UNSIGNED NOT NULL, operation TINYINT(1) NOT NULL) DEFAULT CHARSET=utf8mb4;
CREATE TABLE schedulingobjects (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, principaluri VARBINARY(255), calendardata MEDIUMBLOB,
  uri VARBINARY(200), lastmodified INT UNSIGNED, etag VARBINARY(32), size INT UNSIGNED NOT NULL) DEFAULT CHARSET=utf8mb4;
CREATE TABLE principals (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, uri VARBINARY(200) NOT NULL, email VARBINARY(80),
  displayname VARCHAR(80), UNIQUE(uri)) DEFAULT CHARSET=utf8mb4;
CREATE TABLE propertystorage (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, path VARBINARY(1024) NOT NULL, name VARBINARY(100) NOT NULL,
  valuetype INT UNSIGNED, value MEDIUMBLOB) DEFAULT CHARSET=utf8mb4;
CREATE TABLE users (id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT, federation VARCHAR(20), username VARBINARY(50), digesta1 VARBINARY(32),
  UNIQUE(username)) DEFAULT CHARSET=utf8mb4;
"""


def mysql_literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    data = value if isinstance(value, bytes) else str(value).encode()
    return "X'" + data.hex() + "'" if data else "''"


@pytest.fixture(scope="session")
def baikal_mysql():
    """The sample database's rows in Baïkal's MySQL schema on a throwaway MariaDB, read by a user with a password."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    from temporary_mariadb import TemporaryMariaDB
    server = TemporaryMariaDB(prefix="jadwal-e2e-mariadb-")
    statements = ["CREATE DATABASE baikal CHARACTER SET utf8mb4;", "USE baikal;", MYSQL_SCHEMA]
    source = sqlite3.connect(DATABASE)
    source.text_factory = bytes
    # MKCALENDAR leaves access NULL in Baïkal's SQLite database; MySQL's column defaults it to 1.
    for table in ("addressbooks", "cards", "addressbookchanges", "calendarobjects", "calendars", "calendarinstances", "calendarchanges",
                  "schedulingobjects", "principals", "propertystorage", "users"):
        cursor = source.execute(f"SELECT * FROM {table}")
        columns = [d[0] for d in cursor.description]
        for row in cursor:
            values = [1 if (table, column) == ("calendarinstances", "access") and value is None else value for column, value in zip(columns, row)]
            values = [0 if table == "calendarinstances" and column in ("transparent", "calendarorder") and value is None else value
                      for column, value in zip(columns, values)]
            statements.append(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(mysql_literal(v) for v in values)});")
    statements.append("CREATE USER 'baikal'@'127.0.0.1' IDENTIFIED BY 'baikal-secret'; GRANT SELECT ON baikal.* TO 'baikal'@'127.0.0.1';")
    statements.append("CREATE DATABASE other; CREATE TABLE other.notes (x INT); GRANT SELECT ON other.* TO 'baikal'@'127.0.0.1';")
    server.sql("\n".join(statements))
    yield f"mysql://baikal:baikal-secret@127.0.0.1:{server.port}/baikal", server
    server.stop()


@pytest.fixture(params=["sqlite", "mysql", "sqlite-into-postgres"])
def baikal_source(request):
    """Where Baïkal's database is, and where jadwald keeps what comes across: its SQLite file,
    or PostgreSQL."""
    if request.param == "mysql":
        return request.getfixturevalue("baikal_mysql")[0], None
    target = request.getfixturevalue("postgres_server").make_database() if request.param.endswith("postgres") else None
    return f"sqlite:{DATABASE}", target


def migrate(binary, data_dir, *extra, source=None, storage=None):
    return subprocess.run([binary, "migrate-baikal", "--from", source or f"sqlite:{DATABASE}", "--data", str(data_dir), *extra]
                          + (["--storage", storage] if storage else []), capture_output=True, text=True, timeout=120)


def sync(server, user, password, path, token):
    body = (f'<d:sync-collection xmlns:d="DAV:"><d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>'
            '<d:prop><d:getetag/></d:prop></d:sync-collection>')
    status, _, answer = request(server, "REPORT", path, body, {"Content-Type": "application/xml"}, auth=auth(user, password))
    assert status == 207, answer
    return answer.decode()


def etags(server, user, password, path):
    body = '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
    status, _, answer = request(server, "PROPFIND", path, body, {"Depth": "1"}, auth=auth(user, password))
    assert status == 207, answer
    pairs = re.findall(r"<D:href>([^<]*)</D:href><D:propstat><D:prop><D:getetag>([^<]*)</D:getetag>", answer.decode())
    return {href.rsplit("/", 1)[1]: etag.replace("&quot;", '"') for href, etag in pairs}


@pytest.fixture
def migrated(request, tmp_path, baikal_source):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    source, storage = baikal_source
    instance = Server(binary, tmp_path / "data", storage=storage)
    os.makedirs(instance.data_dir, exist_ok=True)
    if storage:
        instance.config = 'secret_key = "' + base64.b64encode(bytes(range(32))).decode() + '"\n'
    result = migrate(binary, instance.data_dir, source=source, storage=storage)
    assert result.returncode == 0, result.stderr
    instance.report = result.stdout
    instance.start()
    yield instance
    instance.stop()


def test_users_sign_in_with_their_baikal_passwords(migrated):
    for user in MANIFEST["users"]:
        for _ in range(2):  # the first sign-in replaces the digest by a bcrypt hash; the second uses it
            status, _, _ = request(migrated, "PROPFIND", f"/dav/calendars/{user['username']}/", None, {"Depth": "0"},
                                   auth=auth(user["username"], user["password"]))
            assert status == 207, user["username"]
        status, _, _ = request(migrated, "PROPFIND", f"/dav/calendars/{user['username']}/", None, {"Depth": "0"},
                               auth=auth(user["username"], user["password"] + "x"))
        assert status == 401
    # Display names came from Baïkal's principals.
    body = '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>'
    status, _, answer = request(migrated, "PROPFIND", "/dav/principals/karim/", body, {"Depth": "0"}, auth=auth("karim", "karim-pass-3"))
    assert status == 207 and "<D:displayname>Karim Haddad</D:displayname>" in answer.decode(), answer
    if migrated.storage is None:
        hashes = sqlite3.connect(os.path.join(migrated.data_dir, "jadwal.sqlite")).execute("SELECT password_hash FROM account").fetchall()
        assert all(row[0].startswith("$2") for row in hashes), "every digest was replaced at its first sign-in"


def test_calendars_and_address_books_keep_names_etags_and_sync_tokens(migrated):
    passwords = {u["username"]: u["password"] for u in MANIFEST["users"]}
    for calendar in MANIFEST["calendars"]:
        if calendar["access"] not in (1, None):
            continue  # a share: see test_shares_arrive_where_sharees_had_them
        user, path = calendar["owner"], f"/dav/calendars/{calendar['owner']}/{calendar['uri']}/"
        expected = {o["uri"]: f'"{o["etag"]}"' for o in calendar["objects"]}
        assert etags(migrated, user, passwords[user], path) == expected, path
        # A device holding Baïkal's last token is told nothing changed.
        answer = sync(migrated, user, passwords[user], path, calendar["dav_sync_token"])
        assert "<D:response>" not in answer, answer
    for book in MANIFEST["addressbooks"]:
        user, path = book["owner"], f"/dav/addressbooks/{book['owner']}/{book['uri']}/"
        expected = {c["uri"]: f'"{c["etag"]}"' for c in book["cards"]}
        assert etags(migrated, user, passwords[user], path) == expected, path
        answer = sync(migrated, user, passwords[user], path, book["dav_sync_token"])
        assert "<D:response>" not in answer, answer


def test_shares_arrive_where_sharees_had_them(migrated):
    passwords = {u["username"]: u["password"] for u in MANIFEST["users"]}
    shared = [c for c in MANIFEST["calendars"] if c["access"] in (2, 3)]
    assert shared, "the fixture database holds a share"
    for calendar in shared:
        sharee, path = calendar["owner"], f"/dav/calendars/{calendar['owner']}/{calendar['uri']}/"
        # The same objects and ETags as the owner's calendar, and Baïkal's token says nothing changed.
        expected = {o["uri"]: f'"{o["etag"]}"' for o in calendar["objects"]}
        assert etags(migrated, sharee, passwords[sharee], path) == expected, path
        # Also where the sharee's device has it: Baïkal's layout.
        assert etags(migrated, sharee, passwords[sharee], path.replace("/dav/", "/dav.php/", 1)) == expected, path
        answer = sync(migrated, sharee, passwords[sharee], path, calendar["dav_sync_token"])
        assert "<D:response>" not in answer, answer
        owner = next(c for c in MANIFEST["calendars"] if c["calendarid"] == calendar["calendarid"] and c["access"] in (1, None))
        body = '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:invite/><d:resourcetype/></d:prop></d:propfind>'
        status, _, answer = request(migrated, "PROPFIND", f"/dav/calendars/{owner['owner']}/{owner['uri']}/", body, {"Depth": "0"},
                                    auth=auth(owner["owner"], passwords[owner["owner"]]))
        text = answer.decode()
        assert status == 207 and f"/dav/principals/{sharee}/" in text and "<CS:invite-accepted/>" in text and "<CS:shared-owner/>" in text, text
        # Read-write (3) may write; the write lands in the owner's calendar.
        if calendar["access"] == 3:
            event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:after-move\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            status, _, _ = request(migrated, "PUT", path + "after-move.ics", event, {"Content-Type": "text/calendar"}, auth=auth(sharee, passwords[sharee]))
            assert status == 201
            status, _, _ = request(migrated, "GET", f"/dav/calendars/{owner['owner']}/{owner['uri']}/after-move.ics", auth=auth(owner["owner"], passwords[owner["owner"]]))
            assert status == 200
            status, _, _ = request(migrated, "DELETE", path + "after-move.ics", auth=auth(sharee, passwords[sharee]))
            assert status == 204


def test_an_older_baikal_token_gets_what_changed_since(migrated):
    karim = next(c for c in MANIFEST["calendars"] if c["owner"] == "karim" and c["uri"] == "default")
    rows = sqlite3.connect(DATABASE).execute(
        "SELECT uri, operation FROM calendarchanges WHERE calendarid = 1 AND synctoken >= ? ORDER BY synctoken",
        (karim["db_synctoken"] - 3,)).fetchall()
    answer = sync(migrated, "karim", "karim-pass-3", "/dav/calendars/karim/default/", f"http://sabre.io/ns/sync/{karim['db_synctoken'] - 3}")
    for uri, operation in rows:
        assert f"/dav/calendars/karim/default/{uri}" in answer
    deleted = {uri for uri, operation in rows if operation == 3}
    for uri in deleted:
        assert re.search(rf"{re.escape(uri)}</D:href><D:status>HTTP/1.1 404", answer), answer
    # Objects come back byte for byte.
    status, headers, body = request(migrated, "GET", "/dav/calendars/karim/default/k-budget-review.ics", auth=auth("karim", "karim-pass-3"))
    stored = sqlite3.connect(DATABASE).execute("SELECT calendardata, etag FROM calendarobjects WHERE uri = 'k-budget-review.ics'").fetchone()
    assert status == 200 and body == bytes(stored[0]) and headers["ETag"] == f'"{stored[1]}"'


def test_family_calendar_properties_and_report(migrated):
    body = ('<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:f="urn:example:family">'
            '<d:prop><d:displayname/><c:calendar-timezone/><f:display-hints/></d:prop></d:propfind>')
    status, _, answer = request(migrated, "PROPFIND", "/dav/calendars/karim/family/", body, {"Depth": "0"}, auth=auth("karim", "karim-pass-3"))
    text = answer.decode()
    assert status == 207 and "Family – العائلة" in text and "Asia/Dubai" in text and "kitchen tablet" in text, text
    for line in ("karim <karim@example.net>: 2 calendars, 20 objects, 2 address books, 6 cards, 1 scheduling inbox messages, 1 calendars shared with others",
                 "1 shared with them"):
        assert line in migrated.report, migrated.report
    # The inbox message came across, under its name, with the scheduling inbox's type.
    status, _, answer = request(migrated, "PROPFIND", "/dav/calendars/karim/inbox/", "", {"Depth": "1"}, auth=auth("karim", "karim-pass-3"))
    text = answer.decode()
    assert status == 207 and "schedule-inbox" in text and re.search(r"/dav/calendars/karim/inbox/sabredav-[0-9a-f-]+\.ics", text), text


def test_dry_run_writes_nothing_and_a_second_run_is_refused(request, tmp_path):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    data = tmp_path / "data"
    data.mkdir()
    dry = migrate(binary, data, "--dry-run")
    assert dry.returncode == 0 and "would migrate" in dry.stdout and not (data / "jadwal.sqlite").exists(), dry.stdout + dry.stderr
    assert migrate(binary, data).returncode == 0
    before = (data / "jadwal.sqlite").stat().st_size
    again = migrate(binary, data)
    assert again.returncode != 0 and "already has a user karim" in again.stderr
    count = sqlite3.connect(data / "jadwal.sqlite").execute("SELECT count(*) FROM calendar_object").fetchone()[0]
    # 23 objects in calendars and the 2 scheduling inbox messages.
    assert count == 25 and (data / "jadwal.sqlite").stat().st_size >= before


def test_files_that_are_not_baikal_databases_are_refused(request, tmp_path):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    data = tmp_path / "data"
    data.mkdir()
    truncated = tmp_path / "truncated.sqlite"
    truncated.write_bytes(open(DATABASE, "rb").read()[:4096])
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE notes (x)").connection.commit()
    for path in (truncated, other, tmp_path / "missing.sqlite"):
        result = subprocess.run([binary, "migrate-baikal", "--from", f"sqlite:{path}", "--data", str(data)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and result.stderr.strip(), path
        assert not (data / "jadwal.sqlite").exists()
    assert "is not a Baïkal database" in subprocess.run(
        [binary, "migrate-baikal", "--from", f"sqlite:{other}", "--data", str(data)], capture_output=True, text=True).stderr


def test_a_failure_midway_keeps_nothing(request, tmp_path):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    broken = tmp_path / "broken.sqlite"
    shutil.copy(DATABASE, broken)
    # Two objects of layla's calendar with one UID: her calendar cannot be stored, after karim's were.
    connection = sqlite3.connect(broken)
    connection.execute("""INSERT INTO calendarobjects (calendardata, uri, calendarid, lastmodified, etag, size, componenttype, uid)
                          SELECT calendardata, 'copy-' || uri, calendarid, lastmodified, etag, size, componenttype, uid
                          FROM calendarobjects WHERE calendarid = 2 LIMIT 1""")
    connection.commit()
    data = tmp_path / "data"
    data.mkdir()
    result = subprocess.run([binary, "migrate-baikal", "--from", f"sqlite:{broken}", "--data", str(data)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "nothing of it was kept" in result.stderr, result.stderr
    database = sqlite3.connect(data / "jadwal.sqlite")
    for table in ("account", "calendar", "calendar_object", "address_book", "card"):
        assert database.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table
    # The same database, mended, then migrates into that folder.
    connection.execute("DELETE FROM calendarobjects WHERE uri LIKE 'copy-%'")
    connection.commit()
    assert subprocess.run([binary, "migrate-baikal", "--from", f"sqlite:{broken}", "--data", str(data)],
                          capture_output=True, text=True, timeout=60).returncode == 0


def test_baikal_urls_are_answered_in_their_own_layout(migrated):
    karim = next(c for c in MANIFEST["calendars"] if c["owner"] == "karim" and c["uri"] == "default")
    expected = {o["uri"]: f'"{o["etag"]}"' for o in karim["objects"]}
    assert etags(migrated, "karim", "karim-pass-3", "/dav.php/calendars/karim/default/") == expected
    body = '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>'
    status, _, answer = request(migrated, "PROPFIND", "/dav.php/", body, {"Depth": "0"}, auth=auth("karim", "karim-pass-3"))
    text = answer.decode()
    assert status == 207 and "<D:href>/dav.php/principals/karim/</D:href>" in text and "<D:href>/dav/" not in text, text
    body = ('<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:r="urn:ietf:params:xml:ns:carddav">'
            '<d:prop><c:calendar-home-set/><r:addressbook-home-set/></d:prop></d:propfind>')
    status, _, answer = request(migrated, "PROPFIND", "/dav.php/principals/karim/", body, {"Depth": "0"}, auth=auth("karim", "karim-pass-3"))
    text = answer.decode()
    assert "/dav.php/calendars/karim/" in text and "/dav.php/addressbooks/karim/" in text, text
    # The old token through the old URL; a write and a move through it too.
    assert "<D:response>" not in sync(migrated, "karim", "karim-pass-3", "/dav.php/calendars/karim/default/", karim["dav_sync_token"])
    event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:alias-1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    status, _, _ = request(migrated, "PUT", "/cal.php/calendars/karim/default/alias-1.ics", event, {"Content-Type": "text/calendar"},
                           auth=auth("karim", "karim-pass-3"))
    assert status == 201
    status, _, _ = request(migrated, "MOVE", "/dav.php/calendars/karim/default/alias-1.ics", None,
                           {"Destination": f"{migrated.url}/dav.php/calendars/karim/family/alias-1.ics"}, auth=auth("karim", "karim-pass-3"))
    assert status == 201
    status, _, _ = request(migrated, "GET", "/dav/calendars/karim/family/alias-1.ics", auth=auth("karim", "karim-pass-3"))
    assert status == 200
    # Someone else's calendar is as far out of reach through the alias as through /dav/.
    status, _, _ = request(migrated, "PROPFIND", "/dav.php/calendars/karim/default/", None, {"Depth": "0"}, auth=auth("layla", "layla-pass-4"))
    assert status in (403, 404)


def test_a_server_without_a_migration_answers_no_baikal_urls(server):
    status, _, _ = request(server, "PROPFIND", "/dav.php/calendars/amal/", None, {"Depth": "0"})
    assert status == 404
    status, _, answer = request(server, "PROPFIND", "/dav/calendars/amal/", None, {"Depth": "0", "X-Jadwal-DAV-Mount": "/elsewhere/"})
    assert status == 207 and b"<D:href>/dav/calendars/amal/</D:href>" in answer, "the binding's own mark cannot be sent by a client"


def test_mysql_wrong_credentials_and_other_databases_are_refused(request, tmp_path, baikal_mysql):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    location, server = baikal_mysql
    data = tmp_path / "data"
    data.mkdir()
    for source, message in ((location.replace("baikal-secret", "wrong"), "cannot be opened"),
                            (location.rsplit("/", 1)[0] + "/other", "is not a Baïkal database"),
                            (f"mysql://baikal:baikal-secret@127.0.0.1:{free_port_closed()}/baikal", "cannot be opened")):
        result = migrate(binary, data, source=source)
        assert result.returncode != 0 and message in result.stderr, (source, result.stderr)
        assert "baikal-secret" not in result.stderr, "the password is not repeated in messages"
        assert not (data / "jadwal.sqlite").exists()


def free_port_closed():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
