"""Accounts as a user meets them: email, app passwords (shown once, listed, revocable at
once even though the server caches successful checks), password changes."""
import subprocess
import urllib.error
import urllib.request
import base64

from conftest import request as dav_request


def status(server, user, password, path="/dav/calendars/{user}/"):
    request = urllib.request.Request(server.url + path.format(user=user), method="PROPFIND",
                                     headers={"Depth": "0", "Authorization": "Basic " + base64.b64encode(
                                         f"{user}:{password}".encode()).decode()})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def jadwald(server, *args, input=None):
    return subprocess.run([server.binary, *args, "--data", server.data_dir], input=input, text=True,
                          capture_output=True, timeout=60)


def test_app_password_lifecycle(server):
    created = jadwald(server, "user", "app-password", "amal", "--label", "iPhone")
    assert created.returncode == 0, created.stderr
    password = created.stdout.strip()
    assert len(password) == 35 and password.count("-") == 5
    assert "shown only this once" in created.stderr
    # The app password works, the account password still works, and both are cached.
    assert status(server, "amal", password) == 207
    assert status(server, "amal", "amal-password-1") == 207
    assert status(server, "omar", password) == 401
    listed = jadwald(server, "user", "app-password", "amal", "--list")
    assert listed.stdout.startswith("iPhone\tcreated ") and "never used" not in listed.stdout
    assert password not in listed.stdout
    duplicate = jadwald(server, "user", "app-password", "amal", "--label", "iPhone")
    assert duplicate.returncode != 0 and "already has" in duplicate.stderr
    # Revoked by another process: refused at once, although the check was cached.
    assert jadwald(server, "user", "app-password", "amal", "--revoke", "iPhone").returncode == 0
    assert status(server, "amal", password) == 401
    assert status(server, "amal", "amal-password-1") == 207


def test_password_change_and_delete_take_effect_at_once(server):
    assert status(server, "omar", "omar-password-1") == 207
    changed = jadwald(server, "user", "passwd", "omar", "--password-stdin", input="a-new-password-2\n")
    assert changed.returncode == 0, changed.stderr
    assert status(server, "omar", "omar-password-1") == 401
    assert status(server, "omar", "a-new-password-2") == 207
    assert jadwald(server, "user", "delete", "omar").returncode == 0
    assert status(server, "omar", "a-new-password-2") == 401


def test_user_add_with_email_and_bad_input(server):
    added = jadwald(server, "user", "add", "sara", "--email", "sara@example.org", "--password-stdin", input="sara-password-1\n")
    assert added.returncode == 0, added.stderr
    assert "sara\tsara@example.org" in jadwald(server, "user", "list").stdout
    assert jadwald(server, "user", "add", "bad", "--email", "not-an-address", "--password-stdin", input="bad-password-1\n").returncode != 0
    assert jadwald(server, "user", "add", "short", "--password-stdin", input="short\n").returncode != 0
    assert jadwald(server, "user", "add", "../x", "--password-stdin", input="long-enough-1\n").returncode != 0
    assert "bad" not in jadwald(server, "user", "list").stdout


def test_email_is_the_calendar_user_address(server):
    import caldav
    added = jadwald(server, "user", "add", "lina", "--email", "lina@example.org", "--password-stdin", input="lina-password-1\n")
    assert added.returncode == 0, added.stderr
    client = caldav.DAVClient(url=server.url + "/", username="lina", password="lina-password-1")
    addresses = client.principal().calendar_user_address_set()
    assert addresses[0] == "mailto:lina@example.org"
    assert [c.get_display_name() for c in client.principal().calendars()] == ["Calendar", "Prayer Times"]


def test_guessing_from_one_address_is_cut_off(server):
    # Ten wrong passwords for one name from one address stop that address for that name,
    # fifty across names stop the address (429 with Retry-After, the passwords unchecked),
    # but a device that signed in to a name before is never refused. (A password checked
    # before stays in the cache: guessing never fills it.)
    for name in ("sara", "lina"):
        jadwald(server, "user", "add", name, "--password-stdin", input=f"{name}-password-1\n")
    assert status(server, "amal", "amal-password-1") == 207
    for attempt in range(10):
        assert status(server, "amal", f"wrong-{attempt}") == 401
        assert status(server, "sara", f"wrong-{attempt}") == 401
    assert status(server, "amal", "amal-password-1") == 207
    assert status(server, "sara", "sara-password-1") == 429
    assert status(server, "omar", "omar-password-1") == 207
    statuses = [status(server, f"guess{attempt}", "password") for attempt in range(50)]
    assert set(statuses) == {401, 429} and statuses[-1] == 429
    assert status(server, "lina", "lina-password-1") == 429


def test_deleting_a_user_deletes_their_contacts_and_a_new_user_of_that_name_starts_empty(server):
    card = b"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:kept\r\nFN:Kept\r\nN:Kept;;;;\r\nEND:VCARD\r\n"
    omar = {"Authorization": "Basic " + base64.b64encode(b"omar:omar-password-1").decode()}
    assert dav_request(server, "PUT", "/dav/addressbooks/omar/contacts/kept.vcf", card, {"Content-Type": "text/vcard"}, auth=omar)[0] == 201
    assert jadwald(server, "user", "delete", "omar").returncode == 0
    again = jadwald(server, "user", "add", "omar", "--password-stdin", input="omar-password-2\n")
    assert again.returncode == 0, again.stderr
    fresh = {"Authorization": "Basic " + base64.b64encode(b"omar:omar-password-2").decode()}
    assert dav_request(server, "GET", "/dav/addressbooks/omar/contacts/kept.vcf", auth=fresh)[0] == 404
    status, _, body = dav_request(server, "PROPFIND", "/dav/addressbooks/omar/", headers={"Depth": "1"}, auth=fresh)
    assert status == 207 and body.count(b"<D:response>") == 2 and b"<D:displayname>Contacts</D:displayname>" in body
