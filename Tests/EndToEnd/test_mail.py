"""Mail as an operator meets it: the outbox folder on a fresh install, a real SMTP server
(aiosmtpd on 127.0.0.1) in clear, with STARTTLS and AUTH, down and back up across a killed
daemon, and answering 451 once."""
import email
import email.policy
import glob
import os
import signal
import ssl
import subprocess
import time
import urllib.request

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from conftest import free_port

PASSWORD = "s3cret-Smtp-pass"


class Inbox:
    """An aiosmtpd handler that keeps what it receives; can answer 451 to the next DATA."""

    def __init__(self):
        self.messages = []
        self.refuse_next = 0
        self.data_commands = 0

    async def handle_DATA(self, server, session, envelope):
        self.data_commands += 1
        if self.refuse_next:
            self.refuse_next -= 1
            return "451 4.3.0 Try again later"
        self.messages.append(envelope)
        return "250 2.0.0 OK"

    def wait_for(self, count, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline and len(self.messages) < count:
            time.sleep(0.1)
        return len(self.messages) >= count

    def parsed(self, index=0):
        return email.message_from_bytes(self.messages[index].content, policy=email.policy.default)


class Authenticator:
    """Accepts one user and password; remembers the mechanisms used."""

    def __init__(self):
        self.mechanisms = []

    def __call__(self, server, session, envelope, mechanism, auth_data):
        self.mechanisms.append(mechanism)
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == b"jadwal" and auth_data.password == PASSWORD.encode()
        return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd answers 535 itself


@pytest.fixture
def smtp_server():
    """Starts aiosmtpd servers on 127.0.0.1; each is stopped after the test."""
    controllers = []

    def start(port=None, **kwargs):
        inbox = Inbox()
        controller = Controller(inbox, hostname="127.0.0.1", port=port or free_port(), **kwargs)
        controller.start()
        controllers.append(controller)
        return inbox, controller.port

    yield start
    for controller in controllers:
        controller.stop()


def jadwald(binary, *args, env=None, timeout=60):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})


def write_config(tmp_path, port, security="none", extra="", host="127.0.0.1"):
    config = tmp_path / "jadwald.toml"
    config.write_text(f'[mail]\nfrom = "Jadwal Test <jadwal@example.org>"\n\n[smtp]\nhost = "{host}"\nport = {port}\n'
                      f'security = "{security}"\ntimeout = 5\n{extra}')
    return str(config)


def make_certificate(directory, name="127.0.0.1", alt_names="IP:127.0.0.1"):
    key, cert = os.path.join(directory, f"smtp-{name}-key.pem"), os.path.join(directory, f"smtp-{name}-cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                    "-subj", f"/CN={name}", "-addext", f"subjectAltName={alt_names}"], check=True, capture_output=True)
    return cert, key


def start_daemon(binary, data_dir, config, env):
    port = free_port()
    log = open(os.path.join(data_dir, "mail-daemon.log"), "ab")
    process = subprocess.Popen([binary, "serve", "--config", config, "--port", str(port), "--data", data_dir],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **env})
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("jadwald did not start")


def test_without_smtp_mail_is_written_to_the_outbox_folder(server, tmp_path):
    data = str(tmp_path / "fresh")
    result = jadwald(server.binary, "mail", "test", "--to", "Amal <amal@example.org>", "--data", data,
                     "--subject", "Sign in", "--body", "Open https://jadwal.example/login/abc to sign in.")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"delivered into {data}/outbox" in result.stdout
    files = glob.glob(os.path.join(data, "outbox", "*.eml"))
    assert len(files) == 1 and os.stat(files[0]).st_mode & 0o077 == 0
    # The log names the file and the message's link, so a fresh install can sign in.
    assert "mail written to the outbox folder" in result.stderr
    assert f"file={files[0]}" in result.stderr and "link=https://jadwal.example/login/abc" in result.stderr
    with open(files[0], "rb") as handle:
        raw = handle.read()
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message["To"].addresses[0].addr_spec == "amal@example.org"
    assert message["From"].addresses[0].display_name == "Jadwal"
    assert message["Subject"] == "Sign in"
    assert message.get_content().strip() == "Open https://jadwal.example/login/abc to sign in."
    assert message["Message-ID"] in result.stdout
    outbox = jadwald(server.binary, "mail", "outbox", "--data", data)
    assert outbox.returncode == 0 and "nothing pending or failed" in outbox.stdout
    listed = jadwald(server.binary, "mail", "outbox", "--all", "--data", data)
    assert "\tsent\t" in listed.stdout and "amal@example.org" in listed.stdout and "login/abc" not in listed.stdout


def test_plain_smtp_to_a_local_server(server, smtp_server, tmp_path):
    server.stop()
    inbox, port = smtp_server()
    config = write_config(tmp_path, port)
    subject = "مواعيد الصلاة — rendez-vous ✅ " + "long " * 20
    body = "Line one\n.\n..two dots\nالسلام عليكم\n" + "x" * 200 + "\n"
    result = jadwald(server.binary, "mail", "test", "--to", "عمر <omar@example.org>", "--config", config, "--data", server.data_dir,
                     "--subject", subject, "--body", body)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "delivered to 127.0.0.1" in result.stdout
    assert len(inbox.messages) == 1
    envelope = inbox.messages[0]
    assert envelope.mail_from == "jadwal@example.org" and envelope.rcpt_tos == ["omar@example.org"]
    assert all(len(line) <= 78 for line in envelope.content.split(b"\r\n"))
    message = inbox.parsed()
    assert message["Subject"] == subject
    assert message["To"].addresses[0].display_name == "عمر"
    # Dot-stuffing on the wire is undone by the server: the lone dot line survives.
    assert message.get_content().replace("\r\n", "\n") == body


# aiosmtpd cannot tell that implicit TLS is TLS, and warns when AUTH is required over it.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_starttls_with_auth_plain_and_login(server, smtp_server, tmp_path):
    server.stop()
    cert, key = make_certificate(str(tmp_path))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    credentials = f'username = "jadwal"\npassword = "{PASSWORD}"\nca_file = "{cert}"\n'
    for mechanism, excluded in [("PLAIN", ["LOGIN"]), ("LOGIN", ["PLAIN"])]:
        authenticator = Authenticator()
        inbox, port = smtp_server(tls_context=context, require_starttls=True, authenticator=authenticator, auth_required=True,
                                  auth_require_tls=True, auth_exclude_mechanism=excluded)
        config = write_config(tmp_path, port, "starttls", credentials)
        result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
        assert result.returncode == 0, result.stdout + result.stderr
        assert authenticator.mechanisms == [mechanism] and len(inbox.messages) == 1
        assert PASSWORD not in result.stdout + result.stderr

    # A wrong password is a permanent failure, reported with the server's words.
    authenticator = Authenticator()
    inbox, port = smtp_server(tls_context=context, require_starttls=True, authenticator=authenticator, auth_required=True,
                              auth_require_tls=True)
    config = write_config(tmp_path, port, "starttls", credentials.replace(PASSWORD, "wrong-password"))
    result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
    assert result.returncode == 1
    assert "given up" in result.stdout and "AUTH PLAIN" in result.stdout and "535" in result.stdout
    assert "wrong-password" not in result.stdout + result.stderr and inbox.messages == []
    listed = jadwald(server.binary, "mail", "outbox", "--data", server.data_dir)
    assert "\tfailed\t" in listed.stdout and "535" in listed.stdout

    # Implicit TLS (port 465 style) with the same certificate.
    # (aiosmtpd does not count implicit TLS as TLS for AUTH, hence auth_require_tls=False.)
    inbox, port = smtp_server(ssl_context=context, authenticator=Authenticator(), auth_required=True, auth_require_tls=False)
    config = write_config(tmp_path, port, "tls", credentials)
    result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(inbox.messages) == 1

    # A trusted certificate issued for another name is refused.
    other_cert, other_key = make_certificate(str(tmp_path), "mail.test", "DNS:mail.test")
    other = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    other.load_cert_chain(other_cert, other_key)
    inbox, port = smtp_server(ssl_context=other)
    config = write_config(tmp_path, port, "tls", f'ca_file = "{other_cert}"\n', host="localhost")
    result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
    assert result.returncode == 1 and "TLS failed" in result.stdout, result.stdout + result.stderr
    assert inbox.messages == []

    # Without the CA file the self-signed certificate is not trusted: nothing is sent.
    inbox, port = smtp_server(tls_context=context, require_starttls=True, authenticator=Authenticator(), auth_required=True)
    config = write_config(tmp_path, port, "starttls", f'username = "jadwal"\npassword = "{PASSWORD}"\n')
    result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
    assert result.returncode == 1 and "TLS failed" in result.stdout and "not delivered yet" in result.stdout
    assert inbox.messages == []

    # A server that does not offer STARTTLS gets nothing in clear.
    inbox, port = smtp_server()
    config = write_config(tmp_path, port, "starttls", f'ca_file = "{cert}"\n')
    result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir)
    assert result.returncode == 1 and "does not offer STARTTLS" in result.stdout
    assert inbox.messages == [] and inbox.data_commands == 0


def test_queued_mail_survives_a_killed_daemon_and_arrives_once(server, smtp_server, tmp_path):
    server.stop()
    port = free_port()
    config = write_config(tmp_path, port)
    env = {"JADWAL_TEST_MAIL_RETRY_SECONDS": "1"}
    daemon = start_daemon(server.binary, server.data_dir, config, env)
    try:
        result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir, env=env)
        assert result.returncode == 1 and "not delivered yet" in result.stdout and "cannot connect" in result.stdout
        listed = jadwald(server.binary, "mail", "outbox", "--data", server.data_dir)
        assert "\tpending\t" in listed.stdout
        time.sleep(2.5)  # the daemon retries against the dead server meanwhile
    finally:
        daemon.kill()
        daemon.wait(timeout=10)
    log = open(os.path.join(server.data_dir, "mail-daemon.log")).read()
    assert "will retry" in log
    inbox, _ = smtp_server(port=port)
    daemon = start_daemon(server.binary, server.data_dir, config, env)
    try:
        assert inbox.wait_for(1, timeout=90), open(os.path.join(server.data_dir, "mail-daemon.log")).read()
        time.sleep(3)
        assert len(inbox.messages) == 1
        assert inbox.parsed()["Subject"] == "Jadwal test message"
        listed = jadwald(server.binary, "mail", "outbox", "--data", server.data_dir)
        assert "nothing pending or failed" in listed.stdout
    finally:
        daemon.send_signal(signal.SIGTERM)
        assert daemon.wait(timeout=20) == 0


def test_a_451_is_retried_until_accepted(server, smtp_server, tmp_path):
    server.stop()
    inbox, port = smtp_server()
    inbox.refuse_next = 1
    config = write_config(tmp_path, port)
    env = {"JADWAL_TEST_MAIL_RETRY_SECONDS": "1"}
    daemon = start_daemon(server.binary, server.data_dir, config, env)
    try:
        result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", config, "--data", server.data_dir, env=env)
        assert result.returncode == 1 and "end of DATA: the server answered 451" in result.stdout
        assert inbox.wait_for(1, timeout=30)
        time.sleep(2)
        assert len(inbox.messages) == 1 and inbox.data_commands == 2
    finally:
        daemon.send_signal(signal.SIGTERM)
        assert daemon.wait(timeout=20) == 0
    log = open(os.path.join(server.data_dir, "mail-daemon.log")).read()
    assert "mail sent" in log


def test_bad_mail_settings_are_refused(server, tmp_path):
    def refused(text):
        config = tmp_path / "bad.toml"
        config.write_text(text)
        result = jadwald(server.binary, "mail", "test", "--to", "amal@example.org", "--config", str(config), "--data", server.data_dir)
        assert result.returncode != 0
        return result.stderr

    assert "only for a server on 127.0.0.1 or localhost" in refused('[smtp]\nhost = "smtp.example.org"\nsecurity = "none"\n')
    assert "starttls, tls or none" in refused('[smtp]\nhost = "127.0.0.1"\nsecurity = "ssl"\n')
    assert "needs both smtp.username and smtp.password" in refused('[smtp]\nhost = "127.0.0.1"\nusername = "x"\n')
    assert "mail.from" in refused('[mail]\nfrom = "not an address"\n')
    assert "smtp.host is not" in refused('[smtp]\npassword = "hunter22"\n')
    assert "hunter22" not in refused('[smtp]\npassword = "hunter22"\n')
