"""jadwald contacts import and export beside a running server, read back over CardDAV."""
import os
import subprocess

from conftest import request

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "Fixtures", "vcard")


def jadwald(server, *args):
    return subprocess.run([server.binary, *args, "--data", server.data_dir], capture_output=True, text=True, timeout=120)


def cards_in(text):
    return text.count("BEGIN:VCARD")


def test_import_of_every_client_export_then_export_matches_get(server, tmp_path):
    combined = tmp_path / "all.vcf"
    names = sorted(f for f in os.listdir(FIXTURES) if f.endswith(".vcf"))
    # One file as a program exporting them all would write it: one byte-order mark at most.
    combined.write_bytes(b"".join(open(os.path.join(FIXTURES, name), "rb").read().removeprefix(b"\xef\xbb\xbf") for name in names))
    total = cards_in(combined.read_text(encoding="utf-8", errors="replace"))

    first = jadwald(server, "contacts", "import", "amal", "contacts", str(combined))
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"imported {total} cards ({total} new, 0 replaced), skipped 0"), first.stdout
    # Cards without a UID (Google, Outlook 2.1) got one from their content: a second import replaces them.
    again = jadwald(server, "contacts", "import", "amal", "contacts", str(combined))
    assert again.stdout.startswith(f"imported {total} cards (0 new, {total} replaced)"), again.stdout

    status, headers, body = request(server, "GET", "/dav/addressbooks/amal/contacts/")
    assert status == 200 and headers["Content-Type"].startswith("text/vcard")
    assert cards_in(body.decode()) == total
    # Outlook's vCard 2.1 is stored as 3.0.
    assert "VERSION:2.1" not in body.decode()

    exported = tmp_path / "out.vcf"
    result = jadwald(server, "contacts", "export", "amal", "contacts", "-o", str(exported))
    assert result.returncode == 0, result.stderr
    assert exported.read_bytes() == body

    status, _, listing = request(server, "PROPFIND", "/dav/addressbooks/amal/contacts/", headers={"Depth": "1"})
    assert status == 207 and listing.count(b"<D:response>") == total + 1


def test_import_skips_what_it_cannot_store_and_says_why(server, tmp_path):
    source = tmp_path / "mixed.vcf"
    source.write_text(
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:one\r\nFN:One\r\nN:One;;;;\r\nEND:VCARD\r\n"
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:one\r\nFN:One again\r\nN:One;;;;\r\nEND:VCARD\r\n"
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nofn\r\nN:Nobody;;;;\r\nEND:VCARD\r\n"
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:big\r\nFN:Big\r\nNOTE:" + "x" * 300000 + "\r\nEND:VCARD\r\n")
    config = tmp_path / "jadwal.toml"
    config.write_text("[limits]\nmax_resource_size = 100000\n")
    result = jadwald(server, "contacts", "import", "amal", "work", str(source), "--config", str(config))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("imported 1 cards (1 new, 0 replaced), skipped 3"), result.stdout
    assert "UID one appears again; the card at line 1 is kept" in result.stdout
    assert "UID nofn: not a valid vCard" in result.stdout and "no FN" in result.stdout
    assert "UID big: the card is" in result.stdout
    assert "created address book work" in result.stderr
    status, _, body = request(server, "GET", "/dav/addressbooks/amal/work/")
    assert status == 200 and cards_in(body.decode()) == 1

    missing = jadwald(server, "contacts", "export", "amal", "nowhere")
    assert missing.returncode != 0 and "amal has no address book nowhere" in missing.stderr
    broken = tmp_path / "broken.vcf"
    broken.write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut\r\n")
    refused = jadwald(server, "contacts", "import", "amal", "work", str(broken))
    assert refused.returncode != 0 and "broken.vcf:" in refused.stderr
