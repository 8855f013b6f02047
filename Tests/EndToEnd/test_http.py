"""HTTP/1.1 on one connection, as clients and proxies use it: DAV requests are answered in
the channel pipeline and the others by the router, so responses must still come back in
request order, bodies must be read whole, and shutdown must wait for a DAV request."""
import signal
import socket
import time

from conftest import AMAL, SIMPLE_EVENT, request

AUTH = "Authorization: " + AMAL["Authorization"] + "\r\n"


def event(uid, summary="Standup"):
    return SIMPLE_EVENT.format(uid=uid, summary=summary).replace("\n", "\r\n").encode()


def raw(method, path, body=b"", headers=""):
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}"
    if "Content-Length" not in headers and (body or method in ("PUT", "PROPFIND", "PATCH", "REPORT")):
        head += f"Content-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


class Responses:
    """Reads responses one after another from a socket (Content-Length framing only)."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("the server closed the connection")
        self.buffer += chunk

    def next(self):
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = {}
        for line in lines[1:]:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, headers, body

    def closed(self):
        try:
            return self.sock.recv(1) == b"" and not self.buffer
        except ConnectionResetError:
            return True


def connect(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    return sock, Responses(sock)


def test_pipelined_dav_and_other_requests_are_answered_in_order(server):
    path = "/dav/calendars/amal/calendar/piped.ics"
    propfind = b'<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>'
    requests = [
        raw("PUT", path, event("piped"), AUTH + "Content-Type: text/calendar\r\n"),
        raw("GET", "/healthz"),
        raw("PROPFIND", path, propfind, AUTH + "Depth: 0\r\n"),
        raw("PATCH", "/api/v1/prayer/settings", b"{not json", AUTH + "Content-Type: application/json\r\n"),
        raw("GET", "/healthz"),
        raw("GET", path, headers=AUTH),
        raw("GET", "/dav/calendars/amal/calendar/missing.ics", headers=AUTH),
        raw("GET", "/healthz"),
        raw("GET", path, headers=AUTH + "Connection: close\r\n"),
    ]
    sock, responses = connect(server)
    with sock:
        # All at once, so later requests arrive while earlier ones are being answered.
        sock.sendall(b"".join(requests))
        answers = [responses.next() for _ in requests]
        assert [status for status, _, _ in answers] == [201, 200, 207, 400, 200, 200, 404, 200, 200]
        assert answers[1][2] == answers[4][2] == answers[7][2] == b"ok\n"
        assert b"getetag" in answers[2][2] and answers[0][1]["etag"] in answers[2][2].decode()
        assert answers[3][1]["content-type"].startswith("application/json")
        assert answers[5][2] == answers[8][2] == event("piped")
        assert answers[8][1]["connection"] == "close"
        assert responses.closed()


def test_many_pipelined_gets_keep_their_order(server):
    for n in range(5):
        assert request(server, "PUT", f"/dav/calendars/amal/calendar/o{n}.ics", body=event(f"o{n}", f"Event {n}"))[0] == 201
    order = [n % 5 for n in range(60)]
    sock, responses = connect(server)
    with sock:
        sock.sendall(b"".join(raw("GET", f"/dav/calendars/amal/calendar/o{n}.ics", headers=AUTH) for n in order))
        bodies = [responses.next()[2] for _ in order]
    assert bodies == [event(f"o{n}", f"Event {n}") for n in order]


def test_a_client_that_expects_100_continue_gets_it_before_sending_the_body(server):
    body = event("continued")
    sock, responses = connect(server)
    with sock:
        sock.sendall(raw("PUT", "/dav/calendars/amal/calendar/continued.ics", headers=AUTH + "Expect: 100-continue\r\n"
                         + f"Content-Type: text/calendar\r\nContent-Length: {len(body)}\r\n"))
        assert responses.next()[0] == 100
        sock.sendall(body)
        assert responses.next()[0] == 201
    assert request(server, "GET", "/dav/calendars/amal/calendar/continued.ics")[2] == body


def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(server):
    sock, responses = connect(server)
    with sock:
        sock.sendall(raw("PUT", "/dav/calendars/amal/calendar/big.ics", headers=AUTH + "Expect: 100-continue\r\n"
                         + f"Content-Type: text/calendar\r\nContent-Length: {64 << 20}\r\n"))
        status, headers, _ = responses.next()
        assert status == 413 and headers["connection"] == "close"
        assert responses.closed()
    assert request(server, "GET", "/dav/calendars/amal/calendar/big.ics")[0] == 404


def test_sigterm_waits_for_a_dav_request_whose_body_is_still_arriving(server):
    body = event("late")
    path = "/dav/calendars/amal/calendar/late.ics"
    sock, responses = connect(server)
    with sock:
        sock.sendall(raw("PUT", path, headers=AUTH + f"Content-Type: text/calendar\r\nContent-Length: {len(body)}\r\n")
                     + body[:40])
        time.sleep(0.5)
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        assert server.process.poll() is None, "the server stopped with a request half read"
        sock.sendall(body[40:])
        assert responses.next()[0] == 201
        # Then the connection closes, and the server stops.
        assert responses.closed()
    assert server.process.wait(timeout=20) == 0
    server.start()
    assert request(server, "GET", path)[2] == body


def test_http_1_0_closes_unless_asked_to_keep_the_connection(server):
    path = "/dav/calendars/amal/calendar/old.ics"
    assert request(server, "PUT", path, body=event("old"))[0] == 201
    head = f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n{AUTH}"
    sock, responses = connect(server)
    with sock:
        sock.sendall((head + "Connection: keep-alive\r\n\r\n" + head + "\r\n").encode())
        status, headers, body = responses.next()
        assert (status, headers["connection"].lower(), body) == (200, "keep-alive", event("old"))
        status, headers, body = responses.next()
        assert (status, headers["connection"].lower(), body) == (200, "close", event("old"))
        assert responses.closed()


def test_a_large_answer_served_again_is_the_same_until_the_calendar_changes(server):
    # Over 32 KB, so repeated answers are sent from buffers kept between requests.
    for n in range(120):
        summary = f"Planning session {n} " + "agenda " * 30
        assert request(server, "PUT", f"/dav/calendars/amal/calendar/big{n}.ics", body=event(f"big{n}", summary))[0] == 201
    query = (b'<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
             b'<D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">'
             b'<C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>')
    ask = lambda: request(server, "REPORT", "/dav/calendars/amal/calendar/", body=query, headers={"Depth": "1"})
    answers = [ask() for _ in range(4)]
    assert all(status == 207 for status, _, _ in answers)
    assert len(answers[0][2]) > 32 << 10
    assert all(body == answers[0][2] for _, _, body in answers)
    assert answers[0][2].count(b"BEGIN:VCALENDAR") == 120

    assert request(server, "PUT", "/dav/calendars/amal/calendar/big7.ics", body=event("big7", "Moved"))[0] == 204
    changed = [ask()[2] for _ in range(3)]
    assert all(body == changed[0] for body in changed)
    assert b"SUMMARY:Moved" in changed[0] and b"Planning session 7 " not in changed[0]
    assert changed[0].count(b"BEGIN:VCALENDAR") == 120
