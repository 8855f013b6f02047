"""Encryption at rest: AES-256-GCM with a key from a key file.

Every file the bridge keeps under its state folder (WhatsApp session databases, Jadwal
tokens, spooled messages) is sealed here. A sealed file is `MAGIC || nonce (12 bytes) ||
ciphertext || tag`; the associated data names what the file is (for instance
`session:<account folder>`), so a sealed file moved to another place does not open.
The clear SQLite session database lives only in the private runtime folder.
"""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from .fsutil import private_dir, write_atomic

log = logging.getLogger(__name__)

MAGIC = b"JWB1"
NONCE_BYTES = 12
KEY_CHECK_PURPOSE = "key-check"
KEY_CHECK_TEXT = b"jadwal-whatsapp key check"


class VaultError(Exception):
    """A key file that cannot be used, or a sealed file that does not open with it."""


class Vault:
    """Seals and opens the bridge's files with one AES-256-GCM key."""

    def __init__(self, key: bytes, key_file: Path) -> None:
        if len(key) != 32:
            raise VaultError(f"{key_file}: the key must be 32 bytes")
        self._aead = AESGCM(key)
        self.key_file = key_file

    @classmethod
    def from_key_file(cls, path: Path) -> Vault:
        """Reads the key (64 hex characters) from `path`, creating the file (0600) when missing."""
        if not path.exists():
            private_dir(path.parent)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(fd, "w") as file:
                    file.write(secrets.token_hex(32) + "\n")
                    file.flush()
                    os.fsync(file.fileno())
                log.info("created a new key file %s", path)
        try:
            text = path.read_text(encoding="ascii").strip()
            key = bytes.fromhex(text)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise VaultError(f"cannot read the key file {path}: it must hold 64 hex characters ({error})") from None
        if len(key) != 32:
            raise VaultError(f"the key file {path} must hold 64 hex characters (32 bytes), not {len(text)}")
        if path.stat().st_mode & 0o077:
            log.warning("the key file %s can be read by other users: chmod 600 it", path)
        return cls(key, path)

    def seal(self, data: bytes, purpose: str) -> bytes:
        """`data` encrypted and authenticated for `purpose`."""
        nonce = secrets.token_bytes(NONCE_BYTES)
        return MAGIC + nonce + self._aead.encrypt(nonce, data, purpose.encode())

    def open(self, blob: bytes, purpose: str, source: Path) -> bytes:
        """The clear bytes of `blob`, sealed for `purpose`; `source` names it in errors."""
        if not blob.startswith(MAGIC) or len(blob) < len(MAGIC) + NONCE_BYTES + 16:
            raise VaultError(f"{source} is not a file sealed by this bridge")
        nonce = blob[len(MAGIC):len(MAGIC) + NONCE_BYTES]
        try:
            return self._aead.decrypt(nonce, blob[len(MAGIC) + NONCE_BYTES:], purpose.encode())
        except InvalidTag:
            raise VaultError(
                f"{source} does not open with the key in {self.key_file}: the key file is not the one "
                "this file was sealed with, or the file was changed"
            ) from None

    def write(self, path: Path, data: bytes, purpose: str) -> None:
        """Seals `data` into `path`, atomically."""
        write_atomic(path, self.seal(data, purpose))

    def read(self, path: Path, purpose: str) -> bytes:
        """The clear content of the sealed file `path`."""
        return self.open(path.read_bytes(), purpose, path)

    def check(self, state_dir: Path) -> None:
        """Fails early, with a clear error, when the key is not the one `state_dir` was sealed with.

        The first start writes `state_dir/key-check`; later starts must be able to open it.
        """
        marker = state_dir / "key-check"
        if not marker.exists():
            self.write(marker, KEY_CHECK_TEXT, KEY_CHECK_PURPOSE)
            return
        try:
            self.read(marker, KEY_CHECK_PURPOSE)
        except VaultError:
            raise VaultError(
                f"the key in {self.key_file} does not open the files in {state_dir}: it is not the key "
                "they were sealed with. Give the bridge its original key file (or move the state "
                "folder away to start over, which unlinks every account)"
            ) from None


def snapshot_sqlite(database: Path) -> bytes:
    """A consistent copy of the SQLite database `database` (its WAL included), as bytes.

    Uses SQLite's online backup, so it is safe while another connection (whatsmeow's)
    writes to the database.
    """
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    copy = sqlite3.connect(":memory:")
    try:
        source.backup(copy)
        return copy.serialize()
    finally:
        copy.close()
        source.close()


def seal_session(vault: Vault, database: Path, sealed: Path, purpose: str) -> None:
    """Writes an encrypted copy of the clear session database `database` to `sealed`."""
    vault.write(sealed, snapshot_sqlite(database), purpose)


def restore_session(vault: Vault, sealed: Path, database: Path, purpose: str) -> None:
    """Decrypts `sealed` into the clear session database `database` (0600), replacing it."""
    data = vault.read(sealed, purpose)
    for leftover in (database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")):
        if leftover.exists():
            leftover.unlink()
    write_atomic(database, data)
