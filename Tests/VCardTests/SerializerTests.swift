import Foundation
import Testing
@testable import VCard

/// Exact bytes, folding, quoting and round trips.
struct SerializerTests {
    @Test("exact bytes of a small card")
    func exactBytes() {
        let card = VCard(properties: [
            VCardProperty(name: "VERSION", value: "4.0"),
            VCardProperty(name: "FN", text: "Doe, Jane; \"JD\"\nline"),
            VCardProperty(group: "item1", name: "EMAIL", parameters: [VCardParameter(name: "TYPE", values: ["work", "pref"])], value: "j@example.com"),
            VCardProperty(name: "N", components: [["Doe"], ["Jane"], [], ["Dr.", "Prof."], []]),
            VCardProperty(name: "TEL", parameters: [VCardParameter(bare: "WORK")], value: "1"),
            VCardProperty(name: "ADR", parameters: [VCardParameter(name: "LABEL", value: "a:b;c \"q\"")], value: ";;;;;;"),
        ])
        let expected = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Doe\\, Jane\\; \"JD\"\\nline\r\nitem1.EMAIL;TYPE=work,pref:j@example.com\r\n"
            + "N:Doe;Jane;;Dr.,Prof.;\r\nTEL;WORK:1\r\nADR;LABEL=\"a:b;c ^'q^'\":;;;;;;\r\nEND:VCARD\r\n"
        #expect(VCardSerializer().string(card) == expected)
    }

    @Test("lines fold at 75 octets without splitting a UTF-8 character", arguments: ["a", "é", "ع", "🦊", "a🦊é"])
    func foldingOnBoundaries(_ unit: String) throws {
        for count in [10, 37, 38, 74, 75, 76, 200] {
            let text = String(repeating: unit, count: count)
            let card = VCard(properties: [VCardProperty(name: "VERSION", value: "4.0"), VCardProperty(name: "NOTE", text: text)])
            let bytes = VCardSerializer().serialize(card)
            var lines: [[UInt8]] = [[]]
            for (index, byte) in bytes.enumerated() {
                if byte == 0x0A, index > 0, bytes[index - 1] == 0x0D { lines.append([]) } else { lines[lines.count - 1].append(byte) }
            }
            for line in lines {
                let content = line.last == 0x0D ? Array(line.dropLast()) : line
                #expect(content.count <= 75)
                #expect(String(validating: content, as: UTF8.self) != nil)
            }
            let reparsed = try VCardParser().parseCard(bytes)
            #expect(reparsed.notes == [text])
            #expect(VCardSerializer().serialize(reparsed) == bytes)
        }
    }

    @Test("the first folded line has 75 octets, the next a space and 74")
    func foldPositions() {
        let card = VCard(properties: [VCardProperty(name: "NOTE", value: String(repeating: "x", count: 200))])
        let text = VCardSerializer().string(card)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[1].utf8.count == 75)
        #expect(lines[2].utf8.count == 75 && lines[2].hasPrefix(" "))
        #expect(lines[3] == " " + String(repeating: "x", count: 200 - 70 - 74))
    }

    @Test("quoted-printable values are continued with soft line breaks")
    func quotedPrintableSoftBreaks() throws {
        let encoded = QuotedPrintable.encode(Array(String(repeating: "Grüße ", count: 20).utf8))
        let card = VCard(properties: [
            VCardProperty(name: "VERSION", value: "2.1"),
            VCardProperty(name: "NOTE", parameters: [VCardParameter(name: "ENCODING", value: "QUOTED-PRINTABLE"), VCardParameter(name: "CHARSET", value: "UTF-8")], value: encoded),
        ])
        let text = VCardSerializer().string(card)
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75)
            #expect(!line.hasPrefix(" "))
        }
        #expect(text.contains("=\r\n"))
        let reparsed = try VCardParser().parseCard(text)
        #expect(reparsed == card)
        #expect(reparsed.notes == [String(repeating: "Grüße ", count: 20)])
    }

    @Test("a 2.1 base64 value is followed by an empty line")
    func legacyBase64() throws {
        let card = VCard(properties: [
            VCardProperty(name: "VERSION", value: "2.1"),
            VCardProperty(name: "PHOTO", parameters: [VCardParameter(name: "ENCODING", value: "BASE64"), VCardParameter(bare: "JPEG")], value: "AAECAwQF"),
            VCardProperty(name: "FN", value: "x"),
        ])
        let text = VCardSerializer().string(card)
        #expect(text == "BEGIN:VCARD\r\nVERSION:2.1\r\nPHOTO;ENCODING=BASE64;JPEG:AAECAwQF\r\n\r\nFN:x\r\nEND:VCARD\r\n")
        #expect(try VCardParser().parseCard(text) == card)
    }

    @Test("parameter values are quoted when needed or when they were")
    func quoting() {
        var line: [UInt8] = []
        ParameterValue.append("plain", quoted: false, to: &line)
        ParameterValue.append("a,b", quoted: false, to: &line)
        ParameterValue.append("kept", quoted: true, to: &line)
        ParameterValue.append("say \"hi\"", quoted: false, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "plain\"a,b\"\"kept\"say ^'hi^'")
    }

    @Test("parse and serialize again gives the same bytes for canonical input")
    func idempotent() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nitem1.X-ABLabel;X-Q=\"a;b\":_$!<Other>!$_\r\nTEL;type=CELL;type=pref:+1 555\r\nN:A;B;;;\r\nFN:B A\r\nEND:VCARD\r\n"
        let cards = try VCardParser().parse(text)
        #expect(VCardSerializer().string(cards) == text)
    }
}
