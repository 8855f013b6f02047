"""Sharing calendars between accounts of a running jadwald: the CalendarServer sharing
extension as iOS and macOS speak it (CS:share, the notification collection, CS:invite-reply),
python `caldav` writing through a share, and the matrix of every method by owner, read-write
sharee, read-only sharee and stranger, on SQLite and on PostgreSQL."""
import base64
import re
import uuid

import caldav
import pytest
import requests

from api_client import ApiClient
from conftest import Server

ADMIN_TOKEN = "admin-token-" + "s" * 32

EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal tests//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20261101T000000Z
DTSTART:20270104T090000Z
DTEND:20270104T100000Z
SUMMARY:{summary}
END:VEVENT
END:VCALENDAR
"""

XML = {"Content-Type": "application/xml; charset=utf-8"}
ICS = {"Content-Type": "text/calendar; charset=utf-8"}


@pytest.fixture(params=["sqlite", "postgres"])
def family(request, tmp_path):
    """A server with huda (who shares), samir and laila (who are shared with), nadia and yusuf
    (whom huda may make delegates) and omar (a stranger)."""
    binary = request.config.getoption("--jadwald")
    import os
    binary = os.path.abspath(binary)
    storage = None
    if request.param == "postgres":
        storage = request.getfixturevalue("postgres_server").make_database()
    instance = Server(binary, tmp_path / "data", storage=storage)
    os.makedirs(instance.data_dir, exist_ok=True)
    instance.config = f'[admin]\ntoken = "{ADMIN_TOKEN}"\n'
    if storage:
        instance.config = 'secret_key = "' + base64.b64encode(bytes(range(32))).decode() + '"\n' + instance.config
    for name in ("huda", "samir", "laila", "omar", "nadia", "yusuf"):
        instance.add_user(name, f"{name}-password-1", email=f"{name}@example.org")
    instance.start()
    yield instance
    instance.stop()


def session(user):
    http = requests.Session()
    http.auth = (user, f"{user}-password-1")
    return http


def share_body(*entries):
    return ('<?xml version="1.0" encoding="utf-8"?><CS:share xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/">'
            + "".join(entries) + "</CS:share>")


def grant(href, access):
    return f"<CS:set><D:href>{href}</D:href><CS:summary>Family plans</CS:summary><CS:{access}/></CS:set>"


def notification_url(server, user):
    body = session(user).request("PROPFIND", f"{server.url}/dav/principals/{user}/", headers={"Depth": "0", **XML}, data=
        '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:notification-URL/></D:prop></D:propfind>').text
    return re.search(r"<CS:notification-URL><D:href>([^<]+)</D:href>", body).group(1)


def notifications(server, user):
    """The user's notifications: (href, document) for each."""
    http = session(user)
    listing = http.request("PROPFIND", server.url + notification_url(server, user), headers={"Depth": "1", **XML}, data=
        '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:notificationtype/></D:prop></D:propfind>')
    assert listing.status_code == 207
    hrefs = re.findall(r"<D:href>([^<]+\.xml)</D:href>", listing.text)
    return [(href, http.get(server.url + href).text) for href in hrefs]


def accept(server, user, accepted=True):
    """Answers the user's invitation as iOS does; returns where the calendar is now."""
    (href, document), = [(h, d) for h, d in notifications(server, user) if "invite-notification" in d]
    uid = re.search(r"<CS:uid>([^<]+)</CS:uid>", document).group(1)
    host = re.search(r"<CS:hosturl><D:href>([^<]+)</D:href>", document).group(1)
    answer = "invite-accepted" if accepted else "invite-declined"
    response = session(user).post(f"{server.url}/dav/calendars/{user}/", headers=XML, data=f"""<?xml version="1.0" encoding="utf-8"?>
        <CS:invite-reply xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/">
          <D:href>mailto:{user}@example.org</D:href><CS:{answer}/>
          <CS:hosturl><D:href>{host}</D:href></CS:hosturl><CS:in-reply-to>{uid}</CS:in-reply-to>
        </CS:invite-reply>""")
    assert response.status_code == 200, response.text
    # iOS deletes the notification once it has acted on it.
    assert session(user).delete(server.url + href).status_code in (204, 404)
    match = re.search(r"<D:href>([^<]+)</D:href>", response.text)
    return match.group(1) if match else None


def shared_family(server):
    """huda shares her calendar read-write with samir and read-only with laila; both accept."""
    owner = f"{server.url}/dav/calendars/huda/calendar/"
    response = session("huda").post(owner, headers=XML, data=share_body(
        grant("mailto:samir@example.org", "read-write"), grant("/dav/principals/laila/", "read")))
    assert response.status_code == 200, response.text
    return owner, server.url + accept(server, "samir"), server.url + accept(server, "laila")


def test_share_accept_and_sync_with_python_caldav(family):
    server = family
    owner, samir_mount, laila_mount = shared_family(server)
    assert samir_mount.endswith("/dav/calendars/samir/calendar-huda/")
    # huda sees who has it, and hears both answers.
    invite = session("huda").request("PROPFIND", owner, headers={"Depth": "0", **XML}, data=
        '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:invite/><D:resourcetype/></D:prop></D:propfind>').text
    assert invite.count("<CS:invite-accepted/>") == 2 and "<CS:shared-owner/>" in invite
    answers = [d for _, d in notifications(server, "huda") if "invite-reply" in d]
    assert len(answers) == 2

    # samir's client finds the shared calendar in his home and writes to it.
    samir = caldav.DAVClient(url=server.url + "/dav/", username="samir", password="samir-password-1").principal()
    shared = [c for c in samir.calendars() if str(c.url).endswith("/calendar-huda/")]
    assert len(shared) == 1
    shared[0].save_event(EVENT.format(uid="picnic", summary="Picnic"))
    huda = caldav.DAVClient(url=server.url + "/dav/", username="huda", password="huda-password-1").principal()
    huda_calendar = [c for c in huda.calendars() if str(c.url).endswith("/huda/calendar/")][0]
    assert "Picnic" in huda_calendar.event_by_uid("picnic").data

    # laila's client reads it, and cannot write.
    laila = caldav.DAVClient(url=server.url + "/dav/", username="laila", password="laila-password-1").principal()
    read_only = [c for c in laila.calendars() if str(c.url) == laila_mount][0]
    assert "Picnic" in read_only.event_by_uid("picnic").data
    with pytest.raises(caldav.lib.error.DAVError):
        read_only.save_event(EVENT.format(uid="sneaky", summary="Sneaky"))
    assert session("huda").get(owner + "sneaky.ics").status_code == 404

    # Shares outlive a restart.
    server.restart()
    assert session("samir").get(samir_mount + "picnic.ics").status_code == 200


def with_alarm(body, trigger, extra=""):
    return body.replace("END:VEVENT", f"{extra}BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:{trigger}\nEND:VALARM\nEND:VEVENT")


def test_alarms_are_each_persons_own(family):
    """Alarms and TRANSP in a shared calendar are per person (caldav-sharing 5.5.4), as iOS expects."""
    server = family
    owner, samir_mount, laila_mount = shared_family(server)
    huda, samir, laila = session("huda"), session("samir"), session("laila")
    assert huda.put(owner + "lunch.ics", data=with_alarm(EVENT.format(uid="lunch", summary="Lunch"), "-PT15M"), headers=ICS).status_code == 201
    assert "VALARM" not in samir.get(samir_mount + "lunch.ics").text
    # samir changes the title and sets his own reminder and free/busy; huda keeps hers.
    mine = with_alarm(EVENT.format(uid="lunch", summary="Lunch at noon"), "-PT5M", extra="TRANSP:TRANSPARENT\n")
    assert samir.put(samir_mount + "lunch.ics", data=mine, headers=ICS).status_code == 204
    hudas = huda.get(owner + "lunch.ics").text
    assert "Lunch at noon" in hudas and "-PT15M" in hudas and "-PT5M" not in hudas and "TRANSPARENT" not in hudas
    samirs = samir.get(samir_mount + "lunch.ics").text
    assert "-PT5M" in samirs and "TRANSP:TRANSPARENT" in samirs and "-PT15M" not in samirs
    # The whole calendar as one file (export, and so a published link) is huda's view too.
    exported = huda.get(owner).text
    assert "-PT15M" in exported and "-PT5M" not in exported and "X-JADWAL" not in exported
    # laila may only read, and still sets her own reminder; changing the event stays refused.
    seen = laila.get(laila_mount + "lunch.ics")
    assert laila.put(laila_mount + "lunch.ics", data=with_alarm(seen.text, "-PT1H"), headers={**ICS, "If-Match": seen.headers["ETag"]}).status_code == 204
    assert "-PT1H" in laila.get(laila_mount + "lunch.ics").text and "-PT1H" not in huda.get(owner + "lunch.ics").text
    assert laila.put(laila_mount + "lunch.ics", data=seen.text.replace("Lunch at noon", "Mine"), headers=ICS).status_code == 403
    # huda's next change keeps what they set; each syncs their own with python caldav.
    assert huda.put(owner + "lunch.ics", data=with_alarm(EVENT.format(uid="lunch", summary="Lunch moved"), "-PT15M"), headers=ICS).status_code == 204
    client = caldav.DAVClient(url=server.url + "/dav/", username="samir", password="samir-password-1")
    data = caldav.Calendar(client=client, url=samir_mount).event_by_uid("lunch").data
    assert "Lunch moved" in data and "-PT5M" in data and "-PT15M" not in data
    server.restart()
    assert "-PT1H" in laila.get(laila_mount + "lunch.ics").text


def test_access_matrix_has_no_hole(family):
    server = family
    owner, samir_mount, laila_mount = shared_family(server)
    huda = session("huda")
    assert huda.put(owner + "lunch.ics", data=EVENT.format(uid="lunch", summary="Lunch"), headers=ICS).status_code == 201
    etag = huda.get(owner + "lunch.ics").headers["ETag"]
    own = {user: f"{server.url}/dav/calendars/{user}/calendar/" for user in ("huda", "samir", "laila", "omar", "nadia", "yusuf")}
    api = ApiClient(server.url)
    assert api.call("PUT", "/delegates/nadia", {"access": "read-write"}, auth=api.basic("huda", "huda-password-1")).status == 200
    assert api.call("PUT", "/delegates/yusuf", {"access": "read"}, auth=api.basic("huda", "huda-password-1")).status == 200

    def attempt(user, method, base):
        """One request of the matrix; the object names are fresh for writes, so cells do not depend on each other."""
        http = session(user)
        fresh = uuid.uuid4().hex
        if method == "GET":
            return http.get(base + "lunch.ics").status_code
        if method == "PROPFIND":
            return http.request("PROPFIND", base, headers={"Depth": "1"}).status_code
        if method == "REPORT":
            return http.request("REPORT", base, headers={"Depth": "1", **XML}, data=
                f'<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>'
                f'<D:href>{base.replace(server.url, "")}lunch.ics</D:href></C:calendar-multiget>').status_code
        if method == "PUT new":
            return http.put(base + fresh + ".ics", data=EVENT.format(uid=fresh, summary="New"), headers=ICS).status_code
        if method == "PUT over":
            return http.put(base + "lunch.ics", data=EVENT.format(uid="lunch", summary="Changed by " + user), headers=ICS).status_code
        if method == "DELETE":
            return http.delete(base + "lunch.ics", headers={"If-Match": '"no such etag"'}).status_code
        if method == "PROPPATCH name":
            return http.request("PROPPATCH", base, headers=XML, data=
                '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Named by ' + user + '</D:displayname></D:prop></D:set></D:propertyupdate>').status_code
        if method == "MOVE out":
            return http.request("MOVE", base + "lunch.ics", headers={"Destination": own[user] + fresh + ".ics"}).status_code
        if method == "COPY out":
            return http.request("COPY", base + "lunch.ics", headers={"Destination": own[user] + fresh + ".ics"}).status_code
        if method == "POST share":
            return http.post(base, headers=XML, data=share_body(grant("mailto:omar@example.org", "read"))).status_code
        if method == "MKCALENDAR":
            return http.request("MKCALENDAR", base).status_code
        raise AssertionError(method)

    # (user, base) -> expected status per method; "ok" is any 2xx.
    allowed_read = {"GET": "ok", "PROPFIND": "ok", "REPORT": "ok"}
    cells = {
        ("samir", samir_mount): {**allowed_read, "PUT new": "ok", "PUT over": "ok", "DELETE": 412, "PROPPATCH name": "ok",
                                 "MOVE out": 403, "COPY out": 403, "POST share": 403, "MKCALENDAR": 405},
        ("laila", laila_mount): {**allowed_read, "PUT new": 403, "PUT over": 403, "DELETE": 403, "PROPPATCH name": "ok",
                                 "MOVE out": 403, "COPY out": 403, "POST share": 403, "MKCALENDAR": 405},
        # Delegates work in the owner's own paths, as the owner, within what they were given.
        ("nadia", owner): {**allowed_read, "PUT new": "ok", "PUT over": "ok", "DELETE": 412, "PROPPATCH name": "ok",
                           "MOVE out": 403, "COPY out": 403, "POST share": 403, "MKCALENDAR": 405},
        ("yusuf", owner): {**allowed_read, "PUT new": 403, "PUT over": 403, "DELETE": 403, "PROPPATCH name": 403,
                           "MOVE out": 403, "COPY out": 403, "POST share": 403, "MKCALENDAR": 403},
    }
    methods = ["GET", "PROPFIND", "REPORT", "PUT new", "PUT over", "DELETE", "PROPPATCH name", "MOVE out", "COPY out", "POST share", "MKCALENDAR"]
    # Nobody reaches the owner's paths or another sharee's mount: 404, as if nothing were there.
    for user, base in [("samir", owner), ("laila", owner), ("omar", owner), ("omar", samir_mount), ("omar", laila_mount),
                       ("laila", samir_mount), ("samir", laila_mount), ("huda", samir_mount), ("nadia", samir_mount),
                       ("yusuf", laila_mount), ("huda", own["nadia"])]:
        cells[(user, base)] = {method: 404 for method in methods}
    holes = []
    for (user, base), expected in cells.items():
        for method in methods:
            status = attempt(user, method, base)
            want = expected[method]
            if (want == "ok" and not 200 <= status < 300) or (want != "ok" and status != want):
                holes.append(f"{user} {method} {base}: {status}, expected {want}")
    assert not holes, "\n".join(holes)

    # What was refused changed nothing: lunch is huda's, changed only by the allowed PUTs (nadia's last).
    lunch = huda.get(owner + "lunch.ics")
    assert lunch.status_code == 200 and "Changed by nadia" in lunch.text and lunch.headers["ETag"] != etag
    # Sharees named it for themselves only; the write delegate named it for huda.
    assert "Named by nadia" in huda.request("PROPFIND", owner, headers={"Depth": "0"}).text
    # The owner still does everything.
    for method in ["GET", "PROPFIND", "REPORT", "PUT new", "PROPPATCH name", "POST share"]:
        assert 200 <= attempt("huda", method, owner) < 300, method


def test_revoke_leave_and_bad_requests(family):
    server = family
    owner, samir_mount, laila_mount = shared_family(server)
    huda = session("huda")
    # Bad requests change nothing and say why.
    for body, headers, status in [
        ("<CS:share", XML, 400),
        (share_body(), XML, 400),
        (share_body(grant("mailto:nobody@example.org", "read")), XML, 403),
        (share_body(grant("mailto:huda@example.org", "read")), XML, 403),
        (share_body(grant("mailto:omar@example.org", "read")), {"Content-Type": "text/plain"}, 415),
        ('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><CS:share xmlns:CS="http://calendarserver.org/ns/">&e;</CS:share>', XML, 400),
    ]:
        response = huda.post(owner, data=body, headers=headers)
        assert response.status_code == status, (body, response.status_code, response.text)
    invite = huda.request("PROPFIND", owner, headers={"Depth": "0", **XML}, data=
        '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:invite/></D:prop></D:propfind>').text
    assert "omar" not in invite and "nobody" not in invite

    # Revoked: samir's mount is gone at once.
    assert huda.post(owner, headers=XML, data=share_body(
        "<CS:remove><D:href>mailto:samir@example.org</D:href></CS:remove>")).status_code == 200
    assert session("samir").request("PROPFIND", samir_mount, headers={"Depth": "0"}).status_code == 404
    # Left: laila deletes it from her home; huda's calendar stays and shows she declined.
    assert session("laila").delete(laila_mount).status_code == 204
    assert huda.request("PROPFIND", owner, headers={"Depth": "0"}).status_code == 207
    assert session("laila").request("PROPFIND", laila_mount, headers={"Depth": "0"}).status_code == 404
    invite = huda.request("PROPFIND", owner, headers={"Depth": "0", **XML}, data=
        '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:invite/></D:prop></D:propfind>').text
    assert "<CS:invite-declined/>" in invite and "samir" not in invite


def test_sharing_through_the_json_api(family):
    server = family
    api = ApiClient(server.url)
    samir, laila = api.basic("samir", "samir-password-1"), api.basic("laila", "laila-password-1")
    # samir offers his calendar to laila by email; she sees the invitation and accepts it.
    offered = api.call("POST", "/calendars/calendar/shares", {"sharee": "laila@example.org", "access": "read", "summary": "Work trips"}, auth=samir)
    assert offered.status == 201 and offered.json()["status"] == "pending" and offered.json()["href"] is None
    received = api.call("GET", "/shares", auth=laila).json()["received"]
    assert [(s["kind"], s["owner"], s["collection"], s["access"]) for s in received] == [("calendar", "samir", "calendar", "read")]
    accepted = api.call("POST", f"/shares/{received[0]['invitation']}/accept", auth=laila).json()
    assert accepted["status"] == "accepted" and accepted["href"] == "/dav/calendars/laila/calendar-samir/"
    assert session("laila").request("PROPFIND", server.url + accepted["href"], headers={"Depth": "0"}).status_code == 207
    # The same invitation is also in her notification collection, answered.
    assert [d for _, d in notifications(server, "laila") if "invite-notification" in d] == []
    assert len([d for _, d in notifications(server, "samir") if "invite-accepted" in d]) == 1
    # Upgraded to read-write, she stays accepted and may write.
    upgraded = api.call("POST", "/calendars/calendar/shares", {"sharee": "laila", "access": "read-write"}, auth=samir).json()
    assert upgraded["status"] == "accepted" and upgraded["access"] == "read-write"
    assert session("laila").put(server.url + accepted["href"] + "trip.ics", data=EVENT.format(uid="trip", summary="Trip"), headers=ICS).status_code == 201
    # Refusals: nobody, oneself, someone else's calendar, a calendar that is not there, a stranger answering.
    assert api.call("POST", "/calendars/calendar/shares", {"sharee": "nobody", "access": "read"}, auth=samir).status == 404
    assert api.call("POST", "/calendars/calendar/shares", {"sharee": "samir", "access": "read"}, auth=samir).status == 403
    assert api.call("POST", "/calendars/calendar-samir/shares", {"sharee": "omar", "access": "read"}, auth=laila).status == 403
    assert api.call("POST", "/calendars/nothing/shares", {"sharee": "omar", "access": "read"}, auth=samir).status == 404
    assert api.call("POST", "/calendars/calendar/shares", {"sharee": "omar", "access": "owner"}, auth=samir, check_request=False).status == 400
    omar = api.basic("omar", "omar-password-1")
    assert api.call("POST", f"/shares/{received[0]['invitation']}/accept", auth=omar).status == 403
    assert api.call("GET", "/shares", auth=omar).json() == {"given": [], "received": []}
    # Leaving through the API takes it out of her home; samir ends it for good.
    assert api.call("POST", f"/shares/{received[0]['invitation']}/decline", auth=laila).json()["status"] == "declined"
    assert session("laila").request("PROPFIND", server.url + accepted["href"], headers={"Depth": "0"}).status_code == 404
    assert api.call("DELETE", "/calendars/calendar/shares/laila", auth=samir).status == 204
    assert api.call("DELETE", "/calendars/calendar/shares/laila", auth=samir).status == 404
    assert api.call("GET", "/shares", auth=samir).json()["given"] == []

    # An administrator shares for a family at once, accepted for the sharee.
    admin = api.bearer(ADMIN_TOKEN)
    assert api.call("POST", "/admin/users/huda/calendars/calendar/shares", {"sharee": "omar", "access": "read"}, auth=samir).status == 403
    shared = api.call("POST", "/admin/users/huda/calendars/calendar/shares", {"sharee": "omar", "access": "read-write", "accepted": True}, auth=admin)
    assert shared.status == 201 and shared.json()["href"] == "/dav/calendars/omar/calendar-huda/"
    listed = api.call("GET", "/admin/users/huda/shares", auth=admin).json()
    assert [(s["sharee"], s["status"]) for s in listed["given"]] == [("omar", "accepted")]
    assert api.call("DELETE", "/admin/users/huda/calendars/calendar/shares/omar", auth=admin).status == 204
    assert api.call("GET", "/admin/users/nobody/shares", auth=admin).status == 200


def test_publishing_a_calendar_at_a_secret_link(family):
    server = family
    api = ApiClient(server.url)
    huda_auth = api.basic("huda", "huda-password-1")
    huda = session("huda")
    calendar = f"{server.url}/dav/calendars/huda/calendar/"
    assert huda.put(calendar + "clinic.ics", data=EVENT.format(uid="clinic", summary="Clinic appointment"), headers=ICS).status_code == 201
    assert api.call("GET", "/calendars/calendar/publication", auth=huda_auth).status == 404

    published = api.call("PUT", "/calendars/calendar/publication", {}, auth=huda_auth)
    assert published.status == 201 and published.json()["busyOnly"] is False
    url = published.json()["url"]
    assert published.json()["webcal"].startswith("webcal://") and "/feeds/calendars/jc_" in url
    path = url[url.index("/feeds/"):]
    # Anyone with the link reads it, without signing in; nobody writes through it.
    feed = requests.get(server.url + path)
    assert feed.status_code == 200 and feed.headers["Content-Type"].startswith("text/calendar")
    assert "SUMMARY:Clinic appointment" in feed.text and "X-WR-CALNAME:Calendar" in feed.text
    assert requests.get(server.url + path, headers={"If-None-Match": feed.headers["ETag"]}).status_code == 304
    assert requests.put(server.url + path, data="x").status_code in (404, 405)
    assert requests.get(server.url + path.replace("jc_", "jc_x")).status_code == 404
    # A change shows at once, with a new ETag.
    assert huda.put(calendar + "gym.ics", data=EVENT.format(uid="gym", summary="Gym"), headers=ICS).status_code == 201
    changed = requests.get(server.url + path)
    assert "SUMMARY:Gym" in changed.text and changed.headers["ETag"] != feed.headers["ETag"]

    # Busy blocks only: a new link, the old one ends, and what the events are is not shown.
    busy = api.call("PUT", "/calendars/calendar/publication", {"busyOnly": True}, auth=huda_auth).json()
    assert requests.get(server.url + path).status_code == 404
    busy_path = busy["url"][busy["url"].index("/feeds/"):]
    blocks = requests.get(server.url + busy_path).text
    assert "Clinic" not in blocks and "Gym" not in blocks and blocks.count("SUMMARY:Busy") == 2
    assert api.call("GET", "/calendars/calendar/publication", auth=huda_auth).json()["busyOnly"] is True

    # Only one's own calendars are published; ended links and deleted calendars answer 404.
    samir_auth = api.basic("samir", "samir-password-1")
    assert api.call("PUT", "/calendars/nothing/publication", {}, auth=samir_auth).status == 404
    assert api.call("DELETE", "/calendars/calendar/publication", auth=samir_auth).status == 404
    assert huda.delete(calendar).status_code == 204
    assert huda.request("MKCALENDAR", calendar).status_code == 201
    assert requests.get(server.url + busy_path).status_code == 404
    assert api.call("GET", "/calendars/calendar/publication", auth=huda_auth).status == 404
    again = api.call("PUT", "/calendars/calendar/publication", {}, auth=huda_auth).json()
    assert api.call("DELETE", "/calendars/calendar/publication", auth=huda_auth).status == 204
    assert requests.get(server.url + again["url"][again["url"].index("/feeds/"):]).status_code == 404


def test_delegation_as_macos_sets_it_up(family):
    server = family
    huda = session("huda")
    # macOS's delegate picker searches as one types: the whole address finds samir, part of it nobody.
    def search(text):
        response = huda.request("REPORT", f"{server.url}/dav/principals/", headers={"Depth": "0", **XML}, data=
            '<D:principal-property-search xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" test="anyof">'
            + "".join(f'<D:property-search><D:prop>{p}</D:prop><D:match match-type="starts-with">{text}</D:match></D:property-search>'
                      for p in ("<D:displayname/>", "<C:calendar-user-address-set/>"))
            + '<D:prop><D:displayname/><C:calendar-user-address-set/></D:prop></D:principal-property-search>')
        assert response.status_code == 207, response.text
        return response.text
    assert "/dav/principals/samir/" not in search("samir@exam")
    found = search("Samir@Example.org")
    assert "/dav/principals/samir/" in found and "mailto:samir@example.org" in found and "laila" not in found
    # huda makes samir a write delegate and laila a read delegate, as macOS Calendar does.
    for group, member in [("calendar-proxy-write", "samir"), ("calendar-proxy-read", "laila")]:
        response = huda.request("PROPPATCH", f"{server.url}/dav/principals/huda/{group}/", headers=XML, data=
            f'<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:group-member-set><D:href>/dav/principals/{member}/</D:href>'
            '</D:group-member-set></D:prop></D:set></D:propertyupdate>')
        assert response.status_code == 207 and "200 OK" in response.text, response.text
    # samir's client finds whom he acts for with expand-property, then huda's calendars.
    expanded = session("samir").request("REPORT", f"{server.url}/dav/principals/samir/", headers={"Depth": "0", **XML}, data=
        '<D:expand-property xmlns:D="DAV:"><D:property name="calendar-proxy-write-for" namespace="http://calendarserver.org/ns/">'
        '<D:property name="displayname"/><D:property name="calendar-home-set" namespace="urn:ietf:params:xml:ns:caldav"/>'
        '</D:property></D:expand-property>')
    assert expanded.status_code == 207 and "/dav/calendars/huda/" in expanded.text, expanded.text
    samir = caldav.DAVClient(url=server.url + "/dav/calendars/huda/calendar/", username="samir", password="samir-password-1")
    huda_calendar = caldav.Calendar(client=samir, url=server.url + "/dav/calendars/huda/calendar/")
    huda_calendar.save_event(EVENT.format(uid="board", summary="Board meeting"))
    assert "Board meeting" in huda.get(f"{server.url}/dav/calendars/huda/calendar/board.ics").text
    # laila reads and cannot write; omar reaches nothing.
    laila = session("laila")
    assert laila.get(f"{server.url}/dav/calendars/huda/calendar/board.ics").status_code == 200
    assert laila.put(f"{server.url}/dav/calendars/huda/calendar/x.ics", data=EVENT.format(uid="x", summary="x"), headers=ICS).status_code == 403
    assert laila.delete(f"{server.url}/dav/calendars/huda/calendar/board.ics").status_code == 403
    assert session("omar").get(f"{server.url}/dav/calendars/huda/calendar/board.ics").status_code == 404
    assert session("omar").request("PROPFIND", f"{server.url}/dav/principals/huda/", headers={"Depth": "0"}).status_code == 404

    # The JSON API shows and changes the same delegations.
    api = ApiClient(server.url)
    huda_auth = api.basic("huda", "huda-password-1")
    listed = api.call("GET", "/delegates", auth=huda_auth).json()
    assert sorted((d["name"], d["access"]) for d in listed["delegates"]) == [("laila", "read"), ("samir", "read-write")]
    acting = api.call("GET", "/delegates", auth=api.basic("samir", "samir-password-1")).json()["delegators"]
    assert acting == [{"name": "huda", "access": "read-write", "href": "/dav/calendars/huda/"}]
    assert api.call("PUT", "/delegates/laila", {"access": "read-write"}, auth=huda_auth).json() == {"name": "laila", "access": "read-write"}
    assert laila.put(f"{server.url}/dav/calendars/huda/calendar/x.ics", data=EVENT.format(uid="x", summary="x"), headers=ICS).status_code == 201
    assert api.call("PUT", "/delegates/nobody", {"access": "read"}, auth=huda_auth).status == 404
    assert api.call("PUT", "/delegates/huda", {"access": "read"}, auth=huda_auth).status == 400
    assert api.call("DELETE", "/delegates/samir", auth=huda_auth).status == 204
    assert api.call("DELETE", "/delegates/samir", auth=huda_auth).status == 404
    assert session("samir").get(f"{server.url}/dav/calendars/huda/calendar/board.ics").status_code == 404


def test_history_says_who_changed_what(family):
    server = family
    owner, samir_mount, _ = shared_family(server)
    api = ApiClient(server.url)
    huda_auth = api.basic("huda", "huda-password-1")
    assert api.call("PUT", "/delegates/nadia", {"access": "read-write"}, auth=huda_auth).status == 200
    assert session("huda").put(owner + "a.ics", data=EVENT.format(uid="a", summary="A"), headers=ICS).status_code == 201
    assert session("samir").put(samir_mount + "b.ics", data=EVENT.format(uid="b", summary="B"), headers=ICS).status_code == 201
    assert session("samir").put(samir_mount + "a.ics", data=EVENT.format(uid="a", summary="A2"), headers=ICS).status_code == 204
    assert session("nadia").delete(owner + "b.ics").status_code == 204
    changes = api.call("GET", "/calendars/calendar/history", auth=huda_auth).json()["changes"]
    assert [(c["object"], c["kind"], c["author"], c["onBehalfOf"]) for c in changes] == [
        ("b.ics", "deleted", "nadia", "huda"), ("a.ics", "changed", "samir", None),
        ("b.ics", "created", "samir", None), ("a.ics", "created", "huda", None)]
    # The sharee reads the same history under the name the calendar has in their home.
    samir_auth = api.basic("samir", "samir-password-1")
    only_a = api.call("GET", "/calendars/calendar-huda/history?object=a.ics", auth=samir_auth).json()["changes"]
    assert [(c["kind"], c["author"]) for c in only_a] == [("changed", "samir"), ("created", "huda")]
    # A stranger has no such calendar.
    assert api.call("GET", "/calendars/calendar-huda/history", auth=api.basic("omar", "omar-password-1")).status == 404


def test_sharing_an_address_book(family):
    server = family
    api = ApiClient(server.url)
    huda_auth, samir_auth = api.basic("huda", "huda-password-1"), api.basic("samir", "samir-password-1")
    card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:grandma\r\nFN:Grandma\r\nTEL:+966500000000\r\nEND:VCARD\r\n"
    contacts = f"{server.url}/dav/addressbooks/huda/contacts/"
    assert session("huda").put(contacts + "grandma.vcf", data=card, headers={"Content-Type": "text/vcard"}).status_code == 201
    offered = api.call("POST", "/addressbooks/contacts/shares", {"sharee": "samir@example.org", "access": "read"}, auth=huda_auth).json()
    assert offered["kind"] == "addressbook" and offered["status"] == "pending"
    # Not in samir's home until he accepts.
    assert session("samir").request("PROPFIND", f"{server.url}/dav/addressbooks/samir/contacts-huda/", headers={"Depth": "0"}).status_code == 404
    accepted = api.call("POST", f"/shares/{offered['invitation']}/accept", auth=samir_auth).json()
    assert accepted["href"] == "/dav/addressbooks/samir/contacts-huda/"
    shared = server.url + accepted["href"]
    listing = session("samir").request("PROPFIND", f"{server.url}/dav/addressbooks/samir/", headers={"Depth": "1"}).text
    assert accepted["href"] in listing
    assert "FN:Grandma" in session("samir").get(shared + "grandma.vcf").text
    # Read-only: no writes; a stranger reaches nothing.
    assert session("samir").put(shared + "x.vcf", data=card.replace("grandma", "x"), headers={"Content-Type": "text/vcard"}).status_code == 403
    assert session("samir").delete(shared + "grandma.vcf").status_code == 403
    assert session("omar").get(shared + "grandma.vcf").status_code == 404
    assert session("samir").get(contacts + "grandma.vcf").status_code == 404
    # Read-write: samir's change lands in huda's book.
    assert api.call("POST", "/addressbooks/contacts/shares", {"sharee": "samir", "access": "read-write"}, auth=huda_auth).json()["access"] == "read-write"
    assert session("samir").put(shared + "uncle.vcf", data=card.replace("grandma", "uncle").replace("Grandma", "Uncle"),
                                headers={"Content-Type": "text/vcard"}).status_code == 201
    assert "FN:Uncle" in session("huda").get(contacts + "uncle.vcf").text
    given = api.call("GET", "/shares", auth=huda_auth).json()["given"]
    assert [(s["kind"], s["collection"], s["sharee"], s["status"]) for s in given] == [("addressbook", "contacts", "samir", "accepted")]
    # Ended: gone from samir's home; huda's book keeps everything.
    assert api.call("DELETE", "/addressbooks/contacts/shares/samir", auth=huda_auth).status == 204
    assert session("samir").get(shared + "grandma.vcf").status_code == 404
    assert session("huda").get(contacts + "uncle.vcf").status_code == 200
