import Foundation
import Testing
@testable import ICalendar

struct ParserTests {
    static let sample = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Hi\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test("CRLF, bare LF and a byte-order mark read the same")
    func lineEndings() throws {
        let crlf = try ICalendarParser().parseCalendar(Self.sample)
        let lf = try ICalendarParser().parseCalendar(Self.sample.replacingOccurrences(of: "\r\n", with: "\n"))
        let bom = try ICalendarParser().parseCalendar([0xEF, 0xBB, 0xBF] + Array(Self.sample.utf8))
        #expect(crlf == lf)
        #expect(crlf == bom)
        #expect(crlf.components(named: "VEVENT").first?["SUMMARY"]?.value == "Hi")
    }

    @Test("folded lines are joined, with a space or a tab")
    func unfolding() throws {
        let text = "BEGIN:VCALENDAR\r\nX-A:one\r\n two\r\n\tthree\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        #expect(calendar["X-A"]?.value == "onetwothree")
    }

    @Test("parameters: multiple values, quoting, case of names")
    func parameters() throws {
        let text = "BEGIN:VCALENDAR\r\nattendee;Role=REQ-PARTICIPANT;DELEGATED-FROM=\"mailto:a@x\",\"mailto:b@x\";CN=\"Doe, Jane\":mailto:j@x\r\nEND:VCALENDAR\r\n"
        let property = try #require(try ICalendarParser().parseCalendar(text)["ATTENDEE"])
        #expect(property.parameters.map(\.name) == ["ROLE", "DELEGATED-FROM", "CN"])
        #expect(property.parameters[1].values == ["mailto:a@x", "mailto:b@x"])
        #expect(property[parameter: "cn"] == "Doe, Jane")
        #expect(property.value == "mailto:j@x")
    }

    @Test("unknown components and X- properties are kept in order")
    func unknownContent() throws {
        let text = "BEGIN:VCALENDAR\r\nX-WR-CALNAME:Work\r\nBEGIN:X-THING\r\nFOO;X-P=1:bar\r\nEND:X-THING\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        #expect(ICalendarSerializer().string(calendar) == text)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let code: ParseError.Code
        var testDescription: String { "\(code) at \(line):\(column)" }
    }

    static let badInputs: [BadInput] = [
        BadInput(text: "BEGIN:VCALENDAR\r\nSUMMARY\r\nEND:VCALENDAR\r\n", line: 2, column: 8, code: .malformedContentLine),
        BadInput(text: "BEGIN:VCALENDAR\r\nATTENDEE;CN=\"Jane:mailto:j@x\r\nEND:VCALENDAR\r\n", line: 2, column: 13, code: .malformedContentLine),
        BadInput(text: "BEGIN:VCALENDAR\r\nEND:VEVENT\r\n", line: 2, column: 5, code: .unbalancedComponents),
        BadInput(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", line: 1, column: 1, code: .unbalancedComponents),
        BadInput(text: "VERSION:2.0\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", line: 1, column: 1, code: .invalidStructure),
        BadInput(text: "BEGIN:VCALENDAR\r\nSUMMARY:a\u{7}b\r\nEND:VCALENDAR\r\n", line: 2, column: 10, code: .invalidCharacter),
        BadInput(text: "BEGIN:VCALENDAR\r\nSUMMARY:a\rb\r\nEND:VCALENDAR\r\n", line: 2, column: 10, code: .invalidCharacter),
        BadInput(text: " folded:first\r\n", line: 1, column: 1, code: .malformedContentLine),
        BadInput(text: "BEGIN:VCALENDAR\r\nX-A:abc\r\n def\u{1}\r\nEND:VCALENDAR\r\n", line: 3, column: 5, code: .invalidCharacter),
    ]

    @Test("bad input gives a typed error with line and column", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect(throws: ParseError.self) { try ICalendarParser().parse(input.text) }
        do {
            _ = try ICalendarParser().parse(input.text)
        } catch {
            #expect(error.code == input.code)
            #expect(error.line == input.line)
            #expect(error.column == input.column)
        }
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8() {
        let bytes = Array("BEGIN:VCALENDAR\r\nSUMMARY:".utf8) + [0xC3, 0x28] + Array("\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: ParseError.self) { try ICalendarParser().parse(bytes) }
    }

    @Test("limits on line length, depth, properties and components")
    func limits() {
        let long = "BEGIN:VCALENDAR\r\nX-A:" + String(repeating: "a", count: 2000) + "\r\nEND:VCALENDAR\r\n"
        #expect(throws: ParseError.self) { try ICalendarParser(limits: ParserLimits(maxLineLength: 1000)).parse(long) }
        let folded = "BEGIN:VCALENDAR\r\nX-A:a\r\n" + String(repeating: " aaaaaaaaaa\r\n", count: 200) + "END:VCALENDAR\r\n"
        #expect(throws: ParseError.self) { try ICalendarParser(limits: ParserLimits(maxLineLength: 1000)).parse(folded) }
        let deep = String(repeating: "BEGIN:X\r\n", count: 40) + String(repeating: "END:X\r\n", count: 40)
        #expect(throws: ParseError.self) { try ICalendarParser().parse(deep) }
        let many = "BEGIN:VCALENDAR\r\n" + String(repeating: "X-A:1\r\n", count: 50) + "END:VCALENDAR\r\n"
        #expect(throws: ParseError.self) { try ICalendarParser(limits: ParserLimits(maxProperties: 10)).parse(many) }
        let components = String(repeating: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", count: 20)
        #expect(throws: ParseError.self) { try ICalendarParser(limits: ParserLimits(maxComponents: 10)).parse(components) }
    }

    @Test("base64 BINARY values decode")
    func binary() throws {
        let text = "BEGIN:VCALENDAR\r\nATTACH;ENCODING=BASE64;VALUE=BINARY:SGVsbG8s\r\n IFdvcmxk\r\nEND:VCALENDAR\r\n"
        let property = try #require(try ICalendarParser().parseCalendar(text)["ATTACH"])
        #expect(String(decoding: try property.binaryValue(), as: UTF8.self) == "Hello, World")
    }
}
