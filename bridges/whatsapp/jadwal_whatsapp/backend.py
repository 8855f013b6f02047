"""What the bridge needs from WhatsApp (`WhatsAppBackend`) and what WhatsApp tells it
(`BackendEvents`), independent of the library that speaks WhatsApp's protocol.

`neonize_backend.NeonizeBackend` is the production implementation; `fake_backend.FakeBackend`
is a test double.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

# Jadwal's limits on the fields of a posted message, in UTF-8 bytes.
MAX_FIELD_BYTES = 256
MAX_TEXT_BYTES = 16_384
ONE_TO_ONE_SERVERS = frozenset({"s.whatsapp.net", "lid", "c.us"})
KINDS = ("text", "media", "location")


class BackendError(Exception):
    """WhatsApp (or the library speaking to it) refused or failed an operation."""


def _clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` UTF-8 bytes, on a character boundary."""
    encoded = text.encode("utf-8")
    return text if len(encoded) <= limit else encoded[:limit].decode("utf-8", errors="ignore")


@dataclass(frozen=True)
class IncomingMessage:
    """One message of the linked account, as the bridge posts it to Jadwal.

    `chat_id` is the counterpart's JID (`9665…@s.whatsapp.net`), or the group's for a group
    message, which is never posted. `timestamp` is in seconds since 1970.
    """

    chat_id: str
    message_id: str
    sender_name: str
    from_me: bool
    timestamp: int
    text: str
    kind: str = "text"
    chat_name: str | None = None
    is_group: bool = False

    def is_one_to_one(self) -> bool:
        """True for a chat with one person: not a group, a status broadcast or a newsletter."""
        user, _, server = self.chat_id.rpartition("@")
        return not self.is_group and bool(user) and server in ONE_TO_ONE_SERVERS

    def payload(self) -> dict[str, Any]:
        """The JSON body of `POST /api/v1/chats/messages`, within Jadwal's limits."""
        body: dict[str, Any] = {
            "chatId": _clip(self.chat_id, MAX_FIELD_BYTES),
            "chatKind": "one_to_one",
            "messageId": _clip(self.message_id, MAX_FIELD_BYTES),
            "senderName": _clip(self.sender_name, MAX_FIELD_BYTES),
            "fromMe": self.from_me,
            "timestamp": self.timestamp,
            "text": _clip(self.text, MAX_TEXT_BYTES),
            "kind": self.kind,
        }
        if self.chat_name:
            body["chatName"] = _clip(self.chat_name, MAX_FIELD_BYTES)
        return body


PAIRING_CODE = re.compile(r"^[A-Z0-9]{8}$")


def format_pairing_code(code: str) -> str:
    """WhatsApp's 8-character pairing code shown as `ABCD-EFGH`."""
    bare = code.replace("-", "").strip().upper()
    if not PAIRING_CODE.match(bare):
        raise BackendError(f"WhatsApp gave an unexpected pairing code ({len(bare)} characters)")
    return f"{bare[:4]}-{bare[4:]}"


class BackendEvents(Protocol):
    """What a backend reports, per Jadwal account. Called from the backend's own threads;
    implementations return quickly and never call back into the backend synchronously."""

    def on_paired(self, account: str, linked_number: str) -> None:
        """The person entered the pairing code: the device is linked to `linked_number`."""

    def on_connected(self, account: str) -> None:
        """The linked session is connected to WhatsApp and receives messages."""

    def on_connection_lost(self, account: str, reason: str, retrying: bool) -> None:
        """The connection dropped. With `retrying`, the backend reconnects by itself;
        otherwise the bridge calls `connect` again, with back-off."""

    def on_logged_out(self, account: str, reason: str) -> None:
        """WhatsApp removed the companion device (for instance from the phone's Linked devices)."""

    def on_failure(self, account: str, reason: str) -> None:
        """A lasting failure (temporary ban, session replaced, outdated client): no reconnection."""

    def on_message(self, account: str, message: IncomingMessage) -> None:
        """A message of the account arrived. It must be stored durably before this returns."""


class WhatsAppBackend(Protocol):
    """One WhatsApp client per Jadwal account, each with its own SQLite session database."""

    def start_link(self, account: str, phone: str, session: Path) -> str:
        """Starts linking a new device for `phone` (digits only) with a fresh database at
        `session`; returns the pairing code to type in WhatsApp > Linked devices. Raises
        BackendError when WhatsApp cannot be reached or refuses."""

    def connect(self, account: str, session: Path) -> None:
        """Connects (or reconnects) the linked session stored at `session`, replacing any
        earlier client of `account`. Returns at once; `on_connected` follows."""

    def logout(self, account: str) -> None:
        """Asks WhatsApp to remove the companion device. Raises BackendError when that is
        not possible now (for instance while offline)."""

    def forget(self, account: str) -> None:
        """Stops `account`'s client and drops it; its files are left to the caller. No event
        of that client is reported afterwards."""

    def close(self) -> None:
        """Stops every client."""
