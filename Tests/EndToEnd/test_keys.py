"""The keys a server keeps: sealed in the database with the secret key, and moved there from
the key files an older data folder holds, so tokens issued before keep working."""
import base64
import os
import sqlite3
import subprocess
import time

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from api_client import ApiClient
from conftest import Server

PUBLIC_URL = "https://cal.example.test"


def test_key_files_of_an_older_data_folder_move_into_the_database(request, tmp_path):
    binary = os.path.abspath(request.config.getoption("--jadwald"))
    server = Server(binary, tmp_path / "data")
    os.makedirs(server.data_dir)
    server.add_user("amal", "amal-password-1")
    # What an older version left: a signing key file and the chat key file.
    keys = os.path.join(server.data_dir, "keys")
    os.makedirs(keys, mode=0o700)
    created = int(time.time() * 1000) - 60_000
    key_id = f"{created}-Ab3dE5gH"
    signing_key = ec.generate_private_key(ec.SECP256R1())
    pem = signing_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    with open(os.path.join(keys, f"jwt-{key_id}.pem"), "wb") as file:
        file.write(pem)
    with open(os.path.join(keys, "chats.key"), "w") as file:
        file.write(base64.b64encode(os.urandom(32)).decode() + "\n")
    now = int(time.time())
    issued_before = jwt.encode({"sub": "amal", "iss": PUBLIC_URL, "aud": "jadwal-api", "iat": now, "exp": now + 300},
                               signing_key, algorithm="ES256", headers={"kid": key_id})

    server.config = f'public_url = "{PUBLIC_URL}"\n'
    server.start()
    try:
        api = ApiClient(server.url)
        # A token from before the upgrade names the user, not the account's id: refused, and
        # the app refreshes. A token in today's form, signed by the moved key, verifies.
        assert api.call("GET", "/prayer/settings", auth=ApiClient.bearer(issued_before)).status == 401
        with sqlite3.connect(os.path.join(server.data_dir, "jadwal.sqlite")) as database:
            account_id = database.execute("SELECT id FROM account WHERE name = 'amal'").fetchone()[0]
        current = jwt.encode({"sub": account_id, "gen": 0, "iss": PUBLIC_URL, "aud": "jadwal-api", "iat": now, "exp": now + 300},
                             signing_key, algorithm="ES256", headers={"kid": key_id})
        assert api.call("GET", "/prayer/settings", auth=ApiClient.bearer(current)).status == 200
        forged = jwt.encode({"sub": "amal", "iss": PUBLIC_URL, "aud": "jadwal-api", "iat": now, "exp": now + 300},
                            ec.generate_private_key(ec.SECP256R1()), algorithm="ES256", headers={"kid": key_id})
        assert api.call("GET", "/prayer/settings", auth=ApiClient.bearer(forged)).status == 401
        # The plain files are gone; only the secret key that seals them remains, owner-only.
        assert sorted(os.listdir(keys)) == ["secret.key"]
        assert os.stat(os.path.join(keys, "secret.key")).st_mode & 0o777 == 0o600
        listed = subprocess.run([binary, "keys", "list", "--data", server.data_dir], capture_output=True, text=True, check=True, timeout=60)
        assert listed.stdout.split() == [key_id]
    finally:
        server.stop()
    # The database holds the signing key sealed, never as PEM text.
    database = server.database_bytes()
    assert b"PRIVATE KEY" not in database and pem[40:80] not in database
