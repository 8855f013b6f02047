"""A cookie-keeping HTTP client for the server's web pages, for what a browser hides:
cookie flags, redirects, CSRF tokens and cross-site refusals."""
import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request


class Browser:
    """A cookie-keeping HTTP client that does not follow redirects."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(self, path, form=None, headers=None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def csrf(self, page):
        return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def page_says(text):
    """A condition for WebDriverWait: the page's text contains `text`. It reads the text by
    script rather than through an element, which a page replacing its body (after a form is
    sent) can leave pointing at a node that is gone: Chromium then raises a WebDriverException
    ("Node with given id does not belong to the document") that the wait does not ignore."""
    def condition(driver):
        return text in (driver.execute_script("return document.body ? document.body.innerText : ''") or "")
    return condition
