import Foundation
import Testing
@testable import VCard

/// Damaged and hostile input: the parser returns cards or throws a `VCardError`, never
/// crashes or hangs, and whatever it accepts serializes to text it reads back the same.
struct MutationTests {
    /// A small deterministic generator, so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Parses `bytes`; when they parse, checks that the serialized form reads back equal.
    /// Returns whether the input parsed.
    @discardableResult
    static func check(_ bytes: [UInt8], limits: VCardParserLimits = .default) -> Bool {
        let cards: [VCard]
        do { cards = try VCardParser(limits: limits).parse(bytes) } catch {
            #expect(error.line >= 0 && error.column >= 0 && !error.reason.isEmpty)
            return false
        }
        let serialized = VCardSerializer().serialize(cards)
        do {
            let reparsed = try VCardParser().parse(serialized)
            #expect(reparsed == cards)
        } catch {
            Issue.record("serialized output does not parse: \(error)")
        }
        for card in cards {
            _ = (card.name, card.emails, card.telephones, card.addresses, card.photo, card.birthday, card.kind, card.notes)
            _ = card.converted(to: .v3_0)
            _ = card.converted(to: .v4_0)
            _ = try? card.storageFields()
        }
        return true
    }

    /// The mutations of one fixture: truncations, dropped and duplicated lines, flipped
    /// bytes, inserted control characters, broken folding.
    static func mutations(of original: [UInt8], seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix(state: seed)
        var result: [[UInt8]] = []
        let count = original.count
        // Truncations: at every structural byte, and at evenly spread offsets.
        let structural = original.indices.filter { [0x0A, 0x0D, 0x3A, 0x3B, 0x3D, 0x2C, 0x22, 0x20].contains(original[$0]) }
        for offset in structural.prefix(600) { result.append(Array(original[..<offset])); result.append(Array(original[..<(offset + 1)])) }
        for offset in stride(from: 0, to: count, by: max(1, count / 200)) { result.append(Array(original[..<offset])) }
        // Lines dropped, duplicated, unindented, indented.
        let lines = original.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        func join(_ parts: [[UInt8]]) -> [UInt8] { Array(parts.joined(separator: [0x0A])) }
        for index in lines.indices {
            var dropped = lines; dropped.remove(at: index); result.append(join(dropped))
            var doubled = lines; doubled.insert(lines[index], at: index); result.append(join(doubled))
            var indented = lines; indented[index] = [0x20] + lines[index]; result.append(join(indented))
            if let first = lines[index].first, first == 0x20 || first == 0x09 {
                var unfolded = lines; unfolded[index] = Array(lines[index].dropFirst()); result.append(join(unfolded))
            }
        }
        // Bytes flipped, inserted and deleted.
        let inserts: [UInt8] = [0x00, 0x0D, 0x0A, 0x20, 0x09, 0x3D, 0x3A, 0x3B, 0x2C, 0x22, 0x5C, 0x2E, 0xFF, 0xC3, 0xE2, 0xF0, 0x7F]
        for _ in 0..<2_000 {
            var bytes = original
            let position = Int.random(in: 0..<max(1, count), using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: if position < count { bytes[position] ^= UInt8.random(in: 1...255, using: &generator) }
            case 1: bytes.insert(inserts.randomElement(using: &generator)!, at: min(position, count))
            case 2: if position < count { bytes.remove(at: position) }
            default:
                for _ in 0..<Int.random(in: 2...8, using: &generator) {
                    let at = Int.random(in: 0...bytes.count, using: &generator)
                    bytes.insert(inserts.randomElement(using: &generator)!, at: at)
                }
            }
            result.append(bytes)
        }
        // Huge lines and deep repetition, spliced in after the first line.
        let firstBreak = (original.firstIndex(of: 0x0A) ?? (count - 1)) + 1
        func splice(_ inserted: [UInt8]) -> [UInt8] { Array(original[..<firstBreak]) + inserted + Array(original[firstBreak...]) }
        result.append(splice(Array("NOTE:".utf8) + Array(repeating: 0x41, count: 200_000) + [0x0D, 0x0A]))
        result.append(splice(Array("X-A".utf8) + Array(repeating: Array(";X=\"a:b\"".utf8), count: 5_000).flatMap { $0 } + Array(":v\r\n".utf8)))
        result.append(splice(Array(repeating: Array("TEL;WORK;VOICE:1\r\n".utf8), count: 3_000).flatMap { $0 }))
        result.append(splice(Array("NOTE;ENCODING=QUOTED-PRINTABLE:".utf8) + Array(repeating: Array("=41=\r\n".utf8), count: 5_000).flatMap { $0 } + [0x0D, 0x0A]))
        result.append(splice(Array("NOTE:a".utf8) + Array(repeating: Array("\r\n b".utf8), count: 10_000).flatMap { $0 } + [0x0D, 0x0A]))
        result.append(Array(repeating: Array("BEGIN:VCARD\r\n".utf8), count: 2_000).flatMap { $0 })
        result.append(Array(repeating: original, count: 50).flatMap { $0 })
        return result
    }

    @Test("mutations of every fixture parse or fail cleanly", arguments: FixtureTests.files())
    func fixtureMutations(_ name: String) throws {
        let original = try FixtureTests.bytes(name)
        let mutations = Self.mutations(of: original, seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        #expect(mutations.count >= 2_000)
        var parsed = 0
        for bytes in mutations where Self.check(bytes) { parsed += 1 }
        #expect(parsed > 0)
        #expect(parsed < mutations.count)
    }

    @Test("limits stop oversized input before it is read")
    func limitsStop() {
        let limits = VCardParserLimits(maxBytes: 1 << 20, maxLineLength: 1 << 16, maxPropertiesPerCard: 500, maxCards: 100)
        let huge = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:".utf8) + Array(repeating: 0x41, count: 100_000) + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(!Self.check(huge, limits: limits))
        let folded = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:".utf8) + Array(repeating: Array("\r\n AAAAAAAAAA".utf8), count: 10_000).flatMap { $0 }
        #expect(!Self.check(folded, limits: limits))
        let many = Array("BEGIN:VCARD\r\nVERSION:3.0\r\n".utf8) + Array(repeating: Array("FN:x\r\n".utf8), count: 1_000).flatMap { $0 }
        #expect(!Self.check(many, limits: limits))
        let cards = Array(repeating: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n".utf8), count: 101).flatMap { $0 }
        #expect(!Self.check(cards, limits: limits))
        #expect(!Self.check(Array(repeating: 0x41, count: (1 << 20) + 1), limits: limits))
    }

    @Test("long inputs whose every line continues the last are read in linear time")
    func linearContinuations() {
        // Without a ':' the header scan must not restart for each continuation line.
        let noColon = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE".utf8) + Array(repeating: Array("\r\n x".utf8), count: 200_000).flatMap { $0 }
        #expect(!Self.check(noColon))
        let softBreaks = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;QUOTED-PRINTABLE:".utf8) + Array(repeating: Array("a=\r\n".utf8), count: 200_000).flatMap { $0 } + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(Self.check(softBreaks))
        let base64 = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nPHOTO;ENCODING=BASE64;JPEG:\r\n".utf8) + Array(repeating: Array("AAAA\r\n".utf8), count: 200_000).flatMap { $0 } + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(Self.check(base64))
        let errorAtEnd = Array(repeating: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:a\r\nEND:VCARD\r\n".utf8), count: 20_000).flatMap { $0 } + Array("FN\r\n".utf8)
        #expect(!Self.check(errorAtEnd))
    }
}
