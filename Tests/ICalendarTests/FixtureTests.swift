import Foundation
import Testing
@testable import ICalendar

/// Every file in Fixtures/ical: parses, validates, survives a round trip, and the
/// broken ones fail where their `.where` sidecar says.
struct FixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ical")

    static func files(_ subfolder: String = "") -> [String] {
        let path = folder.appendingPathComponent(subfolder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { subfolder.isEmpty ? $0 : "\(subfolder)/\($0)" }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test("valid fixtures parse, validate and round-trip", arguments: files())
    func valid(_ name: String) throws {
        let calendar = try ICalendarParser().parseCalendar(try Self.bytes(name))
        #expect(CalendarValidator().issues(in: calendar).isEmpty)
        let serialized = ICalendarSerializer().serialize(calendar)
        let reparsed = try ICalendarParser().parseCalendar(serialized)
        #expect(reparsed == calendar)
        #expect(ICalendarSerializer().serialize(reparsed) == serialized)
        _ = try RecurrenceExpander(calendar: calendar).occurrences(from: 1_700_000_000, to: 1_900_000_000)
    }

    @Test("broken fixtures fail at the place their .where names", arguments: files("invalid"))
    func invalid(_ name: String) throws {
        let whereText = try String(contentsOf: Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".ics", with: ".where")), encoding: .utf8)
        let expected = whereText.trimmingCharacters(in: .whitespacesAndNewlines)
        var found: String?
        let bytes = try Self.bytes(name)
        do {
            let calendar = try ICalendarParser().parseCalendar(bytes)
            found = CalendarValidator().issues(in: calendar).first.map { "\($0.line):\($0.column)" }
        } catch {
            found = "\(error.line):\(error.column)"
        }
        #expect(found == expected)
    }

    @Test("there are fixtures to test")
    func present() {
        #expect(Self.files().count >= 10)
        #expect(Self.files("invalid").count >= 5)
    }
}

/// The `.expand` files of Fixtures/ical, checked against the library directly (the
/// command-line tests check the same files through `jadwald ical expand`).
struct FixtureExpansionTests {
    static func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixtureTests.folder.path)) ?? []
        return names.filter { $0.hasSuffix(".expand") }.sorted()
    }

    /// `2026-03-01T00:00:00Z` as an instant.
    static func instant(_ text: Substring) throws -> Int {
        let digits = text.filter { $0.isNumber }
        return try DateTimeValue.parse(digits.prefix(8) + "T" + digits.dropFirst(8).prefix(6) + "Z").local.civilSeconds
    }

    static func format(_ value: DateTimeValue, _ instant: Int) -> String {
        switch value {
        case .date(let date): return date.basicFormat
        case .dateTime(let local, .floating): return local.basicFormat
        case .dateTime: return LocalDateTime(civilSeconds: instant).basicFormat + "Z"
        }
    }

    @Test("each fixture expands to its .expand lines", arguments: files())
    func expand(_ name: String) throws {
        let expected = try String(contentsOf: FixtureTests.folder.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let arguments = try #require(expected.first).split(separator: " ")
        func option(_ key: String) -> Substring? { arguments.firstIndex(of: Substring(key)).map { arguments[$0 + 1] } }
        let zone: any ZoneRules = try option("--tz").map { try #require(SystemZoneRules.named(String($0))) } ?? FixedOffsetZone.utc
        let from = try Self.instant(try #require(option("--from")))
        let to = try Self.instant(try #require(option("--to")))
        let calendar = try ICalendarParser().parseCalendar(try FixtureTests.bytes(name.replacingOccurrences(of: ".expand", with: ".ics")))
        let lines = try RecurrenceExpander(calendar: calendar, floatingZone: zone).occurrences(from: from, to: to).map { occurrence in
            [occurrence.uid,
             occurrence.recurrenceID.map { Self.format($0, occurrence.recurrenceInstant!) } ?? "-",
             Self.format(occurrence.start, occurrence.startInstant),
             Self.format(occurrence.end, occurrence.endInstant)].joined(separator: "\t")
        }
        #expect(lines == Array(expected.dropFirst()))
    }
}
