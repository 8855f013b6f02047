import Foundation
import Testing
@testable import Extraction

/// Damaged, truncated and random inputs: the parser answers or throws, and never crashes.
struct WhatsAppRobustnessTests {
    /// SplitMix64: the same inputs on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces that matter to the scanner: digits of three scripts, separators, marks, brackets.
    static let alphabet: [String] = [
        "0", "1", "2", "9", "12", "13", "31", "٠", "٧", "۹", "/", ".", "-", ":", ",", "،", " ", "\u{202F}", "\u{00A0}",
        "[", "]", " - ", ": ", "AM", "pm", "a.m.", "ص", "م", "\u{200E}", "\u{200F}", "\u{202A}", "\u{2069}", "\u{FEFF}",
        "\n", "\r\n", "\r", "Zaid", "You", "\"", "<Media omitted>", "Location: http", "omitted", "é", "👍🏽", "\u{0301}",
    ]

    static var fixtures: [String] {
        (1...12).map { try! WhatsAppExportTests.fixture(String(format: "p%02d.txt", $0)) }
    }

    /// Parses `text`; when it parses, the transcript must hang together.
    static func check(_ text: String) {
        guard let chat = try? WhatsAppExport.parse(text, owner: "Karim") else { return }
        #expect(!chat.messages.isEmpty)
        #expect(Set(chat.participants).count == chat.participants.count)
        #expect(chat.isGroup == (chat.participants.count > 2))
        for message in chat.messages {
            #expect(LocalDate.isValid(year: message.sent.date.year, month: message.sent.date.month, day: message.sent.date.day))
            #expect((0..<86_400).contains(message.sent.secondOfDay))
        }
    }

    @Test("every fixture cut short at every scalar parses or is refused")
    func truncations() {
        for text in Self.fixtures {
            let scalars = Array(text.unicodeScalars)
            for length in 0...scalars.count {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[..<length])
                Self.check(String(view))
            }
        }
    }

    @Test("300 random edits of the fixtures' bytes, ill-formed UTF-8 included, parse or are refused")
    func byteMutations() {
        var generator = SeededGenerator(state: 2026)
        let fixtures = Self.fixtures
        for round in 0..<300 {
            var bytes = Array(fixtures[round % fixtures.count].utf8)
            for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(contentsOf: Self.alphabet.randomElement(using: &generator)!.utf8, at: index)
                default: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + 40)], at: index)
                }
            }
            Self.check(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test("300 random strings built from the characters headers are made of parse or are refused")
    func randomGarbage() {
        var generator = SeededGenerator(state: 42)
        for _ in 0..<300 {
            let pieces = (0..<Int.random(in: 0...80, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! }
            Self.check(pieces.joined())
        }
    }

    @Test("300 random header-like lines parse or are refused")
    func randomHeaders() {
        var generator = SeededGenerator(state: 7)
        func number() -> String { String(Int.random(in: 0...2100, using: &generator)) }
        for _ in 0..<300 {
            let lines = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                let date = [number(), number(), number()].joined(separator: ["/", ".", "-"].randomElement(using: &generator)!)
                let time = "\(number()):\(number())" + (Bool.random(using: &generator) ? ":\(number())" : "")
                let meridiem = ["", " AM", " pm", " م", " p.m."].randomElement(using: &generator)!
                return Bool.random(using: &generator)
                    ? "[\(date), \(time)\(meridiem)] Zaid: hi"
                    : "\(date), \(time)\(meridiem) - Karim: hi"
            }
            Self.check(lines.joined(separator: "\n"))
        }
    }
}
