"""A throwaway MariaDB server from Debian's packages, for the end-to-end tests: a data folder
made by mariadb-install-db in a temporary folder, listening on a Unix socket in it and on a
free port of 127.0.0.1. Runs as the mysql user when root."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class TemporaryMariaDB:
    def __init__(self, prefix: str = "jadwal-mariadb-"):
        if not shutil.which("mariadbd", path="/usr/sbin:/usr/bin"):
            raise RuntimeError("MariaDB is not installed: run scripts/setup --test")
        self.root = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
        os.chmod(self.root, 0o755)
        self.data = os.path.join(self.root, "data")
        self.socket = os.path.join(self.root, "mysqld.sock")
        self.port = _free_port()
        user = []
        if os.getuid() == 0:
            owner = pwd.getpwnam("mysql")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            user = ["--user=mysql"]
        subprocess.run(["mariadb-install-db", "--no-defaults", f"--datadir={self.data}", "--auth-root-authentication-method=normal",
                        "--skip-test-db", *user], check=True, capture_output=True, timeout=120)
        self.log = open(os.path.join(self.root, "server.log"), "ab")
        self.process = subprocess.Popen(["/usr/sbin/mariadbd", "--no-defaults", f"--datadir={self.data}", f"--socket={self.socket}",
                                         f"--port={self.port}", "--bind-address=127.0.0.1", "--skip-name-resolve",
                                         f"--pid-file={self.root}/mariadb.pid", *user], stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.sql("SELECT 1", check=False).returncode == 0:
                return
            if self.process.poll() is not None:
                raise RuntimeError("MariaDB stopped: " + open(os.path.join(self.root, "server.log")).read()[-2000:])
            time.sleep(0.2)
        raise RuntimeError("MariaDB did not start")

    def sql(self, statements: str, database: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
        """Runs statements as root through the socket."""
        command = ["mariadb", "--no-defaults", f"--socket={self.socket}", "-uroot"] + ([database] if database else [])
        return subprocess.run(command, input=statements, text=True, capture_output=True, check=check, timeout=120)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        shutil.rmtree(self.root, ignore_errors=True)
