"""The HTTP contract Jadwal is written against: auth, input checks, sizes, unknown accounts."""

from __future__ import annotations

import re
import socket
import time

import pytest
import requests

from conftest import PHONE, SECRET, TOKEN


@pytest.fixture
def running(start_bridge, jadwal):
    return start_bridge(jadwal.url)


def test_healthz_needs_no_secret(running):
    answer = running.call("GET", "/healthz", auth=None)
    assert answer.status_code == 200
    assert answer.text == "ok"


@pytest.mark.parametrize("header", [None, "Bearer wrong-secret-0123456789abcdef0123", f"Basic {SECRET}", f"Bearer {SECRET}x", "Bearer"])
@pytest.mark.parametrize("method, path", [("GET", "/v1/accounts"), ("GET", "/v1/accounts/amal"),
                                          ("PUT", "/v1/accounts/amal"), ("DELETE", "/v1/accounts/amal"),
                                          ("POST", "/test/accounts/amal/logout"), ("GET", "/nowhere")])
def test_everything_else_needs_the_secret(running, header, method, path):
    headers = {} if header is None else {"Authorization": header}
    answer = running.call(method, path, auth=None, headers=headers, json={"phone": PHONE, "token": TOKEN})
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "unauthorized"
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert running.bridge.accounts() == []


def test_the_secret_is_checked_before_the_body(running):
    answer = running.call("PUT", "/v1/accounts/amal", auth=None, data=b"x" * (20 * 1024))
    assert answer.status_code == 401


def test_connections_are_kept_between_requests(running):
    with requests.Session() as session:
        session.headers["Authorization"] = f"Bearer {SECRET}"
        for _ in range(3):
            assert session.put(running.url + "/v1/accounts/amal", json={"phone": PHONE, "token": TOKEN}).status_code == 200
            assert session.get(running.url + "/v1/accounts/nobody").status_code == 404
            assert session.get(running.url + "/healthz").text == "ok"


def test_unknown_account_is_404(running):
    for method in ("GET", "DELETE"):
        answer = running.call(method, "/v1/accounts/nobody")
        assert answer.status_code == 404
        assert answer.json() == {"error": {"code": "not_found", "message": "the bridge has no account nobody"}}
    assert running.call("POST", "/test/accounts/nobody/confirm-pairing").status_code == 404


def test_unknown_route_and_wrong_method(running):
    assert running.call("GET", "/v2/accounts").json()["error"]["code"] == "not_found"
    answer = running.call("POST", "/v1/accounts/amal", json={})
    assert answer.status_code == 405
    assert answer.headers["Allow"] == "GET, PUT, DELETE"
    answer = running.call("OPTIONS", "/v1/accounts")
    assert answer.status_code == 501
    assert answer.json()["error"]["code"] == "unsupported"


@pytest.mark.parametrize("name", ["a" * 65, "amal%2Fx", "a%20b", "amal!", "%C3%A9", "..%2F.."])
def test_bad_account_names(running, name):
    answer = running.call("PUT", f"/v1/accounts/{name}", json={"phone": PHONE, "token": TOKEN})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid"


def test_account_names_may_use_the_allowed_signs(running):
    name = "a.b_c-d+e@f" + "x" * 53
    assert len(name) == 64
    answer = running.call("PUT", f"/v1/accounts/{name.replace('+', '%2B').replace('@', '%40')}",
                          json={"phone": PHONE, "token": TOKEN})
    assert answer.status_code == 200, answer.text
    assert running.call("GET", "/v1/accounts").json() == {"accounts": [{"account": name, "status": "pending"}]}


@pytest.mark.parametrize("phone", ["1234567", "+1234567", "1234567890123456", "+0966500000001", "9665-0000001",
                                   "phone", "", 966500000001, None])
def test_bad_phone_numbers(running, phone):
    answer = running.call("PUT", "/v1/accounts/amal", json={"phone": phone, "token": TOKEN})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid"
    assert running.call("GET", "/v1/accounts/amal").status_code == 404


@pytest.mark.parametrize("phone", ["12345678", "+123456789012345", "966500000001"])
def test_good_phone_numbers(running, phone):
    assert running.link("amal", phone=phone)["status"] == "pending"


@pytest.mark.parametrize("body", [b"", b"not json", b"[1]", b'{"phone": "+966500000001"}', b'{"token": "jb_x"}',
                                  b'{"phone": "+966500000001", "token": "jb_x", "extra": 1}',
                                  b'{"phone": "+966500000001", "token": "bad token\\r\\nX: y"}',
                                  b'{"phone": "+966500000001", "token": 5}', b"\xff\xfe"])
def test_bad_bodies(running, body):
    answer = running.call("PUT", "/v1/accounts/amal", data=body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] in ("invalid", "malformed")


def test_bodies_over_16_kib_are_refused(running):
    body = b'{"phone": "+966500000001", "token": "jb_x", "pad": "' + b"x" * (16 * 1024) + b'"}'
    answer = running.call("PUT", "/v1/accounts/amal", data=body)
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too_large"
    # Exactly 16 KiB is read (and then judged on its content).
    body = b'{"phone": "+966500000001", "token": "jb_x", "pad": "' + b"x" * (16 * 1024 - 54) + b'"}'
    assert len(body) == 16 * 1024
    assert running.call("PUT", "/v1/accounts/amal", data=body).json()["error"]["message"] == "unknown field pad"


def test_chunked_bodies_are_refused(running):
    answer = running.call("PUT", "/v1/accounts/amal", data=iter([b'{"phone": "+966500000001",', b' "token": "jb_x"}']))
    assert answer.status_code == 411


def test_malformed_requests_get_json_errors(running):
    port = running.server.server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(b"GARBAGE\r\n\r\n")  # no version: answered as HTTP/0.9, a body alone
        assert b'"code": "bad_request"' in connection.recv(4096)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(b"GET /v1/accounts HTTP/1.1\r\nAuthorization: Bearer " + SECRET.encode()
                           + b"\r\nContent-Length: many\r\n\r\n")
        answer = b""
        while chunk := connection.recv(4096):  # the bridge closes the connection after this answer
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400")
    assert b'"code": "invalid"' in answer


def test_link_answers_a_pending_code(running):
    before = time.time()
    answer = running.link("amal")
    assert answer["status"] == "pending"
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", answer["pairingCode"])
    assert before + 29 <= answer["expiresAt"] <= time.time() + 31
    assert set(answer) == {"status", "pairingCode", "expiresAt"}
    status = running.status("amal")
    assert status["status"] == "pending"
    assert status["pendingMessages"] == 0
    assert "linkedNumber" not in status and "error" not in status
    assert running.call("GET", "/v1/accounts").json() == {"accounts": [{"account": "amal", "status": "pending"}]}


def test_test_routes_exist_only_with_the_fake_backend(start_bridge, jadwal):
    running = start_bridge(jadwal.url, test_routes=False)
    running.link("amal")
    for action in ("confirm-pairing", "messages", "drop-connection", "logout"):
        answer = running.call("POST", f"/test/accounts/amal/{action}", json={"chatId": "1", "text": "x"})
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "not_found"


def test_test_routes_check_state(running):
    running.link("amal")
    # Not connected yet: no message can arrive, the connection cannot drop.
    assert running.receive("amal", text="hi").status_code == 409
    assert running.call("POST", "/test/accounts/amal/drop-connection").status_code == 409
    assert running.receive("amal", text="hi", colour="blue").status_code in (400, 409)
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 204
    assert running.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 409


def test_delete_then_404(running):
    running.link("amal")
    assert running.call("DELETE", "/v1/accounts/amal").status_code == 204
    assert running.call("GET", "/v1/accounts/amal").status_code == 404
    assert running.call("DELETE", "/v1/accounts/amal").status_code == 404
    assert running.call("GET", "/v1/accounts").json() == {"accounts": []}
