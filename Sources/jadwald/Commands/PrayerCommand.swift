import ArgumentParser
import Foundation
import PrayerTimes

/// `jadwald prayer`: prayer times from the command line.
struct PrayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prayer",
        abstract: "Compute Islamic prayer times (no network, no data files).",
        subcommands: [Times.self, SettingsCommand.self]
    )
}

// MARK: - prayer times

extension PrayerCommand {
    struct Times: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "times",
            abstract: "Print the prayer times of a place for one or more days.",
            discussion: """
                Times are shown in the local time of --tz on each date (daylight-saving time \
                included), rounded to the nearest second. Methods: \
                \(CalculationMethod.allCases.map(\.shortName).joined(separator: ", ")). Without \
                --method, the usual method of the time zone's country is used.
                """
        )

        @Option(name: .customLong("lat"), parsing: .unconditional, help: "Latitude in degrees, north positive (-90 to 90).")
        var latitude: Double

        @Option(name: .customLong("lon"), parsing: .unconditional, help: "Longitude in degrees, east positive (-180 to 180).")
        var longitude: Double

        @Option(name: .customLong("tz"), help: "IANA time zone, e.g. Asia/Riyadh.")
        var timeZone: String

        @Option(help: "First date, YYYY-MM-DD (default: today in --tz).")
        var date: String?

        @Option(help: "Number of days (1 to 3660).")
        var days: Int = 1

        @Option(help: "Calculation method (case-insensitive), e.g. MWL, ISNA, Makkah.")
        var method: String?

        @Option(help: "Asr school.")
        var asr: AsrOption = .standard

        @Option(name: .customLong("high-lat"), help: "Rule for Fajr and Isha at high latitudes.")
        var highLatitudeRule: HighLatitudeOption = .middleOfNight

        @Option(parsing: .unconditional, help: "Elevation in metres (-500 to 9000); raises the horizon dip for sunrise and sunset.")
        var elevation: Double = 0

        @Option(help: "Minutes to add per time, e.g. fajr=2,isha=-3 (fajr, sunrise, dhuhr, asr, maghrib, isha).")
        var adjust: String?

        @Option(help: "Output format.")
        var format: FormatOption = .table

        func validate() throws {
            _ = try request()
        }

        func run() throws {
            let request = try request()
            let days = request.calculator.times(from: request.start, days: days)
            let output = switch format {
            case .json: PrayerCommand.json(days, in: request.calculator.timeZone)
            case .ics: PrayerCommand.icalendar(days, timeZone: request.calculator.timeZone, now: Date())
            case .table: PrayerCommand.table(days, calculator: request.calculator)
            }
            print(output, terminator: "")
        }

        /// The validated options.
        private func request() throws -> (calculator: PrayerTimesCalculator, start: LocalDate) {
            let coordinates = Coordinates(latitude: latitude, longitude: longitude, elevation: elevation)
            do {
                try coordinates.validate()
            } catch {
                throw ValidationError("Invalid place: \(error.description).")
            }
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("Unknown time zone '\(timeZone)'. Use an IANA identifier such as Europe/London.")
            }
            let start: LocalDate
            if let date {
                guard let parsed = LocalDate(date) else {
                    throw ValidationError("Invalid date '\(date)'. Use YYYY-MM-DD, e.g. 2026-11-23.")
                }
                start = parsed
            } else {
                start = LocalDate(Date(), in: zone)
            }
            guard (1...3660).contains(days) else {
                throw ValidationError("--days must be between 1 and 3660 (got \(days)).")
            }
            guard start.adding(days: days - 1).year <= 9999 else {
                throw ValidationError("The dates must end by the year 9999.")
            }
            let calculationMethod: CalculationMethod
            if let method {
                guard let named = CalculationMethod(name: method) else {
                    let names = CalculationMethod.allCases.map(\.shortName).joined(separator: ", ")
                    throw ValidationError("Unknown method '\(method)'. Choose one of: \(names).")
                }
                calculationMethod = named
            } else {
                calculationMethod = CalculationMethod.defaultMethod(for: zone)
            }
            var parameters = PrayerParameters(
                method: calculationMethod, asrSchool: asr.school, highLatitudeRule: highLatitudeRule.rule
            )
            if let adjust {
                parameters.adjustments = try PrayerCommand.adjustments(adjust)
            }
            return (PrayerTimesCalculator(coordinates: coordinates, timeZone: zone, parameters: parameters), start)
        }
    }

    enum AsrOption: String, ExpressibleByArgument, CaseIterable {
        case standard, hanafi
        var school: AsrSchool { self == .hanafi ? .hanafi : .standard }
    }

    enum HighLatitudeOption: String, ExpressibleByArgument, CaseIterable {
        case middleOfNight = "middle-of-night"
        case oneSeventh = "one-seventh"
        case angleBased = "angle-based"
        case none
        var rule: HighLatitudeRule { HighLatitudeRule(rawValue: rawValue)! }
    }

    enum FormatOption: String, ExpressibleByArgument, CaseIterable {
        case json, ics, table
    }

    /// Parses `fajr=2,isha=-3`.
    static func adjustments(_ text: String) throws -> Adjustments {
        var adjustments = Adjustments.none
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2,
                  let prayer = Prayer(rawValue: parts[0].lowercased()),
                  let minutes = Double(parts[1]), minutes.isFinite, abs(minutes) <= 180
            else {
                throw ValidationError(
                    "Invalid adjustment '\(item)'. Use NAME=MINUTES (within ±180), NAME one of fajr, sunrise, dhuhr, asr, maghrib, isha."
                )
            }
            adjustments[prayer] = minutes
        }
        return adjustments
    }
}

// MARK: - Output

extension PrayerCommand {
    /// Local wall-clock time of `instant` in `zone`, rounded to the nearest second, and how many
    /// days its local date is after `date` (Isha after midnight is `+1`).
    static func wallClock(_ instant: Date, in zone: TimeZone, relativeTo date: LocalDate) -> (text: String, dayOffset: Int) {
        let offset = zone.secondsFromGMT(for: instant)
        let local = Int((instant.timeIntervalSince1970 + Double(offset)).rounded())
        let day = floorDivide(local, 86_400)
        let seconds = local - day * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let text = "\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
        return (text, date.distance(to: LocalDate(dayNumber: day)))
    }

    /// `[{"date":"2026-11-23","fajr":"05:20:13",...}, ...]`, one object a line.
    static func json(_ days: [PrayerDay], in zone: TimeZone) -> String {
        let objects = days.map { day in
            let fields = [("date", day.date.description)]
                + Prayer.allCases.map { ($0.rawValue, wallClock(day[$0], in: zone, relativeTo: day.date).text) }
            return "  {" + fields.map { "\"\($0)\":\"\($1)\"" }.joined(separator: ",") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// A VCALENDAR with one 20-minute opaque VEVENT per prayer (sunrise is not a prayer),
    /// times in UTC, lines ended by CRLF (RFC 5545).
    static func icalendar(_ days: [PrayerDay], timeZone: TimeZone, now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Jadwal//Prayer Times//EN",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:Prayer Times",
            "X-WR-TIMEZONE:\(timeZone.identifier)",
        ]
        let stamp = utcStamp(now)
        for day in days {
            let compactDate = day.date.description.replacingOccurrences(of: "-", with: "")
            for prayer in Prayer.obligatory {
                lines += [
                    "BEGIN:VEVENT",
                    "UID:\(compactDate)-\(prayer.rawValue)@prayer.jadwal",
                    "DTSTAMP:\(stamp)",
                    "DTSTART:\(utcStamp(day[prayer]))",
                    "DTEND:\(utcStamp(day[prayer].addingTimeInterval(20 * 60)))",
                    "SUMMARY:\(prayer.name)",
                    "TRANSP:OPAQUE",
                    "END:VEVENT",
                ]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// Division rounding toward negative infinity (instants before 1970).
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor != 0 && (value < 0) != (divisor < 0) ? quotient - 1 : quotient
    }

    /// `20261123T021513Z`, rounded to the nearest second.
    static func utcStamp(_ instant: Date) -> String {
        let total = Int(instant.timeIntervalSince1970.rounded())
        let day = floorDivide(total, 86_400)
        let seconds = total - day * 86_400
        let date = LocalDate(dayNumber: day)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return date.description.replacingOccurrences(of: "-", with: "")
            + "T\(two(seconds / 3_600))\(two(seconds / 60 % 60))\(two(seconds % 60))Z"
    }

    /// Folds a content line at 75 octets (RFC 5545, 3.1), never inside a UTF-8 sequence.
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var parts: [String] = []
        var current = ""
        var limit = 75
        for character in line {
            if current.utf8.count + character.utf8.count > limit {
                parts.append(current)
                current = ""
                limit = 74  // continuation lines start with a space
            }
            current.append(character)
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    /// An aligned table for people; `+1` marks a time after local midnight, `*` an estimate.
    static func table(_ days: [PrayerDay], calculator: PrayerTimesCalculator) -> String {
        let zone = calculator.timeZone
        let parameters = calculator.parameters
        let place = calculator.coordinates
        var output = "Prayer times at \(place.latitude), \(place.longitude)"
            + (place.elevation != 0 ? ", \(place.elevation) m" : "")
            + " (\(zone.identifier))\n"
            + "Method \(parameters.method.shortName) (\(parameters.method.displayName)), "
            + "Asr \(parameters.asrSchool.rawValue), high latitudes \(parameters.highLatitudeRule.rawValue)\n\n"
        let headers = ["Date"] + Prayer.allCases.map(\.name) + ["Midnight", "Last third"]
        var rows: [[String]] = []
        var anyEstimate = false
        for day in days {
            var cells = [day.date.description]
            let instants = Prayer.allCases.map { day[$0] } + [day.midnight, day.lastThird]
            let estimated: [Bool] = Prayer.allCases.map { prayer in
                switch prayer {
                case .fajr: day.fallbacks.contains(.fajr)
                case .maghrib: day.fallbacks.contains(.maghrib)
                case .isha: day.fallbacks.contains(.isha)
                default: false
                }
            } + [false, false]
            for (instant, isEstimate) in zip(instants, estimated) {
                let clock = wallClock(instant, in: zone, relativeTo: day.date)
                let mark = day.fallbacks.contains(.nearestLatitude) || isEstimate ? "*" : ""
                anyEstimate = anyEstimate || !mark.isEmpty
                cells.append(clock.text + (clock.dayOffset == 0 ? "" : String(format: "%+d", clock.dayOffset)) + mark)
            }
            rows.append(cells)
        }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }
        output += line(headers)
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in rows { output += line(row) }
        if anyEstimate {
            output += "\n* estimated: the sun does not reach the method's angle (high-latitude rule) or does not rise or set (nearest latitude).\n"
        }
        if rows.contains(where: { $0.contains { $0.contains("+1") || $0.contains("-1") } }) {
            output += "+1: on the next calendar day.\n"
        }
        return output
    }
}
