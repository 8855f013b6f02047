"""The self-contained binary in a clean Debian root without /opt/swift: the libraries the
README's "Install" names, nothing else, and it answers --version and serves."""

import re
import signal
import subprocess
from pathlib import Path

import caldav_round_trip as client
from conftest import REPO, answers, free_port, nspawn, run, tool, wait_for


def readme_binary_install() -> list[str]:
    """The packages the README's binary install line names."""
    install = REPO.joinpath("README.md").read_text().split("\n## Install", 1)[1].split("\n## ", 1)[0]
    line = next(line for line in install.splitlines() if line.startswith("sudo apt install lib"))
    return line.split("#", 1)[0].split()[3:]


def test_the_binary_runs_in_a_root_without_swift(artifacts, clean_root):
    packages = readme_binary_install()
    assert packages, "the README names the libraries the binary needs"
    nspawn(clean_root, "/bin/sh", "-c", f"apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends {' '.join(packages)}")
    target = clean_root / "usr/local/bin/jadwald"
    target.write_bytes(artifacts.binary.read_bytes())
    target.chmod(0o755)
    assert not (clean_root / "opt/swift").exists()

    version = nspawn(clean_root, "/usr/local/bin/jadwald", "--version").stdout.strip()
    assert version.startswith(artifacts.version + " (commit "), version
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$", version), version
    missing = nspawn(clean_root, "/bin/sh", "-c", "ldd /usr/local/bin/jadwald | grep -c 'not found' || true").stdout.strip()
    assert missing == "0"
    assert "libswiftCore" not in nspawn(clean_root, "ldd", "/usr/local/bin/jadwald").stdout

    nspawn(clean_root, "/usr/local/bin/jadwald", "user", "add", "amal", "--password-stdin", "--data", "/var/tmp/jadwal",
           input="amal-password-1\n")
    port = free_port()
    log = open(clean_root.parent / "serve.log", "w")
    server = subprocess.Popen([tool("systemd-nspawn"), "--quiet", "--register=no", "--keep-unit", "--directory", str(clean_root),
                               "/usr/local/bin/jadwald", "serve", "--data", "/var/tmp/jadwal", "--port", str(port)],
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: answers(url + "/readyz"), 60, "jadwald to serve")
        client.write_event(url, "amal", "amal-password-1", "binary@jadwal.test", "From the bare binary")
        assert client.read_summary(url, "amal", "amal-password-1", "binary@jadwal.test") == "From the bare binary"
        # the root is in use by the server: the check runs from the host, which has the same libraries
        assert "ready" in run(str(artifacts.binary), "health", "--url", url + "/readyz").stdout
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert Path(clean_root / "var/tmp/jadwal/jadwal.sqlite").exists()
