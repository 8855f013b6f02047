"""Linking through the fake WhatsApp, and messages reaching a local stand-in for Jadwal."""

from __future__ import annotations

import time

from conftest import TOKEN, wait_for

from jadwal_whatsapp.backend import IncomingMessage
from jadwal_whatsapp.fake_backend import pairing_code


def test_pairing_connects_the_account(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    answer = running.link("amal")
    assert answer["pairingCode"] == pairing_code("966500000001")
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 204
    status = wait_for(lambda: (s := running.status("amal"))["status"] == "connected" and s.get("online") and s)
    assert status == {"status": "connected", "linkedNumber": "966500000001", "online": True, "pendingMessages": 0}
    assert running.call("GET", "/v1/accounts").json() == {"accounts": [{"account": "amal", "status": "connected"}]}


def test_a_message_reaches_jadwal(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    answer = running.receive("amal", chatId="966500000002@s.whatsapp.net", chatName="Clinic", senderName="Clinic",
                             text="Can we meet Tuesday at 10?", messageId="3EB0AAA", timestamp=1_790_000_000)
    assert answer.status_code == 204
    wait_for(lambda: jadwal.accepted)
    post = jadwal.posts[0]
    assert post["path"] == "/api/v1/chats/messages"
    assert post["auth"] == f"Bearer {TOKEN}"
    assert post["body"] == {
        "chatId": "966500000002@s.whatsapp.net", "chatKind": "one_to_one", "chatName": "Clinic",
        "messageId": "3EB0AAA", "senderName": "Clinic", "fromMe": False, "timestamp": 1_790_000_000,
        "text": "Can we meet Tuesday at 10?", "kind": "text",
    }
    wait_for(lambda: running.status("amal")["pendingMessages"] == 0)


def test_own_messages_and_kinds(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    running.receive("amal", fromMe=True, text="Tuesday works", senderName="Amal")
    running.receive("amal", kind="location", text="24.7136,46.6753")
    running.receive("amal", kind="media", text="<image omitted>")
    wait_for(lambda: len(jadwal.accepted) == 3)
    first, second, third = jadwal.accepted
    assert first["fromMe"] is True and first["senderName"] == "Amal" and "chatName" not in first
    assert (second["kind"], third["kind"]) == ("location", "media")
    assert abs(first["timestamp"] - time.time()) < 60


def test_groups_broadcasts_and_newsletters_are_not_posted(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    for chat in ("120363000000000001@g.us", "status@broadcast", "120363000000000002@newsletter"):
        assert running.receive("amal", chatId=chat, text="team lunch at 1?").status_code == 204
    assert running.receive("amal", chatId="966500000003@s.whatsapp.net", group=True, text="group").status_code == 204
    running.receive("amal", text="only this one")
    wait_for(lambda: jadwal.accepted)
    time.sleep(0.2)
    assert jadwal.texts() == ["only this one"]
    assert running.status("amal")["pendingMessages"] == 0


def test_payloads_keep_within_jadwals_limits():
    message = IncomingMessage(chat_id="966500000002@s.whatsapp.net", message_id="3EB0" + "x" * 300,
                              sender_name="ن" * 200, from_me=False, timestamp=1, text="é" * 9000, chat_name=None)
    payload = message.payload()
    assert len(payload["text"].encode()) == 16_384 and set(payload["text"]) == {"é"}
    assert len(payload["messageId"].encode()) == 256
    assert len(payload["senderName"].encode()) == 256 and set(payload["senderName"]) == {"ن"}
    assert "chatName" not in payload


def test_same_phone_again_stays_connected_and_takes_the_new_token(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    assert running.link("amal", phone="966500000001", token="jb_second") == {
        "status": "connected", "linkedNumber": "966500000001"}
    running.receive("amal", text="after the new token")
    wait_for(lambda: jadwal.accepted)
    assert jadwal.posts[-1]["auth"] == "Bearer jb_second"
    assert running.fake.logouts == []


def test_another_phone_logs_the_old_device_out_first(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    answer = running.link("amal", phone="+966500000009")
    assert answer["status"] == "pending"
    assert answer["pairingCode"] == pairing_code("966500000009")
    assert running.fake.logouts == ["amal"]
    assert running.status("amal")["status"] == "pending"
    running.call("POST", "/test/accounts/amal/confirm-pairing")
    wait_for(lambda: running.status("amal").get("linkedNumber") == "966500000009")


def test_linking_again_while_pending_restarts_it(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    first = running.link("amal")
    second = running.link("amal", phone="+966500000008")
    assert first["pairingCode"] != second["pairingCode"]
    assert running.fake.logouts == []
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 204
    wait_for(lambda: running.status("amal").get("linkedNumber") == "966500000008")


def test_an_unused_pairing_code_expires(start_bridge, jadwal):
    running = start_bridge(jadwal.url, pairing_timeout=0.3)
    running.link("amal")
    status = wait_for(lambda: (s := running.status("amal"))["status"] == "failed" and s)
    assert "expired" in status["error"]
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 409
    assert running.link("amal")["status"] == "pending"
