"""Two-way CardDAV sync with the real vdirsyncer against a running jadwald: a `carddav`
storage on the server's root URL (discovery through current-user-principal and
addressbook-home-set) paired with a `filesystem` storage of .vcf files.

Three address books take part: the default `contacts`, `work` made on the server with
extended MKCOL before discovery, and `family`, a local folder that `vdirsyncer discover`
creates on the server with its own extended MKCOL. In each, a card made on either side
reaches the other, an edit on either side propagates, and so does a delete.
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from urllib.parse import unquote, urlsplit

from conftest import request

HOME = "/dav/addressbooks/amal/"
BOOKS = ["contacts", "work", "family"]
XML = {"Content-Type": "application/xml; charset=utf-8"}


def vdirsyncer_binary():
    path = os.path.join(os.path.dirname(sys.executable), "vdirsyncer")
    assert os.path.exists(path), f"{path} is missing: pip install -r scripts/requirements-test.txt"
    return path


def card(uid, fn, note):
    lines = ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Jadwal tests//EN", f"UID:{uid}",
             "N:" + ";".join(reversed(fn.split(" ", 1))) + ";;;", f"FN:{fn}", f"NOTE:{note}", "END:VCARD"]
    return "\r\n".join(lines) + "\r\n"


def uid_of(text):
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.upper().startswith("UID:"):
            return line[4:].strip()
    return None


class Sync:
    def __init__(self, server, tmp_path):
        self.server = server
        self.binary = vdirsyncer_binary()
        self.local = tmp_path / "contacts"
        self.config = tmp_path / "vdirsyncer.conf"
        self.config.write_text(f'''[general]
status_path = "{tmp_path / "status"}/"

[pair amal_contacts]
a = "amal_contacts_local"
b = "amal_contacts_remote"
collections = ["from a", "from b"]

[storage amal_contacts_local]
type = "filesystem"
path = "{self.local}/"
fileext = ".vcf"

[storage amal_contacts_remote]
type = "carddav"
url = "{server.url}/"
username = "amal"
password = "amal-password-1"
''')

    def run(self, *arguments):
        # discover asks before creating a collection on either side: always yes.
        result = subprocess.run([self.binary, "-c", str(self.config), *arguments], input="y\n" * 20,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, f"vdirsyncer {' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}"
        return result.stdout + result.stderr

    # The folder side: uid -> text.
    def local_cards(self, book):
        cards = {}
        for path in sorted((self.local / book).glob("*.vcf")):
            text = path.read_text(encoding="utf-8")
            cards[uid_of(text)] = text
        return cards

    def local_path(self, book, uid):
        for path in (self.local / book).glob("*.vcf"):
            if uid_of(path.read_text(encoding="utf-8")) == uid:
                return path
        raise AssertionError(f"no local card {uid} in {book}")

    def write_local(self, book, uid, text):
        """Write as an editor would: a new file put in place (a new inode and mtime)."""
        try:
            path = self.local_path(book, uid)
        except AssertionError:
            path = self.local / book / f"{uid}.vcf"
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(text.encode("utf-8"))
        os.replace(temporary, path)

    # The server side: uid -> (href, etag, text).
    def server_cards(self, book):
        path = HOME + book + "/"
        body = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop>'
                "<D:getetag/></D:prop></D:propfind>")
        status, _, answer = request(self.server, "PROPFIND", path, body, {**XML, "Depth": "1"})
        assert status == 207, (book, status, answer[:300])
        cards = {}
        for response in ET.fromstring(answer).findall("{DAV:}response"):
            href = unquote(urlsplit(response.findtext("{DAV:}href").strip()).path)
            if href.rstrip("/") == path.rstrip("/"):
                continue
            status, headers, data = request(self.server, "GET", href)
            assert status == 200, (href, status)
            text = data.decode("utf-8")
            cards[uid_of(text)] = (href, headers.get("ETag"), text)
        return cards

    def put_server(self, book, uid, text):
        existing = self.server_cards(book).get(uid)
        if existing:
            href, etag, _ = existing
            headers = {"If-Match": etag}
        else:
            href, headers = f"{HOME}{book}/{uid}.vcf", {"If-None-Match": "*"}
        status, _, body = request(self.server, "PUT", href, text.encode("utf-8"),
                                  {"Content-Type": "text/vcard; charset=utf-8", **headers})
        assert status in (201, 204), (href, status, body[:300])

    def delete_server(self, book, uid):
        href, etag, _ = self.server_cards(book)[uid]
        status, _, _ = request(self.server, "DELETE", href, None, {"If-Match": etag})
        assert status in (200, 204), (href, status)


def test_two_way_sync_of_three_address_books(server, tmp_path):
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>'
            "<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>"
            "<D:displayname>Work</D:displayname></D:prop></D:set></D:mkcol>")
    status, _, answer = request(server, "MKCOL", HOME + "work/", body, XML)
    assert status == 201, answer

    sync = Sync(server, tmp_path)
    (sync.local / "family").mkdir(parents=True)
    sync.run("discover")
    for book in BOOKS:
        assert (sync.local / book).is_dir(), f"discover did not make the local folder {book}"
    status, _, _ = request(server, "PROPFIND", HOME + "family/", None, {"Depth": "0"})
    assert status == 207, "discover did not make the family book on the server"
    sync.run("sync")

    # Made on either side.
    for book in BOOKS:
        sync.put_server(book, f"server-{book}", card(f"server-{book}", "Layla Haddad", "made on the server"))
        sync.write_local(book, f"local-{book}", card(f"local-{book}", "Sami Haddad", "made in the folder"))
    sync.run("sync")
    for book in BOOKS:
        on_server, in_folder = sync.server_cards(book), sync.local_cards(book)
        assert set(on_server) == {f"server-{book}", f"local-{book}"}, (book, on_server)
        assert set(in_folder) == {f"server-{book}", f"local-{book}"}, (book, in_folder)
        assert "made in the folder" in on_server[f"local-{book}"][2]
        assert "made on the server" in in_folder[f"server-{book}"]

    # Edited on either side.
    for book in BOOKS:
        sync.put_server(book, f"server-{book}", card(f"server-{book}", "Layla Haddad", "edited on the server"))
        sync.write_local(book, f"local-{book}", card(f"local-{book}", "Sami Haddad", "edited in the folder"))
    sync.run("sync")
    for book in BOOKS:
        on_server, in_folder = sync.server_cards(book), sync.local_cards(book)
        assert "edited in the folder" in on_server[f"local-{book}"][2], book
        assert "edited on the server" in in_folder[f"server-{book}"], book
        assert "edited on the server" in on_server[f"server-{book}"][2], book
        assert "edited in the folder" in in_folder[f"local-{book}"], book

    # A second sync with nothing changed changes nothing.
    before = {book: {uid: etag for uid, (_, etag, _) in sync.server_cards(book).items()} for book in BOOKS}
    sync.run("sync")
    after = {book: {uid: etag for uid, (_, etag, _) in sync.server_cards(book).items()} for book in BOOKS}
    assert after == before

    # Deleted on either side.
    for book in BOOKS:
        sync.delete_server(book, f"server-{book}")
        sync.local_path(book, f"local-{book}").unlink()
    sync.run("sync")
    for book in BOOKS:
        assert sync.server_cards(book) == {}, book
        assert sync.local_cards(book) == {}, book
