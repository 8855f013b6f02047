"""A throwaway PostgreSQL server from Debian's packages, for the end-to-end tests and the
server benchmark: initdb into a temporary folder (settings as initdb makes them, fsync
on), listening on a Unix socket in it only (no TCP). Run as the postgres user when root."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path


def _binaries() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run scripts/setup --test")
    return os.path.dirname(found[-1])


class TemporaryPostgres:
    def __init__(self, prefix: str = "jadwal-pg-", max_connections: int | None = None):
        self.bin = _binaries()
        self.root = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
        os.chmod(self.root, 0o755)
        self.data = os.path.join(self.root, "data")
        self.socket = os.path.join(self.root, "socket")
        os.makedirs(self.socket)
        # initdb and postgres refuse to run as root: run them as the postgres user then.
        self.as_user = []
        if os.getuid() == 0:
            owner = pwd.getpwnam("postgres")
            for path in (self.root, self.socket):
                os.chown(path, owner.pw_uid, owner.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        self.log = os.path.join(self.root, "server.log")
        options = f"-k {self.socket} -c listen_addresses="
        if max_connections:
            options += f" -c max_connections={max_connections}"
        self._run("pg_ctl", "-D", self.data, "-l", self.log, "-w", "-o", options, "start")
        self.version = subprocess.run([os.path.join(self.bin, "postgres"), "--version"], capture_output=True,
                                      text=True).stdout.strip()

    def _run(self, tool, *args):
        subprocess.run(self.as_user + [os.path.join(self.bin, tool), *args], check=True, capture_output=True, timeout=120)

    def make_database(self) -> str:
        name = "db_" + uuid.uuid4().hex[:12]
        self._run("createdb", "-h", self.socket, "-U", "postgres", name)
        return f"postgresql:///{name}?host={self.socket}&user=postgres"

    def postmaster_pid(self) -> int | None:
        try:
            return int(Path(self.data, "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def pids(self) -> list[int]:
        """The postmaster and its children (background workers and one backend per connection)."""
        pid = self.postmaster_pid()
        if pid is None:
            return []
        try:
            return [pid] + [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            return [pid]

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
