"""A fake WhatsApp: a TEST DOUBLE, selected with JADWAL_BRIDGE_BACKEND=fake, never for real use.

It answers a link request with a pairing code derived from the phone number, and does what a
test asks through the bridge's `/test/…` routes (which exist only with this backend):
confirm the pairing, deliver a message, drop the connection, log the device out as the phone
would. Its sessions are SQLite files like whatsmeow's, so a test sees them sealed, restored
and deleted as real ones are.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .backend import KINDS, BackendError, BackendEvents, IncomingMessage

CODE_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTVWXYZ"  # the letters WhatsApp's pairing codes use
MESSAGE_FIELDS = {"chatId", "chatName", "senderName", "fromMe", "text", "messageId", "timestamp", "group", "kind"}


class FakeStateError(Exception):
    """The fake session is not in the state a test control needs."""


@dataclass
class _Session:
    phone: str
    path: Path
    online: bool = False
    failing_connects: int = 0


def pairing_code(phone: str) -> str:
    """The fake's pairing code for `phone`: the same for the same number."""
    digest = hashlib.sha256(b"jadwal-fake-pairing:" + phone.encode()).digest()
    code = "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in digest[:8])
    return f"{code[:4]}-{code[4:]}"


def _read_device(path: Path) -> tuple[str, bool] | None:
    if not path.exists():
        return None
    with closing(sqlite3.connect(path)) as database:
        row = database.execute("SELECT phone, linked FROM device").fetchone()
    return None if row is None else (row[0], bool(row[1]))


def _set_linked(path: Path, linked: bool) -> None:
    with closing(sqlite3.connect(path)) as database, database:
        database.execute("UPDATE device SET linked = ?", (int(linked),))


def fake_message(fields: Mapping[str, Any]) -> IncomingMessage:
    """The message a test asks the fake to deliver; ValueError explains a wrong field."""
    unknown = sorted(set(fields) - MESSAGE_FIELDS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]}; known: {', '.join(sorted(MESSAGE_FIELDS))}")

    def text(name: str, required: bool = False) -> str | None:
        value = fields.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value):
            raise ValueError(f"{name} must be a non-empty string")
        return value

    def flag(name: str) -> bool:
        value = fields.get(name, False)
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        return value

    chat_id = text("chatId", required=True) or ""
    if "@" not in chat_id:
        chat_id += "@s.whatsapp.net"
    timestamp = fields.get("timestamp", int(time.time()))
    if isinstance(timestamp, bool) or not isinstance(timestamp, int) or timestamp <= 0:
        raise ValueError("timestamp must be seconds since 1970")
    kind = text("kind") or "text"
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}")
    from_me = flag("fromMe")
    return IncomingMessage(
        chat_id=chat_id,
        chat_name=text("chatName"),
        message_id=text("messageId") or "3EB0" + uuid.uuid4().hex[:16].upper(),
        sender_name=text("senderName") or ("me" if from_me else chat_id.split("@")[0]),
        from_me=from_me,
        timestamp=timestamp,
        text=text("text", required=True) or "",
        kind=kind,
        is_group=flag("group") or chat_id.endswith("@g.us"),
    )


class FakeBackend:
    """The test double of `WhatsAppBackend`; `logouts` lists the accounts the bridge logged out."""

    def __init__(self, events: BackendEvents) -> None:
        self._events = events
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()
        self.logouts: list[str] = []

    # MARK: WhatsAppBackend

    def start_link(self, account: str, phone: str, session: Path) -> str:
        with closing(sqlite3.connect(session)) as database, database:
            database.execute("CREATE TABLE device (phone TEXT NOT NULL, linked INTEGER NOT NULL, identity_key BLOB NOT NULL)")
            database.execute("INSERT INTO device VALUES (?, 0, ?)", (phone, secrets.token_bytes(32)))
        with self._lock:
            self._sessions[account] = _Session(phone=phone, path=session)
        return pairing_code(phone)

    def connect(self, account: str, session: Path) -> None:
        with self._lock:
            previous = self._sessions.get(account)
            if previous is not None and previous.failing_connects > 0:
                previous.failing_connects -= 1
                raise BackendError("fake: WhatsApp cannot be reached")
            device = _read_device(session)
            self._sessions[account] = _Session(phone=device[0] if device else "", path=session,
                                               online=bool(device and device[1]))
        if device and device[1]:
            self._events.on_connected(account)
        else:
            self._events.on_logged_out(account, "fake: the stored session is not linked")

    def logout(self, account: str) -> None:
        with self._lock:
            session = self._sessions.get(account)
            if session is None or not session.online:
                raise BackendError("fake: not connected")
            _set_linked(session.path, False)
            session.online = False
            self.logouts.append(account)

    def forget(self, account: str) -> None:
        with self._lock:
            self._sessions.pop(account, None)

    def close(self) -> None:
        with self._lock:
            self._sessions.clear()

    # MARK: What a test does through /test/…

    def _session(self, account: str, online: bool | None = None) -> _Session:
        session = self._sessions.get(account)
        if session is None:
            raise FakeStateError("the fake has no session for this account")
        if online is not None and session.online != online:
            raise FakeStateError("the fake session is " + ("offline" if online else "online"))
        return session

    def confirm_pairing(self, account: str) -> None:
        """The person typed the pairing code on the phone."""
        with self._lock:
            session = self._session(account)
            device = _read_device(session.path)
            if device is None or device[1]:
                raise FakeStateError("no link is in progress for this account")
            _set_linked(session.path, True)
            session.online = True
        self._events.on_paired(account, session.phone)
        self._events.on_connected(account)

    def receive(self, account: str, message: IncomingMessage) -> None:
        """A message arrives on the linked account."""
        with self._lock:
            self._session(account, online=True)
        self._events.on_message(account, message)

    def drop_connection(self, account: str, failing_connects: int = 0) -> None:
        """The connection drops; the next `failing_connects` reconnection attempts fail."""
        with self._lock:
            session = self._session(account, online=True)
            session.online = False
            session.failing_connects = failing_connects
        self._events.on_connection_lost(account, "fake: connection dropped by the test", False)

    def phone_logout(self, account: str) -> None:
        """The person removed the device in WhatsApp > Linked devices."""
        with self._lock:
            session = self._session(account)
            _set_linked(session.path, False)
            session.online = False
        self._events.on_logged_out(account, "fake: removed from the phone's linked devices")
