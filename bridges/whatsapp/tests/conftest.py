"""Shared helpers: a stand-in Jadwal server, a bridge running in this process, polling."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests

BRIDGE_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BRIDGE_ROOT))

from jadwal_whatsapp.api import ApiServer, make_server  # noqa: E402
from jadwal_whatsapp.bridge import Bridge  # noqa: E402
from jadwal_whatsapp.config import Config  # noqa: E402
from jadwal_whatsapp.fake_backend import FakeBackend  # noqa: E402

SECRET = "test-secret-0123456789abcdef0123456789"
TOKEN = "jb_test-token-ABCDEFGHIJKLMNOP"
PHONE = "+966500000001"


def wait_for(condition: Callable[[], Any], timeout: float = 5.0, interval: float = 0.02) -> Any:
    """Polls `condition` until it is truthy; returns its value or fails the test."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {getattr(condition, '__name__', condition)}")
        time.sleep(interval)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class FakeJadwal:
    """Stands in for Jadwal's `POST /api/v1/chats/messages`.

    Records every post (`posts`) and what it accepted (`accepted`, 2xx); answers with the
    statuses queued by `answer_next`, else 202 (`duplicate` for a message id seen before).
    """

    def __init__(self, port: int = 0) -> None:
        self.posts: list[dict[str, Any]] = []
        self.accepted: list[dict[str, Any]] = []
        self.next_statuses: deque[int] = deque()
        self.lock = threading.Lock()
        self.port = port
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def answer_next(self, *statuses: int) -> None:
        with self.lock:
            self.next_statuses.extend(statuses)

    def start(self) -> FakeJadwal:
        jadwal = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with jadwal.lock:
                    jadwal.posts.append({"path": self.path, "auth": self.headers.get("Authorization"),
                                         "body": body, "at": time.monotonic()})
                    status = jadwal.next_statuses.popleft() if jadwal.next_statuses else 202
                    if 200 <= status < 300:
                        seen = any(item["messageId"] == body["messageId"] for item in jadwal.accepted)
                        jadwal.accepted.append(body)
                answer = json.dumps({"status": "duplicate" if 200 <= status < 300 and seen else "accepted"}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def texts(self) -> list[str]:
        with self.lock:
            return [item["text"] for item in self.accepted]


def make_config(tmp_path: Path, jadwal_url: str, **overrides: Any) -> Config:
    """A configuration for a test: fake backend, short delays, folders under `tmp_path`."""
    config = Config(
        listen_host="127.0.0.1", listen_port=0, secret=SECRET, jadwal_url=jadwal_url,
        state_dir=tmp_path / "state", runtime_dir=tmp_path / "run", key_file=tmp_path / "keys" / "bridge.key",
        backend="fake", delivery_timeout=2.0, retry_initial=0.05, retry_max=0.4,
        reconnect_initial=0.05, reconnect_max=0.4, pairing_timeout=30.0, snapshot_interval=60.0,
    )
    return replace(config, **overrides)


@dataclass
class RunningBridge:
    """A bridge and its HTTP server in this process."""

    bridge: Bridge
    server: ApiServer
    config: Config
    stopped: bool = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def fake(self) -> FakeBackend:
        backend = self.bridge.backend
        assert isinstance(backend, FakeBackend)
        return backend

    def call(self, method: str, path: str, *, auth: str | None = SECRET, **kwargs: Any) -> requests.Response:
        headers = kwargs.pop("headers", {})
        if auth is not None:
            headers["Authorization"] = f"Bearer {auth}"
        return requests.request(method, self.url + path, headers=headers, timeout=10, **kwargs)

    def status(self, account: str) -> dict[str, Any]:
        answer = self.call("GET", f"/v1/accounts/{account}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def link(self, account: str, phone: str = PHONE, token: str = TOKEN) -> dict[str, Any]:
        answer = self.call("PUT", f"/v1/accounts/{account}", json={"phone": phone, "token": token})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def pair(self, account: str, phone: str = PHONE, token: str = TOKEN) -> None:
        """Links `account` and confirms the pairing as the phone would; waits until connected."""
        assert self.link(account, phone, token)["status"] == "pending"
        assert self.call("POST", f"/test/accounts/{account}/confirm-pairing").status_code == 204
        wait_for(lambda: self.status(account).get("online"))

    def receive(self, account: str, **message: Any) -> requests.Response:
        message.setdefault("chatId", "966500000002@s.whatsapp.net")
        return self.call("POST", f"/test/accounts/{account}/messages", json=message)

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        self.server.shutdown()
        self.server.server_close()
        self.bridge.stop()


@pytest.fixture
def jadwal() -> Iterator[FakeJadwal]:
    server = FakeJadwal().start()
    yield server
    server.stop()


@pytest.fixture
def start_bridge(tmp_path: Path) -> Iterator[Callable[..., RunningBridge]]:
    """Starts a bridge (fake backend, test routes) in this process; stops it after the test."""
    running: list[RunningBridge] = []

    def start(jadwal_url: str, *, test_routes: bool = True, **overrides: Any) -> RunningBridge:
        config = make_config(tmp_path, jadwal_url, **overrides)
        bridge = Bridge(config, backend_factory=FakeBackend)
        bridge.start()
        server = make_server(config.listen_host, config.listen_port, bridge, config.secret,
                             bridge.backend if test_routes else None)  # type: ignore[arg-type]
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        instance = RunningBridge(bridge, server, config)
        running.append(instance)
        return instance

    yield start
    for instance in running:
        instance.stop()


def files_under(*folders: Path) -> list[Path]:
    """Every file and folder under `folders` (the folders included)."""
    found: list[Path] = []
    for folder in folders:
        if folder.exists():
            found.append(folder)
            for root, directories, files in os.walk(folder):
                found.extend(Path(root) / name for name in directories + files)
    return found
