import Foundation
import Testing
@testable import VCard

/// 3.0 ⇄ 4.0 and 2.1 → 3.0/4.0 (RFC 6350 Appendix A, RFC 6352 §10.4).
struct ConversionTests {
    static func card(_ lines: String, version: String) throws -> VCard {
        try VCardParser().parseCard("BEGIN:VCARD\r\nVERSION:\(version)\r\n\(lines)END:VCARD\r\n")
    }

    static func lines(_ card: VCard) -> [String] {
        VCardSerializer().string(card).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test("a card converted to its own version is unchanged")
    func sameVersion() throws {
        for version in ["2.1", "3.0", "4.0"] {
            let card = try Self.card("FN:A\r\nTEL;WORK:1\r\n", version: version)
            #expect(card.converted(to: card.version!) == card)
        }
    }

    @Test("3.0 → 4.0: PHOTO base64 with TYPE becomes a data: URI, TYPE=pref becomes PREF=1")
    func photoAndPreference() throws {
        let card = try Self.card("FN:A\r\nN:A;;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:AAEC\r\nEMAIL;type=INTERNET;type=pref:a@example.com\r\nTEL;TYPE=pref:1\r\n", version: "3.0")
        let v4 = card.converted(to: .v4_0)
        #expect(Self.lines(v4) == [
            "BEGIN:VCARD", "VERSION:4.0", "FN:A", "N:A;;;;", "PHOTO:data:image/jpeg;base64,AAEC",
            "EMAIL;type=INTERNET;PREF=1:a@example.com", "TEL;PREF=1:1", "END:VCARD",
        ])
        #expect(v4.photo == card.photo)
    }

    @Test("4.0 → 3.0: data: URI becomes base64 with TYPE, PREF=1 becomes TYPE=pref")
    func photoAndPreferenceBack() throws {
        let card = try Self.card("FN:A\r\nPHOTO:data:image/png;base64,AAEC\r\nEMAIL;TYPE=work;PREF=1:a@example.com\r\nLOGO;MEDIATYPE=image/gif:https://example.com/l.gif\r\n", version: "4.0")
        let v3 = card.converted(to: .v3_0)
        #expect(Self.lines(v3) == [
            "BEGIN:VCARD", "VERSION:3.0", "FN:A", "N:;;;;", "PHOTO;ENCODING=b;TYPE=PNG:AAEC",
            "EMAIL;TYPE=work,pref:a@example.com", "LOGO;VALUE=uri;TYPE=GIF:https://example.com/l.gif", "END:VCARD",
        ])
        #expect(v3.photo == card.photo)
    }

    @Test("BDAY: basic form in 4.0, extended in 3.0, Apple's omitted year ⇄ --MMDD")
    func birthdays() throws {
        let apple = try Self.card("FN:A\r\nN:;;;;\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15\r\nX-ANNIVERSARY:2010-09-05\r\nREV:2024-03-02T09:15:27Z\r\n", version: "3.0")
        let v4 = apple.converted(to: .v4_0)
        #expect(v4["BDAY"]?.value == "--0415")
        #expect(v4["BDAY"]?.parameters.isEmpty == true)
        #expect(v4["ANNIVERSARY"]?.value == "20100905")
        #expect(v4["REV"]?.value == "20240302T091527Z")
        let back = v4.converted(to: .v3_0)
        #expect(back["BDAY"]?.value == "1604-04-15")
        #expect(back["BDAY"]?[parameter: "X-APPLE-OMIT-YEAR"] == "1604")
        #expect(back["X-ANNIVERSARY"]?.value == "2010-09-05")
        #expect(back == apple)
        let text = try Self.card("FN:A\r\nBDAY:circa 1800\r\n", version: "3.0").converted(to: .v4_0)
        #expect(text["BDAY"]?[parameter: "VALUE"] == "text")
    }

    @Test("KIND ⇄ X-ADDRESSBOOKSERVER-KIND, MEMBER ⇄ X-ADDRESSBOOKSERVER-MEMBER")
    func groups() throws {
        let apple = try Self.card("N:Club\r\nFN:Club\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:a\r\nUID:g\r\n", version: "3.0")
        let v4 = apple.converted(to: .v4_0)
        #expect(v4["KIND"]?.value == "group")
        #expect(v4.properties(named: "MEMBER").map(\.value) == ["urn:uuid:a"])
        #expect(v4.converted(to: .v3_0) == apple)
        let individual = try Self.card("FN:A\r\nKIND:individual\r\n", version: "4.0").converted(to: .v3_0)
        #expect(individual["KIND"] == nil && individual["X-ADDRESSBOOKSERVER-KIND"] == nil)
    }

    @Test("LABEL property ⇄ ADR LABEL parameter")
    func labels() throws {
        let v3 = try Self.card("FN:A\r\nN:;;;;\r\nADR;TYPE=work:;;1 Main St;City;;;\r\nLABEL;TYPE=work:1 Main St\\nCity\r\n", version: "3.0")
        let v4 = v3.converted(to: .v4_0)
        #expect(v4.properties(named: "LABEL").isEmpty)
        #expect(v4.addresses.first?.label == "1 Main St\nCity")
        #expect(Self.lines(v4).contains("ADR;TYPE=work;LABEL=\"1 Main St^nCity\":;;1 Main St;City;;;"))
        #expect(v4.converted(to: .v3_0) == v3)
        let orphan = try Self.card("FN:A\r\nLABEL;TYPE=home:Somewhere\r\n", version: "3.0").converted(to: .v4_0)
        #expect(orphan.addresses.first?.label == "Somewhere")
        #expect(orphan.addresses.first?.types == ["home"])
    }

    @Test("2.1 → 3.0 and 4.0: quoted-printable and charsets decoded, bare types become TYPE")
    func legacy() throws {
        let text = "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen, M=C3=BCller\r\nN;QUOTED-PRINTABLE;CHARSET=ISO-8859-1:M=FCller;J=FCrgen\r\n"
            + "TEL;WORK;VOICE:+49 1\r\nEMAIL;PREF;INTERNET:j@example.com\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=0D=0Ab\r\n"
            + "PHOTO;ENCODING=BASE64;TYPE=JPEG:\r\n AAEC\r\n\r\nURL;VALUE=URL:http://example.com\r\n"
        let legacy = try Self.card(text, version: "2.1")
        let v3 = legacy.converted(to: .v3_0)
        #expect(Self.lines(v3) == [
            "BEGIN:VCARD", "VERSION:3.0", "FN:Jürgen\\, Müller", "N:Müller;Jürgen", "TEL;TYPE=work,voice:+49 1",
            "EMAIL;TYPE=pref,internet:j@example.com", "NOTE:a\\nb", "PHOTO;ENCODING=b;TYPE=JPEG:AAEC",
            "URL;VALUE=uri:http://example.com", "END:VCARD",
        ])
        #expect(v3.formattedName == legacy.formattedName)
        #expect(v3.notes == ["a\nb"])
        let v4 = legacy.converted(to: .v4_0)
        #expect(v4["TEL"]?.types == ["work", "voice"])
        #expect(v4["EMAIL"]?[parameter: "PREF"] == "1")
        #expect(v4["PHOTO"]?.value == "data:image/jpeg;base64,AAEC")
        #expect(v4.formattedName == "Jürgen, Müller")
        #expect(legacy.converted(to: .v2_1) == legacy)
    }

    @Test("a 2.1 card without FN gets one from N")
    func derivedFormattedName() throws {
        let v3 = try Self.card("N:Novak;Petra;;;\r\n", version: "2.1").converted(to: .v3_0)
        #expect(v3.formattedName == "Petra Novak")
    }

    @Test("tel: URIs become text in 3.0; GEO ⇄ geo: URI")
    func telAndGeo() throws {
        let v4 = try Self.card("FN:A\r\nTEL;VALUE=uri;TYPE=work:tel:+1-555-0100;ext=7\r\nGEO:geo:37.38,-122.08\r\n", version: "4.0")
        let v3 = v4.converted(to: .v3_0)
        #expect(v3["TEL"]?.value == "+1-555-0100 x7")
        #expect(v3["TEL"]?.hasParameter("VALUE") == false)
        #expect(v3["GEO"]?.value == "37.38;-122.08")
        #expect(v3.converted(to: .v4_0)["GEO"]?.value == "geo:37.38,-122.08")
    }

    @Test("unknown and X- properties survive conversion in both directions")
    func unknownSurvive() throws {
        let v3 = try Self.card("FN:A\r\nN:;;;;\r\nitem1.X-ABLabel:_$!<Other>!$_\r\nX-CUSTOM;X-P=\"a;b\":v\\,w\r\n", version: "3.0")
        let round = v3.converted(to: .v4_0).converted(to: .v3_0)
        #expect(round == v3)
    }
}
