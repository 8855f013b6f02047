"""Magic-link sign-in end to end: the link arrives as mail (the outbox folder of a fresh
install, and a real SMTP server), works once within its lifetime, gives a session, and
the first sign-in sends a welcome mail. (That every operation in openapi.yaml was
exercised is checked once the whole suite has run: conftest.pytest_sessionfinish.)"""
import email
import email.policy
import glob
import os
import re
import time

import pytest

from api_client import ApiClient


def mails(server, count, timeout=20):
    """The messages in the outbox folder, oldest first, once there are `count` of them."""
    deadline = time.time() + timeout
    while True:
        files = sorted(glob.glob(os.path.join(server.data_dir, "outbox", "*.eml")), key=os.path.getmtime)
        if len(files) >= count or time.time() > deadline:
            break
        time.sleep(0.1)
    assert len(files) >= count, f"{len(files)} mails, expected {count}"
    return [email.message_from_bytes(open(f, "rb").read(), policy=email.policy.default) for f in files]


def link_token(message):
    text = message.get_body(preferencelist=("plain",)).get_content()
    return re.search(r"/signin\?token=([A-Za-z0-9_-]{43})", text).group(1)


@pytest.fixture
def signing_in(server):
    server.stop()
    server.config = 'public_url = "https://cal.example.test"\n[auth]\nsign_up = true\n'
    server.start()
    client = ApiClient(server.url)
    return server, client


def test_a_mailed_link_signs_in_once_and_welcomes(signing_in):
    server, api = signing_in
    subprocess_add_email(server, "amal", "amal@example.org")
    reply = api.call("POST", "/auth/email", {"email": "Amal@Example.org"})
    assert reply.status == 202
    [message] = mails(server, 1)
    assert message["To"] == "amal@example.org" and "sign-in" in message["Subject"]
    token = link_token(message)
    assert "https://cal.example.test/signin?token=" in message.get_body(preferencelist=("plain",)).get_content()

    session = api.call("POST", "/auth/complete", {"token": token})
    assert session.status == 200 and session.json()["user"] == "amal"
    assert api.call("GET", "/prayer/settings", auth=api.bearer(session.json()["accessToken"])).status == 200
    assert api.call("POST", "/auth/complete", {"token": token}).status == 410

    welcome = mails(server, 2)[1]
    assert welcome["Subject"] == "Welcome to Jadwal" and welcome["To"] == "amal@example.org"

    # A second sign-in sends no second welcome.
    api.call("POST", "/auth/email", {"email": "amal@example.org"})
    second = link_token(mails(server, 3)[2])
    assert api.call("POST", "/auth/complete", {"token": second}).status == 200
    time.sleep(0.5)
    assert len(glob.glob(os.path.join(server.data_dir, "outbox", "*.eml"))) == 3


def test_sign_up_opens_an_account_with_a_calendar(signing_in):
    server, api = signing_in
    assert api.call("POST", "/auth/email", {"email": "new.person@example.org"}).status == 202
    token = link_token(mails(server, 1)[0])
    session = api.call("POST", "/auth/complete", {"token": token}).json()
    assert session["user"] == "new.person@example.org"
    import urllib.request
    request = urllib.request.Request(server.url + "/dav/calendars/new.person@example.org/calendar/", method="PROPFIND",
                                     headers={"Depth": "0", "Authorization": api.bearer(session["accessToken"])})
    # CalDAV stays Basic (app passwords); the bearer token is for the JSON API only.
    try:
        urllib.request.urlopen(request, timeout=10)
        assert False, "a bearer token must not open CalDAV"
    except urllib.error.HTTPError as error:
        assert error.code == 401


def test_unknown_addresses_get_the_same_answer_without_sign_up(server):
    api = ApiClient(server.url)
    assert api.call("POST", "/auth/email", {"email": "nobody@example.org"}).status == 202
    time.sleep(0.5)
    assert not glob.glob(os.path.join(server.data_dir, "outbox", "*.eml"))
    assert api.call("POST", "/auth/email", {"email": "not an address"}).status == 400


def test_links_are_limited_per_address(signing_in):
    server, api = signing_in
    statuses = [api.call("POST", "/auth/email", {"email": "flood@example.org"}).status for _ in range(7)]
    assert statuses[:5] == [202] * 5 and statuses[5:] == [429, 429]
    reply = api.call("POST", "/auth/email", {"email": "flood@example.org"})
    assert int(reply.headers["Retry-After"]) > 0


def subprocess_add_email(server, user, address):
    """Gives `user` an email address with the command line's user tools."""
    import subprocess
    subprocess.run([server.binary, "user", "delete", user, "--data", server.data_dir], check=True, capture_output=True)
    subprocess.run([server.binary, "user", "add", user, "--email", address, "--password-stdin", "--data", server.data_dir],
                   input="amal-password-1\n", text=True, check=True, capture_output=True)
