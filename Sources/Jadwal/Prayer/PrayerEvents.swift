import CalDAVCore
import Foundation
import ICalendar
import PrayerTimes
import WebDAV

/// The events of the prayer-times calendar: one opaque block per obligatory prayer and
/// day, named and identified by date and prayer, so the same settings always give the
/// same bytes, UIDs and ETags.
struct PrayerEvents: Sendable {
    let settings: PrayerSettings
    let calculator: PrayerTimesCalculator

    static let productID = "-//Jadwal//Prayer Times//EN"
    static let arabicNames: [Prayer: String] = [.fajr: "الفجر", .dhuhr: "الظهر", .asr: "العصر", .maghrib: "المغرب", .isha: "العشاء"]

    init?(settings: PrayerSettings) {
        guard let calculator = settings.calculator else { return nil }
        self.settings = settings
        self.calculator = calculator
    }

    /// `20261123-fajr.ics`
    static func objectName(_ date: LocalDate, _ prayer: Prayer) -> String {
        "\(compact(date))-\(prayer.rawValue).ics"
    }

    /// The date and prayer an object name stands for, if it is one of ours.
    static func parse(name: String) -> (date: LocalDate, prayer: Prayer)? {
        guard name.hasSuffix(".ics") else { return nil }
        let parts = name.dropLast(4).split(separator: "-")
        guard parts.count == 2, parts[0].count == 8, let number = Int(parts[0]), let prayer = Prayer(rawValue: String(parts[1])),
              prayer.isPrayer, let date = LocalDate(validatingYear: number / 10_000, month: number / 100 % 100, day: number % 100),
              (1900...2200).contains(date.year) else { return nil }
        return (date, prayer)
    }

    static func compact(_ date: LocalDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    /// Whether the date is a Friday.
    static func isFriday(_ date: LocalDate) -> Bool {
        date.weekday == .friday
    }

    /// The VEVENTs of one day, in prayer order. With `zone`, times are local with that
    /// TZID (for feeds, which carry the VTIMEZONE); otherwise UTC.
    func events(for day: PrayerDay, localIn zone: TimeZone? = nil) -> [(prayer: Prayer, event: Component)] {
        let hijri = HijriDate(day.date, in: calculator.timeZone)
        let method = calculator.parameters.method
        return Prayer.obligatory.map { prayer in
            let jumuah = prayer == .dhuhr && Self.isFriday(day.date)
            let start = Self.minute(day[prayer])
            let end = start.addingTimeInterval(TimeInterval((jumuah ? settings.jumuahMinutes : settings.blockMinutes) * 60))
            let name = jumuah ? "Jumu'ah" : prayer.name
            let arabic = jumuah ? "الجمعة" : Self.arabicNames[prayer]!
            var lines = ["\(name) at \(PrayerEvents.clock(day[prayer], in: calculator.timeZone))"]
            if let place = settings.place?.name { lines[0] += " in \(place)" }
            if let hijri { lines.append("\(hijri.english) · \(hijri.arabic)") }
            lines.append("Method: \(method.displayName); Asr \(calculator.parameters.asrSchool.rawValue)")
            var event = Component(name: ComponentName.event, properties: [
                Property(name: PropertyName.uid, value: "\(Self.compact(day.date))-\(prayer.rawValue)@prayer.jadwal"),
                Property(name: PropertyName.dateTimeStamp, value: Self.utc(Date(timeIntervalSince1970: TimeInterval(settings.updatedAt)))),
                time(PropertyName.dateTimeStart, start, zone),
                time(PropertyName.dateTimeEnd, end, zone),
                Property(name: PropertyName.summary, text: "\(name) · \(arabic)"),
                Property(name: PropertyName.description, text: lines.joined(separator: "\n")),
                Property(name: PropertyName.transparency, value: "OPAQUE"),
                Property(name: "CATEGORIES", text: "Prayer"),
                Property(name: "X-JADWAL-PRAYER", value: prayer.rawValue),
            ])
            if let minutes = settings.reminderMinutes {
                event.components.append(Component(name: ComponentName.alarm, properties: [
                    Property(name: "ACTION", value: "DISPLAY"),
                    Property(name: PropertyName.trigger, value: "-PT\(minutes)M"),
                    Property(name: PropertyName.description, text: "\(name) in \(minutes) minutes"),
                ]))
            }
            return (prayer, event)
        }
    }

    /// One day's objects, as a CalDAV store serves them.
    func objects(for day: PrayerDay) -> [CalendarObject] {
        events(for: day).map { prayer, event in
            let calendar = Component(name: ComponentName.calendar, properties: [
                Property(name: PropertyName.version, value: "2.0"), Property(name: PropertyName.productID, value: Self.productID),
            ], components: [event])
            let data = ICalendarSerializer().serialize(calendar)
            return CalendarObject(name: Self.objectName(day.date, prayer), data: data, etag: Self.etag(data, version: settings.version),
                                  uid: event[PropertyName.uid]!.value, componentType: ComponentName.event, lastModified: settings.updatedAt)
        }
    }

    private func time(_ name: String, _ instant: Date, _ zone: TimeZone?) -> Property {
        guard let zone else { return Property(name: name, value: Self.utc(instant)) }
        return Property(name: name, parameters: [Parameter(name: PropertyName.timeZoneID, value: zone.identifier)], value: Self.local(instant, in: zone))
    }

    /// Calendars show minutes: times are rounded to the nearest one (praytimes.org does the same).
    static func minute(_ instant: Date) -> Date {
        Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / 60).rounded() * 60)
    }

    static func etag(_ data: [UInt8], version: Int64) -> String {
        "\"p\(version)-\(FNV1a.hex(data))\""
    }

    static func utc(_ instant: Date) -> String {
        local(instant, in: TimeZone(secondsFromGMT: 0)!) + "Z"
    }

    /// `20261123T053000` in `zone`.
    static func local(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T" + two(parts.hour) + two(parts.minute) + two(parts.second)
    }

    /// `05:05` in `zone`.
    static func clock(_ instant: Date, in zone: TimeZone) -> String {
        let text = local(minute(instant), in: zone)
        let time = text.split(separator: "T")[1]
        return "\(time.prefix(2)):\(time.dropFirst(2).prefix(2))"
    }
}
