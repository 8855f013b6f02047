"""`python -m jadwal_whatsapp [--config FILE]`: runs the bridge until SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from pathlib import Path

from .api import make_server
from .backend import BackendError
from .bridge import Bridge
from .config import ConfigError, load_config
from .fake_backend import FakeBackend
from .vault import VaultError

log = logging.getLogger("jadwal_whatsapp")


def main(argv: list[str] | None = None) -> int:
    """Runs the bridge; 0 after a clean stop, 2 when it cannot start."""
    os.umask(0o077)  # every file and folder the bridge (or whatsmeow) creates is owner-only
    parser = argparse.ArgumentParser(prog="python -m jadwal_whatsapp", description="Jadwal's WhatsApp bridge.")
    parser.add_argument("--config", type=Path, help="a TOML configuration file (default: $JADWAL_BRIDGE_CONFIG)")
    arguments = parser.parse_args(argv)
    config_path = arguments.config or (Path(os.environ["JADWAL_BRIDGE_CONFIG"]) if os.environ.get("JADWAL_BRIDGE_CONFIG") else None)
    try:
        config = load_config(config_path, os.environ)
    except ConfigError as error:
        print(f"jadwal-whatsapp: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.backend == "fake":
        log.warning("the FAKE WhatsApp backend is selected: a test double, no real WhatsApp account is linked")

    bridge = Bridge(config)
    try:
        server = make_server(config.listen_host, config.listen_port, bridge, config.secret, None)
    except OSError as error:
        print(f"jadwal-whatsapp: cannot listen on {config.listen_host}:{config.listen_port}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        bridge.start()
    except (VaultError, BackendError, OSError) as error:
        server.server_close()
        print(f"jadwal-whatsapp: cannot start: {error}", file=sys.stderr)
        return 2
    if config.backend == "fake":
        assert isinstance(bridge.backend, FakeBackend)
        server.fake = bridge.backend  # the /test/… routes exist only now

    stopping = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stopping.set())
    serving = threading.Thread(target=server.serve_forever, name="http", daemon=True)
    serving.start()
    host, port = server.server_address[:2]
    log.info("listening on http://%s:%d", f"[{host}]" if ":" in host else host, port)
    try:
        while not stopping.wait(1.0):
            pass
    finally:
        log.info("stopping")
        server.shutdown()
        server.server_close()
        bridge.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
