"""The bridge's accounts: linking, WhatsApp sessions, spools and couriers.

`Bridge` is what the HTTP API calls and what the WhatsApp backend reports to. Work on one
account is serialised by that account's lock; backend events run on the scheduler thread,
except incoming messages, which are spooled at once on the backend's thread.

On disk, per account (the folder name is a digest of the account name):
- `<state>/accounts/<id>/account.sealed`: name, phone, Jadwal token, status (encrypted);
- `<state>/accounts/<id>/session.sealed`: the encrypted copy of the session database;
- `<state>/accounts/<id>/spool/*.msg`: encrypted messages waiting for Jadwal;
- `<runtime>/<id>/session.db`: the clear session database, only while the bridge runs.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import re
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from .backend import BackendError, BackendEvents, IncomingMessage, WhatsAppBackend, format_pairing_code
from .config import Config
from .delivery import Courier, JadwalClient
from .fsutil import private_dir, remove_file, remove_stale_temporaries, remove_tree
from .scheduler import Scheduler, Timer
from .spool import Spool
from .vault import Vault, VaultError, restore_session, seal_session

log = logging.getLogger(__name__)

ACCOUNT_NAME = re.compile(r"^[A-Za-z0-9._@+-]{1,64}$")
PHONE = re.compile(r"^\+?[1-9][0-9]{7,14}$")
TOKEN = re.compile(r"^[A-Za-z0-9._~+/=-]{1,512}$")

TOKEN_REJECTED = "Jadwal rejected the bridge token (401): issue a new bridge token in Jadwal and link again"


class LinkError(Exception):
    """WhatsApp did not start linking (unreachable, or it refused the number)."""


@dataclass(frozen=True)
class AccountFiles:
    """Where one account's files live."""

    state: Path
    runtime: Path

    @property
    def record(self) -> Path:
        return self.state / "account.sealed"

    @property
    def sealed_session(self) -> Path:
        return self.state / "session.sealed"

    @property
    def spool(self) -> Path:
        return self.state / "spool"

    @property
    def session(self) -> Path:
        return self.runtime / "session.db"


@dataclass
class Account:
    """One Jadwal account linked (or being linked) to one WhatsApp number."""

    name: str
    phone: str
    token: str
    status: str  # pending, connected, failed, disconnected
    linked_number: str | None = None
    error: str | None = None
    failure: str | None = None  # why it failed: "token", "whatsapp" or "pairing"
    # Not persisted:
    pairing_code: str | None = None
    expires_at: int | None = None
    online: bool = False
    token_rejected: bool = False
    attempt: int = 0
    reconnect_delay: float = 0.0
    timers: list[Timer] = field(default_factory=list)
    spool: Spool = field(init=False, repr=False)
    courier: Courier = field(init=False, repr=False)

    def record(self) -> dict[str, Any]:
        return {"account": self.name, "phone": self.phone, "token": self.token, "status": self.status,
                "linkedNumber": self.linked_number, "error": self.error, "failure": self.failure}

    def wants_session(self) -> bool:
        """Whether the WhatsApp session should be running: linked, and not stopped by a failure
        on WhatsApp's side (a revoked Jadwal token keeps it running, so nothing is missed)."""
        return self.linked_number is not None and (
            self.status == "connected" or (self.status == "failed" and self.failure == "token"))

    def cancel_timers(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()


def account_key(name: str) -> str:
    """The folder name of an account: a digest, so names never become paths."""
    return hashlib.sha256(b"jadwal-whatsapp:" + name.encode("utf-8")).hexdigest()[:32]


def default_backend_factory(config: Config) -> Callable[[BackendEvents], WhatsAppBackend]:
    """The backend that `config` selects; neonize is imported only when it is the one."""
    if config.backend == "fake":
        from .fake_backend import FakeBackend
        return FakeBackend
    from .neonize_backend import NeonizeBackend
    return lambda events: NeonizeBackend(events, link_timeout=config.link_timeout)


class Bridge(BackendEvents):
    """All accounts of the bridge."""

    def __init__(self, config: Config,
                 backend_factory: Callable[[BackendEvents], WhatsAppBackend] | None = None) -> None:
        self.config = config
        self._backend_factory = backend_factory or default_backend_factory(config)
        self._accounts: dict[str, Account] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._lock = threading.RLock()
        self._scheduler = Scheduler()
        self._client = JadwalClient(config.jadwal_url, config.delivery_timeout)
        self._vault: Vault | None = None
        self._backend: WhatsAppBackend | None = None

    # MARK: Start and stop

    def start(self) -> None:
        """Opens the state folder with the key, then resumes every stored account.

        Raises VaultError when the key file is unusable or not the one of the state folder.
        """
        private_dir(self.config.state_dir)
        private_dir(self.config.runtime_dir)
        accounts = private_dir(self.config.state_dir / "accounts")
        remove_stale_temporaries(self.config.state_dir)
        self._vault = Vault.from_key_file(self.config.key_file)
        self._vault.check(self.config.state_dir)
        loaded = [account for folder in sorted(accounts.iterdir()) if folder.is_dir()
                  for account in [self._load(folder)] if account is not None]
        self._backend = self._backend_factory(self)
        self._scheduler.start()
        for account in loaded:
            with self._account_lock(account.name):
                self._accounts[account.name] = account
                account.courier.start()
                self._resume(account)
        self._scheduler.call_later(self.config.snapshot_interval, self._periodic_snapshot)
        log.info("bridge started with %d account(s), backend %s", len(loaded), self.config.backend)

    def stop(self) -> None:
        """Stops every client, seals every session and removes the clear copies."""
        self._scheduler.stop()
        with self._lock:
            accounts = list(self._accounts.values())
        for account in accounts:
            account.courier.stop()
        if self._backend is not None:
            self._backend.close()
        for account in accounts:
            with self._account_lock(account.name):
                account.cancel_timers()
                files = self._files(account.name)
                # A linked session's clear copy goes once sealed; an unfinished link's at once.
                if not account.linked_number or self._seal(account):
                    remove_tree(files.runtime)
        log.info("bridge stopped")

    @property
    def backend(self) -> WhatsAppBackend:
        assert self._backend is not None, "the bridge is not started"
        return self._backend

    @property
    def vault(self) -> Vault:
        assert self._vault is not None, "the bridge is not started"
        return self._vault

    # MARK: The HTTP API's operations

    def link(self, name: str, phone: str, token: str) -> dict[str, Any]:
        """PUT /v1/accounts/{name}: starts (or restarts) linking, or confirms the same number."""
        digits = phone.lstrip("+")
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None:
                account = self._create(name, digits, token)
            else:
                account.token = token
                account.token_rejected = False
                account.courier.retry_token()
            files = self._files(name)
            if (account.linked_number == digits and account.failure != "pairing"
                    and account.status in ("connected", "failed")
                    and (files.session.exists() or files.sealed_session.exists())):
                account.status, account.error, account.failure = "connected", None, None
                self._save(account)
                if not account.online:
                    self._connect(account)
                return {"status": "connected", "linkedNumber": digits}
            if account.linked_number and account.status != "disconnected":
                try:
                    self.backend.logout(name)
                    log.info("%s: logged the old device out before linking another number", name)
                except BackendError as error:
                    log.warning("%s: could not log the old device out (%s); remove it on the phone", name, error)
            self._drop_session(account)
            account.phone, account.linked_number, account.attempt = digits, None, account.attempt + 1
            private_dir(files.runtime)
            try:
                code = format_pairing_code(self.backend.start_link(name, digits, files.session))
            except BackendError as error:
                self._drop_session(account)
                self._fail(account, "pairing", f"WhatsApp did not start the link: {error}")
                raise LinkError(str(error)) from None
            account.status, account.error, account.failure = "pending", None, None
            account.pairing_code = code
            account.expires_at = int(time.time() + self.config.pairing_timeout)
            self._save(account)
            account.timers.append(self._scheduler.call_later(
                self.config.pairing_timeout, partial(self._expire, name, account.attempt)))
            log.info("%s: linking started", name)
            return {"status": "pending", "pairingCode": code, "expiresAt": account.expires_at}

    def describe(self, name: str) -> dict[str, Any] | None:
        """GET /v1/accounts/{name}, or None for an unknown account."""
        with self._lock:
            account = self._accounts.get(name)
            if account is None:
                return None
            body: dict[str, Any] = {"status": account.status}
            if account.linked_number and account.status != "pending":
                body["linkedNumber"] = account.linked_number
            if account.status == "failed":
                body["error"] = account.error
            if account.status == "pending":
                body["pairingCode"], body["expiresAt"] = account.pairing_code, account.expires_at
            if account.status == "connected":
                body["online"] = account.online
            body["pendingMessages"] = len(account.spool)
            return body

    def accounts(self) -> list[dict[str, str]]:
        """GET /v1/accounts."""
        with self._lock:
            return [{"account": name, "status": self._accounts[name].status} for name in sorted(self._accounts)]

    def knows(self, name: str) -> bool:
        with self._lock:
            return name in self._accounts

    def unlink(self, name: str) -> bool:
        """DELETE /v1/accounts/{name}: logs out, deletes every file of the account; False if unknown."""
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None:
                return False
            if account.linked_number and account.status != "disconnected":
                try:
                    self.backend.logout(name)
                except BackendError as error:
                    log.warning("%s: could not log the device out (%s); remove it on the phone", name, error)
            self._drop_session(account)
            account.courier.stop()
            with self._lock:
                del self._accounts[name]
            files = self._files(name)
            remove_tree(files.state)
            remove_tree(files.runtime)
            log.info("%s: unlinked and forgotten", name)
            return True

    # MARK: Backend events

    def on_paired(self, account: str, linked_number: str) -> None:
        self._scheduler.call_soon(partial(self._paired, account, linked_number))

    def on_connected(self, account: str) -> None:
        self._scheduler.call_soon(partial(self._connected, account))

    def on_connection_lost(self, account: str, reason: str, retrying: bool) -> None:
        self._scheduler.call_soon(partial(self._connection_lost, account, reason, retrying))

    def on_logged_out(self, account: str, reason: str) -> None:
        self._scheduler.call_soon(partial(self._logged_out, account, reason))

    def on_failure(self, account: str, reason: str) -> None:
        self._scheduler.call_soon(partial(self._failed, account, reason))

    def on_message(self, account: str, message: IncomingMessage) -> None:
        if not message.is_one_to_one():
            log.debug("%s: a message of a group, broadcast or newsletter chat is not posted", account)
            return
        with self._lock:
            known = self._accounts.get(account)
        if known is None:
            log.warning("%s: a message for an account the bridge no longer has is dropped", account)
            return
        known.spool.append(message.payload())
        known.courier.notify()

    # MARK: Event handling (scheduler thread)

    def _paired(self, name: str, linked_number: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or account.status != "pending":
                return
            account.cancel_timers()
            account.linked_number = linked_number
            account.status, account.error, account.failure, account.pairing_code = "connected", None, None, None
            if linked_number != account.phone:
                log.warning("%s: WhatsApp linked another number than the one asked for", name)
            if account.token_rejected:
                self._fail(account, "token", TOKEN_REJECTED)
            self._save(account)
            self._seal(account)
            log.info("%s: linked", name)

    def _connected(self, name: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or not account.wants_session():
                return
            account.cancel_timers()
            account.online, account.reconnect_delay = True, 0.0
            self._seal(account)
            log.info("%s: connected to WhatsApp", name)

    def _connection_lost(self, name: str, reason: str, retrying: bool) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or not account.wants_session():
                return
            account.online = False
            log.warning("%s: connection to WhatsApp lost (%s)", name, reason)
            if not retrying:
                self._schedule_reconnect(account)

    def _logged_out(self, name: str, reason: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or account.status == "disconnected":
                return
            self._drop_session(account)
            if account.status == "pending":
                self._fail(account, "pairing", f"WhatsApp ended the link before it completed ({reason})")
            else:
                account.status, account.error, account.failure = "disconnected", None, None
                self._save(account)
            log.warning("%s: WhatsApp logged the device out (%s); its session is deleted", name, reason)

    def _failed(self, name: str, reason: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or account.status == "disconnected":
                return
            self.backend.forget(name)
            account.cancel_timers()
            account.online = False
            if account.status == "pending":
                self._drop_session(account)
                self._fail(account, "pairing", reason)
            else:
                self._seal(account)
                self._fail(account, "whatsapp", reason)
            log.error("%s: WhatsApp session stopped: %s", name, reason)

    def _token_rejected(self, name: str, token: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or account.token != token:
                return
            account.token_rejected = True
            if account.status == "connected":
                self._fail(account, "token", TOKEN_REJECTED)

    def _expire(self, name: str, attempt: int) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is None or account.status != "pending" or account.attempt != attempt:
                return
            self._drop_session(account)
            self._fail(account, "pairing", "the pairing code expired before it was entered in WhatsApp; link again")
            log.info("%s: the pairing code expired", name)

    def _reconnect(self, name: str) -> None:
        with self._account_lock(name):
            account = self._accounts.get(name)
            if account is not None and account.wants_session() and not account.online:
                self._connect(account)

    def _periodic_snapshot(self) -> None:
        with self._lock:
            accounts = list(self._accounts.values())
        for account in accounts:
            with self._account_lock(account.name):
                if account.wants_session():
                    self._seal(account)
        self._scheduler.call_later(self.config.snapshot_interval, self._periodic_snapshot)

    # MARK: Helpers (called with the account's lock held)

    def _account_lock(self, name: str) -> threading.RLock:
        with self._lock:
            return self._locks.setdefault(name, threading.RLock())

    def _files(self, name: str) -> AccountFiles:
        key = account_key(name)
        return AccountFiles(self.config.state_dir / "accounts" / key, self.config.runtime_dir / key)

    def _purpose(self, kind: str, name: str) -> str:
        return f"{kind}:{account_key(name)}"

    def _attach(self, account: Account) -> Account:
        """Gives `account` its spool and its courier."""
        account.spool = Spool(self._files(account.name).spool, self.vault, self._purpose("spool", account.name))
        account.courier = Courier(account.name, account.spool, self._client, lambda: account.token,
                                  self._report_token_rejected, self.config.retry_initial, self.config.retry_max)
        return account

    def _report_token_rejected(self, name: str, token: str) -> None:
        self._scheduler.call_soon(partial(self._token_rejected, name, token))

    def _create(self, name: str, phone: str, token: str) -> Account:
        private_dir(self._files(name).state)
        account = self._attach(Account(name=name, phone=phone, token=token, status="pending"))
        self._save(account)
        with self._lock:
            self._accounts[name] = account
        account.courier.start()
        return account

    def _load(self, folder: Path) -> Account | None:
        """The account stored in `folder`, or None for a folder a crash left without its record."""
        remove_stale_temporaries(folder)
        record_file = folder / "account.sealed"
        if not record_file.exists():
            log.warning("removing %s: it has no account record", folder)
            remove_tree(folder)
            return None
        record = json.loads(self.vault.read(record_file, f"account:{folder.name}"))
        if account_key(record["account"]) != folder.name:
            raise VaultError(f"{record_file} belongs to another folder")
        return self._attach(Account(
            name=record["account"], phone=record["phone"], token=record["token"], status=record["status"],
            linked_number=record["linkedNumber"], error=record["error"], failure=record["failure"]))

    def _save(self, account: Account) -> None:
        data = json.dumps(account.record(), separators=(",", ":")).encode("utf-8")
        self.vault.write(self._files(account.name).record, data, self._purpose("account", account.name))

    def _fail(self, account: Account, failure: str, error: str) -> None:
        account.status, account.failure, account.error, account.pairing_code = "failed", failure, error, None
        self._save(account)

    def _resume(self, account: Account) -> None:
        """At start: reconnects a linked session; a link left pending cannot be resumed."""
        if account.status == "pending":
            self._drop_session(account)
            self._fail(account, "pairing", "the bridge restarted before the pairing code was entered; link again")
        elif account.wants_session():
            self._connect(account)
        elif account.status == "disconnected":
            self._drop_session(account)

    def _connect(self, account: Account) -> None:
        """Connects the account's stored session, retrying with back-off when that fails."""
        if not self._runtime_session(account):
            self._drop_session(account)
            account.status, account.error, account.failure = "disconnected", None, None
            self._save(account)
            log.warning("%s: the stored session is missing; the account must be linked again", account.name)
            return
        account.cancel_timers()
        try:
            self.backend.connect(account.name, self._files(account.name).session)
        except BackendError as error:
            log.warning("%s: cannot connect to WhatsApp (%s)", account.name, error)
            self._schedule_reconnect(account)

    def _runtime_session(self, account: Account) -> bool:
        """Makes sure the clear session database is in the runtime folder.

        A clear copy left by a bridge that stopped without sealing (a crash, the machine kept
        running) is newer than the sealed one, so it is kept; otherwise the sealed copy is
        decrypted. False when there is neither.
        """
        files = self._files(account.name)
        sealed = files.sealed_session
        private_dir(files.runtime)
        if files.session.exists() and (not sealed.exists() or files.session.stat().st_mtime >= sealed.stat().st_mtime):
            return True
        if not sealed.exists():
            return False
        restore_session(self.vault, sealed, files.session, self._purpose("session", account.name))
        return True

    def _schedule_reconnect(self, account: Account) -> None:
        delay = account.reconnect_delay or self.config.reconnect_initial
        account.reconnect_delay = min(self.config.reconnect_max, delay * 2)
        wait = delay * random.uniform(0.5, 1.0)
        log.info("%s: reconnecting in %.1f s", account.name, wait)
        account.cancel_timers()
        account.timers.append(self._scheduler.call_later(wait, partial(self._reconnect, account.name)))

    def _seal(self, account: Account) -> bool:
        """Writes the encrypted copy of the session database; False when that failed."""
        files = self._files(account.name)
        if not files.session.exists():
            return False
        try:
            seal_session(self.vault, files.session, files.sealed_session, self._purpose("session", account.name))
            return True
        except (OSError, sqlite3.Error) as error:
            log.error("%s: cannot seal the session: %s", account.name, error)
            return False

    def _drop_session(self, account: Account) -> None:
        """Stops the account's client and deletes its session, clear and sealed."""
        self.backend.forget(account.name)
        account.cancel_timers()
        account.online = False
        files = self._files(account.name)
        remove_tree(files.runtime)
        remove_file(files.sealed_session)
