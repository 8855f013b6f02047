"""The release artifacts (scripts/release) tried in clean Debian systems: a root file system
made by mmdebstrap from the Debian mirror apt uses here, booted with systemd-nspawn for the
package, entered with chroot for the bare binary, and the image run by podman.

Run by scripts/test-packaging, which builds the artifacts and installs the tools; slow
(a release build, three Debian roots), so not part of every CI run."""

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def pytest_addoption(parser):
    parser.addoption("--artifacts", default=str(REPO / "dist"), help="the folder scripts/release wrote")


def newest(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime)
    if not found:
        pytest.fail(f"no {pattern} in {folder}: run scripts/release first")
    return found[-1]


class Artifacts:
    def __init__(self, folder: Path):
        self.folder = folder
        self.deb = newest(folder, "jadwald_*.deb")
        self.version = self.deb.name.split("_")[1]
        tag = self.version.replace("~", "-").replace("+", "-")
        self.binary = folder / f"jadwald-{tag}-linux-{self.deb.name.split('_')[2].removesuffix('.deb')}"
        self.image = folder / f"jadwald-{tag}-oci.tar"
        self.tag = tag


@pytest.fixture(scope="session")
def artifacts(request) -> Artifacts:
    return Artifacts(Path(request.config.getoption("--artifacts")).resolve())


@pytest.fixture(scope="session")
def base_root(tmp_path_factory) -> Path:
    """Debian's minbase with systemd, as a new machine would have: no Swift, no libraries
    of jadwald's but those every system has."""
    root = tmp_path_factory.mktemp("debian") / "root"
    suite = subprocess.run(["sh", "-c", ". /etc/os-release && echo $VERSION_CODENAME"], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["mmdebstrap", "--quiet", "--variant=minbase", "--include=systemd,systemd-sysv,dbus,ca-certificates",
                    suite, str(root)], check=True)
    assert not (root / "opt" / "swift").exists()
    return root


@pytest.fixture
def clean_root(base_root, tmp_path) -> Path:
    """A copy of the base root for one test, removed after it."""
    root = tmp_path / "root"
    subprocess.run(["cp", "-a", str(base_root), str(root)], check=True)
    yield root
    subprocess.run(["rm", "-rf", "--one-file-system", str(root)], check=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout=60.0, what="it"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.5)
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")


def answers(url: str) -> bool:
    import urllib.request
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do: TIME_WAIT does not count
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def run(*args, check=True, input=None, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(list(args), capture_output=True, text=True, input=input, **kwargs)
    if check and result.returncode != 0:
        pytest.fail(f"{' '.join(map(str, args))} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result


def tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is not installed: scripts/test-packaging installs it")
    return path


os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")


class Machine:
    """A Debian root booted with systemd-nspawn: its own systemd as PID 1, the host's
    network (so apt reaches the mirror and tests reach its ports on 127.0.0.1), commands
    run inside with nsenter. The host need not run systemd itself."""

    def __init__(self, root: Path):
        self.root = root
        self.process = None
        self.init_pid = None

    def boot(self):
        log = open(self.root.parent / "console.log", "w")
        self.process = subprocess.Popen(
            [tool("systemd-nspawn"), "--quiet", "--boot", "--register=no", "--keep-unit", "--directory", str(self.root),
             "--machine", f"jadwal-{os.getpid()}"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

        def init_started():
            children = run("pgrep", "-P", str(self.process.pid), check=False).stdout.split()
            for child in children:
                grandchildren = run("pgrep", "-P", child, check=False).stdout.split()
                for pid in [child, *grandchildren]:
                    if Path(f"/proc/{pid}/comm").read_text().strip() == "systemd":
                        self.init_pid = pid
                        return True
            return False

        wait_for(init_started, 30, "the container's systemd")
        wait_for(lambda: self.sh("systemctl is-system-running", check=False).stdout.strip() in ("running", "degraded"),
                 90, "the container to finish booting")
        return self

    def sh(self, command: str, check=True, input=None) -> subprocess.CompletedProcess:
        return run("nsenter", "--target", self.init_pid, "--all", "/usr/bin/env", "-i",
                   "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND=noninteractive",
                   "HOME=/root", "/bin/sh", "-c", command, check=check, input=input)

    def shutdown(self):
        if self.process and self.process.poll() is None:
            if self.init_pid:
                self.sh("systemctl poweroff", check=False)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait(10)


def nspawn(root: Path, *command: str, input=None, check=True) -> subprocess.CompletedProcess:
    """One command in the root, without booting it (systemd-nspawn as a better chroot)."""
    return run(tool("systemd-nspawn"), "--quiet", "--pipe", "--register=no", "--keep-unit", "--directory", str(root),
               *command, input=input, check=check)
