"""Connecting WhatsApp end to end: jadwald drives the bridge the project ships
(bridges/whatsapp, run as its own process) with WhatsApp's side replaced by the bridge's
fake at the library's boundary (WhatsApp's servers are outside this machine). Pairing by
code, a message in becoming a chat event, jadwald down then up with nothing lost, the
bridge down (the API says so and changes nothing), restarted (the link resumes), and
unlinking (the session gone, the bridge token revoked)."""
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import requests

from api_client import ApiClient
from conftest import free_port
from web_client import Browser

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SECRET = "e2e-bridge-secret-" + "s" * 32
AMAL = ApiClient.basic("amal", "amal-password-1")


class BridgeProcess:
    def __init__(self, folder, jadwal_url):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "JADWAL_BRIDGE_LISTEN": f"127.0.0.1:{self.port}",
            "JADWAL_BRIDGE_SECRET": SECRET, "JADWAL_URL": jadwal_url, "JADWAL_BRIDGE_BACKEND": "fake",
            "JADWAL_BRIDGE_STATE_DIR": os.path.join(folder, "state"), "JADWAL_BRIDGE_RUNTIME_DIR": os.path.join(folder, "run"),
            "JADWAL_BRIDGE_KEY_FILE": os.path.join(folder, "bridge.key"), "PYTHONPATH": os.path.join(ROOT, "bridges", "whatsapp"),
        }
        self.log = open(os.path.join(folder, "bridge.log"), "ab")
        self.process = None

    def start(self):
        self.process = subprocess.Popen([sys.executable, "-m", "jadwal_whatsapp"], env=self.environment, stdout=self.log, stderr=self.log)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        raise AssertionError("the bridge did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(20)

    def test(self, account, action, body=None):
        reply = requests.post(f"{self.url}/test/accounts/{account}/{action}", json=body or {},
                              headers={"Authorization": "Bearer " + SECRET}, timeout=10)
        assert reply.status_code in (200, 202, 204), reply.text
        return reply


def wait_until(condition, timeout=30, what="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def linked(server, tmp_path):
    bridge = BridgeProcess(str(tmp_path), server.url)
    server.stop()
    server.config = f'[chats]\ntime_zone = "Asia/Riyadh"\n[whatsapp]\nbridge_url = "{bridge.url}"\nbridge_secret = "{SECRET}"\n'
    server.start()
    yield server, ApiClient(server.url), bridge
    bridge.stop()


def conversation(api, chat_id):
    return next((c for c in api.call("GET", "/chats", auth=AMAL).json()["conversations"] if c["chatId"] == chat_id), None)


def test_pairing_messages_outages_and_unlinking(linked):
    server, api, bridge = linked
    # The bridge is not running yet: the API says so, and an earlier bridge token keeps working.
    old_token = api.call("POST", "/chats/bridge-token", auth=AMAL).json()["token"]
    assert api.call("POST", "/whatsapp/connect", {"phone": "+966 55 123 4567"}, auth=AMAL).status == 503
    assert api.call("GET", "/whatsapp/status", auth=AMAL).json()["error"] == "bridge_unavailable"
    message = {"chatId": "x", "chatKind": "one_to_one", "messageId": "m0", "senderName": "S", "fromMe": False,
               "timestamp": int(time.time()), "text": "hello"}
    assert api.call("POST", "/chats/messages", message, auth=ApiClient.bearer(old_token)).status == 202

    bridge.start()
    assert api.call("POST", "/whatsapp/connect", {"phone": "0512"}, auth=AMAL).status == 400
    assert api.call("GET", "/whatsapp/status", auth=AMAL).json() == {"status": "none"}
    pending = api.call("POST", "/whatsapp/connect", {"phone": "+966 55 123 4567"}, auth=AMAL).json()
    assert pending["status"] == "pending" and len(pending["pairingCode"].replace("-", "")) == 8 and pending["expiresAt"] > time.time()
    # The server gave the bridge a token of its own: the earlier one ended.
    assert api.call("POST", "/chats/messages", message, auth=ApiClient.bearer(old_token)).status == 401
    assert api.call("GET", "/whatsapp/status", auth=AMAL).json()["status"] == "pending"

    bridge.test("amal", "confirm-pairing")
    status = wait_until(lambda: (s := api.call("GET", "/whatsapp/status", auth=AMAL).json())["status"] == "connected" and s, what="connected")
    assert status["linkedNumber"].endswith("551234567")

    # A one-to-one agreement becomes a chat event; a group message is not read.
    now = int(time.time())
    bridge.test("amal", "messages", {"chatId": "966500000002@s.whatsapp.net", "chatName": "Sara", "senderName": "Sara",
                                      "text": "Dinner tomorrow at 8pm?", "timestamp": now - 120})
    bridge.test("amal", "messages", {"chatId": "966500000002@s.whatsapp.net", "chatName": "Sara", "senderName": "Amal", "fromMe": True,
                                      "text": "Perfect, see you then", "timestamp": now - 60})
    bridge.test("amal", "messages", {"chatId": "120363000000000000@g.us", "group": True, "senderName": "Group", "text": "Lunch at 1?"})
    chat_id = "bridge:966500000002@s.whatsapp.net"
    agreed = wait_until(lambda: (c := conversation(api, chat_id)) and c["status"] == "HAS_EVENT_AGREED" and c, what="the agreement")
    assert agreed["with"] == "Sara" and agreed["eventUid"]
    assert all("g.us" not in c["chatId"] for c in api.call("GET", "/chats", auth=AMAL).json()["conversations"])

    # jadwald down: the bridge keeps what arrives and delivers it once jadwald is back.
    server.stop()
    bridge.test("amal", "messages", {"chatId": "966500000003@s.whatsapp.net", "chatName": "Omar", "senderName": "Omar",
                                      "text": "Are you free for coffee on Sunday at 10am?"})
    time.sleep(1)
    server.start()
    wait_until(lambda: conversation(api, "bridge:966500000003@s.whatsapp.net"), timeout=60, what="the held message")

    # The bridge down: calls say so and change nothing; restarted, the link resumes without pairing.
    bridge.stop()
    assert api.call("DELETE", "/whatsapp", auth=AMAL).status == 503
    assert api.call("GET", "/whatsapp/status", auth=AMAL).status == 503
    bridge.start()
    wait_until(lambda: api.call("GET", "/whatsapp/status", auth=AMAL).json()["status"] == "connected", what="resumed")

    # Unlinking: the bridge forgets the session, the bridge token ends.
    assert api.call("DELETE", "/whatsapp", auth=AMAL).status == 204
    assert api.call("GET", "/whatsapp/status", auth=AMAL).json() == {"status": "none"}
    assert api.call("DELETE", "/whatsapp", auth=AMAL).status == 404
    assert api.call("GET", "/chats/settings", auth=AMAL).json()["hasBridgeToken"] is False
    assert not [name for name in os.listdir(bridge.environment["JADWAL_BRIDGE_STATE_DIR"]) if "amal" in name]


def test_without_a_bridge_the_api_says_so(server):
    api = ApiClient(server.url)
    assert api.call("POST", "/whatsapp/connect", {"phone": "+966551234567"}, auth=AMAL).json()["error"] == "not_configured"
    assert api.call("GET", "/whatsapp/status", auth=AMAL).status == 404
    assert api.call("DELETE", "/whatsapp", auth=AMAL).status == 404
    assert api.call("GET", "/whatsapp/status").status == 401


def test_the_persons_page_pairs_and_unlinks(linked):
    server, api, bridge = linked
    bridge.start()
    browser = Browser(server.url)
    assert browser.request("/account/sign-in/password", {"user": "amal", "password": "amal-password-1"})[0] == 303
    page = browser.request("/account/")[2]
    csrf = browser.csrf(page)
    assert "Get a pairing code" in page
    status, headers, _ = browser.request("/account/whatsapp/connect", {"phone": "not a number", "csrf": csrf})
    assert "country code" in browser.request(headers["Location"])[2]
    status, headers, _ = browser.request("/account/whatsapp/connect", {"phone": "+966 55 765 4321", "csrf": csrf})
    page = browser.request(headers["Location"])[2]
    code = re.search(r'id="pairing-code"[^>]*><b>([A-Z0-9-]+)</b>', page).group(1)
    assert code == api.call("GET", "/whatsapp/status", auth=AMAL).json()["pairingCode"]
    bridge.test("amal", "confirm-pairing")
    wait_until(lambda: "Connected to" in browser.request("/account/")[2], what="connected on the page")
    status, headers, _ = browser.request("/account/whatsapp/unlink", {"csrf": csrf})
    assert "WhatsApp is disconnected." in browser.request(headers["Location"])[2]
    assert api.call("GET", "/whatsapp/status", auth=AMAL).json() == {"status": "none"}
