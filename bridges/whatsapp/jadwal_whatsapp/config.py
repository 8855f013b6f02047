"""The bridge's configuration: a TOML file and/or environment variables (which win)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

BACKENDS = ("neonize", "fake")
MIN_SECRET_LENGTH = 32

# TOML key -> environment variable. The numeric settings have no variable: a TOML file sets them.
ENVIRONMENT = {
    "listen": "JADWAL_BRIDGE_LISTEN",
    "secret": "JADWAL_BRIDGE_SECRET",
    "secret_file": "JADWAL_BRIDGE_SECRET_FILE",
    "jadwal_url": "JADWAL_URL",
    "state_dir": "JADWAL_BRIDGE_STATE_DIR",
    "runtime_dir": "JADWAL_BRIDGE_RUNTIME_DIR",
    "key_file": "JADWAL_BRIDGE_KEY_FILE",
    "backend": "JADWAL_BRIDGE_BACKEND",
    "log_level": "JADWAL_BRIDGE_LOG_LEVEL",
}
NUMBERS = {
    "delivery_timeout": 10.0,
    "retry_initial": 1.0,
    "retry_max": 300.0,
    "reconnect_initial": 2.0,
    "reconnect_max": 300.0,
    "pairing_timeout": 160.0,
    "link_timeout": 30.0,
    "snapshot_interval": 300.0,
}


class ConfigError(Exception):
    """A configuration the bridge refuses to start with."""


@dataclass(frozen=True)
class Config:
    """Everything the bridge reads at start. Durations are in seconds."""

    listen_host: str
    listen_port: int
    secret: str
    jadwal_url: str
    state_dir: Path
    runtime_dir: Path
    key_file: Path
    backend: str = "neonize"
    log_level: str = "INFO"
    delivery_timeout: float = NUMBERS["delivery_timeout"]
    retry_initial: float = NUMBERS["retry_initial"]
    retry_max: float = NUMBERS["retry_max"]
    reconnect_initial: float = NUMBERS["reconnect_initial"]
    reconnect_max: float = NUMBERS["reconnect_max"]
    pairing_timeout: float = NUMBERS["pairing_timeout"]
    link_timeout: float = NUMBERS["link_timeout"]
    snapshot_interval: float = NUMBERS["snapshot_interval"]


def parse_listen(value: str) -> tuple[str, int]:
    """`host:port` or `[v6 address]:port` as a (host, port) pair."""
    host, separator, port_text = value.rpartition(":")
    if not separator or not host or not port_text.isdigit() or int(port_text) > 65535:
        raise ConfigError(f"listen must be host:port, not {value!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, int(port_text)


def _read_secret_file(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ConfigError(f"cannot read the secret file {path}: {error.strerror}") from None


def _secret(file_values: Mapping[str, Any], environ: Mapping[str, str]) -> str:
    if environ.get(ENVIRONMENT["secret"]):
        secret = environ[ENVIRONMENT["secret"]]
    elif environ.get(ENVIRONMENT["secret_file"]):
        secret = _read_secret_file(environ[ENVIRONMENT["secret_file"]])
    elif file_values.get("secret"):
        secret = str(file_values["secret"])
    elif file_values.get("secret_file"):
        secret = _read_secret_file(str(file_values["secret_file"]))
    else:
        raise ConfigError("no shared secret: set JADWAL_BRIDGE_SECRET or JADWAL_BRIDGE_SECRET_FILE")
    if len(secret) < MIN_SECRET_LENGTH:
        raise ConfigError(f"the shared secret must be at least {MIN_SECRET_LENGTH} characters, it has {len(secret)}")
    if not (secret.isascii() and secret.isprintable()) or " " in secret:
        raise ConfigError("the shared secret must be printable ASCII without spaces")
    return secret


def _default_state_dir(environ: Mapping[str, str]) -> str:
    if environ.get("STATE_DIRECTORY"):  # systemd's StateDirectory=
        return environ["STATE_DIRECTORY"].split(":")[0]
    base = environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "jadwal-whatsapp")


def _default_runtime_dir(environ: Mapping[str, str]) -> str:
    if environ.get("RUNTIME_DIRECTORY"):  # systemd's RuntimeDirectory=
        return environ["RUNTIME_DIRECTORY"].split(":")[0]
    if environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(environ["XDG_RUNTIME_DIR"], "jadwal-whatsapp")
    raise ConfigError("no runtime folder: set JADWAL_BRIDGE_RUNTIME_DIR (ideally on a tmpfs)")


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ConfigError(f"{name} must be a positive number of seconds")
    return float(value)


def load_config(path: Path | None, environ: Mapping[str, str]) -> Config:
    """The configuration from the TOML file `path` (if any) overridden by `environ`."""
    file_values: dict[str, Any] = {}
    if path is not None:
        try:
            with open(path, "rb") as file:
                file_values = tomllib.load(file)
        except OSError as error:
            raise ConfigError(f"cannot read the configuration file {path}: {error.strerror}") from None
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path}: {error}") from None
        unknown = sorted(set(file_values) - set(ENVIRONMENT) - set(NUMBERS))
        if unknown:
            raise ConfigError(f"{path}: unknown setting {unknown[0]}")

    def setting(name: str, default: str | None = None) -> str | None:
        value = environ.get(ENVIRONMENT[name]) or file_values.get(name)
        return default if value in (None, "") else str(value)

    host, port = parse_listen(setting("listen", "127.0.0.1:8786") or "")
    jadwal_url = (setting("jadwal_url", "http://127.0.0.1:8080") or "").rstrip("/")
    parts = urlsplit(jadwal_url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError(f"JADWAL_URL must be an http(s) URL such as http://127.0.0.1:8080, not {jadwal_url!r}")
    backend = setting("backend", "neonize")
    if backend not in BACKENDS:
        raise ConfigError(f"JADWAL_BRIDGE_BACKEND must be one of {', '.join(BACKENDS)}, not {backend!r}")
    key_file = setting("key_file")
    if key_file is None:
        raise ConfigError("no key file: set JADWAL_BRIDGE_KEY_FILE (it is created, 0600, when missing)")
    log_level = (setting("log_level", "INFO") or "INFO").upper()
    if log_level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError(f"log_level must be DEBUG, INFO, WARNING or ERROR, not {log_level!r}")
    return Config(
        listen_host=host,
        listen_port=port,
        secret=_secret(file_values, environ),
        jadwal_url=jadwal_url,
        state_dir=Path(setting("state_dir") or _default_state_dir(environ)),
        runtime_dir=Path(setting("runtime_dir") or _default_runtime_dir(environ)),
        key_file=Path(key_file),
        backend=backend,
        log_level=log_level,
        **{name: _number(name, file_values.get(name, default)) for name, default in NUMBERS.items()},
    )
