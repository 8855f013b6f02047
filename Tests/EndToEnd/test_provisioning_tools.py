"""`jadwald profile` and `jadwald qr` checked by other tools: the openssl command verifies
signed profiles, python plistlib reads them, zbarimg decodes the QR codes."""
import plistlib
import subprocess

import pytest


def run(*args, **kwargs):
    return subprocess.run(list(args), capture_output=True, check=False, timeout=60, **kwargs)


def openssl(*args, cwd):
    result = run("openssl", *args, cwd=cwd)
    assert result.returncode == 0, result.stderr.decode()


@pytest.fixture
def jadwald(request):
    import os
    return os.path.abspath(request.config.getoption("--jadwald"))


@pytest.fixture
def certificates(tmp_path):
    """A self-signed CA and a leaf certificate for the server's host name it signed."""
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Jadwal Test CA",
            "-keyout", "ca.key", "-out", "ca.pem", cwd=tmp_path)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=cal.example.org",
            "-keyout", "leaf.key", "-out", "leaf.csr", cwd=tmp_path)
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-days", "2", "-out", "leaf.pem", cwd=tmp_path)
    return tmp_path


def make_profile(jadwald, path, *extra, password="app-pass-Xy12 & <more>"):
    result = run(jadwald, "profile", "caldav", "--host", "cal.example.org", "--user", "amal", *extra, str(path),
                 input=(password + "\n").encode())
    assert result.returncode == 0, result.stderr.decode()
    return path.read_bytes()


def test_unsigned_profile_parses_with_plistlib(jadwald, tmp_path):
    data = make_profile(jadwald, tmp_path / "amal.mobileconfig")
    profile = plistlib.loads(data)
    assert profile["PayloadType"] == "Configuration"
    assert profile["PayloadVersion"] == 1
    assert profile["PayloadIdentifier"] == "org.example.cal.jadwal.caldav.amal"
    [account, contacts] = profile["PayloadContent"]
    assert account["PayloadType"] == "com.apple.caldav.account"
    assert contacts["PayloadType"] == "com.apple.carddav.account"
    assert contacts["CardDAVUsername"] == "amal" and contacts["CardDAVPrincipalURL"] == "/dav/principals/amal/"
    assert contacts["CardDAVPassword"] == account["CalDAVPassword"]
    assert account["CalDAVHostName"] == "cal.example.org"
    assert account["CalDAVUseSSL"] is True
    assert account["CalDAVUsername"] == "amal"
    assert account["CalDAVPassword"] == "app-pass-Xy12 & <more>"
    assert account["CalDAVPrincipalURL"] == "/dav/principals/amal/"
    assert account["PayloadUUID"] != profile["PayloadUUID"]
    # Every call makes new UUIDs.
    again = plistlib.loads(make_profile(jadwald, tmp_path / "again.mobileconfig"))
    assert again["PayloadUUID"] != profile["PayloadUUID"]


def test_signed_profile_verifies_with_openssl(jadwald, certificates):
    unsigned = make_profile(jadwald, certificates / "amal.mobileconfig")
    result = run(jadwald, "profile", "sign", "--certificate", "leaf.pem", "--key", "leaf.key", "--chain", "ca.pem",
                 "amal.mobileconfig", "signed.mobileconfig", cwd=certificates)
    assert result.returncode == 0, result.stderr.decode()
    signed = (certificates / "signed.mobileconfig").read_bytes()
    assert signed[:1] == b"\x30" and signed != unsigned
    verify = run("openssl", "cms", "-verify", "-inform", "DER", "-in", "signed.mobileconfig", "-CAfile", "ca.pem",
                 "-out", "content.plist", cwd=certificates)
    assert verify.returncode == 0, verify.stderr.decode()
    content = (certificates / "content.plist").read_bytes()
    assert content == unsigned
    assert plistlib.loads(content)["PayloadContent"][0]["CalDAVUsername"] == "amal"
    # The signer's certificate is in the signature; an unrelated CA does not verify it.
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Other",
            "-keyout", "other.key", "-out", "other.pem", cwd=certificates)
    assert run("openssl", "cms", "-verify", "-inform", "DER", "-in", "signed.mobileconfig", "-CAfile", "other.pem",
               "-out", "/dev/null", cwd=certificates).returncode != 0


def test_profile_caldav_signs_when_given_a_certificate(jadwald, certificates):
    make_profile(jadwald, certificates / "direct.mobileconfig",
                 "--certificate", str(certificates / "leaf.pem"), "--key", str(certificates / "leaf.key"))
    verify = run("openssl", "cms", "-verify", "-inform", "DER", "-in", "direct.mobileconfig", "-CAfile", "ca.pem",
                 "-out", "content.plist", cwd=certificates)
    assert verify.returncode == 0, verify.stderr.decode()
    assert plistlib.loads((certificates / "content.plist").read_bytes())["PayloadType"] == "Configuration"


def test_signing_refuses_a_key_of_another_certificate(jadwald, certificates):
    make_profile(jadwald, certificates / "amal.mobileconfig")
    result = run(jadwald, "profile", "sign", "--certificate", "leaf.pem", "--key", "ca.key",
                 "amal.mobileconfig", "signed.mobileconfig", cwd=certificates)
    assert result.returncode != 0
    assert b"does not belong to the certificate" in result.stderr
    assert not (certificates / "signed.mobileconfig").exists()


def test_profile_refuses_bad_input(jadwald, tmp_path):
    result = run(jadwald, "profile", "caldav", "--host", "bad host", "--user", "amal", str(tmp_path / "x"),
                 input=b"secret-password\n")
    assert result.returncode != 0
    assert b"not a host name" in result.stderr
    result = run(jadwald, "profile", "caldav", "--host", "cal.example.org", "--user", "amal", str(tmp_path / "x"),
                 input=b"secret\x01password\n")
    assert result.returncode != 0
    assert b"control characters" in result.stderr and b"secret" not in result.stderr
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("text", [
    "hello",
    "https://cal.example.org/provision/" + "Zx9_-aB3" * 8 + "?device=iPhone",  # about 100 characters
    "https://cal.example.org/" + "a" * 500,
    "صلاة الفجر — prayer times",
])
def test_qr_png_decodes_with_zbarimg(jadwald, tmp_path, text):
    png = tmp_path / "code.png"
    result = run(jadwald, "qr", text, "--png", str(png))
    assert result.returncode == 0, result.stderr.decode()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = run("zbarimg", "--quiet", "--raw", "-Sbinary", str(png))
    assert decoded.returncode == 0, decoded.stderr.decode()
    assert decoded.stdout.rstrip(b"\n").decode("utf-8") == text


def test_qr_svg_and_limits(jadwald, tmp_path):
    result = run(jadwald, "qr", "hello")
    assert result.returncode == 0
    assert result.stdout.startswith(b"<svg xmlns=\"http://www.w3.org/2000/svg\"")
    result = run(jadwald, "qr", "x" * 3000, "--png", str(tmp_path / "big.png"))
    assert result.returncode != 0
    assert b"do not fit" in result.stderr
    assert not (tmp_path / "big.png").exists()
