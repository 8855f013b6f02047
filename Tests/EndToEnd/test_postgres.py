"""Two jadwald instances on one PostgreSQL database, driven with the python `caldav`
library as clients behind a load balancer would be: what one instance stores, the other
serves; sync tokens work on both; If-Match races across them have one winner; killing one
in the middle of a stream of writes loses nothing it acknowledged."""
import base64
import concurrent.futures
import json
import os
import subprocess

import caldav
import pytest

from api_client import ApiClient
from conftest import SIMPLE_EVENT as EVENT, Server, request
from test_api import CLIENT_ID, ISSUER, KeySet


def crlf(body):
    """What the server stores for a body sent with bare LF line ends: the same with CRLF."""
    return body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")

SECRET_KEY = base64.b64encode(bytes(range(32))).decode()


def settings(keyset, secret_key=SECRET_KEY):
    """What every instance behind one load balancer shares: its public URL, the secret key
    that opens the keys kept in the database, and the sign-in provider."""
    return f'''
public_url = "https://cal.example.test"
secret_key = "{secret_key}"
[auth.oidc]
issuer = "{ISSUER}"
jwks_url = "{keyset.url}"
client_ids = "{CLIENT_ID}"
'''


@pytest.fixture
def keyset():
    keys = KeySet()
    yield keys
    keys.close()


@pytest.fixture
def pair(request, tmp_path, postgres_server, keyset):
    """Instances A and B on one fresh database, each with a data folder of its own and the
    same settings: every calendar, account and key lives in PostgreSQL."""
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    storage = postgres_server.make_database()
    instances = []
    for name in ("a", "b"):
        os.makedirs(tmp_path / name)
        instance = Server(binary, tmp_path / name, storage=storage)
        instance.config = settings(keyset)
        instances.append(instance)
    first, second = instances
    subprocess.run([binary, "user", "add", "amal", "--email", "amal@example.org", "--data", first.data_dir] + first.storage_args(),
                   input="amal-password-1\n", text=True, check=True, capture_output=True, timeout=60)
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def client(server):
    return caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")


def test_the_data_folders_stay_empty(pair):
    for instance in pair:
        assert not os.path.exists(os.path.join(instance.data_dir, "jadwal.sqlite"))
        assert not os.path.exists(os.path.join(instance.data_dir, "keys"))


def test_access_tokens_and_key_rotations_work_across_instances(pair, keyset):
    first, second = pair

    def sign_in(instance):
        reply = ApiClient(instance.url).call("POST", "/auth/oidc", {"idToken": keyset.token()})
        assert reply.status == 200, reply.body
        return reply.json()["accessToken"]

    def accepted(instance, token):
        return ApiClient(instance.url).call("GET", "/prayer/settings", auth=ApiClient.bearer(token)).status == 200

    def key_id(token):
        header = token.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4)))["kid"]

    before = sign_in(first)
    assert accepted(second, before)
    # A rotation from a third process reaches both instances while they run.
    command = [first.binary, "keys", "rotate", "--data", first.data_dir, "--config", os.path.join(first.data_dir, "..", "jadwal.toml")]
    rotated = subprocess.run(command + first.storage_args(), capture_output=True, text=True, timeout=60)
    assert rotated.returncode == 0, rotated.stderr
    new_id = rotated.stdout.split()[-1]
    after = sign_in(second)
    assert key_id(after) == new_id != key_id(before)
    for instance in pair:
        assert accepted(instance, before) and accepted(instance, after)


def test_an_instance_with_another_secret_key_refuses_to_start(pair, keyset, tmp_path):
    first, _ = pair
    config = tmp_path / "stranger.toml"
    config.write_text(settings(keyset, secret_key=base64.b64encode(bytes(32)).decode()))
    os.makedirs(tmp_path / "stranger")
    result = subprocess.run([first.binary, "serve", "--port", "0", "--data", str(tmp_path / "stranger"), "--config", str(config)]
                            + first.storage_args(), capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "secret_key" in result.stderr


def test_a_user_added_through_one_command_line_is_listed_by_another(pair):
    first, _ = pair
    listing = subprocess.run([first.binary, "user", "list", "--data", first.data_dir] + first.storage_args(),
                             check=True, capture_output=True, text=True, timeout=60).stdout
    assert "amal" in listing


def test_writes_through_one_instance_are_read_through_the_other(pair):
    first, second = pair
    calendar = client(first).principal().make_calendar(name="Shared", cal_id="shared")
    for number in range(5):
        calendar.save_event(EVENT.format(uid=f"shared-{number}", summary=f"Meeting {number}"))
    seen = client(second).principal().calendar(cal_id="shared")
    summaries = sorted(str(event.icalendar_component["SUMMARY"]) for event in seen.events())
    assert summaries == [f"Meeting {number}" for number in range(5)]
    names = [calendar.get_display_name() for calendar in client(second).principal().calendars()]
    assert "Shared" in names


def test_a_sync_token_from_one_instance_is_valid_on_the_other(pair):
    first, second = pair
    calendar = client(first).principal().make_calendar(name="Synced", cal_id="synced")
    calendar.save_event(EVENT.format(uid="before", summary="Before"))
    initial = calendar.objects_by_sync_token(load_objects=False)
    token = initial.sync_token
    other = client(second).principal().calendar(cal_id="synced")
    other.save_event(EVENT.format(uid="after", summary="After"))
    changes = client(second).principal().calendar(cal_id="synced").objects_by_sync_token(sync_token=token, load_objects=True)
    assert [str(item.icalendar_component["UID"]) for item in changes] == ["after"]
    # ...and the newer token, made by the second instance, is valid on the first.
    calendar.save_event(EVENT.format(uid="last", summary="Last"))
    later = calendar.objects_by_sync_token(sync_token=changes.sync_token, load_objects=True)
    assert [str(item.icalendar_component["UID"]) for item in later] == ["last"]


def test_concurrent_if_match_puts_across_instances_have_one_winner(pair):
    first, second = pair
    client(first).principal().make_calendar(name="Race", cal_id="race")
    path = "/dav/calendars/amal/race/race.ics"
    status, headers, _ = request(first, "PUT", path, EVENT.format(uid="race", summary="Start").encode(),
                                 {"Content-Type": "text/calendar"})
    assert status == 201
    status, headers, _ = request(second, "GET", path)
    etag = headers["ETag"]

    def attempt(number):
        target = first if number % 2 else second
        body = EVENT.format(uid="race", summary=f"Writer {number}").encode()
        return request(target, "PUT", path, body, {"Content-Type": "text/calendar", "If-Match": etag})[0]

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(attempt, range(16)))
    assert sorted(statuses).count(204) + statuses.count(201) + statuses.count(200) == 1
    assert statuses.count(412) == 15


def test_killing_one_instance_mid_write_loses_nothing_acknowledged(pair):
    first, second = pair
    client(first).principal().make_calendar(name="Durable", cal_id="durable")
    acknowledged = {}

    def put(number):
        target = first if number % 2 else second
        body = EVENT.format(uid=f"durable-{number}", summary=f"Durable {number}").encode()
        try:
            status = request(target, "PUT", f"/dav/calendars/amal/durable/{number}.ics", body, {"Content-Type": "text/calendar"})[0]
        except OSError:
            return
        if status == 201:
            acknowledged[number] = body

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(put, number) for number in range(200)]
        futures[60].result()
        first.kill()  # SIGKILL while writes are in flight on both
        for future in futures:
            future.result()
    assert len(acknowledged) >= 100
    for number, body in acknowledged.items():
        status, _, stored = request(second, "GET", f"/dav/calendars/amal/durable/{number}.ics")
        assert status == 200 and stored == crlf(body), number


def test_migrate_store_copies_everything_from_sqlite(server, postgres_server):
    """An instance on SQLite, then `jadwald migrate-store` into PostgreSQL: the same
    objects with the same ETags, a sync token from before still valid, the same
    passwords and app passwords, the same plain files."""
    calendar = client(server).principal().make_calendar(name="Moved", cal_id="moved")
    objects = {}
    for number in range(12):
        path = f"/dav/calendars/amal/moved/moved-{number}.ics"
        body = EVENT.format(uid=f"moved-{number}", summary=f"Moved {number}").encode()
        assert request(server, "PUT", path, body, {"Content-Type": "text/calendar"})[0] == 201
        status, headers, stored = request(server, "GET", path)
        objects[path] = (headers["ETag"], stored)
    token = calendar.objects_by_sync_token(load_objects=False).sync_token
    card_path = "/dav/addressbooks/amal/contacts/moved.vcf"
    card = b"BEGIN:VCARD\r\nVERSION:4.0\r\nUID:moved\r\nFN:Moved Card\r\nEMAIL:moved@example.org\r\nEND:VCARD\r\n"
    assert request(server, "PUT", card_path, card, {"Content-Type": "text/vcard"})[0] == 201
    card_etag = request(server, "GET", card_path)[1]["ETag"]
    assert request(server, "MKCOL", "/dav/calendars/amal/files/")[0] == 201
    assert request(server, "MKCOL", "/dav/calendars/amal/files/deep/")[0] == 201
    assert request(server, "PUT", "/dav/calendars/amal/files/deep/note.txt", b"kept \x00\xff bytes", {"Content-Type": "application/octet-stream"})[0] == 201
    app_password = subprocess.run([server.binary, "user", "app-password", "amal", "--label", "phone", "--data", server.data_dir],
                                  check=True, capture_output=True, text=True, timeout=60).stdout.split()[-1]
    server.stop()

    storage = postgres_server.make_database()
    result = subprocess.run([server.binary, "migrate-store", "--data", server.data_dir, "--to", storage],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "copied and verified" in result.stdout
    again = subprocess.run([server.binary, "migrate-store", "--data", server.data_dir, "--to", storage],
                           capture_output=True, text=True, timeout=300)
    assert again.returncode != 0 and "empty database" in again.stderr

    moved = Server(server.binary, server.data_dir, storage=storage)
    os.rename(os.path.join(server.data_dir, "jadwal.sqlite"), os.path.join(server.data_dir, "jadwal.sqlite.migrated"))
    moved.start()
    try:
        for path, (etag, body) in objects.items():
            status, headers, stored = request(moved, "GET", path)
            assert status == 200 and stored == crlf(body) and headers["ETag"] == etag, path
        same = client(moved).principal().calendar(cal_id="moved").objects_by_sync_token(sync_token=token, load_objects=False)
        assert list(same) == []
        status, headers, stored = request(moved, "GET", card_path)
        assert status == 200 and stored == card and headers["ETag"] == card_etag
        query = ('<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>'
                 '<C:filter><C:prop-filter name="EMAIL"><C:text-match>moved@</C:text-match></C:prop-filter></C:filter></C:addressbook-query>')
        status, _, found = request(moved, "REPORT", "/dav/addressbooks/amal/contacts/", query.encode(), {"Depth": "1", "Content-Type": "application/xml"})
        assert status == 207 and b"moved.vcf" in found
        status, _, note = request(moved, "GET", "/dav/calendars/amal/files/deep/note.txt")
        assert status == 200 and note == b"kept \x00\xff bytes"
        phone = {"Authorization": "Basic " + base64.b64encode(f"amal:{app_password}".encode()).decode()}
        assert request(moved, "PROPFIND", "/dav/calendars/amal/", headers={"Depth": "0"}, auth=phone)[0] == 207
        omar = caldav.DAVClient(url=moved.url + "/dav/", username="omar", password="omar-password-1")
        assert [c.get_display_name() for c in omar.principal().calendars()][0] == "Calendar"
    finally:
        moved.stop()
