"""CardDAV (RFC 6352) with sync-collection (RFC 6578) and the well-known address (RFC 6764),
over raw HTTP against a running jadwald: discovery, address books made with extended MKCOL,
cards written with ETags and preconditions, the addressbook-query filters, multiget, partial
and converted address data, sync with and without limits, COPY/MOVE, one user never seeing
another's books, and cards surviving a restart.

Every write the server refuses must change nothing: the book's sync-token and getctag stay
the same and the card's URL still answers what it answered before.
"""
import base64
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote, urlsplit

from conftest import AMAL, request

OMAR = {"Authorization": "Basic " + base64.b64encode(b"omar:omar-password-1").decode()}
NOBODY = {}

D = "{DAV:}"
C = "{urn:ietf:params:xml:ns:carddav}"
CS = "{http://calendarserver.org/ns/}"

HOME = "/dav/addressbooks/amal/"
BOOK = "/dav/addressbooks/amal/contacts/"
XML = {"Content-Type": "application/xml; charset=utf-8"}
VCARD = {"Content-Type": "text/vcard; charset=utf-8"}


# ---------------------------------------------------------------- cards


def card(uid, fn, *lines, version="3.0"):
    """A vCard with CRLF line ends; `lines` go between FN and END."""
    head = ["BEGIN:VCARD", f"VERSION:{version}", "PRODID:-//Jadwal tests//EN", f"UID:{uid}"]
    if version == "3.0" and fn is not None:
        head.append("N:" + ";".join(reversed(fn.split(" ", 1))) + ";;;")
    body = head + ([f"FN:{fn}"] if fn is not None else []) + list(lines) + ["END:VCARD"]
    return ("\r\n".join(body) + "\r\n").encode()


LAYLA = card("layla-1", "Layla Haddad", "ORG:Cedar Lane Bakery",
             "EMAIL;TYPE=work:layla@bakery.example", "TEL;TYPE=cell:+1 555 0100",
             "NOTE:Prefers morning calls")
ZOE = card("zoe-2", "Zoë Ōkubo", "NICKNAME:Foxy", "EMAIL;TYPE=home:zoe@example.jp", version="4.0")
SAMI = card("sami-3", "Sami Haddad", "EMAIL;TYPE=home:sami@example.org", "TEL;TYPE=home:+1 555 0199")
NADIA = card("nadia-4", "Nadia Rahman", "TEL;TYPE=work:+971 4 555 0102", version="4.0")
PEOPLE = {"layla.vcf": LAYLA, "zoe.vcf": ZOE, "sami.vcf": SAMI, "nadia.vcf": NADIA}


# ---------------------------------------------------------------- XML


class Response:
    """One DAV:response: its href (a path), its own status, and prop -> (status, element)."""

    def __init__(self, element):
        self.href = path_of(element.findtext(D + "href"))
        self.status = status_code(element.findtext(D + "status"))
        self.props = {}
        for propstat in element.findall(D + "propstat"):
            code = status_code(propstat.findtext(D + "status"))
            for prop in propstat.find(D + "prop"):
                self.props[prop.tag] = (code, prop)

    def ok(self, tag):
        """The element of a property found (200), else None."""
        code, element = self.props.get(tag, (None, None))
        return element if code == 200 else None

    def text(self, tag):
        element = self.ok(tag)
        return None if element is None else "".join(element.itertext())

    def hrefs(self, tag):
        element = self.ok(tag)
        return [] if element is None else [path_of(href.text) for href in element.iter(D + "href")]


def path_of(href):
    return unquote(urlsplit(href.strip()).path) if href else href


def status_code(line):
    return int(line.split()[1]) if line else None


def parse(body):
    try:
        return ET.fromstring(body)
    except ET.ParseError as error:
        raise AssertionError(f"not XML ({error}): {body[:300]!r}") from None


def multistatus(body):
    root = parse(body)
    assert root.tag == D + "multistatus", body[:300]
    return [Response(element) for element in root.findall(D + "response")]


def by_href(body):
    return {response.href: response for response in multistatus(body)}


def sync_token_of(body):
    return parse(body).findtext(D + "sync-token")


def error_names(body):
    """The precondition elements of a DAV:error body, as {namespace}name."""
    root = parse(body)
    assert root.tag == D + "error", body[:300]
    return [child.tag for child in root]


def prop_xml(*tags):
    """<D:prop> with each {ns}name as an empty element."""
    parts = []
    for tag in tags:
        namespace, name = tag[1:].split("}")
        parts.append(f'<x:{name} xmlns:x="{namespace}"/>')
    return "<D:prop>" + "".join(parts) + "</D:prop>"


def propfind(server, path, *tags, depth="0", auth=AMAL):
    body = f'<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:">{prop_xml(*tags)}</D:propfind>'
    return request(server, "PROPFIND", path, body, {**XML, "Depth": depth}, auth)


def report(server, path, body, depth="1", auth=AMAL):
    # http.client would send a str body as Latin-1; the XML says UTF-8.
    data = body.encode("utf-8") if isinstance(body, str) else body
    return request(server, "REPORT", path, data, {**XML, "Depth": depth}, auth)


def put(server, path, data, headers=None, auth=AMAL):
    return request(server, "PUT", path, data, {**VCARD, **(headers or {})}, auth)


def mkcol_book(server, path, displayname=None, description=None, auth=AMAL):
    props = '<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>'
    if displayname is not None:
        props += f"<D:displayname>{displayname}</D:displayname>"
    if description is not None:
        props += f"<C:addressbook-description>{description}</C:addressbook-description>"
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            f"<D:set><D:prop>{props}</D:prop></D:set></D:mkcol>")
    return request(server, "MKCOL", path, body, XML, auth)


def multiget(server, book, hrefs, address_data="<C:address-data/>", auth=AMAL):
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            f"<D:prop><D:getetag/>{address_data}</D:prop>"
            + "".join(f"<D:href>{href}</D:href>" for href in hrefs)
            + "</C:addressbook-multiget>")
    return report(server, book, body, auth=auth)


def query(server, book, filter_xml, address_data="", limit=None, test=None):
    limit_xml = f"<C:limit><C:nresults>{limit}</C:nresults></C:limit>" if limit else ""
    test_attribute = f' test="{test}"' if test else ""
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            f"<D:prop><D:getetag/>{address_data}</D:prop>"
            f"<C:filter{test_attribute}>{filter_xml}</C:filter>{limit_xml}"
            "</C:addressbook-query>")
    return report(server, book, body)


def sync_collection(server, book, token="", limit=None, props="<D:getetag/>"):
    limit_xml = f"<D:limit><D:nresults>{limit}</D:nresults></D:limit>" if limit else ""
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            f"<D:sync-token>{token}</D:sync-token><D:sync-level>1</D:sync-level>{limit_xml}"
            f"<D:prop>{props}</D:prop></D:sync-collection>")
    return report(server, book, body, depth="0")


def book_state(server, book=BOOK):
    """(sync-token, getctag) of a book: both must move on every change and only then."""
    status, _, body = propfind(server, book, D + "sync-token", CS + "getctag")
    assert status == 207, body
    response = by_href(body)[book]
    state = (response.text(D + "sync-token"), response.text(CS + "getctag"))
    assert all(state), f"{book} has no sync-token or getctag: {body[:500]}"
    return state


def fill(server, book=BOOK, cards=None):
    """PUT each card; returns name -> ETag."""
    etags = {}
    for name, data in (cards or PEOPLE).items():
        status, headers, body = put(server, book + name, data, {"If-None-Match": "*"})
        assert status == 201, (name, status, body)
        etags[name] = headers.get("ETag")
    return etags


def unfolded(text):
    return re.sub(r"\r?\n[ \t]", "", text)


def card_lines(text):
    """The property names of a vCard ("EMAIL;TYPE=work:x" -> "EMAIL"), in order."""
    names = []
    for line in unfolded(text).replace("\r\n", "\n").split("\n"):
        if line:
            name = re.split(r"[;:]", line, maxsplit=1)[0].upper()
            names.append(name.split(".", 1)[-1])  # item1.EMAIL -> EMAIL
    return names


def address_data(response):
    text = response.text(C + "address-data")
    assert text is not None, f"no address-data for {response.href}"
    return text


# ---------------------------------------------------------------- discovery


def test_discovery_from_the_well_known_address_to_the_default_book(server):
    for method in ("GET", "PROPFIND"):
        status, headers, _ = request(server, method, "/.well-known/carddav", None, {"Depth": "0"}, auth=NOBODY)
        assert 300 <= status < 400, (method, status)
        assert urlsplit(headers.get("Location", "")).path == "/dav/", (method, headers)

    status, headers, _ = request(server, "PROPFIND", "/dav/", None, {"Depth": "0"}, auth=NOBODY)
    assert status == 401 and headers.get("WWW-Authenticate", "").lower().startswith("basic")

    status, _, body = propfind(server, "/", D + "current-user-principal")
    assert status == 207
    assert by_href(body)["/"].hrefs(D + "current-user-principal") == ["/dav/principals/amal/"]

    status, _, body = propfind(server, "/dav/principals/amal/", C + "addressbook-home-set",
                               D + "current-user-principal", D + "displayname")
    assert status == 207
    principal = by_href(body)["/dav/principals/amal/"]
    assert principal.hrefs(C + "addressbook-home-set") == [HOME]
    assert principal.hrefs(D + "current-user-principal") == ["/dav/principals/amal/"]

    status, _, body = propfind(server, HOME, D + "resourcetype", D + "displayname", D + "current-user-principal",
                               depth="1")
    assert status == 207
    responses = by_href(body)
    assert set(responses) == {HOME, BOOK}, "a new user has exactly one address book"
    assert responses[HOME].hrefs(D + "current-user-principal") == ["/dav/principals/amal/"]
    home_type = responses[HOME].ok(D + "resourcetype")
    assert home_type.find(D + "collection") is not None and home_type.find(C + "addressbook") is None
    book_type = responses[BOOK].ok(D + "resourcetype")
    assert book_type.find(D + "collection") is not None and book_type.find(C + "addressbook") is not None
    assert responses[BOOK].text(D + "displayname") == "Contacts"
    assert responses[BOOK].hrefs(D + "current-user-principal") == ["/dav/principals/amal/"]

    # omar got his own default book when he was created.
    status, _, body = propfind(server, "/dav/addressbooks/omar/contacts/", D + "displayname", auth=OMAR)
    assert status == 207 and by_href(body)["/dav/addressbooks/omar/contacts/"].text(D + "displayname") == "Contacts"


def test_book_properties_clients_check_before_syncing(server):
    status, headers, _ = request(server, "OPTIONS", BOOK)
    assert status in (200, 204)
    assert "addressbook" in [part.strip() for part in headers.get("DAV", "").split(",")], headers

    status, _, body = propfind(server, BOOK, C + "supported-address-data", C + "max-resource-size",
                               D + "supported-report-set", D + "sync-token", CS + "getctag")
    assert status == 207
    book = by_href(body)[BOOK]
    types = {(item.get("content-type"), item.get("version"))
             for item in book.ok(C + "supported-address-data").iter(C + "address-data-type")}
    assert {("text/vcard", "3.0"), ("text/vcard", "4.0")} <= types, types
    assert int(book.text(C + "max-resource-size")) > 0
    reports = {child.tag for report_element in book.ok(D + "supported-report-set").iter(D + "report")
               for child in report_element}
    assert {C + "addressbook-query", C + "addressbook-multiget", D + "sync-collection"} <= reports, reports
    assert book.text(D + "sync-token") and book.text(CS + "getctag")


# ---------------------------------------------------------------- address books


def test_extended_mkcol_proppatch_and_delete_of_a_book(server):
    work = HOME + "work/"
    status, _, body = mkcol_book(server, work, "Work", "Colleagues and clients")
    assert status == 201, body
    assert mkcol_book(server, work)[0] == 405, "MKCOL on an existing book"

    status, _, body = propfind(server, work, D + "resourcetype", D + "displayname", C + "addressbook-description")
    book = by_href(body)[work]
    assert book.ok(D + "resourcetype").find(C + "addressbook") is not None
    assert book.text(D + "displayname") == "Work"
    assert book.text(C + "addressbook-description") == "Colleagues and clients"
    status, _, body = propfind(server, HOME, D + "resourcetype", depth="1")
    assert set(by_href(body)) == {HOME, BOOK, work}

    # An address book inside an address book is refused.
    status, _, body = mkcol_book(server, work + "nested/", "Nested")
    assert status in (403, 409), status
    assert C + "addressbook-collection-location-ok" in error_names(body)
    assert propfind(server, work + "nested/", D + "resourcetype")[0] == 404

    proppatch = ('<?xml version="1.0" encoding="utf-8"?>'
                 '<D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav" xmlns:T="urn:jadwal-test:dead">'
                 "<D:set><D:prop><D:displayname>Work (2027)</D:displayname>"
                 "<C:addressbook-description>Only clients</C:addressbook-description>"
                 "<T:shelf>top</T:shelf></D:prop></D:set></D:propertyupdate>")
    status, _, body = request(server, "PROPPATCH", work, proppatch, XML)
    assert status == 207
    patched = by_href(body)[work]
    assert {code for code, _ in patched.props.values()} == {200}, body
    status, _, body = propfind(server, work, D + "displayname", C + "addressbook-description",
                               "{urn:jadwal-test:dead}shelf")
    book = by_href(body)[work]
    assert book.text(D + "displayname") == "Work (2027)"
    assert book.text(C + "addressbook-description") == "Only clients"
    assert book.text("{urn:jadwal-test:dead}shelf") == "top"

    remove = ('<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:T="urn:jadwal-test:dead">'
              "<D:remove><D:prop><T:shelf/></D:prop></D:remove></D:propertyupdate>")
    assert request(server, "PROPPATCH", work, remove, XML)[0] == 207
    status, _, body = propfind(server, work, "{urn:jadwal-test:dead}shelf")
    assert by_href(body)[work].ok("{urn:jadwal-test:dead}shelf") is None

    fill(server, work, {"layla.vcf": LAYLA})
    status, _, _ = request(server, "DELETE", work)
    assert status in (200, 204)
    assert propfind(server, work, D + "resourcetype")[0] == 404
    assert request(server, "GET", work + "layla.vcf")[0] == 404
    status, _, body = propfind(server, HOME, D + "resourcetype", depth="1")
    assert set(by_href(body)) == {HOME, BOOK}
    # The name can be used again, empty.
    assert mkcol_book(server, work, "Work")[0] == 201
    status, _, body = propfind(server, work, D + "getetag", depth="1")
    assert set(by_href(body)) == {work}


def test_get_of_a_book_returns_every_card_as_one_file(server):
    fill(server)
    status, headers, body = request(server, "GET", BOOK)
    assert status == 200
    assert headers.get("Content-Type", "").lower().startswith("text/vcard"), headers
    text = body.decode()
    assert text.count("BEGIN:VCARD") == 4 and text.count("END:VCARD") == 4
    for uid in ("layla-1", "zoe-2", "sami-3", "nadia-4"):
        assert f"UID:{uid}" in text


# ---------------------------------------------------------------- cards and ETags


def test_put_get_head_delete_with_strong_etags(server):
    before = book_state(server)
    status, headers, _ = put(server, BOOK + "layla.vcf", LAYLA, {"If-None-Match": "*"})
    assert status == 201
    etag = headers.get("ETag", "")
    assert etag.startswith('"') and etag.endswith('"'), f"a strong ETag, not {etag!r}"
    after_create = book_state(server)
    assert after_create[0] != before[0] and after_create[1] != before[1]

    status, headers, body = request(server, "GET", BOOK + "layla.vcf")
    assert status == 200 and body == LAYLA, "GET answers the stored bytes"
    assert headers.get("Content-Type", "").lower().startswith("text/vcard")
    assert headers.get("ETag") == etag
    status, headers, body = request(server, "HEAD", BOOK + "layla.vcf")
    assert status == 200 and body == b"" and headers.get("ETag") == etag
    status, _, body = propfind(server, BOOK + "layla.vcf", D + "getetag", D + "getcontenttype")
    response = by_href(body)[BOOK + "layla.vcf"]
    assert response.text(D + "getetag") == etag
    assert response.text(D + "getcontenttype").lower().startswith("text/vcard")

    # Creating again over it, or updating with a stale ETag: 412, nothing changes.
    edited = LAYLA.replace(b"Prefers morning calls", b"Prefers evening calls")
    assert put(server, BOOK + "layla.vcf", edited, {"If-None-Match": "*"})[0] == 412
    assert put(server, BOOK + "layla.vcf", edited, {"If-Match": '"not-the-etag"'})[0] == 412
    assert put(server, BOOK + "nobody.vcf", SAMI, {"If-Match": etag})[0] == 412
    assert request(server, "GET", BOOK + "nobody.vcf")[0] == 404
    assert request(server, "GET", BOOK + "layla.vcf")[2] == LAYLA
    assert book_state(server) == after_create

    status, headers, _ = put(server, BOOK + "layla.vcf", edited, {"If-Match": etag})
    assert status == 204
    new_etag = headers.get("ETag", "")
    assert new_etag.startswith('"') and new_etag != etag
    assert request(server, "GET", BOOK + "layla.vcf")[2] == edited
    after_update = book_state(server)
    assert after_update[0] != after_create[0] and after_update[1] != after_create[1]

    assert request(server, "DELETE", BOOK + "layla.vcf", None, {"If-Match": etag})[0] == 412
    assert request(server, "GET", BOOK + "layla.vcf")[0] == 200
    status, _, _ = request(server, "DELETE", BOOK + "layla.vcf", None, {"If-Match": new_etag})
    assert status in (200, 204)
    assert request(server, "GET", BOOK + "layla.vcf")[0] == 404
    assert request(server, "DELETE", BOOK + "layla.vcf")[0] == 404
    assert book_state(server)[0] != after_update[0]


def test_get_converts_a_vcard3_card_to_vcard4_on_request(server):
    fill(server, cards={"layla.vcf": LAYLA})
    status, headers, body = request(server, "GET", BOOK + "layla.vcf", None, {"Accept": "text/vcard; version=4.0"})
    assert status == 200
    text = unfolded(body.decode())
    assert "VERSION:4.0" in text and "VERSION:3.0" not in text
    assert "UID:layla-1" in text and "FN:Layla Haddad" in text and "layla@bakery.example" in text
    # Without a version asked for, the stored bytes.
    assert request(server, "GET", BOOK + "layla.vcf")[2] == LAYLA


def test_copy_and_move_between_books(server):
    work = HOME + "work/"
    assert mkcol_book(server, work, "Work")[0] == 201
    fill(server, cards={"layla.vcf": LAYLA, "sami.vcf": SAMI})

    def destination(path):
        return {"Destination": server.url + path}

    status, _, _ = request(server, "COPY", BOOK + "layla.vcf", None, destination(work + "layla.vcf"))
    assert status == 201
    assert request(server, "GET", work + "layla.vcf")[2] == LAYLA
    assert request(server, "GET", BOOK + "layla.vcf")[2] == LAYLA

    work_state = book_state(server, work)
    status, _, _ = request(server, "COPY", BOOK + "layla.vcf", None,
                           {**destination(work + "layla.vcf"), "Overwrite": "F"})
    assert status == 412
    assert book_state(server, work) == work_state
    status, _, _ = request(server, "COPY", BOOK + "layla.vcf", None,
                           {**destination(work + "layla.vcf"), "Overwrite": "T"})
    assert status == 204

    # A copy under another name in the same book would hold the UID twice.
    contacts_state = book_state(server)
    status, _, body = request(server, "COPY", BOOK + "layla.vcf", None, destination(BOOK + "layla-again.vcf"))
    assert status in (403, 409), status
    assert C + "no-uid-conflict" in error_names(body)
    assert request(server, "GET", BOOK + "layla-again.vcf")[0] == 404
    assert book_state(server) == contacts_state

    status, _, _ = request(server, "MOVE", BOOK + "sami.vcf", None, destination(work + "sami.vcf"))
    assert status == 201
    assert request(server, "GET", BOOK + "sami.vcf")[0] == 404
    assert request(server, "GET", work + "sami.vcf")[2] == SAMI
    status, _, body = propfind(server, work, D + "getetag", depth="1")
    assert set(by_href(body)) == {work, work + "layla.vcf", work + "sami.vcf"}
    status, _, body = propfind(server, BOOK, D + "getetag", depth="1")
    assert set(by_href(body)) == {BOOK, BOOK + "layla.vcf"}


# ---------------------------------------------------------------- preconditions


def refused(server, path, data, content_type="text/vcard; charset=utf-8", statuses=(403, 409), old=None):
    """PUT that must fail with a DAV:error and change nothing; returns the error's elements."""
    before = book_state(server)
    status, _, body = request(server, "PUT", path, data, {"Content-Type": content_type})
    assert status in statuses, (status, body[:300])
    names = error_names(body)
    assert book_state(server) == before, "a refused write moved the sync-token or getctag"
    status, _, stored = request(server, "GET", path)
    if old is None:
        assert status == 404
    else:
        assert status == 200 and stored == old
    return names, body


def test_invalid_cards_and_other_types_are_refused(server):
    event = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Jadwal tests//EN\r\nBEGIN:VEVENT\r\nUID:e-1\r\n"
             b"DTSTAMP:20260101T000000Z\r\nDTSTART:20260105T093000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    names, _ = refused(server, BOOK + "event.vcf", event, "text/calendar", statuses=(403, 409, 415))
    assert C + "supported-address-data" in names

    fill(server, cards={"layla.vcf": LAYLA})
    bad = {
        "truncated": LAYLA[: len(LAYLA) // 2],
        "no END:VCARD": LAYLA.replace(b"END:VCARD\r\n", b""),
        "no FN in 3.0": card("no-fn-3", None, "EMAIL:x@example.org"),
        "no FN in 4.0": card("no-fn-4", None, "EMAIL:x@example.org", version="4.0"),
        "garbage": b"hello, this is not a card\r\n",
        "calendar data as a card": b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n",
        # vCard is UTF-8 (RFC 6350 §3.1); Latin-1 bytes with no CHARSET are not a card.
        "Latin-1 bytes": b"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:latin-1\r\nFN:Jos\xe9 Nu\xf1ez\r\nN:Nu\xf1ez;Jos\xe9;;;\r\nEND:VCARD\r\n",
    }
    for why, data in bad.items():
        names, _ = refused(server, BOOK + "bad.vcf", data)
        assert C + "valid-address-data" in names, why
        # The same bytes over an existing card leave the card as it was.
        names, _ = refused(server, BOOK + "layla.vcf", data, old=LAYLA)
        assert C + "valid-address-data" in names, why


def test_a_second_card_with_the_same_uid_is_refused(server):
    fill(server, cards={"layla.vcf": LAYLA})
    twin = LAYLA.replace(b"Prefers morning calls", b"Another copy")
    names, body = refused(server, BOOK + "layla-copy.vcf", twin)
    assert C + "no-uid-conflict" in names
    conflict = parse(body).find(C + "no-uid-conflict")
    assert [path_of(href.text) for href in conflict.iter(D + "href")] == [BOOK + "layla.vcf"]
    # The same UID in another book is fine.
    assert mkcol_book(server, HOME + "work/", "Work")[0] == 201
    assert put(server, HOME + "work/layla-copy.vcf", twin)[0] == 201


def test_a_card_over_max_resource_size_is_refused(server):
    status, _, body = propfind(server, BOOK, C + "max-resource-size")
    assert status == 207, body
    limit = int(by_href(body)[BOOK].text(C + "max-resource-size"))
    note = "NOTE:" + "x" * 70
    lines = [note] * (limit // 72 + 2)
    big = card("big-1", "Big Card", *lines)
    assert len(big) > limit
    names, _ = refused(server, BOOK + "big.vcf", big, statuses=(403, 409, 413))
    assert C + "max-resource-size" in names


# ---------------------------------------------------------------- reports


def test_addressbook_query_filters_and_limit(server):
    fill(server)
    people = {"layla.vcf", "zoe.vcf", "sami.vcf", "nadia.vcf"}

    def found(filter_xml, test=None):
        status, _, body = query(server, BOOK, filter_xml, test=test)
        assert status == 207, (filter_xml, body)
        responses = multistatus(body)
        assert all(response.ok(D + "getetag") is not None for response in responses), body
        names = {response.href.rsplit("/", 1)[1] for response in responses}
        assert names <= people, body
        return names

    def text_match(value, match_type=None, collation=None, negate=False):
        attributes = ""
        if match_type:
            attributes += f' match-type="{match_type}"'
        if collation:
            attributes += f' collation="{collation}"'
        if negate:
            attributes += ' negate-condition="yes"'
        return f"<C:text-match{attributes}>{value}</C:text-match>"

    def prop(name, *inner, test=None):
        test_attribute = f' test="{test}"' if test else ""
        return f'<C:prop-filter name="{name}"{test_attribute}>{"".join(inner)}</C:prop-filter>'

    cases = [
        # contains is the default match type, i;unicode-casemap the default collation
        (prop("FN", text_match("haddad")), None, {"layla.vcf", "sami.vcf"}),
        (prop("FN", text_match("sami haddad", "equals", "i;ascii-casemap")), None, {"sami.vcf"}),
        (prop("FN", text_match("sami", "equals")), None, set()),
        (prop("FN", text_match("NAD", "starts-with")), None, {"nadia.vcf"}),
        (prop("FN", text_match("HADDAD", "ends-with")), None, {"layla.vcf", "sami.vcf"}),
        (prop("FN", text_match("ZOË", "starts-with", "i;unicode-casemap")), None, {"zoe.vcf"}),
        (prop("FN", text_match("ŌKUBO", "ends-with")), None, {"zoe.vcf"}),
        # i;ascii-casemap folds ASCII letters only
        (prop("FN", text_match("ZOË", "starts-with", "i;ascii-casemap")), None, set()),
        (prop("FN", text_match("zoë", "starts-with", "i;ascii-casemap")), None, {"zoe.vcf"}),
        (prop("FN", text_match("ZOë", "starts-with", "i;ascii-casemap")), None, {"zoe.vcf"}),
        # negate-condition: cards with an EMAIL that does not contain the text
        (prop("EMAIL", text_match("@example.", negate=True)), None, {"layla.vcf"}),
        (prop("EMAIL", text_match("@example.")), None, {"zoe.vcf", "sami.vcf"}),
        # is-not-defined, and a bare prop-filter (the property exists)
        (prop("TEL", "<C:is-not-defined/>"), None, {"zoe.vcf"}),
        (prop("NICKNAME"), None, {"zoe.vcf"}),
        # the filter's test: anyof (default) or allof
        (prop("NICKNAME") + prop("TEL", text_match("+971")), None, {"zoe.vcf", "nadia.vcf"}),
        (prop("NICKNAME") + prop("TEL", text_match("+971")), "anyof", {"zoe.vcf", "nadia.vcf"}),
        (prop("FN", text_match("haddad")) + prop("TEL"), "allof", {"layla.vcf", "sami.vcf"}),
        (prop("FN", text_match("haddad")) + prop("EMAIL", text_match("bakery")), "allof", {"layla.vcf"}),
        # a prop-filter's own test over its text-matches
        (prop("FN", text_match("sami"), text_match("nadia")), None, {"sami.vcf", "nadia.vcf"}),
        (prop("FN", text_match("sami"), text_match("nadia"), test="allof"), None, set()),
        (prop("FN", text_match("sami"), text_match("haddad"), test="allof"), None, {"sami.vcf"}),
        # param-filter
        (prop("EMAIL", '<C:param-filter name="TYPE">' + text_match("home", "equals") + "</C:param-filter>"),
         None, {"zoe.vcf", "sami.vcf"}),
        (prop("TEL", '<C:param-filter name="TYPE">' + text_match("WORK", "equals") + "</C:param-filter>"),
         None, {"nadia.vcf"}),
        (prop("EMAIL", '<C:param-filter name="PREF"><C:is-not-defined/></C:param-filter>'),
         None, {"layla.vcf", "zoe.vcf", "sami.vcf"}),
    ]
    for filter_xml, test, expected in cases:
        assert found(filter_xml, test) == expected, (filter_xml, test)

    # CARD:limit: two of the four, and a 507 for the book itself.
    status, _, body = query(server, BOOK, '<C:prop-filter name="FN"/>', limit=2)
    assert status == 207
    responses = multistatus(body)
    cards = [response for response in responses if response.href != BOOK]
    assert len(cards) == 2
    assert [response.status for response in responses if response.href == BOOK] == [507], body


def test_multiget_and_query_address_data_whole_partial_and_converted(server):
    etags = fill(server)
    # Only EMAIL, plus what every card needs.
    status, _, body = query(server, BOOK, '<C:prop-filter name="UID"/>',
                            '<C:address-data><C:prop name="EMAIL"/></C:address-data>')
    assert status == 207
    responses = by_href(body)
    assert set(responses) == {BOOK + name for name in PEOPLE}
    layla = card_lines(address_data(responses[BOOK + "layla.vcf"]))
    assert set(layla) - {"N"} == {"BEGIN", "VERSION", "UID", "FN", "EMAIL", "END"}, layla  # N: required in 3.0
    assert "EMAIL" not in card_lines(address_data(responses[BOOK + "nadia.vcf"]))
    assert "layla@bakery.example" in address_data(responses[BOOK + "layla.vcf"])

    # The same through multiget.
    status, _, body = multiget(server, BOOK, [BOOK + "sami.vcf"],
                               '<C:address-data><C:prop name="TEL"/></C:address-data>')
    sami = card_lines(address_data(by_href(body)[BOOK + "sami.vcf"]))
    assert set(sami) - {"N"} == {"BEGIN", "VERSION", "UID", "FN", "TEL", "END"}, sami

    # A vCard 3.0 card asked for as 4.0, and a 4.0 card as it is.
    status, _, body = multiget(server, BOOK, [BOOK + "layla.vcf", BOOK + "zoe.vcf"],
                               '<C:address-data content-type="text/vcard" version="4.0"/>')
    assert status == 207
    responses = by_href(body)
    layla = unfolded(address_data(responses[BOOK + "layla.vcf"]))
    assert "VERSION:4.0" in layla and "VERSION:3.0" not in layla
    assert "UID:layla-1" in layla and "FN:Layla Haddad" in layla
    zoe = unfolded(address_data(responses[BOOK + "zoe.vcf"]))
    assert "VERSION:4.0" in zoe and "FN:Zoë Ōkubo" in zoe

    # Whole cards, and a 404 inside the 207 for a name that does not exist.
    status, _, body = multiget(server, BOOK, [BOOK + "layla.vcf", BOOK + "nobody.vcf", BOOK + "zoe.vcf"])
    assert status == 207
    responses = by_href(body)
    assert responses[BOOK + "nobody.vcf"].status == 404
    assert responses[BOOK + "layla.vcf"].text(D + "getetag") == etags["layla.vcf"]
    assert address_data(responses[BOOK + "layla.vcf"]).replace("\r\n", "\n") == LAYLA.decode().replace("\r\n", "\n")
    assert "FN:Zoë Ōkubo" in address_data(responses[BOOK + "zoe.vcf"])


# ---------------------------------------------------------------- sync-collection


def test_sync_collection_initial_and_delta(server):
    etags = fill(server)
    status, _, body = sync_collection(server, BOOK)
    assert status == 207
    first = by_href(body)
    assert set(first) == {BOOK + name for name in PEOPLE}
    assert {href: response.text(D + "getetag") for href, response in first.items()} == \
        {BOOK + name: etag for name, etag in etags.items()}
    token = sync_token_of(body)
    assert token and (":" in token or "/" in token), f"a URI sync token, not {token!r}"
    assert token == book_state(server)[0]

    # Nothing changed: nothing reported, same token.
    status, _, body = sync_collection(server, BOOK, token)
    assert status == 207 and multistatus(body) == [] and sync_token_of(body) == token

    new = card("omar-5", "Omar Saleh", "EMAIL:omar@example.org")
    assert put(server, BOOK + "omar.vcf", new, {"If-None-Match": "*"})[0] == 201
    edited = ZOE.replace(b"NICKNAME:Foxy", b"NICKNAME:Kitsune")
    assert put(server, BOOK + "zoe.vcf", edited, {"If-Match": etags["zoe.vcf"]})[0] == 204
    assert request(server, "DELETE", BOOK + "sami.vcf")[0] in (200, 204)

    status, _, body = sync_collection(server, BOOK, token, props="<D:getetag/><C:address-data/>")
    assert status == 207
    delta = by_href(body)
    assert set(delta) == {BOOK + "omar.vcf", BOOK + "zoe.vcf", BOOK + "sami.vcf"}
    assert delta[BOOK + "sami.vcf"].status == 404 and not delta[BOOK + "sami.vcf"].props
    assert "NICKNAME:Kitsune" in address_data(delta[BOOK + "zoe.vcf"])
    assert "FN:Omar Saleh" in address_data(delta[BOOK + "omar.vcf"])
    assert sync_token_of(body) not in (None, token)

    # A token the server never gave out.
    status, _, body = sync_collection(server, BOOK, "http://example.org/ns/sync/not-a-token")
    assert status == 403 and D + "valid-sync-token" in error_names(body)


def test_sync_collection_limit_truncates_and_continues(server):
    fill(server)
    seen, token = set(), ""
    for _ in range(10):
        status, _, body = sync_collection(server, BOOK, token, limit=1)
        assert status == 207
        responses = multistatus(body)
        truncated = [response for response in responses if response.href == BOOK]
        cards = [response for response in responses if response.href != BOOK]
        assert len(cards) <= 1, body
        seen |= {response.href for response in cards}
        token = sync_token_of(body)
        if not truncated:
            break
        assert truncated[0].status == 507, body
    else:
        raise AssertionError("sync-collection with a limit never finished")
    assert seen == {BOOK + name for name in PEOPLE}
    assert token == book_state(server)[0]


# ---------------------------------------------------------------- users


def test_another_users_books_do_not_exist_for_them(server):
    fill(server, cards={"layla.vcf": LAYLA})
    state = book_state(server)
    omar_book = "/dav/addressbooks/omar/contacts/"
    assert put(server, omar_book + "sami.vcf", SAMI, auth=OMAR)[0] == 201

    def to(path):
        return {"Destination": server.url + path}

    attempts = [
        ("PROPFIND home", lambda: propfind(server, HOME, D + "resourcetype", depth="1", auth=OMAR)),
        ("PROPFIND book", lambda: propfind(server, BOOK, D + "displayname", auth=OMAR)),
        ("PROPFIND card", lambda: propfind(server, BOOK + "layla.vcf", D + "getetag", auth=OMAR)),
        ("GET book", lambda: request(server, "GET", BOOK, auth=OMAR)),
        ("GET card", lambda: request(server, "GET", BOOK + "layla.vcf", auth=OMAR)),
        ("HEAD card", lambda: request(server, "HEAD", BOOK + "layla.vcf", auth=OMAR)),
        ("PUT new card", lambda: put(server, BOOK + "omar.vcf", NADIA, auth=OMAR)),
        ("PUT over card", lambda: put(server, BOOK + "layla.vcf", SAMI, auth=OMAR)),
        ("DELETE card", lambda: request(server, "DELETE", BOOK + "layla.vcf", auth=OMAR)),
        ("DELETE book", lambda: request(server, "DELETE", BOOK, auth=OMAR)),
        ("REPORT multiget", lambda: multiget(server, BOOK, [BOOK + "layla.vcf"], auth=OMAR)),
        ("REPORT sync", lambda: report(server, BOOK, '<D:sync-collection xmlns:D="DAV:"><D:sync-token/>'
                                       "<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop>"
                                       "</D:sync-collection>", depth="0", auth=OMAR)),
        ("PROPPATCH book", lambda: request(server, "PROPPATCH", BOOK,
                                           '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>'
                                           "<D:displayname>Mine</D:displayname></D:prop></D:set></D:propertyupdate>",
                                           XML, OMAR)),
        ("MKCOL book", lambda: mkcol_book(server, HOME + "omars/", "Omar's", auth=OMAR)),
        ("COPY into", lambda: request(server, "COPY", omar_book + "sami.vcf", None,
                                      to(BOOK + "sami.vcf"), OMAR)),
        ("MOVE into", lambda: request(server, "MOVE", omar_book + "sami.vcf", None,
                                      to(BOOK + "sami.vcf"), OMAR)),
        ("COPY out", lambda: request(server, "COPY", BOOK + "layla.vcf", None,
                                     to(omar_book + "layla.vcf"), OMAR)),
        ("MOVE out", lambda: request(server, "MOVE", BOOK + "layla.vcf", None,
                                     to(omar_book + "layla.vcf"), OMAR)),
    ]
    for name, attempt in attempts:
        status, _, body = attempt()
        assert status == 404, (name, status, body[:300])
        assert b"layla-1" not in body, name

    assert book_state(server) == state
    assert request(server, "GET", BOOK + "layla.vcf")[2] == LAYLA
    status, _, body = propfind(server, HOME, D + "displayname", depth="1")
    assert set(by_href(body)) == {HOME, BOOK}
    assert by_href(body)[BOOK].text(D + "displayname") == "Contacts"
    status, _, body = propfind(server, omar_book, D + "getetag", depth="1", auth=OMAR)
    assert set(by_href(body)) == {omar_book, omar_book + "sami.vcf"}, "omar's own card stayed where it was"
    # And the other way round.
    assert request(server, "GET", omar_book + "sami.vcf")[0] == 404
    assert propfind(server, "/dav/addressbooks/omar/", D + "resourcetype", depth="1")[0] == 404


def test_cards_and_books_survive_a_restart(server):
    work = HOME + "work/"
    assert mkcol_book(server, work, "Work", "Colleagues")[0] == 201
    etags = fill(server)
    work_etags = fill(server, work, {"nadia.vcf": NADIA})
    token = book_state(server)[0]
    server.restart()
    for name, data in PEOPLE.items():
        status, headers, body = request(server, "GET", BOOK + name)
        assert status == 200 and body == data and headers.get("ETag") == etags[name], name
    assert request(server, "GET", work + "nadia.vcf")[1].get("ETag") == work_etags["nadia.vcf"]
    status, _, body = propfind(server, work, D + "displayname", C + "addressbook-description")
    assert by_href(body)[work].text(D + "displayname") == "Work"
    assert by_href(body)[work].text(C + "addressbook-description") == "Colleagues"
    # A token from before the restart still works and reports nothing new.
    status, _, body = sync_collection(server, BOOK, token)
    assert status == 207 and multistatus(body) == []
