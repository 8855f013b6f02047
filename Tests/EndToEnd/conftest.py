"""A real jadwald on 127.0.0.1 with a fresh data directory, for real clients."""
import base64
import http.client
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def pytest_addoption(parser):
    parser.addoption("--jadwald", default=".build/debug/jadwald", help="path to the jadwald binary")


# Every operation in openapi.yaml must be called by some test. Checked when the whole folder
# ran; with pytest-xdist each worker reports the operations it called and the controller
# checks them together, so the files may run in any order, on any worker.
API_SEEN = set()


def pytest_testnodedown(node, error):
    API_SEEN.update(tuple(operation) for operation in node.workeroutput.get("api_seen", []))


def pytest_sessionfinish(session, exitstatus):
    from api_client import OPERATIONS, SEEN
    if hasattr(session.config, "workerinput"):
        session.config.workeroutput["api_seen"] = sorted(SEEN)
        return
    folder = os.path.dirname(os.path.abspath(__file__))
    whole = any(os.path.abspath(arg.split("::")[0]) == folder for arg in session.config.args) \
        and not session.config.option.keyword and not session.config.option.markexpr
    if not whole or exitstatus != 0:
        return
    missing = sorted(OPERATIONS - SEEN - API_SEEN)
    if missing:
        session.config.get_terminal_writer().line(f"operations in openapi.yaml no test called: {missing}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


AMAL = {"Authorization": "Basic " + base64.b64encode(b"amal:amal-password-1").decode()}


def request(server, method, path, body=None, headers=None, auth=AMAL):
    """One HTTP request as amal (or `auth`); returns status, headers and body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers={**auth, **(headers or {})})
    response = connection.getresponse()
    return response.status, dict(response.getheaders()), response.read()


SIMPLE_EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal tests//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260101T000000Z
DTSTART:20260105T093000Z
DURATION:PT30M
SUMMARY:{summary}
END:VEVENT
END:VCALENDAR
"""


# Ports come from a range of this worker's own, below the kernel's ephemeral range: a port the
# kernel hands out for port 0 goes back into its pool when a process stops, and another worker
# asking for port 0 can get it while a test still expects nothing to answer there (a bridge
# stopped on purpose).
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").lstrip("gw") or 0)
_PORTS = iter(range(20000 + 1500 * (_WORKER % 8), 20000 + 1500 * (_WORKER % 8 + 1)))


def free_port():
    for port in _PORTS:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("this worker has used all of its ports")


class Server:
    def __init__(self, binary, data_dir, storage=None, log_path=None):
        self.binary = binary
        self.data_dir = str(data_dir)
        # The log's file: in the data folder unless a test needs the folder made by jadwald.
        self.log_path = log_path or os.path.join(self.data_dir, "serve.log")
        self.storage = storage  # a --storage URL (PostgreSQL), else SQLite in data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.config = None  # text of a configuration file, when a test needs settings

    def add_user(self, name, password, email=None):
        subprocess.run([self.binary, "user", "add", name, "--data", self.data_dir] + (["--email", email] if email else []) + self.storage_args(),
                       input=password + "\n", text=True, check=True, capture_output=True, timeout=60)

    def storage_args(self):
        return ["--storage", self.storage] if self.storage else []

    def start(self):
        log = open(self.log_path, "ab")
        command = [self.binary, "serve", "--port", str(self.port), "--data", self.data_dir] + self.storage_args()
        if self.config is not None:
            path = os.path.join(self.data_dir, "..", "jadwal.toml")
            with open(path, "w") as file:
                file.write(self.config)
            command += ["--config", path]
        self.process = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"jadwald exited with {self.process.returncode} instead of listening:\n"
                                     + self.log()[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("jadwald did not start")

    def log(self):
        with open(self.log_path, "rb") as file:
            return file.read().decode("utf-8", "replace")

    def restart(self):
        self.stop()
        self.start()

    def database_bytes(self):
        """The SQLite file and its write-ahead log as bytes, to search for what must not be there."""
        database = b""
        for suffix in ("", "-wal"):
            path = os.path.join(self.data_dir, "jadwal.sqlite" + suffix)
            if os.path.exists(path):
                with open(path, "rb") as file:
                    database += file.read()
        return database

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def postgres_server():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    from temporary_postgres import TemporaryPostgres
    instance = TemporaryPostgres(prefix="jadwal-e2e-pg-", max_connections=200)
    yield instance
    instance.stop()


@pytest.fixture
def server(request, tmp_path):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    instance = Server(binary, tmp_path / "data")
    os.makedirs(instance.data_dir, exist_ok=True)
    instance.add_user("amal", "amal-password-1")
    instance.add_user("omar", "omar-password-1")
    instance.start()
    yield instance
    instance.stop()
