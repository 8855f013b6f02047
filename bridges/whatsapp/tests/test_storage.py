"""Sessions, tokens and spooled messages at rest: encrypted, owner-only, opened only by their key."""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import closing

import pytest

from conftest import TOKEN, files_under, free_port, make_config, wait_for

from jadwal_whatsapp.bridge import Bridge, account_key
from jadwal_whatsapp.fake_backend import FakeBackend
from jadwal_whatsapp.vault import Vault, VaultError, restore_session, seal_session


@pytest.fixture
def private_umask():
    """The umask `python -m jadwal_whatsapp` sets, for a bridge run inside the test process."""
    previous = os.umask(0o077)
    yield
    os.umask(previous)


def assert_owner_only(paths):
    assert paths
    for path in paths:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), f"{path} has mode {oct(mode)}"


def test_nothing_readable_at_rest(start_bridge, private_umask):
    running = start_bridge(f"http://127.0.0.1:{free_port()}")  # Jadwal down: the messages stay spooled
    running.pair("amal", token=TOKEN)
    running.receive("amal", text="Dinner at the old souq on Thursday?", chatName="Dental clinic")
    key = account_key("amal")
    sealed = running.config.state_dir / "accounts" / key / "session.sealed"
    wait_for(sealed.exists)
    clear = running.config.runtime_dir / key / "session.db"
    assert clear.read_bytes().startswith(b"SQLite format 3")  # the clear copy is in the runtime folder only
    assert_owner_only(files_under(running.config.state_dir, running.config.runtime_dir, running.config.key_file.parent))
    running.stop()
    assert not clear.exists()  # removed once sealed
    contents = b"".join(path.read_bytes() for path in files_under(running.config.state_dir) if path.is_file())
    for secret in (b"SQLite format 3", TOKEN.encode(), b"old souq", b"clinic", b"966500000001", b"amal"):
        assert secret not in contents, secret


def test_sessions_survive_a_restart_without_pairing_again(tmp_path, start_bridge, jadwal):
    first = start_bridge(jadwal.url)
    first.pair("amal")
    first.stop()
    second = start_bridge(jadwal.url)
    wait_for(lambda: second.status("amal").get("online"))
    second.receive("amal", text="after the restart")
    wait_for(lambda: jadwal.texts() == ["after the restart"])


def test_a_wrong_key_file_is_a_clear_error(tmp_path, start_bridge, jadwal):
    first = start_bridge(jadwal.url)
    first.pair("amal")
    first.stop()
    key_file = first.config.key_file
    key_file.write_text("ab" * 32 + "\n")
    with pytest.raises(VaultError, match=f"the key in {key_file} does not open the files in"):
        Bridge(first.config, backend_factory=FakeBackend).start()
    key_file.write_text("not a key\n")
    with pytest.raises(VaultError, match="must hold 64 hex characters"):
        Bridge(first.config, backend_factory=FakeBackend).start()


def test_the_key_file_is_created_once(tmp_path):
    key_file = tmp_path / "keys" / "bridge.key"
    first = Vault.from_key_file(key_file)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(key_file.parent.stat().st_mode) == 0o700
    assert len(bytes.fromhex(key_file.read_text())) == 32
    second = Vault.from_key_file(key_file)
    assert second.open(first.seal(b"data", "p"), "p", key_file) == b"data"


def test_sealed_files_are_bound_to_their_purpose_and_tamper_proof(tmp_path):
    vault = Vault.from_key_file(tmp_path / "key")
    path = tmp_path / "sealed"
    vault.write(path, b"jb_secret", "account:one")
    assert vault.read(path, "account:one") == b"jb_secret"
    with pytest.raises(VaultError, match="does not open"):
        vault.read(path, "account:two")
    blob = bytearray(path.read_bytes())
    blob[-1] ^= 1
    path.write_bytes(bytes(blob))
    with pytest.raises(VaultError, match="does not open"):
        vault.read(path, "account:one")
    path.write_bytes(b"SQLite format 3\x00")
    with pytest.raises(VaultError, match="not a file sealed by this bridge"):
        vault.read(path, "account:one")


def test_a_session_in_wal_mode_is_sealed_whole(tmp_path):
    vault = Vault.from_key_file(tmp_path / "key")
    database = tmp_path / "session.db"
    writer = sqlite3.connect(database)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE keys (value BLOB)")
    writer.execute("INSERT INTO keys VALUES (x'00ff')")
    writer.commit()  # still in the WAL, not checkpointed, while the writer stays open
    seal_session(vault, database, tmp_path / "session.sealed", "session:x")
    writer.close()
    restored = tmp_path / "restored" / "session.db"
    restored.parent.mkdir()
    restore_session(vault, tmp_path / "session.sealed", restored, "session:x")
    with closing(sqlite3.connect(restored)) as reader:
        assert reader.execute("SELECT value FROM keys").fetchall() == [(b"\x00\xff",)]


def test_a_newer_clear_copy_left_by_a_crash_is_kept(tmp_path, start_bridge, jadwal):
    first = start_bridge(jadwal.url)
    first.pair("amal")
    key = account_key("amal")
    clear = first.config.runtime_dir / key / "session.db"
    wait_for((first.config.state_dir / "accounts" / key / "session.sealed").exists)
    left_over = clear.read_bytes()
    first.stop()
    # As after a crash: the clear copy stays in the runtime folder, and it changed after the
    # last seal (whatsmeow writes to it all the time).
    clear.parent.mkdir(mode=0o700)
    clear.write_bytes(left_over)
    with closing(sqlite3.connect(clear)) as database, database:
        database.execute("CREATE TABLE written_after_the_seal (x)")
    second = start_bridge(jadwal.url)
    wait_for(lambda: second.status("amal").get("online"))
    with closing(sqlite3.connect(clear)) as database:
        tables = {row[0] for row in database.execute("SELECT name FROM sqlite_master")}
    assert "written_after_the_seal" in tables


def test_folders_and_sealed_files_are_owner_only_whatever_the_umask(tmp_path):
    previous = os.umask(0o022)
    try:
        config = make_config(tmp_path, "http://127.0.0.1:1")
        bridge = Bridge(config, backend_factory=FakeBackend)
        bridge.start()
        bridge.stop()
    finally:
        os.umask(previous)
    assert_owner_only(files_under(config.state_dir, config.runtime_dir, config.key_file.parent))
