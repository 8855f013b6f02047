"""jadwald import and export beside a running server, and GET of a whole calendar."""
import os
import subprocess

import caldav
import icalendar

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "Fixtures", "ical")


def jadwald(server, *args):
    return subprocess.run([server.binary, *args, "--data", server.data_dir], capture_output=True, text=True, timeout=120)


def uids(text):
    return sorted({str(c["UID"]) for c in icalendar.Calendar.from_ical(text).walk() if "UID" in c and c.name != "VCALENDAR"})


def test_import_is_seen_by_clients_and_export_matches_get(server):
    google = os.path.join(FIXTURES, "google-calendar.ics")
    freebusy = os.path.join(FIXTURES, "freebusy-mix.ics")
    first = jadwald(server, "import", "amal", "team", google)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("imported 3 objects (3 new, 0 replaced), skipped 0")
    mixed = jadwald(server, "import", "amal", "team", freebusy)
    assert "skipped 1" in mixed.stdout and "VFREEBUSY is not kept in calendar collections" in mixed.stdout
    again = jadwald(server, "import", "amal", "team", google)
    assert "(0 new, 3 replaced)" in again.stdout

    client = caldav.DAVClient(url=server.url + "/", username="amal", password="amal-password-1")
    calendar = client.principal().calendar(cal_id="team")
    objects = calendar.objects()
    stored = {str(o.icalendar_component["UID"]) for o in objects}
    assert set(uids(open(google).read())) <= stored
    # The recurring event and its override are one object.
    weekly = calendar.object_by_uid("6c2k8p4r1v9m3q7t5b0n2x8w4d@google.com")
    assert len([c for c in weekly.icalendar_instance.walk("VEVENT")]) == 2

    response = client.request(server.url + "/dav/calendars/amal/team/", "GET")
    assert response.status == 200 and response.headers["Content-Type"].startswith("text/calendar")
    exported = jadwald(server, "export", "amal", "team")
    assert exported.returncode == 0
    body = response.raw if isinstance(response.raw, str) else response.raw.decode()
    assert exported.stdout == body
    assert uids(exported.stdout) == sorted(stored)
    # Exported and imported again elsewhere: the same events.
    path = os.path.join(server.data_dir, "export.ics")
    assert jadwald(server, "export", "amal", "team", "--output", path).returncode == 0
    assert jadwald(server, "import", "omar", "copy", path).returncode == 0
    assert uids(jadwald(server, "export", "omar", "copy").stdout) == sorted(stored)


def test_import_refuses_bad_input_and_changes_nothing(server):
    broken = os.path.join(FIXTURES, "invalid", "bare-cr.ics")
    result = jadwald(server, "import", "amal", "calendar", broken)
    assert result.returncode == 1 and "bare-cr.ics:11:20" in result.stderr
    assert jadwald(server, "import", "nobody", "calendar", os.path.join(FIXTURES, "journal.ics")).returncode == 1
    assert jadwald(server, "export", "amal", "no-such-calendar").returncode == 1
    client = caldav.DAVClient(url=server.url + "/", username="amal", password="amal-password-1")
    assert len(client.principal().calendar(cal_id="calendar").objects()) == 0
