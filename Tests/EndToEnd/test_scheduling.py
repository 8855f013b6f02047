"""Meeting invitations between two accounts of a running jadwald (RFC 6638), driven with the
python `caldav` library's scheduling helpers and with raw requests: invite, accept, decline,
reschedule one instance of a series, cancel, Schedule-Tag races, free-busy through the outbox,
and requests that try to schedule for someone else."""
import datetime as dt
import email
import email.policy
import re
import subprocess
import time
import uuid

import caldav
import icalendar
import pytest
import requests
from aiosmtpd.controller import Controller

from api_client import ApiClient
from conftest import free_port

SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal tests//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20261101T000000Z
DTSTART:20270104T090000Z
DTEND:20270104T100000Z
RRULE:FREQ=WEEKLY;COUNT=4
SUMMARY:Weekly review
END:VEVENT
END:VCALENDAR
"""


@pytest.fixture
def people(server):
    server.add_user("huda", "huda-password-1", email="huda@example.org")
    server.add_user("samir", "samir-password-1", email="samir@example.org")
    return server


def client(server, user):
    return caldav.DAVClient(url=server.url + "/dav/", username=user, password=f"{user}-password-1")


def session(user):
    http = requests.Session()
    http.auth = (user, f"{user}-password-1")
    return http


def copy_of(server, user, uid):
    """The user's own copy of the object with this UID, parsed, with its response."""
    calendar = client(server, user).principal().calendars()[0]
    event = calendar.event_by_uid(uid)
    response = session(user).get(str(event.url))
    assert response.status_code == 200
    return icalendar.Calendar.from_ical(response.text), response


def inbox_items(principal):
    """The messages in the principal's inbox, loaded."""
    return list(principal.schedule_inbox().get_items())


def partstat(calendar, address, recurrence=None):
    for component in calendar.walk("VEVENT"):
        rid = component.get("RECURRENCE-ID")
        if (rid.to_ical().decode() if rid else None) != recurrence:
            continue
        for attendee in component.get("ATTENDEE", []) if isinstance(component.get("ATTENDEE"), list) else [component.get("ATTENDEE")]:
            if attendee is not None and str(attendee).lower() == address:
                return attendee.params.get("PARTSTAT")
    return None


def test_invite_accept_decline_reschedule_cancel(people):
    uid = f"review-{uuid.uuid4()}"
    huda = client(people, "huda").principal()
    samir = client(people, "samir").principal()
    assert client(people, "huda").supports_scheduling()
    assert huda.calendar_user_address_set()[0] == "mailto:huda@example.org"

    # Huda invites Samir: it lands in his inbox and, at once, in his calendar.
    organizer_calendar = huda.calendars()[0]
    organizer_calendar.save_with_invites(SERIES.format(uid=uid), [samir])
    inbox = inbox_items(samir)
    assert len(inbox) == 1 and "METHOD:REQUEST" in inbox[0].data and uid in inbox[0].data
    invited, response = copy_of(people, "samir", uid)
    assert "METHOD" not in invited and partstat(invited, "mailto:samir@example.org") == "NEEDS-ACTION"
    tag = response.headers["Schedule-Tag"]

    # Samir accepts in his copy; Huda's copy records it, with SCHEDULE-STATUS 2.0.
    event = samir.calendars()[0].event_by_uid(uid)
    event.load()
    event.change_attendee_status(partstat="ACCEPTED")
    event.save(increase_seqno=False)
    organizer_copy, organizer_response = copy_of(people, "huda", uid)
    assert partstat(organizer_copy, "mailto:samir@example.org") == "ACCEPTED"
    assert "SCHEDULE-STATUS=2.0" in organizer_response.text.replace("\r\n ", "")
    assert copy_of(people, "samir", uid)[1].headers["Schedule-Tag"] == tag
    assert any("METHOD:REPLY" in item.data for item in inbox_items(huda))

    # Samir declines the third week only: his client adds an override.
    mine, mine_response = copy_of(people, "samir", uid)
    override = icalendar.Event()
    for name in ("UID", "DTSTAMP", "SUMMARY", "ORGANIZER"):
        override.add(name, mine.walk("VEVENT")[0][name])
    override.add("RECURRENCE-ID", dt.datetime(2027, 1, 18, 9, 0, tzinfo=dt.timezone.utc))
    override.add("DTSTART", dt.datetime(2027, 1, 18, 9, 0, tzinfo=dt.timezone.utc))
    override.add("DURATION", dt.timedelta(hours=1))
    override.add("ATTENDEE", icalendar.vCalAddress("mailto:samir@example.org"), parameters={"PARTSTAT": "DECLINED"})
    mine.add_component(override)
    put = session("samir").put(mine_response.url, data=mine.to_ical(), headers={
        "Content-Type": "text/calendar", "If-Schedule-Tag-Match": mine_response.headers["Schedule-Tag"]})
    assert put.status_code == 204, put.text
    organizer_copy, _ = copy_of(people, "huda", uid)
    assert partstat(organizer_copy, "mailto:samir@example.org", "20270118T090000Z") == "DECLINED"
    assert partstat(organizer_copy, "mailto:samir@example.org") == "ACCEPTED"

    # Huda moves the second week: only that instance travels, and Samir's copy follows.
    before_inbox = len(inbox_items(samir))
    calendar, response = copy_of(people, "huda", uid)
    moved = icalendar.Event()
    master = calendar.walk("VEVENT")[0]
    for name in ("UID", "SUMMARY", "ORGANIZER"):
        moved.add(name, master[name])
    moved.add("DTSTAMP", dt.datetime(2026, 11, 2, tzinfo=dt.timezone.utc))
    moved.add("RECURRENCE-ID", dt.datetime(2027, 1, 11, 9, 0, tzinfo=dt.timezone.utc))
    moved.add("DTSTART", dt.datetime(2027, 1, 11, 14, 0, tzinfo=dt.timezone.utc))
    moved.add("DTEND", dt.datetime(2027, 1, 11, 15, 0, tzinfo=dt.timezone.utc))
    attendees = master.get("ATTENDEE")
    for attendee in attendees if isinstance(attendees, list) else [attendees]:
        moved.add("ATTENDEE", attendee)
    calendar.add_component(moved)
    put = session("huda").put(response.url, data=calendar.to_ical(), headers={"Content-Type": "text/calendar", "If-Match": response.headers["ETag"]})
    assert put.status_code == 204, put.text
    items = inbox_items(samir)
    assert len(items) == before_inbox + 1
    newest = [item for item in items if "20270111T140000Z" in item.data]
    assert len(newest) == 1
    request = icalendar.Calendar.from_ical(newest[0].data)
    assert [str(component.get("RECURRENCE-ID").to_ical().decode()) for component in request.walk("VEVENT")] == ["20270111T090000Z"]
    samir_copy, _ = copy_of(people, "samir", uid)
    starts = {component.get("RECURRENCE-ID").to_ical().decode() if component.get("RECURRENCE-ID") else "master": component["DTSTART"].to_ical().decode()
              for component in samir_copy.walk("VEVENT")}
    assert starts["20270111T090000Z"] == "20270111T140000Z"

    # Huda cancels the meeting: Samir's copy says so until he deletes it.
    organizer_calendar.event_by_uid(uid).delete()
    cancelled = icalendar.Calendar.from_ical(samir.calendars()[0].event_by_uid(uid).data)
    assert all(str(component["STATUS"]) == "CANCELLED" for component in cancelled.walk("VEVENT"))
    assert any("METHOD:CANCEL" in item.data for item in inbox_items(samir))
    samir.calendars()[0].event_by_uid(uid).delete()
    with pytest.raises(caldav.lib.error.NotFoundError):
        samir.calendars()[0].event_by_uid(uid)


def test_schedule_tag_race_and_inbox_cleanup(people):
    uid = f"race-{uuid.uuid4()}"
    huda = client(people, "huda").principal()
    huda.calendars()[0].save_with_invites(SERIES.format(uid=uid), ["mailto:samir@example.org"])
    samir_copy, response = copy_of(people, "samir", uid)
    stale_tag = response.headers["Schedule-Tag"]
    # The organizer changes the event meanwhile; Samir's client still holds the old tag.
    event = huda.calendars()[0].event_by_uid(uid)
    event.icalendar_component["SUMMARY"] = "Weekly review (room 2)"
    event.save()
    accepted = samir_copy.to_ical().replace(b"PARTSTAT=NEEDS-ACTION", b"PARTSTAT=ACCEPTED")
    refused = session("samir").put(response.url, data=accepted, headers={"Content-Type": "text/calendar", "If-Schedule-Tag-Match": stale_tag})
    assert refused.status_code == 412
    assert "room 2" in copy_of(people, "samir", uid)[1].text
    # Inbox items are read and deleted by the client.
    items = inbox_items(client(people, "samir").principal())
    assert len(items) == 2
    for item in items:
        assert session("samir").delete(str(item.url)).status_code == 204
    assert inbox_items(client(people, "samir").principal()) == []


def test_free_busy_through_the_outbox(people):
    huda = client(people, "huda").principal()
    huda.calendars()[0].save_event(SERIES.format(uid=f"busy-{uuid.uuid4()}"))
    samir = client(people, "samir").principal()
    answers = samir.freebusy_request(dt.datetime(2027, 1, 4, tzinfo=dt.timezone.utc), dt.datetime(2027, 1, 12, tzinfo=dt.timezone.utc),
                                     ["mailto:huda@example.org"])
    assert answers["errors"] == {}
    reply = icalendar.Calendar.from_ical(answers["mailto:huda@example.org"].data)
    periods = [str(period.to_ical().decode()) for period in reply.walk("VFREEBUSY")[0].get("FREEBUSY")]
    # The first two weeks of the series, busy; what the events are is not told.
    assert periods == ["20270104T090000Z/20270104T100000Z", "20270111T090000Z/20270111T100000Z"]
    assert "Weekly review" not in answers["mailto:huda@example.org"].data


def test_free_busy_counts_the_prayer_times_a_person_shows(people):
    """Once huda shows prayer times (her computed calendar, opaque), they are busy in the
    free-busy samir asks for through his outbox; what fills them is not told."""
    def ask():
        answers = client(people, "samir").principal().freebusy_request(
            dt.datetime(2027, 1, 4, tzinfo=dt.timezone.utc), dt.datetime(2027, 1, 5, tzinfo=dt.timezone.utc), ["mailto:huda@example.org"])
        assert answers["errors"] == {}
        reply = answers["mailto:huda@example.org"].data
        found = icalendar.Calendar.from_ical(reply).walk("VFREEBUSY")[0].get("FREEBUSY")
        return reply, [] if found is None else (found if isinstance(found, list) else [found])
    assert ask()[1] == []
    result = subprocess.run([people.binary, "prayer", "settings", "huda", "--lat", "21.4225", "--lon", "39.8262", "--tz", "Asia/Riyadh",
                             "--place-name", "Makkah", "--data", people.data_dir], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    reply, periods = ask()
    assert len(periods) >= 5, reply  # Fajr, Dhuhr, Asr, Maghrib, Isha of one day
    assert "Fajr" not in reply and "Maghrib" not in reply


def test_nobody_schedules_for_someone_else(people):
    uid = f"spoof-{uuid.uuid4()}"
    samir = session("samir")
    base = people.url + "/dav/calendars/samir/calendar/"
    # An event naming Huda as organizer, stored by Samir, is not his to send: Huda organizes
    # no such meeting, so it is refused and nobody hears of it.
    fake = (SERIES.format(uid=uid).replace("SUMMARY:Weekly review", "SUMMARY:Fake\nORGANIZER:mailto:huda@example.org\n"
                                          "ATTENDEE:mailto:omar@example.org\nATTENDEE:mailto:samir@example.org"))
    made_up = samir.put(base + "fake.ics", data=fake, headers={"Content-Type": "text/calendar"})
    assert made_up.status_code == 403 and "attendee-allowed" in made_up.text
    assert samir.get(base + "fake.ics").status_code == 404
    assert not any(uid in item.data for item in inbox_items(client(people, "huda").principal()))
    # A free-busy request as someone else is refused.
    request = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nMETHOD:REQUEST\r\nBEGIN:VFREEBUSY\r\nUID:x\r\n"
               "DTSTAMP:20261101T000000Z\r\nDTSTART:20270101T000000Z\r\nDTEND:20270102T000000Z\r\n"
               "ORGANIZER:mailto:huda@example.org\r\nATTENDEE:mailto:huda@example.org\r\nEND:VFREEBUSY\r\nEND:VCALENDAR\r\n")
    refused = samir.post(people.url + "/dav/calendars/samir/outbox/", data=request, headers={"Content-Type": "text/calendar"})
    assert refused.status_code == 403 and "organizer-allowed" in refused.text
    # Someone else's outbox and inbox are not there.
    assert samir.post(people.url + "/dav/calendars/huda/outbox/", data=request, headers={"Content-Type": "text/calendar"}).status_code == 404
    assert samir.request("PROPFIND", people.url + "/dav/calendars/huda/inbox/", headers={"Depth": "1"}).status_code == 404
    # A malformed request changes nothing.
    assert samir.post(people.url + "/dav/calendars/samir/outbox/", data="not a calendar", headers={"Content-Type": "text/calendar"}).status_code == 403


# Invitations to people without an account here go out by email (iMIP, RFC 6047) and are
# answered through the links they carry.

MEETING = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Jadwal tests//EN\r
BEGIN:VEVENT\r
UID:{uid}\r
DTSTAMP:20261101T000000Z\r
DTSTART;TZID=Asia/Riyadh:20270210T100000\r
DTEND;TZID=Asia/Riyadh:20270210T110000\r
SUMMARY:Budget review\r
LOCATION:Room 4\r
ORGANIZER;CN=Huda:mailto:huda@example.org\r
ATTENDEE;PARTSTAT=ACCEPTED:mailto:huda@example.org\r
ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:samir@example.org\r
ATTENDEE;CN=Guest;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:guest@elsewhere.example\r
END:VEVENT\r
END:VCALENDAR\r
"""


ADMIN_TOKEN = "mail-pipeline-token-0123456789abcdef"

REPLY = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Some Mail Program//EN\r
METHOD:REPLY\r
BEGIN:VEVENT\r
UID:{uid}\r
DTSTAMP:20261126T100000Z\r
ORGANIZER:mailto:huda@example.org\r
ATTENDEE;PARTSTAT={partstat}:mailto:{attendee}\r
END:VEVENT\r
END:VCALENDAR\r
"""


class MailCatcher:
    """An aiosmtpd handler that keeps what it receives."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(envelope)
        return "250 2.0.0 OK"

    def wait_for(self, predicate, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for envelope in self.messages:
                message = email.message_from_bytes(envelope.content, policy=email.policy.default)
                if predicate(envelope, message):
                    return message
            time.sleep(0.1)
        raise AssertionError("no such mail arrived: " + ", ".join(
            email.message_from_bytes(e.content, policy=email.policy.default)["Subject"] for e in self.messages))


@pytest.fixture
def mailing(people):
    catcher = MailCatcher()
    controller = Controller(catcher, hostname="127.0.0.1", port=free_port())
    controller.start()
    people.stop()
    people.config = (f'[mail]\nfrom = "Jadwal <jadwal@example.org>"\n\n[smtp]\nhost = "127.0.0.1"\nport = {controller.port}\n'
                     f'security = "none"\ntimeout = 5\n\n[admin]\ntoken = "{ADMIN_TOKEN}"\n')
    people.start()
    yield people, catcher
    controller.stop()


def calendar_part(message):
    parts = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    assert len(parts) == 1
    return parts[0].get_param("method"), icalendar.Calendar.from_ical(parts[0].get_content())


def test_an_outside_attendee_is_invited_by_email_and_answers_through_the_link(mailing):
    server, catcher = mailing
    uid = f"budget-{uuid.uuid4()}"
    huda = session("huda")
    href = server.url + "/dav/calendars/huda/calendar/budget.ics"
    assert huda.put(href, data=MEETING.format(uid=uid), headers={"Content-Type": "text/calendar"}).status_code == 201
    stored = huda.get(href).text.replace("\r\n ", "")
    assert "SCHEDULE-STATUS=1.1:mailto:guest@elsewhere.example" in stored and "SCHEDULE-STATUS=1.2:mailto:samir@example.org" in stored

    invitation = catcher.wait_for(lambda envelope, message: envelope.rcpt_tos == ["guest@elsewhere.example"])
    assert invitation["Subject"].startswith("Invitation: Budget review @ Wednesday 10 February 2027, 10:00 (Asia/Riyadh)")
    assert invitation["Reply-To"].addresses[0].addr_spec == "huda@example.org"
    assert invitation["From"].addresses[0].display_name == "Huda via Jadwal"
    method, calendar = calendar_part(invitation)
    assert method == "REQUEST" and calendar["METHOD"] == "REQUEST"
    event = calendar.walk("VEVENT")[0]
    assert str(event["UID"]) == uid and "SCHEDULE-STATUS" not in calendar.to_ical().decode()
    assert calendar.walk("VTIMEZONE") == [] or all(str(zone["TZID"]) == "Asia/Riyadh" for zone in calendar.walk("VTIMEZONE"))
    attachments = [part for part in invitation.walk() if part.get_filename() == "invite.ics"]
    assert len(attachments) == 1 and uid.encode() in attachments[0].get_content()
    text = invitation.get_body(preferencelist=("plain",)).get_content()
    links = dict(re.findall(r"^(Accept|Maybe|Decline): (\S+)\r?$", text, re.MULTILINE))
    assert set(links) == {"Accept", "Maybe", "Decline"}, text
    accept = links["Accept"]
    assert accept.startswith(server.url + "/invitations/")

    # Opening the link (as a mail scanner would) changes nothing.
    page = requests.get(accept)
    assert page.status_code == 200 and "Budget review" in page.text and 'method="post"' in page.text
    assert "CN=Guest;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;SCHEDULE-STATUS=1.1:mailto:guest@" in huda.get(href).text.replace("\r\n ", "")

    # Answering records it in Huda's calendar and tells her.
    token_url = accept.split("?")[0]
    answered = requests.post(token_url, data={"answer": "accepted"})
    assert answered.status_code == 200 and "Accept" in answered.text
    organizer_copy = huda.get(href).text.replace("\r\n ", "")
    assert re.search(r"ATTENDEE;CN=Guest;PARTSTAT=ACCEPTED;SCHEDULE-STATUS=2.0:mailto:guest@elsewhere.example", organizer_copy), organizer_copy
    told = catcher.wait_for(lambda envelope, message: envelope.rcpt_tos == ["huda@example.org"])
    assert told["Subject"] == "guest@elsewhere.example accepted: Budget review"
    # The same link changes the answer later.
    assert requests.post(token_url, data={"answer": "declined"}).status_code == 200
    assert "PARTSTAT=DECLINED" in huda.get(href).text.replace("\r\n ", "")

    # A forged or cut link, or a wrong answer, changes nothing.
    before = huda.get(href).text
    forged = token_url[:-4] + ("AAAA" if not token_url.endswith("AAAA") else "BBBB")
    assert requests.post(forged, data={"answer": "accepted"}).status_code == 404
    assert requests.post(token_url[:-10], data={"answer": "accepted"}).status_code == 404
    assert requests.post(token_url, data={"answer": "maybe-not"}).status_code == 400
    assert huda.get(href).text == before

    # A site whose mail pipeline routes answers to the server posts them to the admin API.
    api = ApiClient(server.url)
    admin = ApiClient.bearer(ADMIN_TOKEN)
    tentative = REPLY.format(uid=uid, partstat="TENTATIVE", attendee="guest@elsewhere.example").encode()
    recorded = api.call("POST", "/admin/itip", raw=tentative, content_type="text/calendar", auth=admin)
    assert recorded.status == 200 and recorded.json() == {"recorded": True, "organizer": "huda", "summary": "Budget review"}
    assert "CN=Guest;PARTSTAT=TENTATIVE" in huda.get(href).text.replace("\r\n ", "")
    again_before = huda.get(href).headers["ETag"]
    assert api.call("POST", "/admin/itip", raw=tentative, content_type="text/calendar", auth=admin).status == 200
    assert huda.get(href).headers["ETag"] == again_before
    # Nobody outside answers for an account here, for an event that is not there, or unauthenticated.
    spoofed = REPLY.format(uid=uid, partstat="DECLINED", attendee="samir@example.org").encode()
    assert api.call("POST", "/admin/itip", raw=spoofed, content_type="text/calendar", auth=admin).status == 403
    unknown = REPLY.format(uid="no-such-event", partstat="DECLINED", attendee="guest@elsewhere.example").encode()
    assert api.call("POST", "/admin/itip", raw=unknown, content_type="text/calendar", auth=admin).status == 404
    assert api.call("POST", "/admin/itip", raw=b"not a calendar", content_type="text/calendar", auth=admin).status == 400
    assert api.call("POST", "/admin/itip", raw=tentative, content_type="text/calendar", check_request=False).status == 401
    assert "PARTSTAT=TENTATIVE;SCHEDULE-STATUS=2.0:mailto:guest" in huda.get(href).text.replace("\r\n ", "")

    # Cancelling reaches the outside attendee the same way.
    assert huda.delete(href).status_code == 204
    cancellation = catcher.wait_for(lambda envelope, message: envelope.rcpt_tos == ["guest@elsewhere.example"]
                                    and message["Subject"].startswith("Cancelled"))
    method, calendar = calendar_part(cancellation)
    assert method == "CANCEL" and str(calendar.walk("VEVENT")[0]["STATUS"]) == "CANCELLED"
    # The link of a cancelled event answers nothing.
    assert requests.post(token_url, data={"answer": "accepted"}).status_code == 410


def test_email_invitations_can_be_switched_off(people):
    people.stop()
    people.config = "[scheduling]\nemail = false\n"
    people.start()
    uid = f"quiet-{uuid.uuid4()}"
    huda = session("huda")
    href = people.url + "/dav/calendars/huda/calendar/quiet.ics"
    assert huda.put(href, data=MEETING.format(uid=uid), headers={"Content-Type": "text/calendar"}).status_code == 201
    stored = huda.get(href).text.replace("\r\n ", "")
    assert "SCHEDULE-STATUS=5.3:mailto:guest@elsewhere.example" in stored and "SCHEDULE-STATUS=1.2:mailto:samir@example.org" in stored
    outbox = subprocess.run([people.binary, "mail", "outbox", "--all", "--data", people.data_dir], capture_output=True, text=True, timeout=60)
    assert "guest@elsewhere.example" not in outbox.stdout
