"""The bridge's HTTP API, for Jadwal (and, with the fake backend, for tests).

Every request but `GET /healthz` carries `Authorization: Bearer <shared secret>`; errors are
`{"error": {"code": …, "message": …}}`; bodies are at most 16 KiB. See README.md.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import socket
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

from . import __version__
from .bridge import ACCOUNT_NAME, PHONE, TOKEN, Bridge, LinkError
from .fake_backend import FakeBackend, FakeStateError, fake_message

log = logging.getLogger(__name__)

MAX_BODY = 16 * 1024


class ApiError(Exception):
    """An answer with a JSON error body."""

    def __init__(self, status: HTTPStatus, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, headers or {}


ROUTES: list[tuple[re.Pattern[str], tuple[str, ...], str, bool]] = [
    # (path, methods, handler name, only with the fake backend)
    (re.compile(r"^/v1/accounts$"), ("GET",), "list_accounts", False),
    (re.compile(r"^/v1/accounts/(?P<account>[^/]+)$"), ("GET", "PUT", "DELETE"), "account", False),
    (re.compile(r"^/test/accounts/(?P<account>[^/]+)/(?P<action>confirm-pairing|messages|drop-connection|logout)$"),
     ("POST",), "test_control", True),
]


class ApiServer(ThreadingHTTPServer):
    """The listening server; `fake` is set only when the fake backend is selected."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], bridge: Bridge, secret: str, fake: FakeBackend | None) -> None:
        self.bridge = bridge
        self.secret = secret.encode()
        self.fake = fake
        super().__init__(address, Handler)


class ApiServer6(ApiServer):
    address_family = socket.AF_INET6


def make_server(host: str, port: int, bridge: Bridge, secret: str, fake: FakeBackend | None) -> ApiServer:
    """A bound server (port 0 picks a free one); `serve_forever` runs it."""
    kind = ApiServer6 if ":" in host else ApiServer
    return kind((host, port), bridge, secret, fake)


class Handler(BaseHTTPRequestHandler):
    """One request of the API."""

    server: ApiServer
    protocol_version = "HTTP/1.1"
    timeout = 30  # seconds a client may take to send its request
    _close_after_body = True

    def do_GET(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def version_string(self) -> str:
        return f"jadwal-whatsapp/{__version__}"

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s %s", self.address_string(), format % args)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own errors (malformed request line, unknown method) as JSON too."""
        status = HTTPStatus(code)
        self.close_connection = True
        self._send_json(status, _error_body("bad_request" if code < 500 else "unsupported", message or status.phrase))

    # MARK: Dispatch

    def _dispatch(self) -> None:
        path = urlsplit(self.path).path
        # Until the body is read, an early answer closes the connection (the body is not skipped).
        self._close_after_body = self.close_connection  # what the request line and headers asked for
        self.close_connection = True
        try:
            if self.command == "GET" and path == "/healthz":
                self._read_body()
                self._send(HTTPStatus.OK, b"ok", "text/plain; charset=utf-8")
                return
            self._authorize()
            body = self._read_body()
            for pattern, methods, name, fake_only in ROUTES:
                match = pattern.match(path)
                if match is None or (fake_only and self.server.fake is None):
                    continue
                if self.command not in methods:
                    raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                                   f"{path} answers {', '.join(methods)}", {"Allow": ", ".join(methods)})
                arguments = {key: unquote(value) for key, value in match.groupdict().items()}
                status, answer = getattr(self, name)(body=body, **arguments)
                self._send_json(status, answer)
                return
            raise ApiError(HTTPStatus.NOT_FOUND, "not_found", f"no route {path}")
        except ApiError as error:
            self._send_json(error.status, _error_body(error.code, error.message), error.headers)
        except Exception:
            log.exception("%s %s failed", self.command, path)
            self._send_json(HTTPStatus.INTERNAL_SERVER_ERROR, _error_body("internal", "the bridge failed; see its log"))

    def _read_body(self) -> bytes:
        """The request's body (at most MAX_BODY bytes); the connection may then be kept."""
        if self.headers.get("Transfer-Encoding"):
            raise ApiError(HTTPStatus.LENGTH_REQUIRED, "length_required", "send the body with a Content-Length")
        length_text = self.headers.get("Content-Length", "0").strip()
        if not length_text.isdigit():
            raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", "Content-Length must be a number")
        length = int(length_text)
        if length > MAX_BODY:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "too_large", f"bodies are at most {MAX_BODY} bytes")
        body = self.rfile.read(length) if length else b""
        self.close_connection = self._close_after_body
        return body

    def _authorize(self) -> None:
        header = self.headers.get("Authorization", "")
        scheme, _, credentials = header.partition(" ")
        given = credentials.strip().encode("utf-8", errors="replace")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given, self.server.secret):
            raise ApiError(HTTPStatus.UNAUTHORIZED, "unauthorized", "send the bridge's shared secret as Authorization: Bearer …",
                           {"WWW-Authenticate": 'Bearer realm="jadwal-whatsapp"'})

    # MARK: Routes

    def list_accounts(self, body: bytes) -> tuple[HTTPStatus, Any]:
        return HTTPStatus.OK, {"accounts": self.server.bridge.accounts()}

    def account(self, body: bytes, account: str) -> tuple[HTTPStatus, Any]:
        _check_account(account)
        bridge = self.server.bridge
        if self.command == "PUT":
            fields = _json_object(body, required={"phone", "token"}, optional=set())
            phone, token = fields["phone"], fields["token"]
            if not isinstance(phone, str) or not PHONE.match(phone):
                raise ApiError(HTTPStatus.BAD_REQUEST, "invalid",
                               "phone is an E.164 number, with or without '+': 8 to 15 digits, the first not 0")
            if not isinstance(token, str) or not TOKEN.match(token):
                raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", "token must be the Jadwal bridge token (jb_…)")
            try:
                return HTTPStatus.OK, bridge.link(account, phone, token)
            except LinkError as error:
                raise ApiError(HTTPStatus.BAD_GATEWAY, "whatsapp_unavailable", f"WhatsApp did not start the link: {error}") from None
        if self.command == "DELETE":
            if not bridge.unlink(account):
                raise _unknown(account)
            return HTTPStatus.NO_CONTENT, None
        described = bridge.describe(account)
        if described is None:
            raise _unknown(account)
        return HTTPStatus.OK, described

    def test_control(self, body: bytes, account: str, action: str) -> tuple[HTTPStatus, Any]:
        _check_account(account)
        fake = self.server.fake
        assert fake is not None
        if not self.server.bridge.knows(account):
            raise _unknown(account)
        try:
            if action == "confirm-pairing":
                fake.confirm_pairing(account)
            elif action == "logout":
                fake.phone_logout(account)
            elif action == "drop-connection":
                fields = _json_object(body, required=set(), optional={"failReconnects"}) if body else {}
                failing = fields.get("failReconnects", 0)
                if isinstance(failing, bool) or not isinstance(failing, int) or not 0 <= failing <= 100:
                    raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", "failReconnects is a number from 0 to 100")
                fake.drop_connection(account, failing)
            else:
                try:
                    message = fake_message(_json_object(body, required={"chatId", "text"}, optional=None))
                except ValueError as error:
                    raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", str(error)) from None
                fake.receive(account, message)
        except FakeStateError as error:
            raise ApiError(HTTPStatus.CONFLICT, "conflict", str(error)) from None
        return HTTPStatus.NO_CONTENT, None

    # MARK: Answers

    def _send_json(self, status: HTTPStatus, body: Any, headers: dict[str, str] | None = None) -> None:
        data = b"" if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        self._send(status, data, "application/json; charset=utf-8", headers)

    def _send(self, status: HTTPStatus, data: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        if status != HTTPStatus.NO_CONTENT:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if status != HTTPStatus.NO_CONTENT:
            self.wfile.write(data)


def _error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def _unknown(account: str) -> ApiError:
    return ApiError(HTTPStatus.NOT_FOUND, "not_found", f"the bridge has no account {account}")


def _check_account(account: str) -> None:
    if not ACCOUNT_NAME.match(account):
        raise ApiError(HTTPStatus.BAD_REQUEST, "invalid",
                       "account names are 1 to 64 characters of A-Z, a-z, 0-9 and . _ @ + -")


def _json_object(body: bytes, required: set[str], optional: set[str] | None) -> dict[str, Any]:
    """The JSON object in `body` with every `required` field; other fields than `required` and
    `optional` are refused (any field is allowed when `optional` is None)."""
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ApiError(HTTPStatus.BAD_REQUEST, "malformed", "the body must be a JSON object") from None
    if not isinstance(value, dict):
        raise ApiError(HTTPStatus.BAD_REQUEST, "malformed", "the body must be a JSON object")
    missing = sorted(required - set(value))
    if missing:
        raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", f"{missing[0]} is required")
    if optional is not None:
        unknown = sorted(set(value) - required - optional)
        if unknown:
            raise ApiError(HTTPStatus.BAD_REQUEST, "invalid", f"unknown field {unknown[0]}")
    return value

