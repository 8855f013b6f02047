"""The JSON API end to end: admin API, app sessions (OpenID Connect against a local JWKS
server with keys made here, refresh rotation, sign-out), bad input, and every exchange
checked against openapi.yaml."""
import hashlib
import hmac
import http.server
import json
import threading
import time
import uuid

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from api_client import OPERATIONS, SEEN, ApiClient

ADMIN_TOKEN = "admin-token-" + "x" * 32
ISSUER = "https://accounts.example.test"
CLIENT_ID = "jadwal-ios.apps.example.test"


class KeySet:
    """A provider's published keys, served as JWKS on 127.0.0.1, that the test can rotate."""

    def __init__(self):
        self.keys = {}
        self.fetches = 0
        self.add_rsa()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.fetches += 1
                body = json.dumps({"keys": [jwk for _, jwk in outer.keys.values()]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/certs"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def add_rsa(self):
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        kid = uuid.uuid4().hex
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
        jwk.update({"kid": kid, "alg": "RS256", "use": "sig"})
        self.keys[kid] = (key, jwk)
        return kid

    def token(self, kid=None, alg="RS256", key=None, **overrides):
        kid = kid or next(iter(self.keys))
        now = int(time.time())
        claims = {"iss": ISSUER, "aud": CLIENT_ID, "sub": "1234567890", "email": "amal@example.org",
                  "email_verified": True, "iat": now, "exp": now + 600}
        claims.update(overrides)
        claims = {k: v for k, v in claims.items() if v is not None}
        return jwt.encode(claims, key or self.keys[kid][0], algorithm=alg, headers={"kid": kid})

    def close(self):
        self.httpd.shutdown()


@pytest.fixture(scope="module")
def keyset():
    keys = KeySet()
    yield keys
    keys.close()


@pytest.fixture
def api(server, keyset):
    server.stop()
    server.config = f'''
public_url = "https://cal.example.test"
[admin]
token = "{ADMIN_TOKEN}"
[auth.oidc]
issuer = "{ISSUER}"
jwks_url = "{keyset.url}"
client_ids = "other-client, {CLIENT_ID}"
'''
    server.start()
    client = ApiClient(server.url)
    admin = client.bearer(ADMIN_TOKEN)
    client.call("PATCH", "/admin/users/amal", {"email": "amal@example.org"}, auth=admin)
    return client


def sign_in_with_google(api, keyset, **claims):
    return api.call("POST", "/auth/oidc", {"idToken": keyset.token(**claims)})


def test_admin_api_manages_users(api, server):
    admin = api.bearer(ADMIN_TOKEN)
    assert api.call("GET", "/admin/users").status == 401
    assert api.call("GET", "/admin/users", auth=api.basic("omar", "omar-password-1")).status == 403
    listed = api.call("GET", "/admin/users", auth=admin).json()["users"]
    assert [user["name"] for user in listed] == ["amal", "omar"]
    assert listed[0]["calendars"][0]["name"] == "calendar"
    assert listed[0]["addressBooks"] == [{"name": "contacts", "displayName": "Contacts", "cards": 0, "bytes": 0}]

    created = api.call("POST", "/admin/users", {"name": "sara", "email": "sara@example.org", "admin": True}, auth=admin)
    assert created.status == 201 and created.json()["admin"] is True and created.json()["email"] == "sara@example.org"
    assert api.call("POST", "/admin/users", {"name": "sara"}, auth=admin).status == 409
    assert api.call("POST", "/admin/users", {"name": "../etc"}, auth=admin).status == 400

    # A password reset makes one and ends nothing else; the new one works for CalDAV at once.
    reset = api.call("POST", "/admin/users/sara/password", {}, auth=admin).json()["password"]
    assert len(reset) >= 32
    sara = api.basic("sara", reset)
    assert api.call("GET", "/admin/users/sara", auth=sara).json()["name"] == "sara"  # an admin account
    assert api.call("POST", "/admin/users/sara/password", {"password": "short"}, auth=admin, check_request=False).status == 400
    assert api.call("POST", "/admin/users/sara/password", {"password": "sara-password-2"}, auth=admin).status == 204
    assert api.call("GET", "/admin/users/sara", auth=sara).status == 401

    patched = api.call("PATCH", "/admin/users/sara", {"email": None, "admin": False}, auth=admin).json()
    assert patched["email"] is None and patched["admin"] is False
    assert api.call("GET", "/admin/users", auth=api.basic("sara", "sara-password-2")).status == 403

    link = api.call("POST", "/admin/users/amal/setup-link", {}, auth=admin)
    assert link.status == 201 and link.json()["url"].startswith("https://cal.example.test/provision/")
    assert "sentTo" not in link.json()
    assert api.call("POST", "/admin/users/sara/setup-link", {"send": True}, auth=admin).status == 400  # no email

    assert api.call("GET", "/admin/users/amal/app-passwords", auth=admin).json() == {"appPasswords": []}
    assert api.call("DELETE", "/admin/users/amal/app-passwords/iPhone", auth=admin).status == 404
    assert api.call("DELETE", "/admin/users/sara", auth=admin).status == 204
    assert api.call("GET", "/admin/users/sara", auth=admin).status == 404
    assert api.call("DELETE", "/admin/users/sara", auth=admin).status == 404
    assert api.call("GET", "/admin/users/nobody/app-passwords", auth=admin).status == 404


def test_app_password_revocation_from_the_admin_api(api, server):
    import subprocess
    made = subprocess.run([server.binary, "user", "app-password", "amal", "--label", "iPhone", "--data", server.data_dir],
                          capture_output=True, text=True, check=True).stdout.split()[-1]
    admin = api.bearer(ADMIN_TOKEN)
    device = api.basic("amal", made)
    assert api.call("GET", "/prayer/settings", auth=device).status == 200
    listed = api.call("GET", "/admin/users/amal/app-passwords", auth=admin).json()["appPasswords"]
    assert [p["label"] for p in listed] == ["iPhone"] and listed[0]["lastUsedAt"] is not None
    assert api.call("DELETE", "/admin/users/amal/app-passwords/iPhone", auth=admin).status == 204
    assert api.call("GET", "/prayer/settings", auth=device).status == 401


def test_openid_connect_sign_in_refresh_and_sign_out(api, keyset):
    reply = sign_in_with_google(api, keyset)
    assert reply.status == 200, reply.body
    session = reply.json()
    assert session["user"] == "amal" and session["tokenType"] == "Bearer" and session["expiresIn"] == 300
    bearer = api.bearer(session["accessToken"])
    assert api.call("GET", "/prayer/settings", auth=bearer).status == 200
    assert api.call("GET", "/admin/users", auth=bearer).status == 403

    rotated = api.call("POST", "/auth/refresh", {"refreshToken": session["refreshToken"]}).json()
    assert rotated["refreshToken"] != session["refreshToken"]
    assert api.call("GET", "/prayer/settings", auth=api.bearer(rotated["accessToken"])).status == 200
    # The spent token again: a stolen copy. The whole family ends.
    assert api.call("POST", "/auth/refresh", {"refreshToken": session["refreshToken"]}).status == 401
    assert api.call("POST", "/auth/refresh", {"refreshToken": rotated["refreshToken"]}).status == 401

    second = sign_in_with_google(api, keyset).json()
    assert api.call("POST", "/auth/logout", {"refreshToken": second["refreshToken"]}).status == 204
    assert api.call("POST", "/auth/refresh", {"refreshToken": second["refreshToken"]}).status == 401


def test_openid_connect_refusals(api, keyset):
    def refused(reply, status=401):
        assert reply.status == status, reply.body
        return reply.json()["message"]

    assert "another client" in refused(sign_in_with_google(api, keyset, aud="someone-else"))
    assert "another issuer" in refused(sign_in_with_google(api, keyset, iss="https://evil.example"))
    assert refused(sign_in_with_google(api, keyset, exp=int(time.time()) - 3600))
    assert "not verified" in refused(sign_in_with_google(api, keyset, email_verified=False))
    assert "no email" in refused(sign_in_with_google(api, keyset, email=None))
    refused(sign_in_with_google(api, keyset, email="stranger@example.org"), status=403)  # sign-up is off

    kid = next(iter(keyset.keys))
    none_token = jwt.encode({"iss": ISSUER, "aud": CLIENT_ID, "email": "amal@example.org", "email_verified": True,
                             "exp": int(time.time()) + 600}, None, algorithm="none", headers={"kid": kid})
    assert "not accepted" in refused(api.call("POST", "/auth/oidc", {"idToken": none_token}))
    # HS256 keyed with the provider's public key: the classic algorithm confusion.
    public_pem = keyset.keys[kid][0].public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    claims = {"iss": ISSUER, "aud": CLIENT_ID, "email": "amal@example.org", "email_verified": True, "exp": int(time.time()) + 600}
    signing_input = b".".join(jwt.utils.base64url_encode(json.dumps(part).encode())
                              for part in ({"alg": "HS256", "typ": "JWT", "kid": kid}, claims))
    confused = signing_input + b"." + jwt.utils.base64url_encode(hmac.new(public_pem, signing_input, hashlib.sha256).digest())
    assert "not accepted" in refused(api.call("POST", "/auth/oidc", {"idToken": confused.decode()}))
    forged = ec.generate_private_key(ec.SECP256R1())
    assert refused(api.call("POST", "/auth/oidc", {"idToken": keyset.token(kid="unknown-key", alg="ES256", key=forged)}))
    tampered = keyset.token().split(".")
    tampered[1] = jwt.utils.base64url_encode(json.dumps({"iss": ISSUER, "aud": CLIENT_ID, "email": "omar@example.org",
                                                         "email_verified": True, "exp": int(time.time()) + 600}).encode()).decode()
    assert refused(api.call("POST", "/auth/oidc", {"idToken": ".".join(tampered)}))
    assert refused(api.call("POST", "/auth/oidc", {"idToken": "not a token"}))


def test_provider_key_rotation_is_picked_up(api, keyset):
    assert sign_in_with_google(api, keyset).status == 200
    before = keyset.fetches
    new_kid = keyset.add_rsa()
    assert sign_in_with_google(api, keyset, kid=new_kid).status == 200
    assert keyset.fetches == before + 1
    # Unknown key ids do not make the server fetch again and again.
    forged = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    for _ in range(3):
        assert api.call("POST", "/auth/oidc", {"idToken": keyset.token(kid="nope", key=forged)}).status == 401
    assert keyset.fetches <= before + 2


def test_bad_input_gets_json_errors_and_changes_nothing(api):
    admin = api.bearer(ADMIN_TOKEN)

    def bad(method, path, status, code, **kwargs):
        reply = api.call(method, path, auth=admin, check_request=False, **kwargs)
        assert reply.status == status and reply.json()["error"] == code, reply.body

    bad("POST", "/admin/users", 400, "malformed_json", raw=b"{not json")
    bad("POST", "/admin/users", 400, "malformed_json", raw=b"[1, 2]")
    bad("POST", "/admin/users", 400, "unknown_field", body={"name": "zed", "colour": "red"})
    bad("POST", "/admin/users", 400, "missing_field", body={"email": "zed@example.org"})
    bad("POST", "/admin/users", 400, "wrong_type", body={"name": "zed", "admin": 1})
    bad("POST", "/admin/users", 400, "wrong_type", body={"name": 7})
    bad("POST", "/admin/users", 415, "unsupported_media_type", raw=b'{"name": "zed"}', content_type="text/plain")
    bad("POST", "/admin/users", 413, "too_large", raw=b'{"name": "' + b"z" * 70000 + b'"}')
    bad("PATCH", "/admin/users/amal", 400, "invalid", body={"email": "not an address"})
    assert [u["name"] for u in api.call("GET", "/admin/users", auth=admin).json()["users"]] == ["amal", "omar"]
    assert api.call("GET", "/admin/users/amal", auth=admin).json()["email"] == "amal@example.org"

    for path, field in [("/auth/complete", "token"), ("/auth/refresh", "refreshToken")]:
        reply = api.call("POST", path, {field: "x" * 43})
        assert reply.status == 401
        reply = api.call("POST", path, {"other": 1}, check_request=False)
        assert reply.status == 400
    assert api.call("GET", "/admin/users", auth="Bearer " + "e30.e30.").status == 401
    assert api.call("GET", "/admin/users", auth="Bearer " + ADMIN_TOKEN[:-1]).status == 401


def test_the_description_is_served(server):
    import urllib.request
    with urllib.request.urlopen(server.url + "/api/v1/openapi.yaml") as response:
        assert response.status == 200 and b"openapi: 3.1.0" in response.read()


def test_signing_key_rotation_while_the_server_runs(api, keyset, server):
    import base64
    import subprocess

    def key_id(token):
        header = token.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4)))["kid"]

    before = sign_in_with_google(api, keyset).json()["accessToken"]
    rotated = subprocess.run([server.binary, "keys", "rotate", "--data", server.data_dir], capture_output=True, text=True, check=True)
    new_id = rotated.stdout.split()[-1]
    listed = subprocess.run([server.binary, "keys", "list", "--data", server.data_dir], capture_output=True, text=True, check=True)
    assert listed.stdout.split() == [new_id, key_id(before)]
    after = sign_in_with_google(api, keyset).json()["accessToken"]
    assert key_id(after) == new_id
    for token in (before, after):
        assert api.call("GET", "/prayer/settings", auth=api.bearer(token)).status == 200
