"""Two jadwald instances on one PostgreSQL database, driven with the python `caldav`
library as clients behind a load balancer would be: what one instance stores, the other
serves; sync tokens work on both; If-Match races across them have one winner; killing one
in the middle of a stream of writes loses nothing it acknowledged."""
import base64
import concurrent.futures
import os
import subprocess

import caldav
import pytest

from conftest import SIMPLE_EVENT as EVENT, Server, request


@pytest.fixture
def pair(request, tmp_path, postgres_server):
    """Instances A and B on one fresh database. They share a data folder only for the
    keys that sign access tokens; every calendar and account lives in PostgreSQL."""
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    storage = postgres_server.make_database()
    data = tmp_path / "data"
    os.makedirs(data)
    first = Server(binary, data, storage=storage)
    second = Server(binary, data, storage=storage)
    first.add_user("amal", "amal-password-1")
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def client(server):
    return caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")


def test_the_sqlite_data_folder_stays_empty(pair):
    first, _ = pair
    assert not os.path.exists(os.path.join(first.data_dir, "jadwal.sqlite"))


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
        assert status == 200 and stored == body, number


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
            assert status == 200 and stored == body and headers["ETag"] == etag, path
        same = client(moved).principal().calendar(cal_id="moved").objects_by_sync_token(sync_token=token, load_objects=False)
        assert list(same) == []
        status, _, note = request(moved, "GET", "/dav/calendars/amal/files/deep/note.txt")
        assert status == 200 and note == b"kept \x00\xff bytes"
        phone = {"Authorization": "Basic " + base64.b64encode(f"amal:{app_password}".encode()).decode()}
        assert request(moved, "PROPFIND", "/dav/calendars/amal/", headers={"Depth": "0"}, auth=phone)[0] == 207
        omar = caldav.DAVClient(url=moved.url + "/dav/", username="omar", password="omar-password-1")
        assert [c.get_display_name() for c in omar.principal().calendars()][0] == "Calendar"
    finally:
        moved.stop()
