"""The production backend: WhatsApp through neonize (Python bindings of the Go whatsmeow client).

neonize is imported only when this backend is created, so tests and the fake run without it.
Its native library (`neonize-<os>-<arch>.so`) ships inside the wheel; neonize downloads one
from the internet at import only when that file is missing (or its version differs), so
`native_library` checks the file first and the bridge refuses to start rather than download.

Each Jadwal account has its own `NewClient` over its own SQLite database (whatsmeow's device
store) in the runtime folder. `NewClient.connect` blocks for the client's whole life, so it
runs on a thread of its own; neonize calls the event handlers on the Go client's thread.
whatsmeow reconnects by itself after a dropped connection; when the client stops for good
(the first connection failed, or WhatsApp refused it), `on_connection_lost(retrying=False)`
lets the bridge start a new client with back-off.
"""

from __future__ import annotations

import importlib.util
import itertools
import logging
import platform
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .backend import BackendError, BackendEvents, IncomingMessage

log = logging.getLogger(__name__)

PHONE_SERVER = "s.whatsapp.net"
MEDIA = {
    "imageMessage": "image",
    "videoMessage": "video",
    "ptvMessage": "video note",
    "audioMessage": "audio",
    "documentMessage": "document",
    "stickerMessage": "sticker",
}
STOP_TIMEOUT = 10.0


def native_library() -> Path:
    """neonize's native library inside its installed package, without importing neonize.

    Raises BackendError when neonize is not installed, or when its wheel has no library for
    this machine (importing it would then try to download one).
    """
    spec = importlib.util.find_spec("neonize")
    if spec is None or not spec.submodule_search_locations:
        raise BackendError("neonize is not installed: pip install -r bridges/whatsapp/requirements.txt")
    system = platform.system().lower()
    machine = {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    extension = {"windows": "dll", "darwin": "dylib"}.get(system, "so")
    folder = Path(next(iter(spec.submodule_search_locations)))
    library = folder / f"neonize-{system}-{machine}.{extension}"
    if not library.is_file():
        raise BackendError(
            f"neonize's native library {library.name} is not in {folder}; neonize would download it at "
            "import. Install a neonize wheel built for this machine (pip install --only-binary neonize ...)")
    return library


def jid_text(jid: Any) -> str:
    """`user@server` of a neonize JID, without device or agent."""
    return f"{jid.User}@{jid.Server}" if jid.User else jid.Server


def enum_name(message: Any, field: str) -> str:
    """The name of the enum value in `message.field` (its number when unknown)."""
    value = getattr(message, field)
    known = message.DESCRIPTOR.fields_by_name[field].enum_type.values_by_number.get(value)
    return known.name if known is not None else str(value)


def _counterpart(source: Any) -> Any:
    """The other person's JID, by phone number when WhatsApp gives one (chats may be LID-addressed)."""
    chat = source.Chat
    if chat.Server == "lid":
        alternative = source.RecipientAlt if source.IsFromMe else source.SenderAlt
        if alternative.User and alternative.Server == PHONE_SERVER:
            return alternative
    return chat


def _content(message: Any) -> tuple[str, str] | None:
    """(kind, text) of a WhatsApp message, or None for what is not a message to read
    (reactions, receipts, protocol messages, polls…)."""
    if message.conversation:
        return "text", message.conversation
    if message.HasField("extendedTextMessage") and message.extendedTextMessage.text:
        return "text", message.extendedTextMessage.text
    for field, label in MEDIA.items():
        if message.HasField(field):
            caption = getattr(getattr(message, field), "caption", "")
            return "media", caption or f"<{label} omitted>"
    for field in ("locationMessage", "liveLocationMessage"):
        if message.HasField(field):
            place = getattr(message, field)
            words = [getattr(place, "name", ""), getattr(place, "address", ""), getattr(place, "caption", "")]
            described = ", ".join(word for word in words if word)
            return "location", described or f"{place.degreesLatitude:.6f},{place.degreesLongitude:.6f}"
    return None


def translate_message(event: Any, contact_name: Callable[[Any], str | None] | None = None) -> IncomingMessage | None:
    """The bridge's message for a neonize `MessageEv`, or None when it carries nothing to read.

    `contact_name` looks up the name the account's owner gave a JID; it names the chat of a
    message the owner sent (the push name then is the owner's own).
    """
    content = _content(event.Message)
    if content is None:
        return None
    kind, text = content
    info = event.Info
    source = info.MessageSource
    counterpart = _counterpart(source)
    if source.IsFromMe:
        chat_name = contact_name(counterpart) if contact_name is not None else None
    else:
        chat_name = info.Pushname or None
    timestamp = info.Timestamp // 1000 if info.Timestamp > 100_000_000_000 else info.Timestamp
    return IncomingMessage(
        chat_id=jid_text(counterpart),
        chat_name=chat_name,
        message_id=info.ID,
        sender_name=info.Pushname or source.Sender.User or jid_text(source.Sender),
        from_me=source.IsFromMe,
        timestamp=timestamp or int(time.time()),
        text=text,
        kind=kind,
        is_group=source.IsGroup or source.Chat.Server == "g.us",
    )


class _Session:
    """One neonize client of one account, and the thread its blocking `connect` runs on."""

    def __init__(self, account: str, client: Any, linking: bool) -> None:
        self.account = account
        self.client = client
        self.linking = linking
        self.ready = threading.Event()  # the socket is up: a QR event came (new device) or Connected
        self.stopping = False
        self.error: str | None = None
        self.thread: threading.Thread | None = None


class NeonizeBackend:
    """`WhatsAppBackend` over neonize's `NewClient`."""

    def __init__(self, events: BackendEvents, link_timeout: float = 30.0) -> None:
        native_library()  # before the import, which would download a missing library
        import neonize
        from neonize import client, events as neonize_events
        from neonize.proto.waCompanionReg.WAWebProtobufsCompanionReg_pb2 import DeviceProps
        from neonize.utils.enum import ClientName, ClientType

        self._events = events
        self._link_timeout = link_timeout
        self._neonize_client = client
        self._ev = neonize_events
        self._device_props = DeviceProps(os="Jadwal", platformType=DeviceProps.CHROME)
        self._client_type = ClientType.CHROME
        self._client_name = ClientName.LINUX
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()
        self._serial = itertools.count(1)
        log.info("neonize %s loaded", neonize.__version__)

    # MARK: WhatsAppBackend

    def start_link(self, account: str, phone: str, session: Path) -> str:
        current = self._start(account, session, linking=True)
        if not current.ready.wait(self._link_timeout) or current.error:
            self.forget(account)
            raise BackendError(current.error or f"WhatsApp did not answer within {self._link_timeout:.0f} s")
        try:
            return current.client.PairPhone(phone, True, client_name=self._client_name, client_type=self._client_type)
        except Exception as error:
            self.forget(account)
            raise BackendError(f"WhatsApp refused the pairing request: {error}") from None

    def connect(self, account: str, session: Path) -> None:
        self._start(account, session, linking=False)

    def logout(self, account: str) -> None:
        with self._lock:
            current = self._sessions.get(account)
        if current is None or not current.client.is_connected:
            raise BackendError("not connected to WhatsApp")
        try:
            current.client.logout()
        except Exception as error:
            raise BackendError(f"WhatsApp refused the logout: {error}") from None

    def forget(self, account: str) -> None:
        with self._lock:
            current = self._sessions.pop(account, None)
        if current is not None:
            self._stop(current)

    def close(self) -> None:
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
        for current in sessions:
            self._stop(current)

    # MARK: Clients

    def _start(self, account: str, session: Path, linking: bool) -> _Session:
        self.forget(account)
        current = self._new_session(account, session, linking)
        current.thread = threading.Thread(target=self._run, args=(current,), name=f"whatsapp-{account}", daemon=True)
        current.thread.start()
        return current

    def _new_session(self, account: str, session: Path, linking: bool) -> _Session:
        """A client over the database `session`, subscribed to its events, not yet connected."""
        # A unique id per client: neonize keys its Go clients by it, and an old client's
        # finaliser stops the client of its id.
        client = self._neonize_client.NewClient(
            str(session), props=self._device_props, uuid=f"jadwal-{next(self._serial)}-{account}")
        current = _Session(account, client, linking)
        self._subscribe(current)
        with self._lock:
            self._sessions[account] = current
        return current

    def _stop(self, current: _Session) -> None:
        current.stopping = True
        try:
            current.client.stop()
        except Exception as error:
            log.debug("%s: stopping the client: %s", current.account, error)
        if current.thread is not None and current.thread is not threading.current_thread():
            current.thread.join(STOP_TIMEOUT)

    def _run(self, current: _Session) -> None:
        """The client's life: `connect` returns when the client is stopped or cannot connect."""
        try:
            current.client.connect()
            reason = "the WhatsApp client stopped"
        except Exception as error:
            reason = f"cannot connect to WhatsApp: {error}"
        current.error = current.error or reason
        current.ready.set()
        if not current.stopping and self._is_current(current) and not current.linking:
            self._events.on_connection_lost(current.account, reason, False)

    def _is_current(self, current: _Session) -> bool:
        with self._lock:
            return self._sessions.get(current.account) is current

    def _subscribe(self, current: _Session) -> None:
        """Routes the client's events to the bridge; events of a replaced client are ignored."""
        account, client, ev = current.account, current.client, self._ev

        def handler(function: Callable[[Any], None]) -> Callable[[Any, Any], None]:
            def handle(_: Any, event: Any) -> None:
                if not self._is_current(current):
                    return
                try:
                    function(event)
                except Exception:
                    log.exception("%s: handling a WhatsApp event failed", account)
            return handle

        def on_qr(_: Any, __: bytes) -> None:
            if current.linking:
                current.ready.set()  # the socket is up and the device unlinked: PairPhone may go
            elif self._is_current(current):
                self._events.on_logged_out(account, "the stored session is not linked")

        def on_pair_status(event: Any) -> None:
            if event.Status == event.SUCCESS:
                current.linking = False
                self._events.on_paired(account, event.ID.User)
            else:
                self._events.on_failure(account, f"pairing failed: {event.Error or 'unknown error'}")

        def on_connected(_: Any) -> None:
            current.ready.set()
            self._events.on_connected(account)

        def on_message(event: Any) -> None:
            message = translate_message(event, self._contact_name(client))
            if message is not None:
                self._events.on_message(account, message)

        client.qr(on_qr)
        client.event(ev.PairStatusEv)(handler(on_pair_status))
        client.event(ev.ConnectedEv)(handler(on_connected))
        client.event(ev.DisconnectedEv)(handler(
            lambda _: self._events.on_connection_lost(account, "disconnected; whatsmeow reconnects", True)))
        client.event(ev.ConnectFailureEv)(handler(
            lambda event: self._events.on_connection_lost(account, f"connection refused: {event.Message or enum_name(event, 'Reason')}", False)))
        client.event(ev.LoggedOutEv)(handler(lambda event: self._events.on_logged_out(account, f"logged out ({enum_name(event, 'Reason')})")))
        client.event(ev.StreamReplacedEv)(handler(
            lambda _: self._events.on_failure(account, "another client connected with this session")))
        client.event(ev.TemporaryBanEv)(handler(
            lambda event: self._events.on_failure(account, f"WhatsApp temporarily banned the account ({enum_name(event, 'Code')})")))
        client.event(ev.ClientOutdatedEv)(handler(
            lambda _: self._events.on_failure(account, "WhatsApp refused this client version: update neonize")))
        client.event(ev.MessageEv)(handler(on_message))

    @staticmethod
    def _contact_name(client: Any) -> Callable[[Any], str | None]:
        def name(jid: Any) -> str | None:
            try:
                contact = client.contact.get_contact(jid)
            except Exception:
                return None
            return (contact.FullName or contact.FirstName or contact.PushName or contact.BusinessName) or None
        return name
