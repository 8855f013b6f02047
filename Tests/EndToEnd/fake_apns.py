"""A local stand-in for Apple's push service (APNs is outside this machine): HTTP/2 over
TLS, with h2 offered alone by ALPN as Apple does, speaking APNs' request and response
format ("Sending notification requests to APNs", "Handling notification responses").

It checks what Apple checks: the provider token (an ES256 JWT verified with the test's
public key: its kid, its iss and an iat under an hour old), the topic, the push type and
priority, the payload, and answers with APNs' statuses and reasons. A test scripts the
answers per device token (429, 503, 410 Unregistered, 400 BadDeviceToken) and reads the
pushes that were accepted.
"""
import asyncio
import datetime
import ipaddress
import json
import os
import ssl
import threading
import time
import uuid

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def make_provider_key(directory, key_id="ABC123DEFG"):
    """A P-256 key as Apple gives it (a .p8 file, PKCS #8 PEM) and its public half."""
    key = ec.generate_private_key(ec.SECP256R1())
    path = os.path.join(directory, f"AuthKey_{key_id}.p8")
    with open(path, "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return path, key.public_key()


def _certificate_authority(directory):
    """A CA and a certificate for 127.0.0.1 signed by it; returns (ca file, cert file, key file)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Fake APNs test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (x509.CertificateBuilder()
                   .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])).issuer_name(ca_name)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
                   .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
                   .sign(ca_key, hashes.SHA256()))
    paths = [os.path.join(directory, name) for name in ("apns-ca.pem", "apns-cert.pem", "apns-key.pem")]
    with open(paths[0], "wb") as file:
        file.write(ca.public_bytes(serialization.Encoding.PEM))
    with open(paths[1], "wb") as file:
        file.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(paths[2], "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths


class FakeAPNs:
    """An APNs look-alike on 127.0.0.1, run on its own thread."""

    def __init__(self, directory, public_key, key_id, team_id, topics):
        self.public_key, self.key_id, self.team_id, self.topics = public_key, key_id, team_id, set(topics)
        self.ca_file, cert_file, key_file = _certificate_authority(directory)
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert_file, key_file)
        self.context.set_alpn_protocols(["h2"])
        self.lock = threading.Lock()
        self.accepted = []      # pushes APNs took: dicts of token, headers, payload, at
        self.answers = []       # every answer: (token, status, reason)
        self.scripts = {}       # token -> list of (status, reason) to answer first
        self.tokens_seen = set()
        self.http1_refused = 0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)
        self.url = f"https://127.0.0.1:{self.port}"

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            self.loop.create_server(lambda: _Connection(self), "127.0.0.1", 0, ssl=self.context))
        self.port = self.server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    def stop(self):
        self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    def script(self, token, *answers):
        """Answers `token`'s next pushes with these (status, reason) pairs before accepting."""
        with self.lock:
            self.scripts[token] = list(answers)

    def pushes(self, token=None):
        with self.lock:
            return [push for push in self.accepted if token is None or push["token"] == token]

    def wait_for(self, predicate, timeout=40):
        """The accepted pushes once `predicate(pushes)` holds."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            pushes = self.pushes()
            if predicate(pushes):
                return pushes
            time.sleep(0.1)
        raise AssertionError(f"fake APNs did not see the expected pushes; accepted {self.pushes()}, answers {self.answers}")

    # What APNs checks, in the order it checks it.
    def handle(self, headers, body):
        path = headers.get(":path", "")
        token = path.rsplit("/", 1)[-1]
        if headers.get(":method") != "POST" or not path.startswith("/3/device/"):
            return 405, "MethodNotAllowed", token
        authorization = headers.get("authorization", "")
        if not authorization.startswith("bearer "):
            return 403, "MissingProviderToken", token
        try:
            provider_token = authorization[7:]
            header = jwt.get_unverified_header(provider_token)
            claims = jwt.decode(provider_token, self.public_key, algorithms=["ES256"], options={"verify_aud": False})
        except jwt.PyJWTError:
            return 403, "InvalidProviderToken", token
        if header.get("kid") != self.key_id or claims.get("iss") != self.team_id or not isinstance(claims.get("iat"), (int, float)):
            return 403, "InvalidProviderToken", token
        if time.time() - claims["iat"] > 3600:
            return 403, "ExpiredProviderToken", token
        topic = headers.get("apns-topic")
        if not topic:
            return 400, "MissingTopic", token
        if topic not in self.topics:
            return 400, "TopicDisallowed", token
        push_type = headers.get("apns-push-type")
        if push_type not in ("alert", "background"):
            return 400, "InvalidPushType", token
        if headers.get("apns-priority") != ("10" if push_type == "alert" else "5"):
            return 400, "BadPriority", token
        if len(headers.get("apns-collapse-id", "")) > 64:
            return 400, "BadCollapseId", token
        if len(body) > 4096:
            return 413, "PayloadTooLarge", token
        try:
            payload = json.loads(body)
            aps = payload["aps"]
        except (ValueError, KeyError, TypeError):
            return 400, "PayloadEmpty", token
        if push_type == "background" and (aps.get("content-available") != 1 or "alert" in aps):
            return 400, "BadPayload", token
        if push_type == "alert" and not aps.get("alert"):
            return 400, "BadPayload", token
        with self.lock:
            self.tokens_seen.add(token)
            scripted = self.scripts.get(token)
            if scripted:
                status, reason = scripted.pop(0)
                return status, reason, token
            self.accepted.append({"token": token, "headers": headers, "payload": payload, "at": time.time()})
        return 200, None, token


class _Connection(asyncio.Protocol):
    def __init__(self, fake):
        self.fake = fake
        self.connection = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.streams = {}

    def connection_made(self, transport):
        self.transport = transport
        tls = transport.get_extra_info("ssl_object")
        if tls is None or tls.selected_alpn_protocol() != "h2":
            self.fake.http1_refused += 1
            transport.close()
            return
        self.connection.initiate_connection()
        transport.write(self.connection.data_to_send())

    def data_received(self, data):
        try:
            events = self.connection.receive_data(data)
        except h2.exceptions.ProtocolError:
            self.transport.close()
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                self.streams[event.stream_id] = (dict(event.headers), bytearray())
            elif isinstance(event, h2.events.DataReceived):
                self.streams[event.stream_id][1].extend(event.data)
                self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                self._answer(event.stream_id)
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.transport.close()
        self.transport.write(self.connection.data_to_send())

    def _answer(self, stream_id):
        headers, body = self.streams.pop(stream_id)
        status, reason, token = self.fake.handle(headers, bytes(body))
        with self.fake.lock:
            self.fake.answers.append((token, status, reason))
        response = [(":status", str(status)), ("apns-id", str(uuid.uuid4()).upper())]
        if reason is None:
            self.connection.send_headers(stream_id, response, end_stream=True)
            return
        error = {"reason": reason}
        if status == 410:
            error["timestamp"] = int(time.time() * 1000)
        data = json.dumps(error).encode()
        self.connection.send_headers(stream_id, response + [("content-type", "application/json"), ("content-length", str(len(data)))])
        self.connection.send_data(stream_id, data, end_stream=True)
