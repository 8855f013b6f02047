"""Configuration: a TOML file, environment variables over it, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SECRET

from jadwal_whatsapp.config import ConfigError, load_config, parse_listen

BASE = {"JADWAL_BRIDGE_SECRET": SECRET, "JADWAL_BRIDGE_KEY_FILE": "/etc/jadwal/whatsapp.key",
        "JADWAL_BRIDGE_STATE_DIR": "/var/lib/jw", "JADWAL_BRIDGE_RUNTIME_DIR": "/run/jw"}


def test_defaults():
    config = load_config(None, BASE)
    assert (config.listen_host, config.listen_port) == ("127.0.0.1", 8786)
    assert config.jadwal_url == "http://127.0.0.1:8080"
    assert config.backend == "neonize"
    assert (config.state_dir, config.runtime_dir, config.key_file) == (
        Path("/var/lib/jw"), Path("/run/jw"), Path("/etc/jadwal/whatsapp.key"))
    assert (config.retry_initial, config.retry_max, config.pairing_timeout) == (1.0, 300.0, 160.0)


def test_systemd_folders_are_the_defaults():
    environment = {"JADWAL_BRIDGE_SECRET": SECRET, "JADWAL_BRIDGE_KEY_FILE": "/k",
                   "STATE_DIRECTORY": "/var/lib/jadwal-whatsapp", "RUNTIME_DIRECTORY": "/run/jadwal-whatsapp"}
    config = load_config(None, environment)
    assert (config.state_dir, config.runtime_dir) == (Path("/var/lib/jadwal-whatsapp"), Path("/run/jadwal-whatsapp"))


def test_a_toml_file_with_the_environment_over_it(tmp_path):
    (tmp_path / "secret").write_text(SECRET + "\n")
    (tmp_path / "bridge.toml").write_text(f"""
listen = "[::1]:9000"
secret_file = "{tmp_path / 'secret'}"
jadwal_url = "https://jadwal.example.org/"
state_dir = "/srv/state"
runtime_dir = "/srv/run"
key_file = "/srv/key"
backend = "fake"
retry_max = 60
pairing_timeout = 120.5
""")
    config = load_config(tmp_path / "bridge.toml", {"JADWAL_URL": "http://10.0.0.5:8080"})
    assert (config.listen_host, config.listen_port) == ("::1", 9000)
    assert config.secret == SECRET
    assert config.jadwal_url == "http://10.0.0.5:8080"
    assert config.backend == "fake"
    assert (config.retry_max, config.pairing_timeout) == (60.0, 120.5)


@pytest.mark.parametrize("environment, message", [
    ({"JADWAL_BRIDGE_SECRET": "x" * 31}, "at least 32 characters"),
    ({"JADWAL_BRIDGE_SECRET": ""}, "no shared secret"),
    ({"JADWAL_BRIDGE_SECRET": "a b" * 20}, "printable ASCII without spaces"),
    ({"JADWAL_BRIDGE_SECRET_FILE": "/nonexistent/secret", "JADWAL_BRIDGE_SECRET": ""}, "cannot read the secret file"),
    ({"JADWAL_BRIDGE_BACKEND": "whatsmeow"}, "must be one of neonize, fake"),
    ({"JADWAL_URL": "ftp://jadwal"}, r"http\(s\) URL"),
    ({"JADWAL_BRIDGE_LISTEN": "8786"}, "host:port"),
    ({"JADWAL_BRIDGE_LISTEN": "127.0.0.1:99999"}, "host:port"),
    ({"JADWAL_BRIDGE_KEY_FILE": ""}, "no key file"),
    ({"JADWAL_BRIDGE_LOG_LEVEL": "loud"}, "log_level"),
])
def test_refused(environment, message):
    with pytest.raises(ConfigError, match=message):
        load_config(None, {**BASE, **environment})


@pytest.mark.parametrize("text, message", [("colour = 'blue'", "unknown setting colour"),
                                           ("retry_max = -1", "positive number"),
                                           ("retry_max = 'soon'", "positive number"),
                                           ("listen = ", "Invalid value")])
def test_refused_files(tmp_path, text, message):
    (tmp_path / "bridge.toml").write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_config(tmp_path / "bridge.toml", BASE)


def test_listen_addresses():
    assert parse_listen("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_listen("[::]:8786") == ("::", 8786)
    assert parse_listen("localhost:0") == ("localhost", 0)
