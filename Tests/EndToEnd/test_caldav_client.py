"""The python `caldav` library against a running jadwald, as a client app would use it."""
import base64
import datetime as dt
import http.client

import caldav
import pytest

EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal tests//EN
BEGIN:VEVENT
UID:weekly-standup@jadwal.test
DTSTAMP:20260101T000000Z
DTSTART;TZID=Asia/Riyadh:20260105T093000
DURATION:PT30M
RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8
SUMMARY:Standup
END:VEVENT
END:VCALENDAR
"""


def client(server, user="amal", password="amal-password-1"):
    return caldav.DAVClient(url=server.url + "/dav/", username=user, password=password)


def test_discovery_finds_the_first_calendar(server):
    principal = client(server).principal()
    names = [calendar.get_display_name() for calendar in principal.calendars()]
    assert names == ["Calendar", "Prayer Times"]


def test_create_save_search_and_delete(server):
    principal = client(server).principal()
    calendar = principal.make_calendar(name="Work", cal_id="work")
    calendar.save_event(EVENT)
    found = calendar.search(start=dt.datetime(2026, 1, 12, tzinfo=dt.timezone.utc),
                            end=dt.datetime(2026, 1, 15, tzinfo=dt.timezone.utc), event=True, expand=True)
    starts = sorted(event.icalendar_component["DTSTART"].dt.astimezone(dt.timezone.utc) for event in found)
    assert starts == [dt.datetime(2026, 1, 12, 6, 30, tzinfo=dt.timezone.utc), dt.datetime(2026, 1, 14, 6, 30, tzinfo=dt.timezone.utc)]
    event = calendar.event_by_uid("weekly-standup@jadwal.test")
    assert "Standup" in event.data
    event.delete()
    assert calendar.search(event=True) == []


def test_sync_token_reports_changes(server):
    calendar = client(server).principal().make_calendar(name="Sync", cal_id="sync")
    updates = calendar.objects_by_sync_token(load_objects=False)
    calendar.save_event(EVENT)
    changes = calendar.objects_by_sync_token(sync_token=updates.sync_token, load_objects=False)
    assert len(list(changes)) == 1


def test_wrong_password_and_other_users_data_are_refused(server):
    with pytest.raises(caldav.lib.error.AuthorizationError):
        client(server, password="wrong-password").principal()
    client(server).principal().make_calendar(name="Private", cal_id="private")
    omar = client(server, "omar", "omar-password-1")
    with pytest.raises(caldav.lib.error.NotFoundError):
        omar.calendar(url=server.url + "/dav/calendars/amal/private/").events()


def test_acknowledged_writes_survive_a_kill(server):
    calendar = client(server).principal().make_calendar(name="Durable", cal_id="durable")
    for number in range(20):
        calendar.save_event(EVENT.replace("weekly-standup", f"event-{number}"))
    server.kill()  # SIGKILL: no shutdown, no flush
    server.start()
    calendar = client(server).principal().calendar(cal_id="durable")
    assert len(calendar.events()) == 20


def test_well_known_redirects_to_the_dav_tree(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("PROPFIND", "/.well-known/caldav")
    response = connection.getresponse()
    assert response.status == 301 and response.getheader("Location") == "/dav/"


def test_huge_body_is_refused_and_stores_nothing(server):
    calendar = client(server).principal().make_calendar(name="Big", cal_id="big")
    body = EVENT.replace("SUMMARY:Standup", "DESCRIPTION:" + "x" * (11 << 20))
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    token = base64.b64encode(b"amal:amal-password-1").decode()
    connection.request("PUT", "/dav/calendars/amal/big/huge.ics", body=body.encode(),
                       headers={"Authorization": "Basic " + token, "Content-Type": "text/calendar"})
    assert connection.getresponse().status in (403, 413)
    assert calendar.events() == []
