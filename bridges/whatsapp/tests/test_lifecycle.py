"""Reconnection, logout from the phone, unlinking: what happens to the session and its files."""

from __future__ import annotations

import time

from conftest import free_port, wait_for

from jadwal_whatsapp.bridge import account_key


def session_files(running, account="amal"):
    key = account_key(account)
    return (running.config.runtime_dir / key / "session.db",
            running.config.state_dir / "accounts" / key / "session.sealed")


def test_a_dropped_connection_is_reconnected_with_back_off(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    started = time.monotonic()
    answer = running.call("POST", "/test/accounts/amal/drop-connection", json={"failReconnects": 3})
    assert answer.status_code == 204
    wait_for(lambda: running.status("amal")["online"] is False, timeout=1)
    assert running.status("amal")["status"] == "connected"  # still linked, only offline
    assert running.receive("amal", text="while offline").status_code == 409
    wait_for(lambda: running.status("amal")["online"])
    # Four attempts: after 0.05, 0.1, 0.2 and 0.4 s, each with jitter between half and all of it.
    assert time.monotonic() - started >= 0.35
    running.receive("amal", text="after reconnecting")
    wait_for(lambda: jadwal.texts() == ["after reconnecting"])


def test_logout_from_the_phone_disconnects_and_deletes_the_session(start_bridge):
    running = start_bridge(f"http://127.0.0.1:{free_port()}")  # Jadwal down: the message stays spooled
    running.pair("amal")
    running.receive("amal", text="before the logout")
    clear, sealed = session_files(running)
    wait_for(lambda: sealed.exists())
    assert clear.exists()
    assert running.call("POST", "/test/accounts/amal/logout").status_code == 204
    status = wait_for(lambda: (s := running.status("amal"))["status"] == "disconnected" and s)
    assert status == {"status": "disconnected", "linkedNumber": "966500000001", "pendingMessages": 1}
    assert not clear.exists() and not sealed.exists()
    assert not clear.parent.exists()
    # Linking again starts a new pairing.
    assert running.link("amal")["status"] == "pending"


def test_unlink_logs_out_and_deletes_everything(start_bridge):
    running = start_bridge(f"http://127.0.0.1:{free_port()}")
    running.pair("amal")
    running.pair("badr", phone="+966500000005", token="jb_badr")
    running.receive("amal", text="never delivered")
    clear, sealed = session_files(running)
    wait_for(lambda: sealed.exists())
    assert running.call("DELETE", "/v1/accounts/amal").status_code == 204
    assert running.fake.logouts == ["amal"]
    assert not clear.parent.exists()
    assert not sealed.parent.exists()  # the record with the token, the spool, the sealed session
    assert running.call("GET", "/v1/accounts/amal").status_code == 404
    assert running.call("GET", "/v1/accounts").json() == {"accounts": [{"account": "badr", "status": "connected"}]}
    assert session_files(running, "badr")[0].exists()


def test_unlink_while_offline_still_deletes(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    running.call("POST", "/test/accounts/amal/drop-connection", json={"failReconnects": 100})
    wait_for(lambda: running.status("amal")["online"] is False)
    assert running.call("DELETE", "/v1/accounts/amal").status_code == 204
    assert running.fake.logouts == []  # could not reach WhatsApp: the phone keeps listing the device
    assert not session_files(running)[1].parent.exists()


def test_unlink_while_pending(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.link("amal")
    assert session_files(running)[0].exists()
    assert running.call("DELETE", "/v1/accounts/amal").status_code == 204
    assert not session_files(running)[0].parent.exists()
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 404
