import ArgumentParser
import Foundation
import ICalendar

/// `jadwald ical`: tools over iCalendar files, built on the ICalendar library.
struct ICalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ical",
        abstract: "Validate, normalize, expand and compute free-busy for iCalendar files.",
        subcommands: [Validate.self, Normalize.self, Expand.self, FreeBusy.self]
    )

    /// Reads and parses a file, or prints `FILE:LINE:COLUMN: reason` and fails.
    static func load(_ path: String) throws -> [Component] {
        let bytes = try StandardStreams.read(path)
        do {
            return try ICalendarParser().parse(bytes)
        } catch {
            StandardStreams.error("\(path):\(error.line):\(error.column): \(error.reason)\n")
            throw ExitCode.failure
        }
    }

    /// Loads a file that must hold one VCALENDAR.
    static func loadCalendar(_ path: String) throws -> Component {
        let roots = try load(path)
        guard roots.count == 1, let calendar = roots.first, calendar.name == ComponentName.calendar else {
            StandardStreams.error("\(path):1:1: expected exactly one VCALENDAR\n")
            throw ExitCode.failure
        }
        return calendar
    }
}

extension ICalCommand {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check files against RFC 5545; print FILE:LINE:COLUMN: reason for each error.")

        @Argument(help: "The .ics files to check.")
        var files: [String]

        func run() throws {
            var failed = false
            for file in files {
                let bytes: [UInt8]
                do { bytes = try StandardStreams.read(file) } catch {
                    StandardStreams.error("\(file):0:0: cannot read the file\n")
                    failed = true
                    continue
                }
                let roots: [Component]
                do { roots = try ICalendarParser().parse(bytes) } catch {
                    StandardStreams.error("\(file):\(error.line):\(error.column): \(error.reason)\n")
                    failed = true
                    continue
                }
                if roots.isEmpty {
                    StandardStreams.error("\(file):1:1: no VCALENDAR found\n")
                    failed = true
                }
                for root in roots {
                    for issue in CalendarValidator().issues(in: root) {
                        StandardStreams.error("\(file):\(issue.line):\(issue.column): \(issue.reason)\n")
                        failed = true
                    }
                }
            }
            if failed { throw ExitCode.failure }
        }
    }

    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-serialize a file: CRLF, 75-octet folding, canonical TEXT escapes.")

        @Argument(help: "The .ics file.")
        var file: String

        func run() throws {
            let roots = try ICalCommand.load(file)
            StandardStreams.write(ICalendarSerializer(options: .normalizeTextEscaping).serialize(roots))
        }
    }

    struct Expand: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List occurrences overlapping [from, to): UID, RECURRENCE-ID, START, END.",
            discussion: """
                One tab-separated line per occurrence, sorted by start then UID. DATE-TIME \
                values print in UTC (YYYYMMDDTHHMMSSZ), DATE values as YYYYMMDD, floating \
                times as local YYYYMMDDTHHMMSS evaluated in --tz. RECURRENCE-ID is - for a \
                non-recurring component.
                """)

        @Argument(help: "The .ics file.")
        var file: String
        @Option(help: "Start of the range (ISO 8601).")
        var from: InstantArgument
        @Option(help: "End of the range, exclusive (ISO 8601).")
        var to: InstantArgument
        @Option(help: "IANA zone for floating times, DATE values and --from/--to without a zone (default UTC).")
        var tz: String?
        @Option(help: "Most occurrences to list before failing.")
        var maxOccurrences: Int = ExpansionLimits.default.maxOccurrences

        func run() throws {
            let zone = try ZoneOption.rules(tz)
            let calendar = try ICalCommand.loadCalendar(file)
            let expander = RecurrenceExpander(calendar: calendar, floatingZone: zone,
                                              limits: ExpansionLimits(maxOccurrences: maxOccurrences))
            let occurrences: [Occurrence]
            do {
                occurrences = try expander.occurrences(from: from.instant(in: zone), to: to.instant(in: zone))
            } catch {
                StandardStreams.error("\(file):\(error.line):1: \(error.reason)\n")
                throw ExitCode.failure
            }
            var output = ""
            output.reserveCapacity(occurrences.count * 64)
            for occurrence in occurrences {
                output += occurrence.uid + "\t"
                if let rid = occurrence.recurrenceID, let instant = occurrence.recurrenceInstant {
                    output += Self.format(rid, instant: instant)
                } else {
                    output += "-"
                }
                output += "\t" + Self.format(occurrence.start, instant: occurrence.startInstant)
                output += "\t" + Self.format(occurrence.end, instant: occurrence.endInstant) + "\n"
            }
            StandardStreams.write(output)
        }

        static func format(_ value: DateTimeValue, instant: Int) -> String {
            switch value {
            case .date(let date): return date.basicFormat
            case .dateTime(let local, .floating): return local.basicFormat
            case .dateTime: return FreeBusyCalculator.utc(instant)
            }
        }
    }

    struct FreeBusy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "freebusy",
            abstract: "Print a VCALENDAR with one VFREEBUSY for [from, to) (RFC 4791 §7.10).")

        @Argument(help: "The .ics file.")
        var file: String
        @Option(help: "Start of the range (ISO 8601).")
        var from: InstantArgument
        @Option(help: "End of the range, exclusive (ISO 8601).")
        var to: InstantArgument
        @Option(help: "IANA zone for floating times and DATE values (default UTC).")
        var tz: String?

        func run() throws {
            let zone = try ZoneOption.rules(tz)
            let calendar = try ICalCommand.loadCalendar(file)
            let calculator = FreeBusyCalculator(expander: RecurrenceExpander(calendar: calendar, floatingZone: zone))
            let now = Int(Date().timeIntervalSince1970)
            do {
                let result = try calculator.freeBusyCalendar(from: from.instant(in: zone), to: to.instant(in: zone), stamp: now)
                StandardStreams.write(ICalendarSerializer().serialize(result))
            } catch {
                StandardStreams.error("\(file):\(error.line):1: \(error.reason)\n")
                throw ExitCode.failure
            }
        }
    }
}
