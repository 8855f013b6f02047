import Foundation
import Testing
@testable import VCard

/// Every card in Fixtures/vcard: parses, round-trips byte for byte after one
/// normalization, and converts between versions without losing its typed fields.
struct FixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/vcard")

    static func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".vcf") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test("there are fixtures to test")
    func present() {
        #expect(Self.files().count >= 9)
    }

    @Test("fixtures parse and round-trip", arguments: files())
    func roundTrip(_ name: String) throws {
        let cards = try VCardParser().parse(try Self.bytes(name))
        #expect(!cards.isEmpty)
        let serialized = VCardSerializer().serialize(cards)
        let reparsed = try VCardParser().parse(serialized)
        #expect(reparsed == cards)
        #expect(VCardSerializer().serialize(reparsed) == serialized)
        for card in cards {
            #expect(card.version != nil)
            #expect(card.formattedName != nil)
        }
    }

    @Test("fixtures convert to 3.0 and 4.0 keeping their typed fields", arguments: files())
    func conversion(_ name: String) throws {
        for card in try VCardParser().parse(try Self.bytes(name)) {
            for target in [VCardVersion.v3_0, .v4_0] {
                let converted = card.converted(to: target)
                #expect(converted.version == target)
                #expect(converted.converted(to: target) == converted)
                let reparsed = try VCardParser().parseCard(VCardSerializer().serialize(converted))
                #expect(reparsed == converted)
                #expect(reparsed.formattedName == card.formattedName || card["FN"] == nil)
                #expect(reparsed.name == card.name || card["N"] == nil)
                #expect(reparsed.emails.map(\.address) == card.emails.map(\.address))
                #expect(reparsed.emails.map { Set($0.types.filter { $0 != "pref" }) } == card.emails.map { Set($0.types.filter { $0 != "pref" }) })
                #expect(reparsed.emails.map { $0.preference == 1 } == card.emails.map { $0.preference == 1 })
                #expect(reparsed.telephones.map(\.number) == card.telephones.map(\.number) || card.version == .v4_0)
                #expect(reparsed.organization == card.organization)
                #expect(reparsed.notes.map(Self.lineBreaks) == card.notes.map(Self.lineBreaks))
                #expect(reparsed.photo?.bytes == card.photo?.bytes)
                #expect(reparsed.photo?.mediaType == card.photo?.mediaType)
                #expect(reparsed.birthday == card.birthday)
                #expect(reparsed.kind == card.kind)
                #expect(reparsed.members == card.members)
                #expect(reparsed.uid == card.uid)
            }
            if card.version != .v2_1 {
                let other: VCardVersion = card.version == .v4_0 ? .v3_0 : .v4_0
                let back = card.converted(to: other).converted(to: card.version!)
                #expect(back.converted(to: other) == card.converted(to: other))
            }
        }
    }

    @Test("the fixtures read as their writers meant")
    func specifics() throws {
        let apple = try VCardParser().parseCard(try Self.bytes("apple-contacts.vcf"))
        #expect(apple.photo?.mediaType == "image/jpeg")
        #expect((apple.photo?.bytes?.count ?? 0) > 500)
        #expect(apple.birthday == .date(VCardDate(month: 4, day: 15)))
        #expect(apple.properties(inGroup: "item1").map(\.name) == ["EMAIL", "X-ABLabel"])
        let group = try VCardParser().parseCard(try Self.bytes("apple-group.vcf"))
        #expect(group.kind == .group && group.members.count == 3)
        let outlook = try VCardParser().parseCard(try Self.bytes("outlook-v21.vcf"))
        #expect(outlook.formattedName == "Jürgen Müller")
        #expect(outlook.name?.familyNames == ["Müller"])
        #expect(outlook.notes.first?.hasSuffix("Anmerkung, die weitergeht.") == true)
        #expect(outlook.photo?.mediaType == "image/jpeg")
        #expect(outlook.telephones.map(\.types) == [["work", "voice"], ["cell", "voice"], ["work", "fax"]])
        let android = try VCardParser().parse(try Self.bytes("android-v21.vcf"))
        #expect(android[0].formattedName == "سارة العلي")
        #expect(android[0].notes == ["ملاحظة طويلة تستمر على سطرين"])
        let multilingual = try VCardParser().parse(try Self.bytes("multilingual-v4.vcf"))
        #expect(multilingual[1].nicknames == ["🦊", "Foxy"])
        #expect(multilingual[2].formattedName == "יעל כהן")
        let thunderbird = try VCardParser().parseCard(try Self.bytes("thunderbird-v4.vcf"))
        #expect(thunderbird.photo?.mediaType == "image/png")
    }

    static func lineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
