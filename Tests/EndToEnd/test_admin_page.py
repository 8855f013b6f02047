"""The admin web page: in headless Chromium driven by Selenium (sign in, create a user,
issue a setup link, screenshot), and over plain HTTP for what a browser hides (cookie
flags, CSRF and cross-site refusals, confirmation before deleting)."""
import os
import re
import shutil
import subprocess
import urllib.error
import urllib.request

import pytest

from web_client import Browser, page_says

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"


@pytest.fixture
def admin_server(server):
    subprocess.run([server.binary, "user", "add", "root", "--admin", "--password-stdin", "--data", server.data_dir],
                   input="root-password-1\n", text=True, check=True, capture_output=True)
    return server


def test_the_admin_page_in_a_real_browser(admin_server, tmp_path):
    if not shutil.which("chromedriver"):
        pytest.fail("chromedriver is missing: scripts/setup --test installs chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=430,1400"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        driver.set_page_load_timeout(30)
        driver.get(admin_server.url + "/admin/")
        driver.find_element(By.NAME, "user").send_keys("root")
        driver.find_element(By.NAME, "password").send_keys("root-password-1")
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait = WebDriverWait(driver, 20)
        wait.until(expected_conditions.title_is("Users · Jadwal admin"))
        table = driver.find_element(By.TAG_NAME, "table").text
        assert "amal" in table and "omar" in table and "Calendar (0)" in table

        driver.find_element(By.NAME, "name").send_keys("sara")
        driver.find_element(By.NAME, "email").send_keys("sara@example.org")
        driver.find_element(By.XPATH, "//button[text()='Create user']").click()
        wait.until(expected_conditions.title_is("sara · Jadwal admin"))

        driver.find_element(By.XPATH, "//button[text()='Show a setup link']").click()
        wait.until(expected_conditions.presence_of_element_located((By.PARTIAL_LINK_TEXT, "/provision/")))
        link = driver.find_element(By.PARTIAL_LINK_TEXT, "/provision/").get_attribute("href")
        assert driver.find_elements(By.CSS_SELECTOR, ".qr svg")
        folder = os.environ.get("JADWAL_TEST_ARTIFACTS", str(tmp_path))
        os.makedirs(folder, exist_ok=True)
        shot = os.path.join(folder, "admin-setup-link.png")
        driver.save_screenshot(shot)
        assert os.path.getsize(shot) > 10_000

        # Sharing amal's calendar with omar, read and write: it is in omar's home at once.
        driver.get(admin_server.url + "/admin/users/amal")
        wait.until(expected_conditions.title_is("amal · Jadwal admin"))
        assert "Nothing of theirs is shared" in driver.page_source
        driver.find_element(By.NAME, "sharee").send_keys("omar")
        driver.find_element(By.CSS_SELECTOR, "input[name=access][value=read-write]").click()
        driver.find_element(By.XPATH, "//button[text()='Share']").click()
        wait.until(page_says("is shared with omar"))
        rows = driver.find_element(By.XPATH, "//h2[text()='Sharing']/following-sibling::table").text
        assert "omar" in rows and "read-write" in rows and "accepted" in rows
        propfind = urllib.request.Request(admin_server.url + "/dav/calendars/omar/calendar-amal/", method="PROPFIND", headers={"Depth": "0"})
        propfind.add_header("Authorization", "Basic " + __import__("base64").b64encode(b"omar:omar-password-1").decode())
        with urllib.request.urlopen(propfind, timeout=30) as response:
            assert response.status == 207
        driver.find_element(By.XPATH, "//button[text()='Stop sharing']").click()
        wait.until(page_says("is no longer shared with omar"))
        with pytest.raises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(propfind, timeout=30)
        assert gone.value.code == 404
    finally:
        driver.quit()

    # The link the page showed sets up a phone.
    request = urllib.request.Request(link, headers={"User-Agent": IPHONE})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.headers["Content-Type"] == "application/x-apple-aspen-config"
        assert b"<string>sara</string>" in response.read()


def test_sessions_forms_and_refusals(admin_server):
    browser = Browser(admin_server.url)
    status, _, page = browser.request("/admin/")
    assert status == 200 and 'name="password"' in page
    assert browser.request("/admin/sign-in", {"user": "amal", "password": "amal-password-1"})[0] == 401  # not an admin
    assert browser.request("/admin/sign-in", {"user": "root", "password": "wrong-password"})[0] == 401
    status, headers, _ = browser.request("/admin/sign-in", {"user": "root", "password": "root-password-1"})
    assert status == 303
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/admin" in cookie
    status, headers, page = browser.request("/admin/")
    assert status == 200 and "<h1>Users</h1>" in page
    assert "no-store" in headers["Cache-Control"] and "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    csrf = browser.csrf(page)

    # Without the form's token, or from another site, nothing happens.
    assert browser.request("/admin/users", {"name": "mallory"})[0] == 403
    assert browser.request("/admin/users", {"name": "mallory", "csrf": "x" * 43})[0] == 403
    assert browser.request("/admin/users", {"name": "mallory", "csrf": csrf}, headers={"Origin": "https://evil.example"})[0] == 403
    assert "mallory" not in browser.request("/admin/")[2]

    # Names are escaped wherever they are shown.
    status, headers, _ = browser.request("/admin/users", {"name": "x<b>", "csrf": csrf})
    assert status == 400
    status, headers, _ = browser.request("/admin/users", {"name": "dana", "email": "dana@example.org", "csrf": csrf})
    assert status == 303 and headers["Location"] == "/admin/users/dana"
    page = browser.request("/admin/users/dana")[2]
    assert "<h1 dir=\"auto\">dana</h1>" in page

    # A generated password is shown once, on the page the form's answer sends the browser
    # to (so a reload does not post again), and works.
    status, headers, _ = browser.request("/admin/users/dana/password", {"password": "", "csrf": csrf})
    assert status == 303 and headers["Location"].startswith("/admin/users/dana?notice=")
    page = browser.request(headers["Location"])[2]
    password = re.search(r"shown once\):</b> <code>([^<]+)</code>", page).group(1)
    assert "shown once" not in browser.request(headers["Location"])[2]
    request = urllib.request.Request(admin_server.url + "/dav/", method="PROPFIND", headers={"Depth": "0"})
    request.add_header("Authorization", "Basic " + __import__("base64").b64encode(f"dana:{password}".encode()).decode())
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 207

    # Deleting needs the name typed again.
    status, headers, _ = browser.request("/admin/users/dana/delete", {"confirm": "dan", "csrf": csrf})
    assert status == 303 and "did not match" in browser.request(headers["Location"])[2]
    assert "<h1 dir=\"auto\">dana</h1>" in browser.request("/admin/users/dana")[2]
    status, headers, _ = browser.request("/admin/users/dana/delete", {"confirm": "dana", "csrf": csrf})
    assert status == 303 and headers["Location"].startswith("/admin/?notice=")
    assert "everything they stored are deleted" in browser.request(headers["Location"])[2]
    assert browser.request("/admin/users/dana")[0] == 404

    # Signing out ends the session on the server, not just in the browser.
    stolen = [c for c in browser.jar if c.name == "jadwal_admin"][0].value
    assert browser.request("/admin/sign-out", {"csrf": csrf})[0] == 303
    replay = Browser(admin_server.url)
    status, _, page = replay.request("/admin/", headers={"Cookie": f"jadwal_admin={stolen}"})
    assert 'name="password"' in page and "<h1>Users</h1>" not in page


def test_a_password_change_ends_admin_sessions(admin_server):
    browser = Browser(admin_server.url)
    browser.request("/admin/sign-in", {"user": "root", "password": "root-password-1"})
    assert "<h1>Users</h1>" in browser.request("/admin/")[2]
    subprocess.run([admin_server.binary, "user", "passwd", "root", "--password-stdin", "--data", admin_server.data_dir],
                   input="root-password-2\n", text=True, check=True, capture_output=True)
    assert "<h1>Users</h1>" not in browser.request("/admin/")[2]


def test_calendars_and_address_books_of_a_user(admin_server):
    import base64
    browser = Browser(admin_server.url)
    assert browser.request("/admin/sign-in", {"user": "root", "password": "root-password-1"})[0] == 303
    page = browser.request("/admin/users/amal")[2]
    csrf = browser.csrf(page)
    assert f"{admin_server.url}/dav/calendars/amal/calendar/" in page and f"{admin_server.url}/dav/addressbooks/amal/contacts/" in page

    def propfind(path):
        body = (b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/"><d:prop><d:displayname/>'
                b'<a:calendar-color/></d:prop></d:propfind>')
        request = urllib.request.Request(admin_server.url + path, method="PROPFIND", data=body, headers={
            "Depth": "0", "Content-Type": "application/xml", "Authorization": "Basic " + base64.b64encode(b"amal:amal-password-1").decode()})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, ""

    def post(path, form):
        status, headers, _ = browser.request("/admin/users/amal" + path, {**form, "csrf": csrf})
        assert status == 303
        return browser.request(headers["Location"])[2]

    assert "Work is made." in post("/calendars", {"collection": "work", "displayName": "Work", "color": "#ff9500"})
    status, body = propfind("/dav/calendars/amal/work/")
    assert status == 207 and "Work" in body and "#FF9500FF" in body
    assert "Saved." in post("/calendars/update", {"collection": "work", "displayName": "Office", "color": "#34c759"})
    assert "Office" in propfind("/dav/calendars/amal/work/")[1]
    assert "amal/work exists" in post("/calendars", {"collection": "work", "displayName": "Again"})
    assert "letters, digits" in post("/calendars", {"collection": "../x"})
    assert "letters, digits" in post("/calendars", {"collection": "inbox"})
    assert "Not deleted" in post("/calendars/delete", {"collection": "work"})
    assert "are deleted" in post("/calendars/delete", {"collection": "work", "confirm": "yes"})
    assert propfind("/dav/calendars/amal/work/")[0] == 404
    # The computed prayer calendar cannot be changed.
    assert propfind("/dav/calendars/amal/prayer-times/")[0] == 207
    assert "are deleted" not in post("/calendars/delete", {"collection": "prayer-times", "confirm": "yes"})

    assert "Family is made." in post("/addressbooks", {"collection": "family", "displayName": "Family"})
    assert propfind("/dav/addressbooks/amal/family/")[0] == 207
    assert "Saved." in post("/addressbooks/update", {"collection": "family", "displayName": "Relatives"})
    assert "Relatives" in propfind("/dav/addressbooks/amal/family/")[1]
    assert "are deleted" in post("/addressbooks/delete", {"collection": "family", "confirm": "yes"})
    assert propfind("/dav/addressbooks/amal/family/")[0] == 404
    # Without the session's token nothing changes.
    assert browser.request("/admin/users/amal/calendars", {"collection": "sneaky"})[0] == 403
    assert propfind("/dav/calendars/amal/sneaky/")[0] == 404


def test_the_admin_page_speaks_arabic(admin_server):
    browser = Browser(admin_server.url)
    arabic = {"Accept-Language": "ar-SA,ar;q=0.9"}
    page = browser.request("/admin/", headers=arabic)[2]
    assert 'lang="ar" dir="rtl"' in page and "إدارة جدول" in page
    assert browser.request("/admin/sign-in", {"user": "root", "password": "wrong-password"}, headers=arabic)[2].count(
        "اسم المستخدم أو كلمة المرور غير صحيحة") == 1
    assert browser.request("/admin/sign-in", {"user": "root", "password": "root-password-1"}, headers=arabic)[0] == 303
    page = browser.request("/admin/", headers=arabic)[2]
    assert "<h1>المستخدمون</h1>" in page and "أنشئ المستخدم" in page
    page = browser.request("/admin/users/amal", headers=arabic)[2]
    assert "المشاركة" in page and "أنشئ التقويم" in page and "٠" in page  # its counts in Arabic-Indic digits
    # Without Arabic asked, English.
    assert "<h1>Users</h1>" in browser.request("/admin/")[2]
