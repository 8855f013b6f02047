"""The bridge as Jadwal runs it: `python -m jadwal_whatsapp`, configured by environment variables."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from conftest import BRIDGE_ROOT, SECRET, TOKEN, FakeJadwal, files_under, free_port, wait_for


class BridgeProcess:
    """One run of the bridge in its own process, with the fake backend."""

    def __init__(self, tmp_path: Path, jadwal_url: str, **environment: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.state, self.runtime, self.key = tmp_path / "state", tmp_path / "run", tmp_path / "bridge.key"
        self.log = tmp_path / "bridge.log"
        self.environment = {
            **{name: value for name, value in os.environ.items() if not name.startswith("JADWAL")},
            "JADWAL_BRIDGE_LISTEN": f"127.0.0.1:{self.port}",
            "JADWAL_BRIDGE_SECRET": SECRET,
            "JADWAL_URL": jadwal_url,
            "JADWAL_BRIDGE_STATE_DIR": str(self.state),
            "JADWAL_BRIDGE_RUNTIME_DIR": str(self.runtime),
            "JADWAL_BRIDGE_KEY_FILE": str(self.key),
            "JADWAL_BRIDGE_BACKEND": "fake",
            **environment,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def run(self) -> subprocess.CompletedProcess[str]:
        """Runs the bridge expecting it to refuse to start."""
        return subprocess.run([sys.executable, "-m", "jadwal_whatsapp"], cwd=BRIDGE_ROOT, env=self.environment,
                              capture_output=True, text=True, timeout=30)

    def start(self) -> BridgeProcess:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "jadwal_whatsapp"], cwd=BRIDGE_ROOT,
                                            env=self.environment, stdout=log, stderr=log)

        def healthy() -> bool:
            assert self.process is not None and self.process.poll() is None, self.log.read_text()
            try:
                return requests.get(self.url + "/healthz", timeout=1).status_code == 200
            except requests.ConnectionError:
                return False
        wait_for(healthy, timeout=15)
        return self

    def stop(self, sign: int = signal.SIGTERM) -> int:
        assert self.process is not None
        self.process.send_signal(sign)
        code = self.process.wait(timeout=15)
        self.process = None
        return code

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        return requests.request(method, self.url + path, headers={"Authorization": f"Bearer {SECRET}"}, timeout=10, **kwargs)

    def status(self, account: str) -> dict:
        return self.call("GET", f"/v1/accounts/{account}").json()


@pytest.fixture
def processes():
    started: list[BridgeProcess] = []
    yield started
    for bridge in started:
        if bridge.process is not None:
            bridge.process.kill()
            bridge.process.wait()


def test_nothing_is_lost_across_restarts(tmp_path, processes):
    jadwal_port = free_port()  # Jadwal is down for the first run
    bridge = BridgeProcess(tmp_path, f"http://127.0.0.1:{jadwal_port}").start()
    processes.append(bridge)
    answer = bridge.call("PUT", "/v1/accounts/amal", json={"phone": "+966500000001", "token": TOKEN}).json()
    assert answer["status"] == "pending" and len(answer["pairingCode"]) == 9
    assert bridge.call("POST", "/test/accounts/amal/confirm-pairing").status_code == 204
    wait_for(lambda: bridge.status("amal").get("online"))
    for number in range(3):
        bridge.call("POST", "/test/accounts/amal/messages", json={"chatId": "966500000002", "text": f"before {number}"})
    assert bridge.status("amal")["pendingMessages"] == 3
    # Everything the process created is owner-only (umask 077), whatsmeow's database included.
    created = files_under(bridge.state, bridge.runtime) + [bridge.key]
    assert any(path.name == "session.db" for path in created)
    for path in created:
        assert stat.S_IMODE(path.stat().st_mode) == (0o700 if path.is_dir() else 0o600), path

    assert bridge.stop(signal.SIGTERM) == 0
    assert not any(path.name == "session.db" for path in files_under(bridge.runtime))
    at_rest = b"".join(path.read_bytes() for path in files_under(bridge.state) if path.is_file())
    assert b"SQLite format 3" not in at_rest and TOKEN.encode() not in at_rest and b"before" not in at_rest

    # A crash while Jadwal is still down: what was spooled is on disk.
    bridge.start()
    wait_for(lambda: bridge.status("amal").get("online"))
    bridge.call("POST", "/test/accounts/amal/messages", json={"chatId": "966500000002", "text": "before 3"})
    assert bridge.stop(signal.SIGKILL) == -signal.SIGKILL

    jadwal = FakeJadwal(jadwal_port).start()
    try:
        bridge.start()
        wait_for(lambda: bridge.status("amal")["pendingMessages"] == 0)
        assert jadwal.texts() == [f"before {number}" for number in range(4)]
        assert bridge.status("amal")["status"] == "connected"  # resumed, not paired again
        wait_for(lambda: bridge.status("amal").get("online"))
        bridge.call("POST", "/test/accounts/amal/messages", json={"chatId": "966500000002", "text": "after"})
        wait_for(lambda: jadwal.texts()[-1:] == ["after"])
        assert bridge.stop() == 0
    finally:
        jadwal.stop()
    assert "Traceback" not in bridge.log.read_text()


def test_refuses_a_short_or_missing_secret(tmp_path):
    bridge = BridgeProcess(tmp_path, "http://127.0.0.1:8080", JADWAL_BRIDGE_SECRET="too-short")
    result = bridge.run()
    assert result.returncode == 2
    assert "at least 32 characters" in result.stderr
    del bridge.environment["JADWAL_BRIDGE_SECRET"]
    result = bridge.run()
    assert result.returncode == 2
    assert "no shared secret" in result.stderr
    (tmp_path / "secret").write_text(SECRET + "\n")
    bridge.environment["JADWAL_BRIDGE_SECRET_FILE"] = str(tmp_path / "secret")
    bridge.environment["JADWAL_BRIDGE_LISTEN"] = "nonsense"
    assert "listen must be host:port" in bridge.run().stderr


def test_refuses_a_wrong_key_file(tmp_path, processes):
    bridge = BridgeProcess(tmp_path, "http://127.0.0.1:8080").start()
    processes.append(bridge)
    assert bridge.stop() == 0
    bridge.key.write_text("00" * 32 + "\n")
    result = bridge.run()
    assert result.returncode == 2
    assert f"the key in {bridge.key} does not open the files in {bridge.state}" in result.stderr


def test_the_fake_backend_never_loads_neonize(tmp_path):
    code = ("import sys, jadwal_whatsapp.__main__, jadwal_whatsapp.bridge as b, jadwal_whatsapp.config as c;"
            "b.default_backend_factory(c.Config('h', 1, 'x', 'u', None, None, None, backend='fake'));"
            "assert not [m for m in sys.modules if m.startswith('neonize')]")
    subprocess.run([sys.executable, "-c", code], cwd=BRIDGE_ROOT, check=True, timeout=30)

