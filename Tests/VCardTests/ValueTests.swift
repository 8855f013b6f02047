import Foundation
import Testing
@testable import VCard

/// Typed values computed from the raw text.
struct ValueTests {
    static func card(_ lines: String, version: String = "3.0") throws -> VCard {
        try VCardParser().parseCard("BEGIN:VCARD\r\nVERSION:\(version)\r\n\(lines)END:VCARD\r\n")
    }

    @Test("N: five components, each a list, escapes resolved")
    func structuredName() throws {
        let name = try #require(try Self.card("N:Doe\\, Jr;John;Philip,Paul;Dr.;\r\n").name)
        #expect(name.familyNames == ["Doe, Jr"])
        #expect(name.givenNames == ["John"])
        #expect(name.additionalNames == ["Philip", "Paul"])
        #expect(name.honorificPrefixes == ["Dr."])
        #expect(name.honorificSuffixes == [])
        #expect(name.displayName == "Dr. John Philip Paul Doe, Jr")
        let short = try #require(try Self.card("N:Solo\r\n").name)
        #expect(short.familyNames == ["Solo"] && short.givenNames.isEmpty)
    }

    @Test("ADR: seven components, types, LABEL with RFC 6868 escapes")
    func address() throws {
        let adr = try #require(try Self.card("ADR;TYPE=work;LABEL=\"1 Main^nCity ^'A^'\":;Suite 2;1 Main\\nBack;City;ST;12345;Land\r\n", version: "4.0").addresses.first)
        #expect(adr.postOfficeBox == [])
        #expect(adr.extendedAddress == ["Suite 2"])
        #expect(adr.street == ["1 Main\nBack"])
        #expect(adr.locality == ["City"] && adr.region == ["ST"] && adr.postalCode == ["12345"] && adr.country == ["Land"])
        #expect(adr.types == ["work"])
        #expect(adr.label == "1 Main\nCity \"A\"")
    }

    @Test("FN, NOTE, ORG, NICKNAME, CATEGORIES")
    func texts() throws {
        let card = try Self.card("FN:A\\, B\r\nNOTE:one\\ntwo\\;\\\\\r\nORG:Acme\\, Inc.;Sales;East\r\nNICKNAME:Al,Bee\r\nCATEGORIES:x,y\\,z\r\n")
        #expect(card.formattedName == "A, B")
        #expect(card.notes == ["one\ntwo;\\"])
        #expect(card.organization == ["Acme, Inc.", "Sales", "East"])
        #expect(card.nicknames == ["Al", "Bee"])
        #expect(card.categories == ["x", "y,z"])
    }

    @Test("EMAIL: address, types (3.0 lists, 2.1 bare), preference")
    func email() throws {
        let card = try Self.card("EMAIL;type=INTERNET;type=pref:a@example.com\r\nEMAIL;TYPE=\"work,home\";PREF=3:b@example.com\r\n")
        #expect(card.emails.map(\.address) == ["a@example.com", "b@example.com"])
        #expect(card.emails[0].types == ["internet", "pref"])
        #expect(card.emails[0].preference == 1)
        #expect(card.emails[1].types == ["work", "home"])
        #expect(card.emails[1].preference == 3)
        let legacy = try Self.card("EMAIL;PREF;INTERNET:c@example.com\r\n", version: "2.1")
        #expect(legacy.emails[0].types == ["pref", "internet"])
    }

    @Test("TEL: text, tel: URI with extension, 2.1 bare types")
    func telephone() throws {
        let card = try Self.card("TEL;TYPE=work;VALUE=uri:tel:+1-555-0100;ext=12\r\nTEL;CELL;VOICE:+1 555 0101\r\n", version: "4.0")
        let uri = card.telephones[0]
        #expect(uri.isURI && uri.number == "+1-555-0100" && uri.phoneExtension == "12")
        #expect(uri.value == "tel:+1-555-0100;ext=12")
        #expect(card.telephones[1].types == ["cell", "voice"])
        #expect(card.telephones[1].number == "+1 555 0101")
    }

    @Test("URL, UID (text and urn:uuid), VERSION, KIND")
    func identifiers() throws {
        let card = try Self.card("URL:http\\://example.com/x\r\nUID:urn:uuid:0d6c3a9e-55b1-4a1f-8f1e-3b7f0c2d4e5f\r\nKIND:Group\r\nMEMBER:urn:uuid:a\r\n", version: "4.0")
        #expect(card.urls == ["http://example.com/x"])
        #expect(card.uid == "urn:uuid:0d6c3a9e-55b1-4a1f-8f1e-3b7f0c2d4e5f")
        #expect(card.version == .v4_0)
        #expect(card.kind == .group)
        #expect(card.members == ["urn:uuid:a"])
        let apple = try Self.card("X-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:b\r\n")
        #expect(apple.kind == .group && apple.members == ["urn:uuid:b"])
        #expect(try Self.card("FN:x\r\n").kind == .individual)
    }

    @Test("dates with and without year, with times and zones", arguments: [
        ("19850415", VCardDate(year: 1985, month: 4, day: 15), "19850415", "1985-04-15"),
        ("1985-04-15", VCardDate(year: 1985, month: 4, day: 15), "19850415", "1985-04-15"),
        ("--0415", VCardDate(month: 4, day: 15), "--0415", "--04-15"),
        ("--04-15", VCardDate(month: 4, day: 15), "--0415", "--04-15"),
        ("---15", VCardDate(day: 15), "---15", "---15"),
        ("1985", VCardDate(year: 1985), "1985", "1985"),
        ("1985-04", VCardDate(year: 1985, month: 4), "1985-04", "1985-04"),
        ("19961022T140000", VCardDate(year: 1996, month: 10, day: 22, hour: 14, minute: 0, second: 0), "19961022T140000", "1996-10-22T14:00:00"),
        ("2024-03-02T09:15:27Z", VCardDate(year: 2024, month: 3, day: 2, hour: 9, minute: 15, second: 27, utcOffset: 0), "20240302T091527Z", "2024-03-02T09:15:27Z"),
        ("19961022T1400-0530", VCardDate(year: 1996, month: 10, day: 22, hour: 14, minute: 0, utcOffset: -19800), "19961022T1400-0530", "1996-10-22T14:00-05:30"),
        ("T102200", VCardDate(hour: 10, minute: 22, second: 0), "T102200", "T10:22:00"),
    ])
    func dates(_ text: String, _ expected: VCardDate, _ basic: String, _ extended: String) throws {
        let parsed = try #require(VCardDate(parsing: text))
        #expect(parsed == expected)
        #expect(parsed.basicFormat == basic)
        #expect(parsed.extendedFormat == extended)
    }

    @Test("not dates", arguments: ["", "abc", "1985-0415", "19851315", "--1340", "1985-04-15T25", "20240101T10:00:00+99", "12345"])
    func notDates(_ text: String) {
        #expect(VCardDate(parsing: text) == nil)
    }

    @Test("BDAY and ANNIVERSARY: dates, text, Apple's omitted year; REV")
    func dateProperties() throws {
        let card = try Self.card("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15\r\nX-ANNIVERSARY:2010-09-05\r\nREV:2024-03-02T09:15:27Z\r\n")
        #expect(card.birthday == .date(VCardDate(month: 4, day: 15)))
        #expect(card.anniversary == .date(VCardDate(year: 2010, month: 9, day: 5)))
        #expect(card.revision?.date?.utcOffset == 0)
        let text = try Self.card("BDAY;VALUE=text:circa 1800\r\nANNIVERSARY:sometime\r\n", version: "4.0")
        #expect(text.birthday == .text("circa 1800"))
        #expect(text.anniversary == .text("sometime"))
    }

    @Test("PHOTO: data: URI (4.0), base64 with TYPE (3.0), URI")
    func photos() throws {
        let v4 = try Self.card("PHOTO:data:image/png;base64,AAECAw==\r\nLOGO;MEDIATYPE=image/gif:data:,hello%20there\r\n", version: "4.0")
        #expect(v4.photo == .embedded(bytes: [0, 1, 2, 3], mediaType: "image/png"))
        #expect(v4.logo == .embedded(bytes: Array("hello there".utf8), mediaType: "image/gif"))
        let v3 = try Self.card("PHOTO;ENCODING=b;TYPE=JPEG:AAEC\r\n AwQ=\r\n")
        #expect(v3.photo == .embedded(bytes: [0, 1, 2, 3, 4], mediaType: "image/jpeg"))
        let uri = try Self.card("PHOTO;VALUE=uri:https://example.com/a.jpg\r\n")
        #expect(uri.photo == .uri("https://example.com/a.jpg"))
        let broken = try Self.card("PHOTO;ENCODING=b;TYPE=JPEG:!!!!\r\n")
        #expect(broken.photo == nil)
    }

    @Test("text escaping round trips")
    func escaping() {
        for text in ["plain", "a,b;c\\d", "line\nbreak", "crlf\r\nx", "trailing\\", "🦊;,"] {
            let escaped = TextEscaping.escape(text)
            #expect(TextEscaping.unescape(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
            #expect(TextEscaping.splitList(escaped).count == 1)
            #expect(TextEscaping.splitComponents(escaped).count == 1)
        }
        #expect(TextEscaping.unescape("a\\:b\\Nc\\") == "a:b\nc\\")
    }

    @Test("quoted-printable decodes and encodes")
    func quotedPrintableCodec() {
        #expect(QuotedPrintable.decode("a=3Db=\r\nc=0D=0A=C3=BC=zz") == Array("a=bc\r\nü=zz".utf8))
        let bytes = Array("Grüße = 1 \r\n".utf8)
        #expect(QuotedPrintable.decode(QuotedPrintable.encode(bytes)) == bytes)
    }

    @Test("RFC 6868 parameter escapes")
    func parameterEscapes() {
        #expect(ParameterEscaping.decode("a^nb^'c^^d^x") == "a\nb\"c^d^x")
        #expect(ParameterEscaping.decode(ParameterEscaping.encode("a\n\"^")) == "a\n\"^")
    }
}
