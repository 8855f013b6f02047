"""The person's own page at /account/: in headless Chromium (sign up and in by the mailed
link, set up a phone from the QR code's link, make and revoke an app password, in English;
sign in by password and change details in Arabic, right to left, with Arabic-Indic
digits; screenshots of both), and over plain HTTP for what a browser hides (cookie flags,
CSRF and cross-site refusals, the data download, deleting the account)."""
import email
import email.policy
import glob
import io
import json
import os
import pathlib
import plistlib
import re
import shutil
import time
import urllib.request
import zipfile
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import caldav
import pytest

from api_client import ApiClient
from web_client import Browser, page_says

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
RIYADH = ZoneInfo("Asia/Riyadh")


@pytest.fixture
def open_server(server):
    server.stop()
    server.config = f'public_url = "{server.url}"\n[auth]\nsign_up = true\n'
    server.start()
    return server


def mailed_token(server, address, before):
    deadline = time.time() + 20
    while True:
        files = sorted(glob.glob(os.path.join(server.data_dir, "outbox", "*.eml")), key=os.path.getmtime)
        if len(files) > before:
            message = email.message_from_bytes(open(files[-1], "rb").read(), policy=email.policy.default)
            assert message["To"] == address
            return re.search(r"/signin\?token=([A-Za-z0-9_-]{43})", message.get_body(preferencelist=("plain",)).get_content()).group(1)
        assert time.time() < deadline, "no sign-in mail"
        time.sleep(0.1)


def chromium(language="en-GB"):
    if not shutil.which("chromedriver"):
        pytest.fail("chromedriver is missing: scripts/setup --test installs chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=430,1600", f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(30)
    return driver


def export_file(tmp_path, owner, lines):
    """An Android export of (minutes ago, sender, text) lines in Riyadh time, as a file to upload."""
    now = datetime.now(RIYADH)
    path = tmp_path / f"WhatsApp Chat with {owner}.txt"
    path.write_text("".join(f"{(now - timedelta(minutes=m)).strftime('%d/%m/%Y, %H:%M')} - {who}: {text}\n" for m, who, text in lines))
    return str(path)


def tomorrow(hour, minute=0):
    """The day after the uploaded chat's first message (sent 9 minutes ago: just after
    midnight, yesterday), at this time."""
    sent = datetime.now(RIYADH) - timedelta(minutes=9)
    return (sent + timedelta(days=1)).replace(hour=hour, minute=minute, second=0, microsecond=0)


def choose_city_and_clash(driver, server, user, password, tmp_path, query, owner):
    """Picks the city found by `query`, then uploads a chat that agrees on dinner over a meeting."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    wait = WebDriverWait(driver, 20)
    driver.find_element(By.CSS_SELECTOR, "#prayer form[method=get] input[name=city]").send_keys(query)
    driver.find_element(By.CSS_SELECTOR, "#prayer form[method=get] button").click()
    wait.until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "#cities button")))
    driver.find_elements(By.CSS_SELECTOR, "#cities button")[0].click()
    wait.until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "#today tr")))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#today tr")) == 6
    client = caldav.DAVClient(url=server.url + "/dav/", username=user, password=password)
    client.principal().calendar(cal_id="calendar").save_event(dtstart=tomorrow(19, 30), dtend=tomorrow(21), summary="Team review")
    driver.find_element(By.CSS_SELECTOR, "#chats input[type=file]").send_keys(
        export_file(tmp_path, owner, [(9, "Sara", "Dinner tomorrow at 8pm?"), (8, owner, "Perfect, see you then")]))
    driver.find_element(By.CSS_SELECTOR, "#chats input[name=owner]").send_keys(owner)
    driver.find_element(By.CSS_SELECTOR, "#chats form[enctype] button").click()
    wait.until(expected_conditions.presence_of_element_located((By.ID, "chats")))
    deadline = time.time() + 40
    while "Team review" not in driver.find_element(By.ID, "chats").text:
        assert time.time() < deadline, driver.find_element(By.ID, "chats").text
        time.sleep(0.5)
        driver.get(server.url + "/account/#chats")


def screenshot(driver, tmp_path, name):
    folder = os.environ.get("JADWAL_TEST_ARTIFACTS", str(tmp_path))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    driver.save_screenshot(path)
    assert os.path.getsize(path) > 10_000


def test_a_new_person_signs_up_and_sets_up_a_phone_in_english(open_server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    server = open_server
    driver = chromium("en-GB")
    try:
        wait = WebDriverWait(driver, 20)
        driver.get(server.url + "/account/")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("dir") == "ltr"
        driver.find_element(By.NAME, "email").send_keys("noor@example.org")
        driver.find_element(By.XPATH, "//button[text()='Send me a sign-in link']").click()
        wait.until(expected_conditions.title_is("Check your mail"))
        token = mailed_token(server, "noor@example.org", 0)

        # The mailed link opened in a browser offers the account page.
        driver.get(f"{server.url}/signin?token={token}")
        driver.find_element(By.XPATH, "//button[text()='Continue in this browser']").click()
        wait.until(expected_conditions.title_is("Your Jadwal account"))
        assert "noor@example.org/calendar/" in driver.page_source

        driver.find_element(By.XPATH, "//button[text()='Show a setup code']").click()
        wait.until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "#setup-code .qr svg")))
        link = driver.find_element(By.PARTIAL_LINK_TEXT, "/provision/").get_attribute("href")
        screenshot(driver, tmp_path, "account-setup-en.png")
        with urllib.request.urlopen(urllib.request.Request(link, headers={"User-Agent": IPHONE}), timeout=30) as response:
            password = plistlib.loads(response.read())["PayloadContent"][0]["CalDAVPassword"]
        client = caldav.DAVClient(url=server.url + "/dav/", username="noor@example.org", password=password)
        assert [c.id for c in client.principal().calendars()] >= ["calendar"]

        driver.get(server.url + "/account/#devices")
        assert "iPhone" in driver.find_element(By.ID, "devices").text
        driver.find_element(By.NAME, "label").send_keys("Thunderbird")
        driver.find_element(By.XPATH, "//button[text()='Make an app password']").click()
        wait.until(expected_conditions.presence_of_element_located((By.ID, "new-password")))
        made = driver.find_element(By.CSS_SELECTOR, "#new-password code").text
        assert re.fullmatch(r"([a-z2-9]{5}-){5}[a-z2-9]{5}", made)
        # A reload shows it no more.
        driver.refresh()
        assert made not in driver.page_source
        row = driver.find_element(By.XPATH, "//td[text()='Thunderbird']/..")
        row.find_element(By.XPATH, ".//button[text()='Revoke']").click()
        wait.until(page_says("Thunderbird is signed out."))
        with pytest.raises(Exception):
            caldav.DAVClient(url=server.url + "/dav/", username="noor@example.org", password=made).principal()

        # Without a time zone, the browser's region makes the guess; then a city found by its
        # Arabic name, a chat that clashes, kept both.
        assert "Are you in London?" in driver.find_element(By.ID, "prayer").text
        choose_city_and_clash(driver, server, "noor@example.org", password, tmp_path, "مكة", "Noor")
        assert "Makkah" in driver.find_element(By.ID, "prayer").text
        screenshot(driver, tmp_path, "account-clash-en.png")
        conflict = driver.find_element(By.XPATH, "//li[@class='conflict'][contains(., 'Team review')]")
        conflict.find_element(By.XPATH, ".//button[text()='Keep both']").click()
        wait.until(page_says("Both stay in your calendar."))
        assert "Team review" not in driver.find_element(By.ID, "chats").text
    finally:
        driver.quit()


def test_an_arabic_speaker_signs_in_by_password_and_changes_details(open_server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait
    server = open_server
    driver = chromium("ar-SA")
    try:
        wait = WebDriverWait(driver, 20)
        driver.get(server.url + "/account/")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl"
        assert driver.title == "حسابك في جدول"
        driver.find_element(By.NAME, "user").send_keys("amal")
        driver.find_element(By.NAME, "password").send_keys("amal-password-1")
        driver.find_element(By.XPATH, "//button[text()='تسجيل الدخول']").click()
        wait.until(expected_conditions.presence_of_element_located((By.ID, "details")))
        driver.find_element(By.NAME, "label").send_keys("الحاسوب")
        driver.find_element(By.XPATH, "//button[text()='أنشئ كلمة مرور تطبيق']").click()
        wait.until(expected_conditions.presence_of_element_located((By.ID, "new-password")))
        devices = driver.find_element(By.ID, "devices").text
        assert "الحاسوب" in devices and "٢٠" in devices, devices  # the year, in Arabic-Indic digits

        name = driver.find_element(By.NAME, "displayName")
        name.clear()
        name.send_keys("أمل")
        Select(driver.find_element(By.NAME, "language")).select_by_value("ar")
        zone = driver.find_element(By.NAME, "timeZone")
        zone.clear()
        zone.send_keys("Asia/Riyadh")
        driver.find_element(By.XPATH, "//button[text()='حفظ']").click()
        wait.until(page_says("حُفظ."))
        screenshot(driver, tmp_path, "account-details-ar.png")

        driver.find_element(By.XPATH, "//button[text()='اعرض رمز الإعداد']").click()
        wait.until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "#setup-code .qr svg")))
        assert "رمز الإعداد" in driver.find_element(By.ID, "setup-code").text

        # Prayer times from a guess made from the time zone, then a clash moved to a free slot.
        assert "الرياض" in driver.find_element(By.ID, "prayer").text
        choose_city_and_clash(driver, server, "amal", "amal-password-1", tmp_path, "الرياض", "Amal")
        assert any("\u0660" <= c <= "\u0669" for c in driver.find_element(By.ID, "today").text)
        screenshot(driver, tmp_path, "account-clash-ar.png")
        conflict = driver.find_element(By.XPATH, "//li[@class='conflict'][contains(., 'Team review')]")
        conflict.find_elements(By.XPATH, ".//button[starts-with(text(), 'انقله إلى')]")[0].click()
        wait.until(page_says("نُقل."))
    finally:
        driver.quit()
    # The name reaches calendar apps; the language is the person's now, whatever the browser asks.
    body = b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>'
    request = urllib.request.Request(server.url + "/dav/principals/amal/", data=body, method="PROPFIND", headers={
        "Depth": "0", "Authorization": "Basic " + __import__("base64").b64encode(b"amal:amal-password-1").decode()})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert "أمل" in response.read().decode()
    browser = Browser(server.url)
    browser.request("/account/sign-in/password", {"user": "amal", "password": "amal-password-1"}, headers={"Accept-Language": "en"})
    assert 'lang="ar" dir="rtl"' in browser.request("/account/", headers={"Accept-Language": "en"})[2]


def test_sessions_forms_data_and_deletion(open_server):
    server = open_server
    browser = Browser(server.url)
    # An app password is a device's, not a browser's.
    phone = subprocess_app_password(server, "amal", "phone")
    assert browser.request("/account/sign-in/password", {"user": "amal", "password": phone})[0] == 401
    assert browser.request("/account/sign-in/password", {"user": "amal", "password": "wrong-password"})[0] == 401
    status, headers, _ = browser.request("/account/sign-in/password", {"user": "amal", "password": "amal-password-1"})
    assert status == 303
    cookie = headers["Set-Cookie"]
    assert cookie.startswith("jadwal_account=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/account" in cookie
    status, headers, page = browser.request("/account/")
    assert status == 200 and "frame-ancestors 'none'" in headers["Content-Security-Policy"] and "no-store" in headers["Cache-Control"]
    csrf = browser.csrf(page)
    # The admin page does not take the person's cookie.
    assert 'name="password"' in browser.request("/admin/")[2]

    # Without the token, or from another site, nothing changes.
    assert browser.request("/account/preferences", {"displayName": "Mallory"})[0] == 403
    assert browser.request("/account/preferences", {"displayName": "Mallory", "csrf": "x" * 43})[0] == 403
    assert browser.request("/account/preferences", {"displayName": "Mallory", "csrf": csrf}, headers={"Origin": "https://evil.example"})[0] == 403
    assert browser.request("/account/delete", {"confirm": "amal", "csrf": csrf}, headers={"Origin": "https://evil.example"})[0] == 403
    assert "Mallory" not in browser.request("/account/")[2]
    # Bad values are refused and shown; names are escaped.
    status, headers, _ = browser.request("/account/preferences", {"timeZone": "Mars/Olympus", "csrf": csrf})
    assert status == 303
    assert "Mars/Olympus" in browser.request(headers["Location"])[2]
    browser.request("/account/preferences", {"displayName": "<script>x</script>", "csrf": csrf})
    page = browser.request("/account/")[2]
    assert "<script>x</script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page

    # Everything, in one download, with the events chats agreed.
    api = ApiClient(server.url)
    text = open(export_file(pathlib.Path(server.data_dir).parent, "Amal", [(5, "Sara", "Dinner tomorrow at 8pm?"), (4, "Amal", "yes!")]), "rb").read()
    assert api.call("POST", "/chats/import?owner=Amal", raw=text, content_type="text/plain", auth=ApiClient.basic("amal", "amal-password-1")).status == 202
    deadline = time.time() + 30
    while not any(c["status"] == "HAS_EVENT_AGREED" for c in api.call("GET", "/chats", auth=ApiClient.basic("amal", "amal-password-1")).json()["conversations"]):
        assert time.time() < deadline
        time.sleep(0.2)
    client = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1")
    from datetime import datetime, timedelta, timezone
    start = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
    client.principal().calendar(cal_id="calendar").save_event(dtstart=start, dtend=start + timedelta(hours=1), summary="Exported meeting")
    request = urllib.request.Request(server.url + "/account/export")
    for cookie in browser.jar:
        request.add_header("Cookie", f"{cookie.name}={cookie.value}")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.headers["Content-Type"] == "application/zip" and "attachment" in response.headers["Content-Disposition"]
        archive = zipfile.ZipFile(io.BytesIO(response.read()))
    assert archive.testzip() is None
    names = set(archive.namelist())
    assert {"calendars/calendar.ics", "addressbooks/contacts.vcf", "account.json", "chats.json", "README.txt"} <= names, names
    assert b"Exported meeting" in archive.read("calendars/calendar.ics")
    account = json.loads(archive.read("account.json"))
    assert account["account"]["name"] == "amal" and [d["label"] for d in account["devices"]] == ["phone"]
    assert "password" not in json.dumps(account).lower().replace("apppasswords", "")
    [agreed] = json.loads(archive.read("chats.json"))["events"]
    assert agreed["with"] == "Sara" and "Dinner" in agreed["title"] and agreed["start"].endswith("Z")
    # Signed out, nothing.
    assert Browser(server.url).request("/account/export")[0] == 401

    # Deleting asks for the name, then everything goes.
    status, headers, _ = browser.request("/account/delete", {"confirm": "omar", "csrf": csrf})
    assert status == 303 and "did not match" in browser.request(headers["Location"])[2]
    status, headers, page = browser.request("/account/delete", {"confirm": "amal", "csrf": csrf})
    assert status == 200 and "jadwal_account=;" in headers["Set-Cookie"]
    assert browser.request("/account/sign-in/password", {"user": "amal", "password": "amal-password-1"})[0] == 401
    with pytest.raises(Exception):
        caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1").principal()


def test_a_sign_in_link_works_once_in_a_browser(open_server):
    server = open_server
    browser = Browser(server.url)
    assert browser.request("/account/sign-in/email", {"email": "not-an-address"})[0] == 400
    # Asked in Arabic, the link comes in Arabic.
    assert browser.request("/account/sign-in/email", {"email": "lina@example.org"}, headers={"Accept-Language": "ar-SA,en;q=0.5"})[0] == 200
    token = mailed_token(server, "lina@example.org", 0)
    [path] = glob.glob(os.path.join(server.data_dir, "outbox", "*.eml"))
    assert email.message_from_bytes(open(path, "rb").read(), policy=email.policy.default)["Subject"] == "رابط الدخول إلى جدول"
    page = browser.request(f"/signin?token={token}")[2]
    assert 'action="/account/sign-in/link"' in page
    assert browser.request("/account/sign-in/link", {"token": token}, headers={"Origin": "https://evil.example"})[0] == 403
    assert browser.request("/account/sign-in/link", {"token": token})[0] == 303
    assert Browser(server.url).request("/account/sign-in/link", {"token": token})[0] == 401
    assert "lina@example.org" in browser.request("/account/")[2]


def subprocess_app_password(server, user, label):
    import subprocess
    result = subprocess.run([server.binary, "user", "app-password", user, "--label", label, "--data", server.data_dir],
                            capture_output=True, text=True, timeout=60, check=True)
    return re.search(r"([a-z2-9]{5}-){5}[a-z2-9]{5}", result.stdout).group(0)


def test_the_first_guess_of_the_place_comes_from_the_address_country(server, tmp_path):
    from mmdb_writer import MMDBWriter
    from netaddr import IPSet
    # A GeoIP database as an operator installs one (here made for the test, in MaxMind's format).
    writer = MMDBWriter(ip_version=6, database_type="GeoLite2-Country", ipv4_compatible=True)
    writer.insert_network(IPSet(["203.0.113.0/24"]), {"country": {"iso_code": "EG"}})
    database = str(tmp_path / "countries.mmdb")
    writer.to_db_file(database)
    server.stop()
    server.config = f'[geoip]\ndatabase = "{database}"\n[http]\ntrusted_proxies = "127.0.0.1"\n'
    server.start()
    browser = Browser(server.url)
    assert browser.request("/account/sign-in/password", {"user": "amal", "password": "amal-password-1"})[0] == 303
    assert "Are you in <b>Cairo</b>?" in browser.request("/account/", headers={"X-Forwarded-For": "203.0.113.7", "Accept-Language": "en"})[2]
    # An address the database does not know: the language's region, then nothing.
    assert "Are you in <b>Riyadh</b>?" in browser.request("/account/", headers={"X-Forwarded-For": "198.51.100.7", "Accept-Language": "en-SA"})[2]
    assert "Are you in" not in browser.request("/account/", headers={"X-Forwarded-For": "198.51.100.7", "Accept-Language": "en"})[2]

    server.stop()
    server.config = '[geoip]\ndatabase = "/nonexistent/countries.mmdb"\n'
    with pytest.raises(AssertionError, match="geoip.database"):
        server.start()


def test_sharing_delegating_and_publishing_from_the_page(open_server):
    """amal shares her calendar with omar, who accepts on his own page and writes to it with
    python caldav; amal makes him a delegate, publishes it as busy times, and ends it all."""
    server = open_server
    amal, omar = Browser(server.url), Browser(server.url)
    for browser, user in [(amal, "amal"), (omar, "omar")]:
        assert browser.request("/account/sign-in/password", {"user": user, "password": f"{user}-password-1"}, headers={"Accept-Language": "en"})[0] == 303
    csrf = amal.csrf(amal.request("/account/")[2])
    status, headers, _ = amal.request("/account/sharing/offer", {"calendar": "calendar", "sharee": "nobody", "access": "read", "csrf": csrf})
    assert status == 303 and "no one here is named" in amal.request(headers["Location"])[2]
    status, headers, _ = amal.request("/account/sharing/offer", {"calendar": "calendar", "sharee": "omar", "access": "read-write", "csrf": csrf})
    assert "omar is invited to calendar." in amal.request(headers["Location"])[2]

    # omar sees the invitation on his page and accepts it there.
    page = omar.request("/account/")[2]
    invitation = re.search(r'name="invitation" value="([^"]+)"><button name="answer" value="accept"', page).group(1)
    status, headers, _ = omar.request("/account/sharing/answer", {"invitation": invitation, "answer": "accept", "csrf": omar.csrf(page)})
    assert "It is in your calendar apps now." in omar.request(headers["Location"])[2]
    client = caldav.DAVClient(url=server.url + "/dav/", username="omar", password="omar-password-1")
    shared = [c for c in client.principal().calendars() if "/omar/calendar-amal/" in str(c.url)]
    assert len(shared) == 1
    start = datetime(2027, 1, 5, 9)
    shared[0].save_event(dtstart=start, dtend=start + timedelta(hours=1), summary="Written by omar")
    mine = caldav.DAVClient(url=server.url + "/dav/", username="amal", password="amal-password-1").principal().calendar(cal_id="calendar")
    assert any("Written by omar" in e.data for e in mine.events())
    assert "Accepted" in amal.request("/account/")[2]

    # A delegate (found by user name, or by email address).
    status, headers, _ = amal.request("/account/delegates", {"delegate": "omar", "access": "read", "csrf": csrf})
    assert "omar's access is changed." in amal.request(headers["Location"])[2]
    assert "You act for: amal" in omar.request("/account/")[2]

    # Published as busy times: the link is shown once and works until it is ended.
    status, headers, _ = amal.request("/account/sharing/publish", {"calendar": "calendar", "busyOnly": "yes", "csrf": csrf})
    shown = amal.request(headers["Location"])[2]
    url = re.search(r"<code dir=\"ltr\">(http[^<]+/feeds/calendars/[^<]+\.ics)</code>", shown).group(1)
    with urllib.request.urlopen(url, timeout=30) as response:
        feed = response.read().decode()
    assert "SUMMARY:Busy" in feed and "Written by omar" not in feed
    assert url not in amal.request("/account/")[2]
    amal.request("/account/sharing/publish", {"calendar": "calendar", "end": "yes", "csrf": csrf})
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(url, timeout=30)

    # Ended from the page, omar reaches nothing of amal's.
    amal.request("/account/sharing/withdraw", {"calendar": "calendar", "sharee": "omar", "csrf": csrf})
    amal.request("/account/delegates", {"delegate": "omar", "access": "none", "csrf": csrf})
    assert not [c for c in client.principal().calendars() if "/omar/calendar-amal/" in str(c.url)]
    assert "You act for" not in omar.request("/account/")[2]
