import Testing
@testable import VCard

/// Content lines, cards, and what vCard 2.1 writers send.
struct ParserTests {
    static func parse(_ text: String) throws -> [VCard] { try VCardParser().parse(text) }

    /// The error parsing `text` gives, or nil when it parses.
    static func failure(_ text: String, limits: VCardParserLimits = .default) -> VCardError? {
        do { _ = try VCardParser(limits: limits).parse(text); return nil } catch { return error }
    }

    static func failure(_ bytes: [UInt8], limits: VCardParserLimits = .default) -> VCardError? {
        do { _ = try VCardParser(limits: limits).parse(bytes); return nil } catch { return error }
    }

    @Test("a plain 3.0 card keeps its properties in order")
    func plain() throws {
        let cards = try Self.parse("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Example\r\nN:Example;Ada;;;\r\nEND:VCARD\r\n")
        #expect(cards.count == 1)
        #expect(cards[0].properties.map(\.name) == ["VERSION", "FN", "N"])
        #expect(cards[0].version == .v3_0)
        #expect(cards[0].line == 1)
        #expect(cards[0].properties[1].line == 3)
    }

    @Test("LF line ends, a byte-order mark and blank lines are accepted")
    func lenientLayout() throws {
        let text = "\u{FEFF}BEGIN:VCARD\nVERSION:4.0\n\nFN:A\nEND:VCARD\n\n"
        let cards = try Self.parse(text)
        #expect(cards.first?.formattedName == "A")
    }

    @Test("folded lines continue with a space or a tab")
    func folding() throws {
        let cards = try Self.parse("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:one\r\n  two\r\n\tthree\r\nFN:x\r\nEND:VCARD\r\n")
        #expect(cards[0]["NOTE"]?.value == "one twothree")
    }

    @Test("names keep their case, groups are read, lookups ignore case")
    func namesAndGroups() throws {
        let card = try VCardParser().parseCard("begin:vcard\r\nversion:3.0\r\nitem1.email;type=INTERNET:a@example.com\r\nitem1.X-ABLabel:Other\r\nfn:A\r\nend:vcard\r\n")
        let email = try #require(card["EMAIL"])
        #expect(email.name == "email")
        #expect(email.group == "item1")
        #expect(card.properties(inGroup: "ITEM1").count == 2)
        #expect(card.version == .v3_0)
    }

    @Test("parameters keep their order, values and quoting")
    func parameters() throws {
        let card = try VCardParser().parseCard("BEGIN:VCARD\r\nVERSION:4.0\r\nADR;TYPE=work,pref;LABEL=\"1 Main St\\n;City:,X\";X-Y=a:;;1 Main St;City;;;\r\nEND:VCARD\r\n")
        let adr = try #require(card["ADR"])
        #expect(adr.parameters.map(\.name) == ["TYPE", "LABEL", "X-Y"])
        #expect(adr.parameters[0].values == ["work", "pref"])
        #expect(adr.parameters[1].values == ["1 Main St\\n;City:,X"])
        #expect(adr.parameters[1].quoted == [true])
        #expect(adr.value == ";;1 Main St;City;;;")
    }

    @Test("2.1 bare parameters are kept and read as types")
    func bareParameters() throws {
        let card = try VCardParser().parseCard("BEGIN:VCARD\r\nVERSION:2.1\r\nTEL;WORK;VOICE:+1 555 0100\r\nEND:VCARD\r\n")
        let tel = try #require(card["TEL"])
        #expect(tel.parameters.map(\.isBare) == [true, true])
        #expect(tel.types == ["work", "voice"])
        #expect(VCardSerializer().string(card).contains("TEL;WORK;VOICE:+1 555 0100\r\n"))
    }

    @Test("several cards in one file")
    func severalCards() throws {
        let one = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        let cards = try Self.parse(one + one + "\r\n" + one)
        #expect(cards.count == 3)
        #expect(cards.map(\.line) == [1, 5, 10])
    }

    @Test("quoted-printable values continue over soft line breaks and decode in their charset")
    func quotedPrintable() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Gr=C3=BC=C3=9Fe=0D=0Azweite Zei=\r\nle=\r\n und mehr\r\nFN;QUOTED-PRINTABLE;CHARSET=ISO-8859-1:J=FCrgen\r\nEND:VCARD\r\n"
        let card = try VCardParser().parseCard(text)
        let note = try #require(card["NOTE"])
        #expect(note.value == "Gr=C3=BC=C3=9Fe=0D=0Azweite Zeile und mehr")
        #expect(note.transferEncoding == .quotedPrintable)
        #expect(note.textValue == "Grüße\r\nzweite Zeile und mehr")
        #expect(card.formattedName == "Jürgen")
    }

    @Test("raw 8-bit values in the charset CHARSET names are decoded")
    func rawCharset() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=Windows-1252:J".utf8) + [0xFC] + Array("rgen\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser().parseCard(bytes)
        #expect(card.formattedName == "Jürgen")
    }

    @Test("2.1 base64 blocks continue over unindented lines until an empty line")
    func base64Block() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nPHOTO;ENCODING=BASE64;JPEG:\r\nAAEC\r\nAwQF\r\n\r\nFN:x\r\nEND:VCARD\r\n"
        let card = try VCardParser().parseCard(text)
        let photo = try #require(card.photo)
        #expect(photo == .embedded(bytes: [0, 1, 2, 3, 4, 5], mediaType: "image/jpeg"))
        #expect(card.properties.map(\.name) == ["VERSION", "PHOTO", "FN"])
    }

    @Test("errors carry the line and column", arguments: [
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\n", VCardError.Code.unbalancedCards, 1, 1),
        ("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n", .missingProperty, 1, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 3),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE\r\nEND:VCARD\r\n", .malformedContentLine, 3, 5),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nit em.FN:A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 3),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\na.b.FN:A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 4),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\n.FN:A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;:A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 4),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;X=\"a:A\r\nEND:VCARD\r\n", .malformedContentLine, 3, 6),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:ä\u{1}\r\nEND:VCARD\r\n", .invalidCharacter, 3, 5),
        ("BEGIN:VCARD\r\nVERSION:5.0\r\nEND:VCARD\r\n", .unsupportedVersion, 2, 9),
        ("FN:A\r\n", .invalidStructure, 1, 1),
        ("END:VCARD\r\n", .unbalancedCards, 1, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nBEGIN:VCARD\r\n", .unbalancedCards, 3, 1),
        ("BEGIN:VCALENDAR\r\n", .invalidStructure, 1, 7),
        (" FN:A\r\n", .malformedContentLine, 1, 1),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\rB\r\nEND:VCARD\r\n", .invalidCharacter, 3, 5),
    ])
    func errors(_ text: String, _ code: VCardError.Code, _ line: Int, _ column: Int) throws {
        let error = try #require(Self.failure(text))
        #expect(error.code == code)
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(!error.reason.isEmpty)
    }

    @Test("a folded line's error points into the continuation")
    func foldedErrorPosition() throws {
        let error = try #require(Self.failure("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE;X=a\r\n b\u{0}:c\r\nEND:VCARD\r\n"))
        #expect(error.code == .invalidCharacter)
        #expect(error.line == 4)
        #expect(error.column == 3)
    }

    @Test("invalid UTF-8 without a charset is an error")
    func invalidUTF8() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:ab".utf8) + [0xFF] + Array("\r\nEND:VCARD\r\n".utf8)
        let error = try #require(Self.failure(bytes))
        #expect(error.code == .invalidEncoding)
        #expect(error.line == 3)
        #expect(error.column == 4)
    }

    @Test("limits: bytes, line length, properties per card, cards")
    func limits() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nNOTE:0123456789\r\nEND:VCARD\r\n"
        let bytes = try #require(Self.failure(card, limits: VCardParserLimits(maxBytes: 20)))
        #expect(bytes.code == .limitExceeded)
        #expect(bytes.line == 2 && bytes.column == 8)
        let line = try #require(Self.failure(card, limits: VCardParserLimits(maxLineLength: 12)))
        #expect(line.code == .limitExceeded && line.line == 4 && line.column == 1)
        let folded = try #require(Self.failure("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:0123\r\n 4567\r\n 89\r\nEND:VCARD\r\n",
                                               limits: VCardParserLimits(maxLineLength: 12)))
        #expect(folded.code == .limitExceeded && folded.line == 3)
        let properties = try #require(Self.failure(card, limits: VCardParserLimits(maxPropertiesPerCard: 2)))
        #expect(properties.code == .limitExceeded && properties.line == 4)
        let cards = try #require(Self.failure(card + card + card, limits: VCardParserLimits(maxCards: 2)))
        #expect(cards.code == .limitExceeded && cards.line == 11)
        #expect(Self.failure(card + card, limits: VCardParserLimits(maxCards: 2)) == nil)
    }

    @Test("parseCard wants exactly one card")
    func exactlyOne() throws {
        let one = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        #expect(throws: VCardError.self) { try VCardParser().parseCard("") }
        do {
            _ = try VCardParser().parseCard(one + one)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidStructure)
            #expect(error.line == 5)
        }
    }

    @Test("the empty input has no cards")
    func empty() throws {
        #expect(try Self.parse("").isEmpty)
        #expect(try Self.parse("\r\n\r\n").isEmpty)
        #expect(try Self.parse("\u{FEFF}").isEmpty)
    }
}
