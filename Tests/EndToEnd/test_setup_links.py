"""One-tap setup: `/provision/{token}` gives a desktop browser a page with its QR code
and gives an iPhone a configuration profile once (then 410), with an app password made
for that device; signed when a certificate is configured, checked with the openssl
command and plistlib."""
import base64
import plistlib
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pytest

from api_client import ApiClient

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
ADMIN_TOKEN = "setup-admin-token-" + "y" * 32


def get(url, agent=DESKTOP, auth=None, method="GET", body=None, headers=None):
    request = urllib.request.Request(url, method=method, data=body, headers={"User-Agent": agent, **(headers or {})})
    if auth:
        request.add_header("Authorization", "Basic " + base64.b64encode(auth.encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def setup_link(server, user="amal", *extra):
    """A link from the command line; without a configuration file, public_url is the test server's."""
    environment = {"PATH": "/usr/bin:/bin"} if extra else {"JADWAL_PUBLIC_URL": server.url, "PATH": "/usr/bin:/bin"}
    result = subprocess.run([server.binary, "user", "setup-link", user, "--data", server.data_dir, *extra],
                            capture_output=True, text=True, timeout=60, env=environment)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()[0]


@pytest.fixture
def public(server):
    server.stop()
    server.config = f'public_url = "{server.url}"\n[admin]\ntoken = "{ADMIN_TOKEN}"\n'
    server.start()
    return server


def test_desktop_sees_instructions_and_the_phone_gets_the_profile_once(public):
    link = setup_link(public)
    assert link.startswith(public.url + "/provision/")
    status, headers, page = get(link)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b"<svg" in page and b"Profile Downloaded" in page
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert get(link)[0] == 200  # looking does not spend the link

    status, headers, body = get(link, agent=IPHONE)
    assert status == 200 and headers["Content-Type"] == "application/x-apple-aspen-config"
    assert "attachment" in headers["Content-Disposition"]
    profile = plistlib.loads(body)
    assert profile["PayloadType"] == "Configuration" and profile["PayloadIdentifier"] == "arpa.in-addr.127.0.0.1.jadwal.caldav.amal"
    account = profile["PayloadContent"][0]
    assert account["PayloadType"] == "com.apple.caldav.account"
    assert account["CalDAVUsername"] == "amal" and account["CalDAVPrincipalURL"] == "/dav/principals/amal/"
    assert account["CalDAVHostName"] == "127.0.0.1" and account["CalDAVPort"] == public.port
    assert account["CalDAVUseSSL"] is False
    assert profile["PayloadUUID"] != account["PayloadUUID"]
    password = account["CalDAVPassword"]
    assert password != "amal-password-1"

    contacts = profile["PayloadContent"][1]
    assert contacts["PayloadType"] == "com.apple.carddav.account"
    assert contacts["CardDAVHostName"] == "127.0.0.1" and contacts["CardDAVPort"] == public.port
    assert contacts["CardDAVPassword"] == password

    # The device's password reaches the calendars and the contacts, and only amal's.
    propfind = get(public.url + "/dav/calendars/amal/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})
    assert propfind[0] == 207
    assert get(public.url + "/dav/addressbooks/amal/contacts/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})[0] == 207
    assert get(public.url + "/dav/calendars/omar/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})[0] == 404

    assert get(link, agent=IPHONE)[0] == 410
    assert get(link)[0] == 410
    assert get(link + "x", agent=IPHONE)[0] == 404
    assert get(public.url + "/provision/" + "A" * 43, agent=IPHONE)[0] == 404

    # The device shows in the admin API and revoking it cuts it off.
    api = ApiClient(public.url)
    admin = api.bearer(ADMIN_TOKEN)
    labels = [p["label"] for p in api.call("GET", "/admin/users/amal/app-passwords", auth=admin).json()["appPasswords"]]
    assert len(labels) == 1 and labels[0].startswith("iPhone, set up ")
    assert api.call("DELETE", f"/admin/users/amal/app-passwords/{urllib.parse.quote(labels[0])}", auth=admin).status == 204
    assert get(public.url + "/dav/calendars/amal/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})[0] == 401


def test_two_phones_get_two_passwords(public):
    first = plistlib.loads(get(setup_link(public), agent=IPHONE)[2])["PayloadContent"][0]["CalDAVPassword"]
    second = plistlib.loads(get(setup_link(public), agent=IPHONE)[2])["PayloadContent"][0]["CalDAVPassword"]
    assert first != second
    for password in (first, second):
        assert get(public.url + "/dav/", auth=f"amal:{password}", method="PROPFIND", headers={"Depth": "0"})[0] == 207


def test_prayer_feed_profile_subscribes_to_the_users_feed(public):
    api = ApiClient(public.url)
    assert api.call("PATCH", "/prayer/settings", {"city": "Riyadh"}, auth=api.basic("amal", "amal-password-1")).status == 200
    link = api.call("POST", "/admin/users/amal/setup-link", {"kind": "prayer-feed"}, auth=api.bearer(ADMIN_TOKEN)).json()["url"]
    status, headers, body = get(link + "?download=1")
    assert status == 200
    feed = plistlib.loads(body)["PayloadContent"][0]
    assert feed["PayloadType"] == "com.apple.subscribedcalendar.account"
    status, headers, ics = get(feed["SubCalAccountHostName"])
    assert status == 200 and ics.startswith(b"BEGIN:VCALENDAR") and b"Fajr" in ics
    assert api.call("POST", "/admin/users/amal/setup-link", {"kind": "everything"}, auth=api.bearer(ADMIN_TOKEN),
                    check_request=False).status == 400


def test_signed_profiles_verify_with_openssl(server, tmp_path):
    def openssl(*args):
        subprocess.run(["openssl", *args], cwd=tmp_path, check=True, capture_output=True)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Setup Test CA",
            "-keyout", "ca.key", "-out", "ca.pem")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=cal.example.test", "-keyout", "leaf.key", "-out", "leaf.csr")
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-out", "leaf.pem")
    server.stop()
    server.config = f'''public_url = "https://cal.example.test"
[provisioning]
certificate = "{tmp_path / 'leaf.pem'}"
key = "{tmp_path / 'leaf.key'}"
'''
    server.start()
    link = setup_link(server, "amal", "--config", str(tmp_path / "jadwal.toml"))
    assert link.startswith("https://cal.example.test/provision/")
    local = server.url + link[len("https://cal.example.test"):]
    status, headers, body = get(local, agent=IPHONE)
    assert status == 200
    (tmp_path / "signed.mobileconfig").write_bytes(body)
    verified = subprocess.run(["openssl", "cms", "-verify", "-inform", "DER", "-in", "signed.mobileconfig", "-CAfile", "ca.pem",
                               "-out", "content.plist"], cwd=tmp_path, capture_output=True)
    assert verified.returncode == 0, verified.stderr
    account = plistlib.loads((tmp_path / "content.plist").read_bytes())["PayloadContent"][0]
    assert account["CalDAVHostName"] == "cal.example.test" and account["CalDAVUseSSL"] is True
    assert "CalDAVPort" not in account
    assert account["PayloadIdentifier"].startswith("test.example.cal.")


def test_a_mismatched_signing_key_stops_the_server_with_a_message(server, tmp_path):
    for name in ("a", "b"):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={name}",
                        "-keyout", f"{name}.key", "-out", f"{name}.pem"], cwd=tmp_path, check=True, capture_output=True)
    config = tmp_path / "bad.toml"
    config.write_text(f'[provisioning]\ncertificate = "{tmp_path / "a.pem"}"\nkey = "{tmp_path / "b.key"}"\n')
    result = subprocess.run([server.binary, "serve", "--config", str(config), "--port", "0", "--data", server.data_dir],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "cannot sign setup profiles" in result.stderr
