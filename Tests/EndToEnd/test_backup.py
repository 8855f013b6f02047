"""`jadwald backup` while the server takes writes, and a restore from it."""
import base64
import http.client
import os
import shutil
import subprocess
import threading

from conftest import Server

EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal tests//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260101T000000Z
DTSTART:20260105T093000Z
DURATION:PT30M
SUMMARY:Backed up {uid}
END:VEVENT
END:VCALENDAR
"""

AUTH = {"Authorization": "Basic " + base64.b64encode(b"amal:amal-password-1").decode()}


def request(server, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers={**AUTH, **(headers or {})})
    response = connection.getresponse()
    return response.status, dict(response.getheaders()), response.read()


def test_a_backup_taken_during_writes_restores_everything_it_saw(server, tmp_path):
    before = {}
    for number in range(30):
        path = f"/dav/calendars/amal/calendar/before-{number}.ics"
        status, headers, _ = request(server, "PUT", path, EVENT.format(uid=f"before-{number}").encode(), {"Content-Type": "text/calendar"})
        assert status == 201
        before[path] = request(server, "GET", path)
    stop = threading.Event()

    def keep_writing():
        number = 0
        while not stop.is_set():
            request(server, "PUT", f"/dav/calendars/amal/calendar/during-{number}.ics",
                    EVENT.format(uid=f"during-{number}").encode(), {"Content-Type": "text/calendar"})
            number += 1

    writer = threading.Thread(target=keep_writing)
    writer.start()
    backup = tmp_path / "backup"
    try:
        result = subprocess.run([server.binary, "backup", str(backup), "--data", server.data_dir],
                                capture_output=True, text=True, timeout=120)
    finally:
        stop.set()
        writer.join()
    assert result.returncode == 0, result.stderr
    assert "backed up 2 users" in result.stdout
    assert oct(os.stat(backup / "jadwal.sqlite").st_mode & 0o777) == "0o600"
    assert (backup / "keys").is_dir()
    server.stop()

    # Restore into a new data folder and serve it.
    restored_dir = tmp_path / "restored"
    os.makedirs(restored_dir)
    shutil.copy(backup / "jadwal.sqlite", restored_dir / "jadwal.sqlite")
    shutil.copytree(backup / "keys", restored_dir / "keys")
    restored = Server(server.binary, restored_dir)
    restored.start()
    try:
        for path, (status, headers, body) in before.items():
            again = request(restored, "GET", path)
            assert again[0] == 200 and again[2] == body and again[1]["ETag"] == headers["ETag"], path
    finally:
        restored.stop()


def test_backup_refuses_an_existing_folder(server, tmp_path):
    target = tmp_path / "exists"
    os.makedirs(target)
    result = subprocess.run([server.binary, "backup", str(target), "--data", server.data_dir], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "exists already" in result.stderr
