"""Bad input over real HTTP: each request gets its status (and DAV:error where one
exists) and changes nothing; concurrent writers with one ETag: exactly one wins."""
import base64
import http.client
import threading

import pytest

AUTH = {"Authorization": "Basic " + base64.b64encode(b"amal:amal-password-1").decode()}
HOME = "/dav/calendars/amal/"
CALENDAR = HOME + "calendar/"


def event(uid, summary="Standup"):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:{summary}\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n")


def send(server, method, path, body=b"", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    payload = body.encode() if isinstance(body, str) else body
    # skip_host and a raw path: nothing between the test and the server rewrites the request.
    connection.putrequest(method, path, skip_accept_encoding=True)
    for name, value in {**AUTH, "Content-Length": str(len(payload)), **(headers or {})}.items():
        connection.putheader(name, value)
    connection.endheaders(payload)
    response = connection.getresponse()
    result = (response.status, dict(response.getheaders()), response.read().decode(errors="replace"))
    connection.close()
    return result


def state(server):
    """The calendar's sync token and object list: what a refused request must not change."""
    status, _, body = send(server, "PROPFIND", CALENDAR,
                           '<D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/><D:getetag/></D:prop></D:propfind>', {"Depth": "1"})
    assert status == 207
    return body


REFUSED = [
    ("malformed XML", "PROPFIND", CALENDAR, "<D:propfind xmlns:D='DAV:'><D:prop>", {"Depth": "0"}, 400, None),
    ("external entity", "PROPFIND", CALENDAR,
     '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop>&x;</D:prop></D:propfind>',
     {"Depth": "0"}, 400, None),
    ("malformed iCalendar", "PUT", CALENDAR + "bad.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n", {"Content-Type": "text/calendar"},
     403, "valid-calendar-data"),
    ("two UIDs in one object", "PUT", CALENDAR + "two.ics",
     event("a").replace("END:VCALENDAR\r\n", "") + event("b").split("VERSION:2.0\r\nPRODID:-//t//EN\r\n")[1],
     {"Content-Type": "text/calendar"}, 403, "valid-calendar-object-resource"),
    ("UID clash", "PUT", CALENDAR + "other-name.ics", event("kept"), {"Content-Type": "text/calendar"}, 409, "no-uid-conflict"),
    ("not iCalendar", "PUT", CALENDAR + "x.ics", "hello", {"Content-Type": "text/plain"}, 403, "supported-calendar-data"),
    ("unknown report", "REPORT", CALENDAR, '<D:acl-principal-prop-set xmlns:D="DAV:"/>', {}, 403, "supported-report"),
    ("stale sync token", "REPORT", CALENDAR,
     '<D:sync-collection xmlns:D="DAV:"><D:sync-token>http://jadwal.app/ns/sync/1-999999</D:sync-token><D:sync-level>1</D:sync-level><D:prop/></D:sync-collection>',
     {}, 403, "valid-sync-token"),
    ("Depth infinity", "PROPFIND", HOME, "", {"Depth": "infinity"}, 403, "propfind-finite-depth"),
    ("another user's calendar", "PUT", "/dav/calendars/omar/calendar/x.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("dot-dot into another home", "PUT", "/dav/calendars/amal/../omar/calendar/x.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("encoded dot-dot", "PUT", "/dav/calendars/amal/%2e%2e/omar/x.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("encoded slash", "PUT", CALENDAR + "a%2Fb.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("bad escape", "PUT", CALENDAR + "%zz.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("NUL byte", "PUT", CALENDAR + "a%00.ics", event("x"), {"Content-Type": "text/calendar"}, 404, None),
    ("wrong If-Match", "PUT", CALENDAR + "kept.ics", event("kept", "changed"), {"If-Match": '"nope"'}, 412, None),
    ("calendar in a calendar", "MKCALENDAR", CALENDAR + "inner/", "", {}, 403, "calendar-collection-location-ok"),
    ("delete with a wrong ETag", "DELETE", CALENDAR + "kept.ics", "", {"If-Match": '"nope"'}, 412, None),
]


@pytest.mark.parametrize("name,method,path,body,headers,status,condition", REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_and_nothing_changes(server, name, method, path, body, headers, status, condition):
    assert send(server, "PUT", CALENDAR + "kept.ics", event("kept"), {"Content-Type": "text/calendar"})[0] == 201
    before = state(server)
    got, _, text = send(server, method, path, body, headers)
    assert got == status, text
    if condition:
        assert f":{condition}" in text or f"<{condition}" in text, text
    assert state(server) == before


def test_concurrent_puts_with_one_etag_exactly_one_wins(server):
    status, headers, _ = send(server, "PUT", CALENDAR + "race.ics", event("race"), {"Content-Type": "text/calendar"})
    etag = headers["ETag"]
    results = []
    barrier = threading.Barrier(8)

    def writer(number):
        barrier.wait()
        results.append(send(server, "PUT", CALENDAR + "race.ics", event("race", f"writer {number}"),
                            {"Content-Type": "text/calendar", "If-Match": etag})[0])

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [204] + [412] * 7
    _, _, body = send(server, "GET", CALENDAR + "race.ics")
    assert body.count("SUMMARY:writer ") == 1
