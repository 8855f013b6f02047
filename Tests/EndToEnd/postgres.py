"""A throwaway PostgreSQL server from Debian's packages: initdb into a temporary folder,
listening on a Unix socket in it only (no TCP), one database per test."""
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid


def _binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run scripts/setup --test")
    return os.path.dirname(found[-1])


class TemporaryPostgres:
    def __init__(self):
        self.bin = _binaries()
        self.root = tempfile.mkdtemp(prefix="jadwal-e2e-pg-", dir="/tmp")
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
        log = os.path.join(self.root, "server.log")
        self._run("pg_ctl", "-D", self.data, "-l", log, "-w", "-o",
                  f"-k {self.socket} -c listen_addresses= -c max_connections=200", "start")

    def _run(self, tool, *args):
        subprocess.run(self.as_user + [os.path.join(self.bin, tool), *args], check=True, capture_output=True, timeout=120)

    def make_database(self):
        name = "e2e_" + uuid.uuid4().hex[:12]
        self._run("createdb", "-h", self.socket, "-U", "postgres", name)
        return f"postgresql:///{name}?host={self.socket}&user=postgres"

    def stop(self):
        try:
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
