import Testing
@testable import VCard

/// `VCard.validateForStorage`: the check before a PUT is stored (RFC 6352 §5.1).
struct StorageValidationTests {
    static func failure(_ text: String) -> VCardError? {
        do { _ = try VCard.validateForStorage(Array(text.utf8)); return nil } catch { return error }
    }

    @Test("a valid card gives its index fields")
    func valid() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:1\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nNICKNAME:Ada\r\nORG:Engines;Analytical\r\n"
            + "EMAIL:ada@example.com\r\nEMAIL;TYPE=work:a@work.example\r\nTEL:+44 1\r\nEND:VCARD\r\n"
        let fields = try VCard.validateForStorage(Array(text.utf8))
        #expect(fields.uid == "urn:uuid:1")
        #expect(fields.formattedName == "Ada Lovelace")
        #expect(fields.version == .v4_0)
        #expect(fields.name?.familyNames == ["Lovelace"])
        #expect(fields.nicknames == ["Ada"])
        #expect(fields.organization == ["Engines", "Analytical"])
        #expect(fields.emails == ["ada@example.com", "a@work.example"])
        #expect(fields.telephones == ["+44 1"])
        #expect(fields.kind == .individual)
        #expect(fields.card.properties.count == 9)
    }

    @Test("what is refused, and where", arguments: [
        ("", VCardError.Code.invalidStructure, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nUID:b\r\nFN:B\r\nEND:VCARD\r\n", .invalidStructure, 6),
        ("BEGIN:VCARD\r\nVERSION:2.1\r\nUID:a\r\nFN:A\r\nEND:VCARD\r\n", .unsupportedVersion, 2),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n", .missingProperty, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID: \r\nFN:A\r\nEND:VCARD\r\n", .missingProperty, 3),
        ("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:a\r\nEND:VCARD\r\n", .missingProperty, 1),
        ("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:a\r\nFN:A\r\n", .unbalancedCards, 1),
    ])
    func refused(_ text: String, _ code: VCardError.Code, _ line: Int) throws {
        let error = try #require(Self.failure(text))
        #expect(error.code == code)
        #expect(error.line == line)
    }

    @Test("a converted 2.1 card is accepted")
    func convertedLegacy() throws {
        let card = try VCardParser().parseCard("BEGIN:VCARD\r\nVERSION:2.1\r\nUID:a\r\nN:Doe;Jo\r\nEND:VCARD\r\n")
        let fields = try card.converted(to: .v3_0).storageFields()
        #expect(fields.formattedName == "Jo Doe")
    }
}
