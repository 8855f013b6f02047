"""What a person does for themselves through /api/v1/me, without an administrator: sign up
by email link, see their calendars and the addresses for any client, set up a phone with
their own one-time link (the profile's password then shows as a connected device), make
and revoke app passwords, change their name, language, time zone and password. Every
exchange is checked against openapi.yaml."""
import email
import email.policy
import glob
import json
import os
import plistlib
import re
import time
import urllib.error
import urllib.request

import pytest

from api_client import ApiClient

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
APP_ID = "ABCDE12345.org.jadwal.app"


def dav(server, path, user, password, method="PROPFIND", body=None, depth="0"):
    import base64
    request = urllib.request.Request(server.url + path, method=method, data=body, headers={
        "Depth": depth, "Content-Type": "application/xml",
        "Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def fetch(url, agent=None):
    request = urllib.request.Request(url, headers={"User-Agent": agent} if agent else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def signed_in(server, api, address):
    """Signs in by the mailed link (opening an account with sign-up on) and returns the session."""
    before = len(glob.glob(os.path.join(server.data_dir, "outbox", "*.eml")))
    assert api.call("POST", "/auth/email", {"email": address}).status == 202
    deadline = time.time() + 20
    while len(files := sorted(glob.glob(os.path.join(server.data_dir, "outbox", "*.eml")), key=os.path.getmtime)) <= before:
        assert time.time() < deadline, "no sign-in mail"
        time.sleep(0.1)
    message = email.message_from_bytes(open(files[-1], "rb").read(), policy=email.policy.default)
    token = re.search(r"/signin\?token=([A-Za-z0-9_-]{43})", message.get_body(preferencelist=("plain",)).get_content()).group(1)
    session = api.call("POST", "/auth/complete", {"token": token})
    assert session.status == 200
    return session.json()


@pytest.fixture
def open_server(server):
    server.stop()
    server.config = f'public_url = "{server.url}"\n[auth]\nsign_up = true\n[apple]\napp_ids = "{APP_ID}"\n'
    server.start()
    return server, ApiClient(server.url)


def test_a_new_person_sets_up_a_phone_alone(open_server):
    server, api = open_server
    session = signed_in(server, api, "new.person@example.org")
    me = api.bearer(session["accessToken"])
    person = "new.person@example.org"

    overview = api.call("GET", "/me", auth=me).json()
    assert overview["name"] == person and overview["email"] == person and overview["admin"] is False
    assert overview["dav"]["server"] == server.url + "/dav/" and overview["dav"]["userName"] == person
    assert overview["dav"]["calendarHome"] == f"{server.url}/dav/calendars/{person}/"
    assert [c["url"] for c in overview["calendars"] if c["name"] == "calendar"] == [f"{server.url}/dav/calendars/{person}/calendar/"]
    assert [b["name"] for b in overview["addressBooks"]] == ["contacts"]
    assert overview["devices"] == []

    # The person's own setup link gives the phone a profile whose password reaches their calendars.
    link = api.call("POST", "/me/setup-link", {"kind": "calendars"}, auth=me).json()
    assert link["url"].startswith(server.url + "/provision/") and link["expiresAt"] > time.time()
    status, _, body = fetch(link["url"], IPHONE)
    assert status == 200
    password = plistlib.loads(body)["PayloadContent"][0]["CalDAVPassword"]
    [device] = api.call("GET", "/me/devices", auth=me).json()["devices"]
    assert device["connected"] is False and device["lastUsedAt"] is None and device["id"].startswith("d_")
    # The id says nothing of the password.
    assert not any(group in device["id"] for group in password.split("-"))
    assert dav(server, f"/dav/calendars/{person}/calendar/", person, password)[0] == 207
    [device] = api.call("GET", "/me/devices", auth=me).json()["devices"]
    assert device["connected"] is True and device["lastUsedAt"] >= device["createdAt"]

    # Revoking the device cuts it off at once; a second revocation finds nothing.
    assert api.call("DELETE", f"/me/devices/{device['id']}", auth=me).status == 204
    assert dav(server, f"/dav/calendars/{person}/calendar/", person, password)[0] == 401
    assert api.call("DELETE", f"/me/devices/{device['id']}", auth=me).status == 404
    assert api.call("GET", "/me", auth=me).json()["devices"] == []

    # A prayer-feed link, and one mailed to the person.
    assert api.call("POST", "/me/setup-link", {"kind": "prayer-feed", "send": True}, auth=me).json()["sentTo"] == person
    assert api.call("POST", "/me/setup-link", {"kind": "everything"}, auth=me, check_request=False).status == 400


def test_app_passwords_are_shown_once_and_stay_the_persons(open_server):
    server, api = open_server
    amal = api.basic("amal", "amal-password-1")
    created = api.call("POST", "/me/app-passwords", {"label": "Thunderbird"}, auth=amal)
    assert created.status == 201
    made = created.json()
    assert made["label"] == "Thunderbird" and made["userName"] == "amal" and made["server"] == server.url + "/dav/"
    assert dav(server, "/dav/calendars/amal/", "amal", made["password"])[0] == 207
    assert api.call("POST", "/me/app-passwords", {"label": "Thunderbird"}, auth=amal).status == 409
    assert api.call("POST", "/me/app-passwords", {"label": " "}, auth=amal).status == 400
    assert api.call("POST", "/me/app-passwords", {"label": "x" * 101}, auth=amal, check_request=False).status == 400
    listed = api.call("GET", "/me/devices", auth=amal).json()["devices"]
    assert [d["label"] for d in listed] == ["Thunderbird"] and "password" not in listed[0]

    # Another person cannot see or revoke it, even knowing its id.
    omar = api.basic("omar", "omar-password-1")
    assert api.call("GET", "/me/devices", auth=omar).json()["devices"] == []
    assert api.call("DELETE", f"/me/devices/{made['id']}", auth=omar).status == 404
    assert dav(server, "/dav/calendars/amal/", "amal", made["password"])[0] == 207
    # An app password signs in to the API too, but cannot change the account's password.
    device = api.basic("amal", made["password"])
    assert api.call("POST", "/me/password", {"password": "taken-over-1", "currentPassword": made["password"]}, auth=device).status == 403
    assert api.call("DELETE", f"/me/devices/{made['id']}", auth=amal).status == 204
    assert api.call("GET", "/me", auth=api.basic("amal", made["password"])).status == 401
    assert api.call("GET", "/me").status == 401


def test_name_language_and_time_zone(open_server):
    server, api = open_server
    amal = api.basic("amal", "amal-password-1")
    changed = api.call("PATCH", "/me", {"displayName": "Amal A.", "language": "ar-SA", "timeZone": "Asia/Riyadh"}, auth=amal).json()
    assert (changed["displayName"], changed["language"], changed["timeZone"]) == ("Amal A.", "ar-SA", "Asia/Riyadh")
    # The principal shows the new name to calendar apps.
    body = b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>'
    status, answer = dav(server, "/dav/principals/amal/", "amal", "amal-password-1", body=body)
    assert status == 207 and b"Amal A." in answer

    # Bad values are refused and change nothing.
    for bad in ({"language": "fr"}, {"language": "ar;drop"}, {"timeZone": "Mars/Olympus"}, {"timeZone": 5}, {"colour": "red"},
                {"displayName": "x" * 201}):
        assert api.call("PATCH", "/me", bad, auth=amal, check_request=False).status == 400, bad
    assert api.call("PATCH", "/me", raw=b"{not json", auth=amal, check_request=False).status == 400
    # Errors speak the caller's language; their codes do not change.
    arabic = api.call("PATCH", "/me", {"timeZone": "Mars/Olympus"}, auth=amal, headers={"Accept-Language": "ar-SA, en;q=0.8"}).json()
    assert arabic == {"error": "invalid", "message": "«Mars/Olympus» ليست منطقة زمنية من IANA مثل Asia/Riyadh"}
    assert api.call("GET", "/me", headers={"Accept-Language": "ar"}).json()["message"].startswith("سجّل الدخول")
    assert api.call("GET", "/me", headers={"Accept-Language": "en, ar;q=0.5"}).json()["message"].startswith("sign in")
    # A person who chose Arabic (ar-SA, above) reads Arabic whatever the request asks.
    assert api.call("PATCH", "/me", {"timeZone": "Nowhere/Here"}, auth=amal, headers={"Accept-Language": "en"}).json()["message"].startswith("«Nowhere/Here»")
    unchanged = api.call("GET", "/me", auth=amal).json()
    assert (unchanged["displayName"], unchanged["language"], unchanged["timeZone"]) == ("Amal A.", "ar-SA", "Asia/Riyadh")

    cleared = api.call("PATCH", "/me", {"language": None, "timeZone": None, "displayName": None}, auth=amal).json()
    assert (cleared["displayName"], cleared["language"], cleared["timeZone"]) == (None, None, None)
    # Preferences survive a restart.
    api.call("PATCH", "/me", {"language": "en"}, auth=amal)
    server.restart()
    assert api.call("GET", "/me", auth=amal).json()["language"] == "en"


def test_changing_the_password(open_server):
    server, api = open_server
    session = signed_in(server, api, "sara@example.org")
    me = api.bearer(session["accessToken"])
    # An app session proved itself by the link: no current password needed; a new session comes back.
    renewed = api.call("POST", "/me/password", {"password": "sara-new-password"}, auth=me)
    assert renewed.status == 200 and renewed.json()["user"] == "sara@example.org"
    assert api.call("GET", "/me", auth=me).status == 401  # the old access token ended
    assert api.call("POST", "/auth/refresh", {"refreshToken": session["refreshToken"]}).status == 401
    fresh = api.bearer(renewed.json()["accessToken"])
    assert api.call("GET", "/me", auth=fresh).status == 200
    assert dav(server, "/dav/calendars/sara@example.org/", "sara@example.org", "sara-new-password")[0] == 207

    # Over Basic the current password is asked, and must be right.
    basic = api.basic("sara@example.org", "sara-new-password")
    assert api.call("POST", "/me/password", {"password": "sara-third-pw"}, auth=basic).status == 403
    assert api.call("POST", "/me/password", {"password": "sara-third-pw", "currentPassword": "wrong-one"}, auth=basic).status == 403
    assert api.call("POST", "/me/password", {"password": "short", "currentPassword": "sara-new-password"}, auth=basic, check_request=False).status == 400
    assert api.call("POST", "/me/password", {"password": "sara-third-pw", "currentPassword": "sara-new-password"}, auth=basic).status == 204
    assert dav(server, "/dav/calendars/sara@example.org/", "sara@example.org", "sara-new-password")[0] == 401
    assert dav(server, "/dav/calendars/sara@example.org/", "sara@example.org", "sara-third-pw")[0] == 207


def test_the_app_site_association_names_the_configured_app(open_server):
    server, api = open_server
    status, headers, body = fetch(server.url + "/.well-known/apple-app-site-association")
    assert status == 200 and headers["Content-Type"] == "application/json"
    document = json.loads(body)
    assert document["applinks"]["details"][0]["appIDs"] == [APP_ID]
    assert document["applinks"]["details"][0]["components"][0]["/"] == "/signin"
    assert document["webcredentials"]["apps"] == [APP_ID]


def test_without_an_app_there_is_no_association(server):
    assert fetch(server.url + "/.well-known/apple-app-site-association")[0] == 404
    server.stop()
    server.config = '[apple]\napp_ids = "not-an-app-id"\n'
    with pytest.raises(AssertionError, match="apple.app_ids"):
        server.start()
