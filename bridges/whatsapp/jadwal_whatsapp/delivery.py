"""Posting spooled messages to Jadwal: one courier thread per account, in order, with back-off."""

from __future__ import annotations

import enum
import json
import logging
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import __version__
from .spool import Spool

log = logging.getLogger(__name__)

MESSAGES_PATH = "/api/v1/chats/messages"


class Outcome(enum.Enum):
    """What to do with a message after one attempt to post it."""

    ACCEPTED = "accepted"  # 2xx: Jadwal has it (accepted or duplicate)
    TOKEN_REJECTED = "token_rejected"  # 401: the bridge token was revoked
    DROP = "drop"  # another 4xx: Jadwal will never take this message
    RETRY = "retry"  # 408, 429, 5xx, no answer: try again later


@dataclass(frozen=True)
class Answer:
    """The outcome of one post, with what the logs and the back-off need."""

    outcome: Outcome
    detail: str
    retry_after: float | None = None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class JadwalClient:
    """Posts one message to Jadwal's `POST /api/v1/chats/messages`.

    Talks to Jadwal directly: no proxy from the environment, no redirects followed.
    """

    def __init__(self, base_url: str, timeout: float) -> None:
        self._url = base_url.rstrip("/") + MESSAGES_PATH
        self._timeout = timeout
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())

    def post(self, token: str, payload: dict[str, Any]) -> Answer:
        request = urllib.request.Request(
            self._url,
            data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            method="POST",
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "User-Agent": f"jadwal-whatsapp/{__version__}",
            },
        )
        try:
            with self._opener.open(request, timeout=self._timeout) as response:
                response.read()
                return Answer(Outcome.ACCEPTED, str(response.status))
        except urllib.error.HTTPError as error:
            with error:
                body = error.read(512).decode("utf-8", errors="replace")
                return self._classify(error.code, body, error.headers.get("Retry-After"))
        except (OSError, ValueError) as error:  # URLError, timeouts, refused or reset connections
            return Answer(Outcome.RETRY, f"no answer from Jadwal: {error}")

    @staticmethod
    def _classify(status: int, body: str, retry_after: str | None) -> Answer:
        detail = f"HTTP {status} {body.strip()}".strip()
        if status == 401:
            return Answer(Outcome.TOKEN_REJECTED, detail)
        if status in (408, 429) or status >= 500 or status < 400:
            delay = float(retry_after) if retry_after and retry_after.strip().isdigit() else None
            return Answer(Outcome.RETRY, detail, delay)
        return Answer(Outcome.DROP, detail)


class Courier:
    """Delivers one account's spool to Jadwal, oldest first, until stopped.

    A message leaves the spool only after Jadwal answered 2xx (or refused it for good with a
    4xx other than 401/408/429, which is logged). Retries wait `initial` seconds, doubling up
    to `maximum`, with jitter. After a 401 the courier waits for a different token.
    """

    def __init__(
        self,
        account: str,
        spool: Spool,
        client: JadwalClient,
        token: Callable[[], str | None],
        on_token_rejected: Callable[[str, str], None],
        initial: float,
        maximum: float,
    ) -> None:
        self._account = account
        self._spool = spool
        self._client = client
        self._token = token
        self._on_token_rejected = on_token_rejected
        self._initial = initial
        self._maximum = maximum
        self._wakeup = threading.Condition()
        self._stopped = False
        self._rejected: str | None = None
        self._thread = threading.Thread(target=self._run, name=f"courier-{account}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def notify(self) -> None:
        """Something changed: a new message, or a new token."""
        with self._wakeup:
            self._wakeup.notify_all()

    def retry_token(self) -> None:
        """The account was given a token again: try it, even if it is the one refused before."""
        with self._wakeup:
            self._rejected = None
            self._wakeup.notify_all()

    def stop(self, timeout: float = 2.0) -> None:
        """Stops after the post in flight (if any); what is not acknowledged stays spooled."""
        with self._wakeup:
            self._stopped = True
            self._wakeup.notify_all()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _sleep(self, seconds: float) -> None:
        """Waits `seconds`; only `stop` cuts the wait short (a new message does not)."""
        deadline = time.monotonic() + seconds
        with self._wakeup:
            while not self._stopped and (remaining := deadline - time.monotonic()) > 0:
                self._wakeup.wait(remaining)

    def _run(self) -> None:
        try:
            self._deliver()
        except Exception:
            log.exception("%s: delivery stopped", self._account)

    def _deliver(self) -> None:
        delay = self._initial
        while True:
            with self._wakeup:
                if self._stopped:
                    return
                token = self._token()
                waiting = self._spool.oldest() if token and token != self._rejected else None
                if waiting is None:
                    self._wakeup.wait()
                    continue
            assert token is not None
            sequence, payload = waiting
            answer = self._client.post(token, payload)
            if answer.outcome is Outcome.ACCEPTED:
                self._spool.remove(sequence)
                delay = self._initial
            elif answer.outcome is Outcome.DROP:
                log.warning("%s: Jadwal refused message %s for good (%s); dropped", self._account,
                            payload.get("messageId"), answer.detail)
                self._spool.remove(sequence)
            elif answer.outcome is Outcome.TOKEN_REJECTED:
                log.error("%s: Jadwal rejected the bridge token (%s); delivery stops until a new token",
                          self._account, answer.detail)
                self._rejected = token
                self._on_token_rejected(self._account, token)
            else:
                wait = min(self._maximum, answer.retry_after or delay * random.uniform(0.5, 1.0))
                log.info("%s: Jadwal did not take message %s (%s); retrying in %.1f s", self._account,
                         payload.get("messageId"), answer.detail, wait)
                self._sleep(wait)
                delay = min(self._maximum, delay * 2)
