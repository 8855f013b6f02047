"""`jadwald backup` while the server takes writes, and a restore from it."""
import os
import shutil
import subprocess
import threading

from conftest import SIMPLE_EVENT as EVENT, Server, request


def test_a_backup_taken_during_writes_restores_everything_it_saw(server, tmp_path):
    before = {}
    for number in range(30):
        path = f"/dav/calendars/amal/calendar/before-{number}.ics"
        status, headers, _ = request(server, "PUT", path, EVENT.format(uid=f"before-{number}", summary=f"Backed up before-{number}").encode(), {"Content-Type": "text/calendar"})
        assert status == 201
        before[path] = request(server, "GET", path)
    card = "/dav/addressbooks/amal/contacts/backed-up.vcf"
    status, _, _ = request(server, "PUT", card, b"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:backed-up\r\nFN:Backed Up\r\nN:Up;Backed;;;\r\nEND:VCARD\r\n",
                           {"Content-Type": "text/vcard"})
    assert status == 201
    before[card] = request(server, "GET", card)
    stop = threading.Event()

    def keep_writing():
        number = 0
        while not stop.is_set():
            request(server, "PUT", f"/dav/calendars/amal/calendar/during-{number}.ics",
                    EVENT.format(uid=f"during-{number}", summary=f"Backed up during-{number}").encode(), {"Content-Type": "text/calendar"})
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
    assert "backed up 2 users" in result.stdout and "2 address books, 1 cards" in result.stdout
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
