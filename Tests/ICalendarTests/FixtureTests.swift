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
