"""The litmus WebDAV test suite (suites basic, copymove, props, http) against a running
jadwald, in a plain WebDAV collection made with MKCOL in amal's home: litmus stores
arbitrary files, which calendar collections refuse.

LOCK is not implemented, so the server does not claim DAV class 2 and litmus warns about
exactly that once (in `basic`); every other warning, failure or skipped test fails here.
"""
import base64
import os
import re
import shutil
import subprocess
import urllib.request
import xml.etree.ElementTree as ET

import caldav

SUITES = ["basic", "copymove", "props", "http"]
EXPECTED_WARNINGS = {"server does not claim Class 2 compliance"}
USER, PASSWORD = "amal", "amal-password-1"
SUMMARY = re.compile(r"<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed")


def request(server, method, path, body=b"", headers=None):
    token = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    req = urllib.request.Request(server.url + path, data=body or None, method=method,
                                 headers={"Authorization": "Basic " + token, **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_litmus_passes_every_test(server, tmp_path):
    litmus = shutil.which("litmus")
    assert litmus, "litmus is not installed; run scripts/setup --test"
    base = "/dav/calendars/amal/litmus/"
    status, _ = request(server, "MKCOL", base)
    assert status == 201

    env = dict(os.environ, TESTS=" ".join(SUITES))
    # litmus writes debug.log and child.log into its working directory.
    run = subprocess.run([litmus, server.url + base, USER, PASSWORD], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    output = run.stdout + run.stderr
    summaries = {match.group(1): tuple(map(int, match.groups()[1:])) for match in SUMMARY.finditer(output)}
    print()
    for suite in SUITES:
        if suite in summaries:
            total, passed, failed = summaries[suite]
            print(f"litmus {suite}: {passed} of {total} passed, {failed} failed")
    failures = [line.strip() for line in output.splitlines() if "FAIL" in line or "SKIPPED" in line]
    warnings = [line.split("WARNING:", 1)[1].strip() for line in output.splitlines() if "WARNING:" in line]
    assert not failures, output
    assert set(warnings) <= EXPECTED_WARNINGS and len(warnings) == len(EXPECTED_WARNINGS), output
    assert list(summaries) == SUITES, output
    assert all(passed == total and failed == 0 for total, passed, failed in summaries.values()), output
    assert run.returncode == 0, output


def test_plain_collection_does_not_confuse_caldav_clients(server):
    principal = caldav.DAVClient(url=server.url + "/dav/", username=USER, password=PASSWORD).principal()
    calendars = sorted(str(calendar.url) for calendar in principal.calendars())
    assert calendars
    status, _ = request(server, "MKCOL", "/dav/calendars/amal/files/")
    assert status == 201
    status, _ = request(server, "PUT", "/dav/calendars/amal/files/notes.txt", b"hello", {"Content-Type": "text/plain"})
    assert status == 201

    status, body = request(server, "PROPFIND", "/dav/calendars/amal/", b"", {"Depth": "1"})
    assert status == 207
    types = {}
    for response in ET.fromstring(body).iter("{DAV:}response"):
        resourcetype = response.find(".//{DAV:}resourcetype")
        types[response.findtext("{DAV:}href")] = sorted(child.tag for child in resourcetype) if resourcetype is not None else None
    assert types["/dav/calendars/amal/files/"] == ["{DAV:}collection"]

    # The client still finds exactly the calendars it found before.
    assert sorted(str(calendar.url) for calendar in principal.calendars()) == calendars

    status, body = request(server, "REPORT", "/dav/calendars/amal/files/",
                           b'<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter>'
                           b'<C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>', {"Depth": "1"})
    assert status == 403 and b"supported-report" in body
