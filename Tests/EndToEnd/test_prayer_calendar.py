"""The computed Prayer Times calendar and its feeds, through real clients."""
import base64
import http.client
import subprocess
from datetime import datetime, timedelta, timezone

import caldav
import icalendar

AUTH = {"Authorization": "Basic " + base64.b64encode(b"amal:amal-password-1").decode()}
PRAYER = "/dav/calendars/amal/prayer-times/"


def settings(server, *args):
    result = subprocess.run([server.binary, "prayer", "settings", "amal", *args, "--data", server.data_dir],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def request(server, method, path, body="", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers={**AUTH, **(headers or {})})
    response = connection.getresponse()
    return response.status, dict(response.getheaders()), response.read()


def ctag(client):
    calendar = client.principal().calendar(cal_id="prayer-times")
    return calendar.get_properties([caldav.elements.dav.SyncToken()])[caldav.elements.dav.SyncToken.tag]


def test_clients_see_prayers_and_cannot_change_them(server):
    out = settings(server, "--lat", "21.4225", "--lon", "39.8262", "--tz", "Asia/Riyadh", "--place-name", "Makkah", "--reminder-minutes", "15")
    assert "Makkah (Umm al-Qura" in out
    client = caldav.DAVClient(url=server.url + "/", username="amal", password="amal-password-1")
    names = {c.get_display_name(): c for c in client.principal().calendars()}
    assert "Prayer Times" in names
    prayer = names["Prayer Times"]
    start = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=2)
    events = prayer.search(start=start, end=start + timedelta(days=1), event=True, expand=False)
    summaries = sorted(str(e.icalendar_component["SUMMARY"]).split(" · ")[0] for e in events)
    assert len(events) in (5, 6, 7)  # the UTC day meets parts of two local days
    assert {"Fajr", "Asr", "Maghrib", "Isha"} <= set(summaries)
    event = events[0].icalendar_component
    assert str(event["TRANSP"]) == "OPAQUE" and event.walk("VALARM")
    assert "AH" in str(event["DESCRIPTION"])

    before = ctag(client)
    for method, path, body in [
        ("PUT", PRAYER + "mine.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:m\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261201T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
        ("DELETE", PRAYER + events[0].url.path.rsplit("/", 1)[1], ""),
        ("DELETE", PRAYER, ""),
        ("PROPPATCH", PRAYER, '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Mine</D:displayname></D:prop></D:set></D:propertyupdate>'),
    ]:
        status, _, text = request(server, method, path, body, {"Content-Type": "text/calendar" if method == "PUT" else "application/xml"})
        assert status == 403 and b"need-privileges" in text, (method, status, text)
    assert ctag(client) == before
    # A settings change moves the token, so clients fetch the new times.
    settings(server, "--asr", "hanafi")
    assert ctag(client) != before


def test_feeds(server):
    out = settings(server, "--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London", "--place-name", "London")
    feed = [line.split()[1] for line in out.splitlines() if line.startswith("feed:")][0]
    status, headers, body = request(server, "GET", feed, headers={"Authorization": ""})
    assert status == 200 and headers["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(body)
    assert [str(z["TZID"]) for z in calendar.walk("VTIMEZONE")] == ["Europe/London"]
    assert len(calendar.walk("VEVENT")) == 396 * 5
    assert str(calendar["REFRESH-INTERVAL"].to_ical().decode()) == "PT12H"
    # Revalidation: 304 by ETag and by date.
    assert request(server, "GET", feed, headers={"If-None-Match": headers["ETag"]})[0] == 304
    assert request(server, "GET", feed, headers={"If-Modified-Since": headers["Last-Modified"]})[0] == 304
    # Rotating the token cuts off the old URL.
    rotated = settings(server, "--rotate-feed-token")
    assert feed not in rotated
    assert request(server, "GET", feed)[0] == 404
    assert request(server, "GET", "/feeds/prayer/not-a-token.ics")[0] == 404

    status, _, body = request(server, "GET", "/feeds/prayer.ics?lat=24.7136&lon=46.6753&tz=Asia/Riyadh&method=Makkah")
    assert status == 200 and len(icalendar.Calendar.from_ical(body).walk("VEVENT")) == 396 * 5
    for query, message in [("lat=abc&lon=1&tz=UTC", b"lat and lon"), ("lat=95&lon=1&tz=UTC", b"latitude"),
                           ("lat=1&lon=1&tz=Mars/Olympus", b"IANA"), ("lat=1&lon=1&tz=UTC&method=Sundial", b"unknown method")]:
        status, _, body = request(server, "GET", "/feeds/prayer.ics?" + query)
        assert status == 400 and message in body, (query, body)


def test_settings_json_api(server):
    import json
    api = "/api/v1/prayer/settings"
    status, _, body = request(server, "GET", api)
    assert status == 200 and json.loads(body)["place"] is None
    client = caldav.DAVClient(url=server.url + "/", username="amal", password="amal-password-1")
    before = ctag(client)
    status, headers, body = request(server, "PATCH", api, json.dumps({
        "place": {"name": "Jakarta", "latitude": -6.2088, "longitude": 106.8456, "timeZone": "Asia/Jakarta"},
        "reminderMinutes": 5}), {"Content-Type": "application/json"})
    assert status == 200 and headers["Content-Type"] == "application/json", body
    settings_now = json.loads(body)
    assert settings_now["method"] is None and settings_now["effectiveMethod"] == "Singapore"  # Indonesia's default
    assert settings_now["place"]["timeZone"] == "Asia/Jakarta" and settings_now["feedPath"].startswith("/feeds/prayer/")
    assert ctag(client) != before
    assert len(client.principal().calendar(cal_id="prayer-times").search(
        start=datetime.now(timezone.utc) + timedelta(days=3), end=datetime.now(timezone.utc) + timedelta(days=4), event=True)) >= 5
    for payload, code in [("{", "malformed_json"), ('{"blockMinutes": "long"}', "wrong_type"), ('{"colour": "red"}', "unknown_field")]:
        status, _, body = request(server, "PATCH", api, payload, {"Content-Type": "application/json"})
        assert status == 400 and json.loads(body)["error"] == code, body
    assert json.loads(request(server, "GET", api)[2])["reminderMinutes"] == 5
    status, headers, _ = request(server, "GET", api, headers={"Authorization": "Basic " + base64.b64encode(b"amal:wrong").decode()})
    assert status == 401 and "Basic" in headers["WWW-Authenticate"]
    assert request(server, "PATCH", api, "x" * (70 << 10))[0] == 413


def test_city_names_in_english_or_arabic(server):
    import json
    out = settings(server, "--city", "Alexandria, EG")
    assert "Alexandria · الإسكندرية" in out and "Africa/Cairo" in out and "Egypt" in out
    status, _, body = request(server, "PATCH", "/api/v1/prayer/settings", json.dumps({"city": "الرياض"}), {"Content-Type": "application/json"})
    assert status == 200 and json.loads(body)["place"]["timeZone"] == "Asia/Riyadh", body
    assert json.loads(body)["effectiveMethod"] == "Makkah"
    status, _, body = request(server, "PATCH", "/api/v1/prayer/settings", json.dumps({"city": "Atlantis"}), {"Content-Type": "application/json"})
    assert status == 400 and json.loads(body)["error"] == "unknown_city"
