"""Delivery to Jadwal: nothing lost while it is down, in order, back-off, 401 and other refusals."""

from __future__ import annotations

import time

from conftest import FakeJadwal, free_port, wait_for


def test_messages_wait_for_jadwal_and_arrive_in_order(start_bridge):
    port = free_port()
    running = start_bridge(f"http://127.0.0.1:{port}")  # nothing listens there yet
    running.pair("amal")
    for number in range(6):
        assert running.receive("amal", text=f"message {number}", messageId=f"id-{number}").status_code == 204
    assert running.status("amal")["pendingMessages"] == 6
    time.sleep(0.3)  # a few failed attempts
    jadwal = FakeJadwal(port).start()
    try:
        wait_for(lambda: running.status("amal")["pendingMessages"] == 0)
        assert jadwal.texts() == [f"message {number}" for number in range(6)]
    finally:
        jadwal.stop()


def test_503_is_retried_with_growing_back_off_and_order_is_kept(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    jadwal.answer_next(503, 503, 503, 503, 500)
    running.receive("amal", text="first", messageId="first")
    running.receive("amal", text="second", messageId="second")
    wait_for(lambda: len(jadwal.accepted) == 2)
    bodies = [post["body"]["messageId"] for post in jadwal.posts]
    assert bodies == ["first"] * 6 + ["second"]
    times = [post["at"] for post in jadwal.posts[:6]]
    waits = [later - earlier for earlier, later in zip(times, times[1:])]
    # retry_initial 0.05 s doubling up to retry_max 0.4 s, each wait between half and all of it
    delays = [0.05, 0.1, 0.2, 0.4, 0.4]
    assert all(wait >= delay / 2 - 0.01 for wait, delay in zip(waits, delays)), waits
    assert all(wait <= delay + 1.0 for wait, delay in zip(waits, delays)), waits


def test_408_and_429_are_retried_other_4xx_dropped(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    jadwal.answer_next(408, 429, 202, 400, 404, 202)
    running.receive("amal", text="kept", messageId="kept")
    running.receive("amal", text="refused", messageId="refused")
    running.receive("amal", text="unknown", messageId="unknown")
    running.receive("amal", text="next", messageId="next")
    wait_for(lambda: running.status("amal")["pendingMessages"] == 0)
    assert [post["body"]["messageId"] for post in jadwal.posts] == ["kept", "kept", "kept", "refused", "unknown", "next"]
    assert jadwal.texts() == ["kept", "next"]


def test_401_marks_the_account_failed_until_a_new_token(start_bridge, jadwal):
    running = start_bridge(jadwal.url)
    running.pair("amal")
    jadwal.answer_next(401)
    running.receive("amal", text="while revoked", messageId="a")
    status = wait_for(lambda: (s := running.status("amal"))["status"] == "failed" and s)
    assert "401" in status["error"] and "token" in status["error"]
    assert status["linkedNumber"] == "966500000001"
    # Nothing more is posted with the revoked token; messages keep arriving into the spool.
    running.receive("amal", text="still revoked", messageId="b")
    time.sleep(0.3)
    assert len(jadwal.posts) == 1
    assert running.status("amal")["pendingMessages"] == 2
    # Jadwal issues a new token and links again with the same phone: no new pairing needed.
    assert running.link("amal", token="jb_new-token")["status"] == "connected"
    wait_for(lambda: running.status("amal")["pendingMessages"] == 0)
    assert jadwal.texts() == ["while revoked", "still revoked"]
    assert {post["auth"] for post in jadwal.posts[1:]} == {"Bearer jb_new-token"}
    assert running.status("amal")["status"] == "connected"
