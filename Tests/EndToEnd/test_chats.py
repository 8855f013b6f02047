"""Events from chats, end to end: a bridge and exports in, the Chat Events calendar and
conflicts out, seen through the python caldav library, a webhook receiver and the outbox."""
import glob
import hashlib
import hmac
import http.server
import io
import json
import os
import subprocess
import threading
import time
import zipfile
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import caldav
import pytest

from api_client import ApiClient

RIYADH = ZoneInfo("Asia/Riyadh")
BASIC = ApiClient.basic("amal", "amal-password-1")


@pytest.fixture
def chats(server):
    server.stop()
    # The webhook receivers listen on loopback, which webhooks reach only when allowed.
    server.config = '[chats]\ntime_zone = "Asia/Riyadh"\n[webhooks]\nallow = "127.0.0.1"\n'
    server.start()
    api = ApiClient(server.url)
    token = api.call("POST", "/chats/bridge-token", auth=BASIC).json()["token"]
    return Chats(server, api, token)


class Chats:
    def __init__(self, server, api, token):
        self.server, self.api, self.token = server, api, token
        self.counter = 0

    def post(self, chat, sender, text, from_me=False, minutes_ago=0, message_id=None, kind="one_to_one", check=True):
        self.counter += 1
        body = {"chatId": chat, "chatKind": kind, "chatName": "Sara", "messageId": message_id or f"{chat}-{self.counter}",
                "senderName": sender, "fromMe": from_me, "timestamp": int(time.time()) - minutes_ago * 60, "text": text}
        reply = self.api.call("POST", "/chats/messages", body, auth=ApiClient.bearer(self.token))
        if check:
            assert reply.status == 202, reply.body
        return reply

    def conversation(self, chat_id):
        for conversation in self.api.call("GET", "/chats", auth=BASIC).json()["conversations"]:
            if conversation["chatId"] == chat_id:
                return conversation
        return None

    def wait(self, chat_id, status, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            conversation = self.conversation(chat_id)
            # Judged (an extractor is named), and once settled, its messages dropped.
            settled = status in ("HAS_EVENT_AGREED", "HAS_EVENT_DENIED")
            if conversation and conversation["extractor"] and conversation["status"] == status and (
                    not settled or conversation["pendingMessages"] == 0):
                return conversation
            time.sleep(0.2)
        raise AssertionError(f"{chat_id} did not reach {status}: {self.conversation(chat_id)}")

    def calendar(self, user="amal", password="amal-password-1"):
        client = caldav.DAVClient(url=self.server.url + "/dav/", username=user, password=password)
        return client.principal().calendar(cal_id="chat-events")

    def events(self):
        return [event.icalendar_component for event in self.calendar().events()]


def tomorrow(hour, minute=0, days=1):
    day = datetime.now(RIYADH) + timedelta(days=days)
    return day.replace(hour=hour, minute=minute, second=0, microsecond=0)


def add_event(server, summary, start, end):
    client = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")
    calendar = client.principal().calendar(cal_id="calendar")
    calendar.save_event(dtstart=start, dtend=end, summary=summary)


def test_an_agreement_in_a_chat_lands_in_chat_events_once_and_follows_changes(chats):
    chats.post("sara", "Sara", "Dinner tomorrow at 8pm at Nozomi?", minutes_ago=5)
    chats.post("sara", "Amal", "Works for me, see you there!", from_me=True, minutes_ago=4)
    conversation = chats.wait("bridge:sara", "HAS_EVENT_AGREED")
    assert conversation["with"] == "Sara" and conversation["extractor"] == "builtin"
    calendar = chats.calendar()
    assert calendar.get_display_name() == "Chat Events"
    [event] = chats.events()
    assert "dinner" in str(event["SUMMARY"]).lower()
    assert event["DTSTART"].dt == tomorrow(20) and event["DTEND"].dt == tomorrow(21)
    assert "nozomi" in str(event["LOCATION"]).lower()
    assert str(event["DESCRIPTION"]).endswith("Managed by Jadwal")
    assert str(event["X-JADWAL-CHAT-ID"]) == "bridge:sara" and str(event["X-JADWAL-CHAT-WITH"]) == "Sara"
    uid = str(event["UID"])
    assert conversation["eventUid"] == uid

    # The bridge sends the same messages again: nothing changes.
    again = chats.post("sara", "Sara", "Dinner tomorrow at 8pm at Nozomi?", message_id="sara-1")
    assert again.json()["status"] == "duplicate"
    # A later change of plan moves the same event.
    chats.post("sara", "Sara", "Can we make it 9pm instead? I finish work late", minutes_ago=2)
    chats.post("sara", "Amal", "Sure, 9 is fine", from_me=True, minutes_ago=1)
    deadline = time.time() + 30
    while time.time() < deadline and chats.events()[0]["DTSTART"].dt != tomorrow(21):
        time.sleep(0.2)
    [moved] = chats.events()
    assert str(moved["UID"]) == uid and moved["DTSTART"].dt == tomorrow(21)
    assert int(moved["SEQUENCE"]) >= 1

    # A cancellation removes it.
    chats.post("sara", "Sara", "So sorry, something came up and I can't make it tomorrow. Let's do it another time")
    chats.post("sara", "Amal", "No worries!", from_me=True)
    deadline = time.time() + 30
    while time.time() < deadline and chats.events():
        time.sleep(0.2)
    assert chats.events() == []
    assert chats.conversation("bridge:sara")["eventUid"] is None


def test_group_chats_bad_tokens_and_bad_bodies_change_nothing(chats):
    ignored = chats.post("family", "Aunt", "Lunch on Friday everyone?", kind="group").json()
    assert ignored["status"] == "ignored"
    assert chats.conversation("bridge:family") is None
    body = {"chatId": "x", "chatKind": "one_to_one", "messageId": "1", "senderName": "S", "fromMe": False, "timestamp": 1, "text": "hi"}
    assert chats.api.call("POST", "/chats/messages", body, auth=ApiClient.bearer("jb_" + "A" * 43), check_request=False).status == 401
    assert chats.api.call("POST", "/chats/messages", body, auth=BASIC, check_request=False).status == 401
    bearer = ApiClient.bearer(chats.token)
    for bad in [dict(body, chatKind="channel"), dict(body, surprise=1), dict(body, fromMe="yes"), dict(body, timestamp="yesterday"),
                {k: v for k, v in body.items() if k != "messageId"}]:
        assert chats.api.call("POST", "/chats/messages", bad, auth=bearer, check_request=False).status == 400, bad
    assert chats.api.call("POST", "/chats/messages", raw=b"{not json", auth=bearer, check_request=False).status == 400
    huge = dict(body, text="x" * (70 << 10))
    assert chats.api.call("POST", "/chats/messages", huge, auth=bearer, check_request=False).status == 413
    assert chats.conversation("bridge:x") is None
    # Rotating the token cuts the old one off.
    fresh = chats.api.call("POST", "/chats/bridge-token", auth=BASIC).json()["token"]
    assert chats.api.call("POST", "/chats/messages", body, auth=bearer, check_request=False).status == 401
    chats.token = fresh
    chats.api.call("DELETE", "/chats/bridge-token", auth=BASIC)
    assert chats.api.call("POST", "/chats/messages", body, auth=ApiClient.bearer(fresh), check_request=False).status == 401


def test_messages_are_sealed_at_rest_and_purged_once_settled(chats):
    marker = "zebra crossing 31337 by the old mill"
    chats.post("notes", "Sara", f"Just saw a {marker}, so funny")
    chats.wait("bridge:notes", "NO_EVENT")
    database = chats.server.database_bytes()
    assert marker.encode() not in database and b"Sara" not in database
    assert chats.conversation("bridge:notes")["pendingMessages"] == 1
    key = os.path.join(chats.server.data_dir, "keys", "secret.key")
    assert os.stat(key).st_mode & 0o777 == 0o600
    chats.post("notes", "Sara", "Coffee tomorrow at 10am at Brew92?")
    chats.post("notes", "Amal", "Yes! Count me in", from_me=True)
    assert chats.wait("bridge:notes", "HAS_EVENT_AGREED")["pendingMessages"] == 0


class WebhookReceiver(http.server.BaseHTTPRequestHandler):
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        WebhookReceiver.received.append((dict(self.headers), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_conflicts_are_found_suggested_and_resolved_three_ways(chats):
    server = chats.server
    receiver = http.server.HTTPServer(("127.0.0.1", 0), WebhookReceiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    WebhookReceiver.received.clear()
    settings = chats.api.call("PATCH", "/chats/settings", {"webhookUrl": f"http://127.0.0.1:{receiver.server_port}/hook",
                                                            "wakingHours": {"start": "09:00", "end": "23:00"}}, auth=BASIC).json()
    secret = settings["webhookSecret"]
    assert chats.api.call("GET", "/chats/settings", auth=BASIC).json()["webhookUrl"].endswith("/hook")

    add_event(server, "Team review", tomorrow(19, 30), tomorrow(21))
    add_event(server, "Gym", tomorrow(13, days=2), tomorrow(14, days=2))
    add_event(server, "Dentist", tomorrow(10, days=3), tomorrow(11, days=3))
    chats.post("c1", "Sara", "Dinner tomorrow at 8pm?", minutes_ago=3)
    chats.post("c1", "Amal", "Perfect, see you then", from_me=True, minutes_ago=2)
    chats.post("c2", "Sara", "Lunch the day after tomorrow at 1pm?", minutes_ago=3)
    chats.post("c2", "Amal", "Yes that works", from_me=True, minutes_ago=2)
    chats.post("c3", "Sara", "Let's play padel in 3 days at 10am", minutes_ago=3)
    chats.post("c3", "Amal", "Deal 👍", from_me=True, minutes_ago=2)
    for chat in ("bridge:c1", "bridge:c2", "bridge:c3"):
        chats.wait(chat, "HAS_EVENT_AGREED")
    conflicts = chats.api.call("GET", "/conflicts", auth=BASIC).json()["conflicts"]
    by_other = {c["other"]["summary"]: c for c in conflicts}
    assert set(by_other) == {"Team review", "Gym", "Dentist"}, conflicts

    # Reschedule: suggestions avoid the review and keep to waking hours.
    review = chats.api.call("GET", f"/conflicts/{by_other['Team review']['id']}", auth=BASIC).json()
    assert review["event"]["start"] == tomorrow(20).isoformat()
    assert len(review["suggestions"]) >= 3
    for slot in review["suggestions"]:
        start, end = datetime.fromisoformat(slot["start"]), datetime.fromisoformat(slot["end"])
        assert end - start == timedelta(hours=1)
        assert not (start < tomorrow(21) and tomorrow(19, 30) < end)
        assert start.astimezone(RIYADH).hour >= 9 and (end.astimezone(RIYADH).hour < 23 or end.astimezone(RIYADH).strftime("%H:%M") == "23:00")
    moved = chats.api.call("POST", f"/conflicts/{review['id']}/resolve", {"action": "reschedule"}, auth=BASIC).json()
    assert moved["status"] == "resolved" and moved["resolution"] == "reschedule" and moved["remainingConflicts"] == []
    assert moved["event"]["start"] == review["suggestions"][0]["start"]
    dinner = [e for e in chats.events() if "dinner" in str(e["SUMMARY"]).lower()][0]
    assert dinner["DTSTART"].dt == datetime.fromisoformat(review["suggestions"][0]["start"])

    # Keep: both stay.
    gym = by_other["Gym"]["id"]
    kept = chats.api.call("POST", f"/conflicts/{gym}/resolve", {"action": "keep"}, auth=BASIC).json()
    assert kept["resolution"] == "keep"
    assert any("lunch" in str(e["SUMMARY"]).lower() for e in chats.events())
    again = chats.api.call("POST", f"/conflicts/{gym}/resolve", {"action": "keep"}, auth=BASIC)
    assert again.status == 409

    # Cancel: the chat event goes.
    dentist = by_other["Dentist"]["id"]
    cancelled = chats.api.call("POST", f"/conflicts/{dentist}/resolve", {"action": "cancel"}, auth=BASIC).json()
    assert cancelled["resolution"] == "cancel"
    assert not any("padel" in str(e["SUMMARY"]).lower() for e in chats.events())
    assert chats.api.call("GET", "/conflicts", auth=BASIC).json()["conflicts"] == []

    # Another user sees none of it.
    omar = ApiClient.basic("omar", "omar-password-1")
    assert chats.api.call("GET", f"/conflicts/{gym}", auth=omar).status == 404
    assert chats.api.call("GET", "/chats", auth=omar).json()["conversations"] == []
    bad = chats.api.call("POST", f"/conflicts/{gym}/resolve", {"action": "explode"}, auth=BASIC, check_request=False)
    assert bad.status == 400

    # Each new event and its clash was posted to the webhook, signed.
    deadline = time.time() + 20
    while time.time() < deadline and len(WebhookReceiver.received) < 3:
        time.sleep(0.2)
    receiver.shutdown()
    kinds = []
    for headers, body in WebhookReceiver.received:
        expected = hmac.new(secret.encode(), headers["X-Jadwal-Timestamp"].encode() + b"." + body, hashlib.sha256).hexdigest()
        assert headers["X-Jadwal-Signature"] == "sha256=" + expected
        notice = json.loads(body)
        kinds.append(notice["type"])
        assert notice["account"] == "amal" and notice["event"]["href"].startswith("/dav/calendars/amal/chat-events/")
        assert notice["conflicts"], notice
    assert kinds.count("event.created") == 3


def test_a_clash_with_a_prayer_is_a_conflict(chats):
    server = chats.server
    subprocess.run([server.binary, "prayer", "settings", "amal", "--lat", "24.7136", "--lon", "46.6753", "--tz", "Asia/Riyadh",
                    "--data", server.data_dir], check=True, capture_output=True, timeout=60)
    # Half an hour before tomorrow's Maghrib, whatever the season: the hour overlaps it.
    client = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")
    prayers = client.principal().calendar(cal_id="prayer-times").search(start=tomorrow(0), end=tomorrow(0, days=2), event=True)
    maghrib = min(e.icalendar_component["DTSTART"].dt for e in prayers
                  if str(e.icalendar_component["X-JADWAL-PRAYER"]) == "maghrib" and e.icalendar_component["DTSTART"].dt >= tomorrow(0))
    meet = (maghrib.astimezone(RIYADH) - timedelta(minutes=30)).replace(second=0)
    meet = meet.replace(minute=meet.minute - meet.minute % 5)
    chats.post("p", "Sara", f"Shall we meet tomorrow at {meet.hour - 12}:{meet.minute:02d}pm for coffee?", minutes_ago=3)
    chats.post("p", "Amal", "ok 👍", from_me=True, minutes_ago=2)
    chats.wait("bridge:p", "HAS_EVENT_AGREED")
    conflicts = chats.api.call("GET", "/conflicts", auth=BASIC).json()["conflicts"]
    prayers = [c for c in conflicts if c["other"]["kind"] == "prayer"]
    assert prayers and prayers[0]["other"]["calendar"] == "prayer-times", conflicts
    listed = subprocess.run([server.binary, "conflicts", "list", "amal", "--data", server.data_dir, "--config",
                             os.path.join(server.data_dir, "..", "jadwal.toml")], capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0 and prayers[0]["id"] in listed.stdout, listed.stdout + listed.stderr


def export(lines):
    """An Android export of (minutes ago, sender, text) lines, in Riyadh time."""
    now = datetime.now(RIYADH)
    return "".join(f"{(now - timedelta(minutes=m)).strftime('%d/%m/%Y, %H:%M')} - {who}: {text}\n" for m, who, text in lines).encode()


def test_an_imported_export_is_judged_and_importing_it_again_changes_nothing(chats):
    text = export([(9, "Sara", "hey! are you free tomorrow?"), (8, "Amal", "yes why"),
                   (7, "Sara", "Movie tomorrow at 7pm at VOX Cinemas?"), (6, "Amal", "I'm in 🎬")])
    first = chats.api.call("POST", "/chats/import?owner=Amal", raw=text, content_type="text/plain", auth=BASIC).json()
    assert first["accepted"] == 4 and first["duplicates"] == 0 and first["with"] == "Sara"
    chats.wait("import:sara", "HAS_EVENT_AGREED")
    again = chats.api.call("POST", "/chats/import?owner=Amal", raw=text, content_type="text/plain", auth=BASIC).json()
    assert again["accepted"] == 0 and again["duplicates"] == 4
    [event] = chats.events()
    # "Tomorrow" is the day after the message was sent (which, just after midnight, was yesterday).
    sent = datetime.now(RIYADH) - timedelta(minutes=7)
    assert event["DTSTART"].dt == (sent + timedelta(days=1)).replace(hour=19, minute=0, second=0, microsecond=0)

    # The .zip WhatsApp makes, plain and in a form.
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("WhatsApp Chat with Noor.txt", export([(5, "Noor", "Breakfast the day after tomorrow at 9am?"), (4, "Amal", "yes!")]))
    reply = chats.api.call("POST", "/chats/import?owner=Amal&chatId=noor", raw=archive.getvalue(), content_type="application/zip", auth=BASIC,
                          check_request=False)  # openapi-core reads binary bodies as text
    assert reply.status == 202 and reply.json()["accepted"] == 2
    boundary = "jadwal-boundary-42"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"owner\"\r\n\r\nAmal\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"chat.zip\"\r\nContent-Type: application/zip\r\n\r\n").encode() \
        + archive.getvalue() + f"\r\n--{boundary}--\r\n".encode()
    reply = chats.api.call("POST", "/chats/import?chatId=noor", raw=form, content_type=f"multipart/form-data; boundary={boundary}", auth=BASIC,
                          check_request=False)
    assert reply.status == 202 and reply.json()["duplicates"] == 2
    chats.wait("noor", "HAS_EVENT_AGREED")

    for raw, kind in [(b"just some text\nwith no timestamps\n", "text/plain"), (b"PK\x03\x04broken", "application/zip")]:
        refused = chats.api.call("POST", "/chats/import?owner=Amal", raw=raw, content_type=kind, auth=BASIC, check_request=False)
        assert refused.status == 422 and refused.json()["error"] == "invalid_export"
    group = export([(3, "A", "hi"), (2, "B", "hello"), (1, "Amal", "hey")])
    assert chats.api.call("POST", "/chats/import?owner=Amal", raw=group, content_type="text/plain", auth=BASIC,
                          check_request=False).json()["error"] == "group_chat"
    assert chats.api.call("POST", "/chats/import", raw=text, content_type="text/plain", auth=BASIC, check_request=False).status == 400
    assert chats.api.call("POST", "/chats/import?owner=Amal", raw=text, content_type="text/plain", check_request=False).status == 401


def test_acknowledged_messages_survive_a_kill(chats):
    server = chats.server
    chats.post("k", "Sara", "Walk tomorrow at 6pm at the park?", minutes_ago=2)
    chats.post("k", "Amal", "yes let's do it", from_me=True, minutes_ago=1)
    server.kill()
    server.start()
    chats.wait("bridge:k", "HAS_EVENT_AGREED", timeout=90)
    assert len(chats.events()) == 1
    assert chats.post("k", "Sara", "Walk tomorrow at 6pm at the park?", message_id="k-1").json()["status"] == "duplicate"


def test_new_events_are_mailed_to_users_with_an_address(chats):
    server = chats.server
    subprocess.run([server.binary, "user", "add", "lina", "--email", "lina@example.org", "--password-stdin", "--data", server.data_dir],
                   input="lina-password-1\n", text=True, check=True, capture_output=True, timeout=60)
    lina = ApiClient.basic("lina", "lina-password-1")
    token = chats.api.call("POST", "/chats/bridge-token", auth=lina).json()["token"]
    chats.token = token
    chats.post("m", "Sara", "Dinner tomorrow at 8pm?", minutes_ago=2)
    chats.post("m", "Lina", "yes!", from_me=True, minutes_ago=1)
    deadline = time.time() + 30
    mails = []
    while time.time() < deadline and not mails:
        mails = [path for path in glob.glob(os.path.join(server.data_dir, "outbox", "*.eml")) if "Added from a chat" in open(path).read()]
        time.sleep(0.2)
    assert mails
    text = open(mails[0]).read()
    assert "lina@example.org" in text and "Chat Events" in text
