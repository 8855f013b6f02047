"""Pushes to the app, end to end against a local HTTP/2 server that speaks APNs (Apple's
service is outside this machine): devices registered through the API, an alert for a new
chat event and for a clash (in the person's language, threaded, with the ids the app
opens), a background push when calendars change (also a calendar shared with the person),
retries after 429 and 503, devices forgotten after 410 and BadDeviceToken, and the
provider token checked with the test's public key on every request."""
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import caldav
import pytest

from api_client import ApiClient
from fake_apns import FakeAPNs, make_provider_key

KEY_ID, TEAM_ID, TOPIC = "ABC123DEFG", "TEAM123456", "org.jadwal.app"
AMAL = ApiClient.basic("amal", "amal-password-1")
OMAR = ApiClient.basic("omar", "omar-password-1")
RIYADH = ZoneInfo("Asia/Riyadh")


def token(n):
    return f"{n:02x}" * 32


@pytest.fixture
def pushing(server, tmp_path):
    key_file, public_key = make_provider_key(str(tmp_path), KEY_ID)
    apns = FakeAPNs(str(tmp_path), public_key, KEY_ID, TEAM_ID, [TOPIC])
    server.stop()
    server.config = f"""[chats]
time_zone = "Asia/Riyadh"
[push]
refresh_delay = 1
[push.apns]
key_file = "{key_file}"
key_id = "{KEY_ID}"
team_id = "{TEAM_ID}"
topics = "{TOPIC}"
production_url = "{apns.url}"
sandbox_url = "{apns.url}"
ca_file = "{apns.ca_file}"
"""
    server.start()
    yield server, ApiClient(server.url), apns
    apns.stop()


def register(api, auth, device_token, environment="production"):
    reply = api.call("POST", "/me/push-devices", {"token": device_token, "platform": "ios", "environment": environment, "topic": TOPIC}, auth=auth)
    assert reply.status == 201, reply.body
    return reply.json()


def agree_in_chat(api, auth, chat, text="Dinner tomorrow at 8pm?"):
    bridge = api.call("POST", "/chats/bridge-token", auth=auth).json()["token"]
    for n, (sender, line, mine) in enumerate([("Sara", text, False), ("Me", "Perfect, see you then", True)]):
        body = {"chatId": chat, "chatKind": "one_to_one", "chatName": "Sara", "messageId": f"{chat}-{n}", "senderName": sender,
                "fromMe": mine, "timestamp": int(time.time()) - 120 + n * 60, "text": line}
        assert api.call("POST", "/chats/messages", body, auth=ApiClient.bearer(bridge)).status == 202


def alerts(pushes, kind=None):
    return [p for p in pushes if p["headers"]["apns-push-type"] == "alert" and (kind is None or p["payload"]["type"] == kind)]


def test_devices_are_registered_checked_listed_and_removed(pushing):
    server, api, _ = pushing
    for bad in ({"token": "xyz" * 30}, {"token": token(1)[:63]}, {"token": "ab" * 201}, {"platform": "android"},
                {"environment": "staging"}, {"topic": "com.other.app"}, {"topic": "nodots"}):
        body = {"token": token(1), "platform": "ios", "environment": "production", "topic": TOPIC, **bad}
        assert api.call("POST", "/me/push-devices", body, auth=AMAL, check_request=False).status == 400, bad
    assert api.call("GET", "/me/push-devices", auth=AMAL).json() == {"pushDevices": [], "pushes": True}

    device = register(api, AMAL, token(1).upper())
    assert device["tokenEnd"] == token(1)[-8:] and device["environment"] == "production" and device["id"].startswith("p_")
    assert [d["id"] for d in api.call("GET", "/me/push-devices", auth=AMAL).json()["pushDevices"]] == [device["id"]]
    # The same phone signed in as someone else: the token moves, amal's pushes stop reaching it.
    moved = register(api, OMAR, token(1))
    assert moved["id"] == device["id"]
    assert api.call("GET", "/me/push-devices", auth=AMAL).json()["pushDevices"] == []
    assert api.call("DELETE", f"/me/push-devices/{device['id']}", auth=AMAL).status == 404
    assert api.call("DELETE", f"/me/push-devices/{device['id']}", auth=OMAR).status == 204
    assert api.call("GET", "/me/push-devices", auth=OMAR).json()["pushDevices"] == []
    assert api.call("GET", "/me/push-devices").status == 401


def test_a_chat_event_and_a_clash_alert_the_phone_once(pushing):
    server, api, apns = pushing
    register(api, AMAL, token(2))
    register(api, AMAL, token(3), environment="sandbox")
    agree_in_chat(api, AMAL, "sara")
    pushes = apns.wait_for(lambda p: {x["token"] for x in alerts(p, "event.created")} == {token(2), token(3)})
    created = alerts(pushes, "event.created")[0]
    assert created["payload"]["aps"]["alert"]["title"] == "Added from a chat"
    assert "Dinner" in created["payload"]["aps"]["alert"]["body"] and "Sara" in created["payload"]["aps"]["alert"]["body"]
    assert created["payload"]["aps"]["thread-id"].startswith("chat-") and created["payload"]["eventUid"]
    assert created["headers"]["apns-topic"] == TOPIC and created["headers"]["apns-priority"] == "10"
    assert int(created["headers"]["apns-expiration"]) > time.time()
    event_uid = created["payload"]["eventUid"]

    # A clash in Arabic for a person who chose Arabic.
    assert api.call("PATCH", "/me", {"language": "ar-SA"}, auth=AMAL).status == 200
    client = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")
    day = datetime.now(RIYADH) + timedelta(days=2)
    client.principal().calendar(cal_id="calendar").save_event(
        dtstart=day.replace(hour=12, minute=30, second=0, microsecond=0), dtend=day.replace(hour=14, minute=0, second=0, microsecond=0),
        summary="Team review")
    agree_in_chat(api, AMAL, "noor", "Lunch the day after tomorrow at 1pm?")
    clashes = lambda p: [x for x in alerts(p, "event.created") if "conflictId" in x["payload"]]
    pushes = apns.wait_for(lambda p: len(clashes(p)) == 2)
    clash = clashes(pushes)[0]
    assert clash["payload"]["aps"]["alert"]["title"] == "أُضيف من محادثة، ويتعارض مع جدولك"
    body = clash["payload"]["aps"]["alert"]["body"]
    assert "Team review" in body and any("\u0660" <= c <= "\u0669" for c in body), body  # Saudi Arabic writes Arabic-Indic digits
    conflict_id = clash["payload"]["conflictId"]
    assert conflict_id in {c["id"] for c in api.call("GET", "/conflicts", auth=AMAL).json()["conflicts"]}

    # Each notice reached each device once, however the jobs ran.
    time.sleep(2)
    seen = [(p["token"], p["headers"].get("apns-collapse-id")) for p in alerts(apns.pushes())]
    assert len(seen) == len(set(seen)), seen
    assert clash["payload"]["eventUid"] != event_uid


def test_calendar_changes_wake_the_apps_that_show_them(pushing):
    server, api, apns = pushing
    register(api, AMAL, token(4))
    register(api, OMAR, token(5))
    # Omar reads amal's calendar through a share.
    share = api.call("POST", "/calendars/calendar/shares", {"sharee": "omar", "access": "read"}, auth=AMAL).json()
    assert api.call("POST", f"/shares/{share['invitation']}/accept", auth=OMAR).status == 200
    time.sleep(1.5)
    start = len(apns.pushes())

    client = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")
    calendar = client.principal().calendar(cal_id="calendar")
    begin = datetime.now(RIYADH).replace(microsecond=0) + timedelta(days=5)
    for n in range(5):  # a burst of writes wakes each phone once or twice, not five times
        calendar.save_event(dtstart=begin + timedelta(hours=n), dtend=begin + timedelta(hours=n, minutes=30), summary=f"Block {n}")
    apns.wait_for(lambda p: {x["token"] for x in p[start:]} >= {token(4), token(5)})
    time.sleep(2.5)
    background = [p for p in apns.pushes()[start:] if p["headers"]["apns-push-type"] == "background"]
    for device in (token(4), token(5)):
        mine = [p for p in background if p["token"] == device]
        assert 1 <= len(mine) <= 3, mine
        assert mine[0]["payload"] == {"aps": {"content-available": 1}, "type": "calendars.changed"}
        assert mine[0]["headers"]["apns-priority"] == "5"


def test_apns_refusals_retry_or_forget_the_device(pushing):
    server, api, apns = pushing
    busy, failing, gone, bad = (register(api, AMAL, token(n)) for n in (6, 7, 8, 9))
    apns.script(token(6), (429, "TooManyRequests"))
    apns.script(token(7), (503, "ServiceUnavailable"))
    apns.script(token(8), (410, "Unregistered"))
    apns.script(token(9), (400, "BadDeviceToken"))
    agree_in_chat(api, AMAL, "retry")
    # 429 and 503 are retried after the first back-off (10 s) and then delivered, once.
    pushes = apns.wait_for(lambda p: {x["token"] for x in alerts(p)} >= {token(6), token(7)}, timeout=60)
    assert len([p for p in alerts(pushes) if p["token"] == token(6)]) == 1
    assert (token(6), 429, "TooManyRequests") in apns.answers and (token(7), 503, "ServiceUnavailable") in apns.answers
    # The unregistered and the bad token are forgotten, and get nothing more.
    listed = {d["id"] for d in api.call("GET", "/me/push-devices", auth=AMAL).json()["pushDevices"]}
    assert listed == {busy["id"], failing["id"]}, listed
    assert not [p for p in apns.pushes() if p["token"] in (token(8), token(9))]
    # Every request carried a provider token the test's public key verifies (no 403 answered).
    assert not [a for a in apns.answers if a[1] == 403]


def test_a_push_configuration_that_cannot_work_stops_the_server(server, tmp_path):
    server.stop()
    server.config = '[push.apns]\nkey_file = "/nonexistent.p8"\nkey_id = "ABC123DEFG"\nteam_id = "TEAM123456"\n'
    with pytest.raises(AssertionError, match="push.apns.key_file"):
        server.start()
    server.config = '[push.apns]\nkey_id = "ABC123DEFG"\n'
    with pytest.raises(AssertionError, match="push.apns.key_file"):
        server.start()
    not_a_key = tmp_path / "bad.p8"
    not_a_key.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    server.config = f'[push.apns]\nkey_file = "{not_a_key}"\nkey_id = "ABC123DEFG"\nteam_id = "TEAM123456"\n'
    with pytest.raises(AssertionError, match="P-256"):
        server.start()
