import CalDAVCore
import CalDAVSQLite
import Foundation
import ICalendar
import PrayerTimes
import Testing
@testable import Jadwal
import WebDAV

/// The computed prayer-times calendar over a real SQLite file: listing window, stable
/// names and ETags, sync across days and settings changes, refusals, and the feed.
struct PrayerCalendarTests {
    /// 2026-11-23T12:00:00Z, a Monday.
    static let noon = 1_795_435_200

    final class Fixture: Sendable {
        let directory: String
        let accounts: ApplicationDatabase
        let calendar: PrayerCalendar
        let store: RoutingCalendarStore

        init(now: Int = PrayerCalendarTests.noon) throws {
            directory = NSTemporaryDirectory() + "prayer-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/jadwal.sqlite"
            accounts = try ApplicationDatabase(path: path, bcryptCost: 4)
            calendar = PrayerCalendar(settings: accounts.prayerSettings, clock: { now })
            store = RoutingCalendarStore(primary: try SQLiteCalendarStore(path: path), computed: [calendar])
        }

        func riyadh() async throws {
            try await accounts.accounts.create(name: "amal", password: "amal-password-1")
            try await accounts.prayerSettings.update("amal") { settings in
                settings.place = PrayerSettings.Place(name: "Riyadh", latitude: 24.7136, longitude: 46.6753, timeZone: "Asia/Riyadh")
                settings.reminderMinutes = 10
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static let reference = CalendarReference(owner: "amal", name: PrayerCalendar.name)

    @Test("every home lists the calendar; it is empty and says why until a place is set")
    func emptyUntilPlaced() async throws {
        let fixture = try Fixture()
        try await fixture.accounts.accounts.create(name: "amal", password: "amal-password-1")
        let listed = try await fixture.store.calendars(of: "amal").first { $0.reference.name == PrayerCalendar.name }
        #expect(listed?.displayName == "Prayer Times" && listed?.isReadOnly == true)
        #expect(listed?.calendarDescription?.contains("jadwald prayer settings amal") == true)
        #expect(try await fixture.store.objects(in: Self.reference).isEmpty)
    }

    @Test("a listing covers 30 days back and 365 ahead, five valid objects a day")
    func window() async throws {
        let fixture = try Fixture()
        try await fixture.riyadh()
        let objects = try await fixture.store.objects(in: Self.reference)
        #expect(objects.count == 396 * 5)
        #expect(objects.first?.name == "20261024-fajr.ics" && objects.last?.name == "20271123-isha.ics")
        for object in objects.prefix(10) {
            let (calendar, index) = try CalendarObjectRules().check(object.data)
            #expect(index.uid == object.uid && calendar.components.first?[PropertyName.transparency]?.value == "OPAQUE")
            #expect(calendar.components.first?.components.first?.name == ComponentName.alarm)
        }
    }

    @Test("names, UIDs and ETags are stable; Friday's Dhuhr is a longer Jumu'ah")
    func stable() async throws {
        let fixture = try Fixture()
        try await fixture.riyadh()
        let names = ["20261127-dhuhr.ics", "20261126-dhuhr.ics", "20300101-fajr.ics", "nonsense.ics", "20261127-sunrise.ics"]
        let first = try await fixture.store.objects(named: names, in: Self.reference)
        let again = try await fixture.store.objects(named: names, in: Self.reference)
        #expect(first.map(\.name) == ["20261127-dhuhr.ics", "20261126-dhuhr.ics", "20300101-fajr.ics"])
        #expect(first.map(\.etag) == again.map(\.etag))
        let friday = try ICalendarParser().parseCalendar(first[0].data).components[0]
        let thursday = try ICalendarParser().parseCalendar(first[1].data).components[0]
        func minutes(_ event: Component) throws -> Int {
            let start = try #require(try event[PropertyName.dateTimeStart]?.dateTimeValue())
            let end = try #require(try event[PropertyName.dateTimeEnd]?.dateTimeValue())
            let expander = RecurrenceExpander(calendar: Component(name: ComponentName.calendar))
            return (expander.instant(of: end) - expander.instant(of: start)) / 60
        }
        #expect(try minutes(friday) == 45 && minutes(thursday) == 20)
        #expect(friday[PropertyName.summary]?.textValue.hasPrefix("Jumu'ah") == true)
        #expect(friday[PropertyName.description]?.textValue.contains("Jumada al-Akhirah 1448 AH") == true)
    }

    @Test("a time-range query computes just the days asked for")
    func range() async throws {
        let fixture = try Fixture()
        try await fixture.riyadh()
        let week = TimeRange(start: 1_796_083_200, end: 1_796_688_000)  // 2026-12-01 to 2026-12-08 UTC
        let candidates = try await fixture.store.objects(in: Self.reference, overlapping: week, componentType: "VEVENT")
        // Candidates are whole local days, one either side; the handler confirms overlap.
        #expect(candidates.count == 10 * 5 && candidates.first?.name == "20261130-fajr.ics")
        #expect(try await fixture.store.objects(in: Self.reference, overlapping: week, componentType: "VTODO").isEmpty)
        await #expect(throws: StoreError.self) {
            try await fixture.store.objects(in: Self.reference, overlapping: TimeRange(start: 0, end: 2_000_000_000), componentType: nil)
        }
    }

    @Test("sync reports the days that entered and left the window; a settings change restarts it")
    func sync() async throws {
        let fixture = try Fixture()
        try await fixture.riyadh()
        let initial = try await fixture.store.changes(in: Self.reference, since: nil, limit: nil)
        #expect(initial.changed.count == 396 * 5)
        let sameDay = try await fixture.store.changes(in: Self.reference, since: initial.position, limit: nil)
        #expect(sameDay.changed.isEmpty && sameDay.deleted.isEmpty && sameDay.position == initial.position)
        let later = PrayerCalendar(settings: fixture.accounts.prayerSettings, clock: { Self.noon + 2 * 86_400 })
        let twoDays = try await later.changes(owner: "amal", since: initial.position)
        #expect(twoDays.changed == ["20271124", "20271125"].flatMap { day in ["fajr", "dhuhr", "asr", "maghrib", "isha"].map { "\(day)-\($0).ics" } })
        #expect(twoDays.deleted.count == 10 && twoDays.deleted.first == "20261024-fajr.ics")
        let ctag = try await fixture.store.calendar(Self.reference)?.changePosition
        try await fixture.accounts.prayerSettings.update("amal") { $0.asrSchool = .hanafi }
        #expect(try await fixture.store.calendar(Self.reference)?.changePosition != ctag)
        await #expect(throws: StoreError.self) { try await fixture.store.changes(in: Self.reference, since: initial.position, limit: nil) }
    }

    @Test("writes are refused as read-only")
    func readOnly() async throws {
        let fixture = try Fixture()
        try await fixture.riyadh()
        let index = CalendarObjectIndex(uid: "x", componentType: "VEVENT", firstStart: 0, lastEnd: 1)
        let store = fixture.store
        func code(_ operation: () async throws -> Void) async -> StoreError.Code? {
            do { try await operation(); return nil } catch { return (error as? StoreError)?.code }
        }
        #expect(await code { _ = try await store.putObject(named: "x.ics", data: [1], index: index, in: Self.reference, precondition: .none) } == .readOnly)
        #expect(await code { try await store.deleteObject(named: "20261127-dhuhr.ics", in: Self.reference, precondition: .none) } == .readOnly)
        #expect(await code { try await store.deleteCalendar(Self.reference) } == .readOnly)
        #expect(await code { try await store.updateCalendar(try await store.calendar(Self.reference)!) } == .readOnly)
        #expect(await code { try await store.createCalendar(CalendarCollection(reference: Self.reference)) } == .alreadyExists)
    }

    @Test("the feed is one calendar with the zone's VTIMEZONE and local times")
    func feed() async throws {
        var settings = PrayerSettings()
        settings.place = PrayerSettings.Place(name: "London", latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London")
        let bytes = try #require(PrayerFeed.calendar(settings, now: Date(timeIntervalSince1970: TimeInterval(Self.noon))))
        let calendar = try ICalendarParser().parseCalendar(bytes)
        #expect(CalendarValidator().issues(in: calendar).isEmpty)
        let zone = try #require(calendar.components.first { $0.name == ComponentName.timeZone })
        #expect(zone[PropertyName.timeZoneID]?.value == "Europe/London")
        // Summer time at the start (October 2026), its end, 2027's start and end.
        #expect(zone.components.map(\.name) == ["DAYLIGHT", "STANDARD", "DAYLIGHT", "STANDARD"])
        let events = calendar.components.filter { $0.name == ComponentName.event }
        #expect(events.count == 396 * 5)
        #expect(calendar["REFRESH-INTERVAL"]?.value == "PT12H")
        // Local times read through the VTIMEZONE are the engine's times, to the minute.
        let june = try #require(events.first { $0[PropertyName.uid]?.value == "20270621-dhuhr@prayer.jadwal" })
        let start = try #require(try june[PropertyName.dateTimeStart]?.dateTimeValue())
        let instant = RecurrenceExpander(calendar: calendar).instant(of: start)
        let engine = try #require(settings.calculator).times(on: LocalDate(year: 2027, month: 6, day: 21))
        #expect(abs(Double(instant) - engine.dhuhr.timeIntervalSince1970) <= 30)
    }
}
