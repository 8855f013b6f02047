"""The Debian package in a clean Debian system booted with systemd: installed with apt (so
its Depends must be right), the service started and hardened, a user made from the command
line, a client's round trip, an upgrade that keeps the data and the administrator's
configuration, removal that keeps the data, and purge that removes it."""

import subprocess

import pytest

import caldav_round_trip as client
from conftest import REPO, Machine, answers, port_is_free, run, tool, wait_for

URL = "http://127.0.0.1:8080"  # the port the package's configuration names


@pytest.fixture
def machine(clean_root):
    booted = Machine(clean_root).boot()
    yield booted
    booted.shutdown()


def stat(machine, path) -> str:
    return machine.sh(f"stat -c '%U:%G %a' {path}").stdout.strip()


def service_pid(machine) -> str:
    return machine.sh("systemctl show -p MainPID --value jadwald").stdout.strip()


def test_lintian_finds_nothing_unexplained(artifacts):
    result = run(tool("lintian"), "--fail-on", "error,warning", "--suppress-tags", "bad-distribution-in-changes-file",
                 str(artifacts.deb), check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_serve_upgrade_remove_and_purge(artifacts, machine, tmp_path):
    if not port_is_free(8080):
        pytest.fail("port 8080 is taken on this machine; the package's service listens there")
    newer_version = artifacts.version + "+test1"
    newer = run(str(REPO / "scripts/package-deb"), str(artifacts.binary), newer_version, str(tmp_path)).stdout.strip().splitlines()[-1]
    (machine.root / "var/tmp/jadwald.deb").write_bytes(artifacts.deb.read_bytes())
    (machine.root / "var/tmp/jadwald-newer.deb").write_bytes(open(newer, "rb").read())

    machine.sh("apt-get update -qq && apt-get install -y -qq /var/tmp/jadwald.deb")
    assert machine.sh("systemctl is-active jadwald").stdout.strip() == "active"
    assert machine.sh("systemctl is-enabled jadwald").stdout.strip() == "enabled"
    wait_for(lambda: answers(URL + "/readyz"), 60, "the service to be ready")
    assert stat(machine, "/var/lib/jadwal") == "jadwal:jadwal 700"
    assert stat(machine, "/etc/jadwal/secret.key") == "jadwal:jadwal 600"
    assert stat(machine, "/etc/jadwal/jadwald.toml") == "root:jadwal 640"
    assert machine.sh("stat -c %U /proc/$(systemctl show -p MainPID --value jadwald)").stdout.strip() == "jadwal"
    # what the unit asks for (a sandbox whose own hard limit is lower gives the service that)
    assert machine.sh("systemctl show -p LimitNOFILE --value jadwald").stdout.strip() == "65536"
    assert artifacts.version in machine.sh("jadwald --version").stdout

    # root runs the command; it becomes jadwal, so the service can still open every file
    added = machine.sh("jadwald user add amal --email amal@example.org --password-stdin", input="amal-password-1\n")
    assert "running as jadwal" in added.stderr
    assert machine.sh("find /var/lib/jadwal ! -user jadwal").stdout.strip() == ""
    assert "amal" in machine.sh("jadwald user list").stdout
    client.write_event(URL, "amal", "amal-password-1", "deb@jadwal.test", "Before the upgrade")
    assert machine.sh("jadwald health").returncode == 0

    # the administrator's change to the configuration survives the upgrade, without a question
    machine.sh("sed -i 's/^# public_url = .*/public_url = \"https:\\/\\/cal.example.org\"/' /etc/jadwal/jadwald.toml")
    key = machine.sh("cat /etc/jadwal/secret.key").stdout
    before = service_pid(machine)
    machine.sh("apt-get install -y -qq /var/tmp/jadwald-newer.deb")
    assert machine.sh("dpkg-query -W -f '${Version}' jadwald").stdout == newer_version
    assert service_pid(machine) not in (before, "0")
    wait_for(lambda: answers(URL + "/readyz"), 60, "the upgraded service to be ready")
    assert 'public_url = "https://cal.example.org"' in machine.sh("cat /etc/jadwal/jadwald.toml").stdout
    assert machine.sh("cat /etc/jadwal/secret.key").stdout == key
    assert client.read_summary(URL, "amal", "amal-password-1", "deb@jadwal.test") == "Before the upgrade"

    machine.sh("apt-get remove -y -qq jadwald")
    assert machine.sh("systemctl is-active jadwald", check=False).stdout.strip() in ("inactive", "unknown")
    assert not answers(URL + "/readyz")
    assert machine.sh("test -f /var/lib/jadwal/jadwal.sqlite && test -f /etc/jadwal/secret.key", check=False).returncode == 0

    machine.sh("apt-get purge -y -qq jadwald")
    assert machine.sh("test -e /var/lib/jadwal || test -e /etc/jadwal", check=False).returncode != 0
    assert machine.sh("test -e /usr/bin/jadwald", check=False).returncode != 0
