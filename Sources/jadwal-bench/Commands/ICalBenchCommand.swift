import ArgumentParser
import Foundation
import ICalendar

/// `jadwal-bench ical`: ICalendar against libical and python icalendar, side by side.
///
/// Generates a large calendar from a seed, measures parse+serialize throughput and
/// recurrence expansion rate for the Swift library in process, runs the C harness
/// (Benchmarks/libical, built here with `cc`) and the python harness (in `.venv`) on the
/// same file, and prints one table. Numbers are best-of-runs on this machine only.
/// Run it from the repository root: the harnesses and `.venv` are found from there.
struct ICalBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ical",
        abstract: "Benchmark ICalendar against libical and python icalendar on a generated calendar.")

    @Option(help: "Seed of the generated calendar.")
    var seed: UInt64 = 42
    @Option(help: "Size of the generated calendar in MB.")
    var sizeMB: Int = 50
    @Option(help: "How much of the calendar python parses, in MB (python is slow).")
    var pythonMB: Int = 5
    @Option(help: "Runs per measurement; the best is reported.")
    var runs: Int = 3
    @Option(help: "Start of the expansion range.")
    var from: String = "20260101T000000Z"
    @Option(help: "End of the expansion range.")
    var to: String = "20270101T000000Z"
    @Option(help: "Folder for the generated file and the C harness binary.")
    var outputDirectory: String = "Benchmarks/out"
    @Flag(help: "Skip the libical harness.")
    var skipLibical = false
    @Flag(help: "Skip the python harness.")
    var skipPython = false

    struct Measurement {
        var name: String
        var bytes: Int
        var parseSeconds: Double
        var instances: Int
        var expandSeconds: Double
        var megabytesPerSecond: Double { Double(bytes) / 1e6 / parseSeconds }
        var instancesPerSecond: Double { Double(instances) / expandSeconds }
    }

    func validate() throws {
        guard sizeMB >= 1, sizeMB <= 2000, pythonMB >= 1, runs >= 1, runs <= 100 else {
            throw ValidationError("--size-mb must be 1 to 2000, --python-mb at least 1, --runs 1 to 100")
        }
        guard Self.utcInstant(from) != nil, Self.utcInstant(to) != nil else {
            throw ValidationError("--from and --to must be UTC date-times like 20260101T000000Z")
        }
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let file = "\(outputDirectory)/bench-\(seed)-\(sizeMB)mb.ics"
        let clock = ContinuousClock()
        var bytes: [UInt8] = []
        let generation = clock.measure {
            bytes = BenchCalendarGenerator(seed: seed).makeCalendar(targetBytes: sizeMB * 1_000_000)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        print("generated \(file): \(bytes.count) bytes in \(format(seconds(generation), 2)) s (seed \(seed))")

        var results: [Measurement] = [try measureSwift(bytes)]
        if !skipLibical { results.append(try runHarness(name: "libical (C)", command: try libicalCommand(file))) }
        if !skipPython {
            results.append(try runHarness(name: "python icalendar", command: [
                ".venv/bin/python", "Benchmarks/python/ical_bench.py", file, from, to, String(runs), "--max-bytes", String(pythonMB * 1_000_000),
            ]))
        }
        printTable(results)
    }

    /// Seconds since 1970 of a UTC basic date-time such as `20260101T000000Z`, the only form
    /// the libical and python harnesses accept; nil for anything else.
    private static func utcInstant(_ text: String) -> Int? {
        guard case .dateTime(let local, .utc)? = try? DateTimeValue.parse(text) else { return nil }
        return local.civilSeconds
    }

    // MARK: Swift

    private func measureSwift(_ bytes: [UInt8]) throws -> Measurement {
        let clock = ContinuousClock()
        var bestParse = Double.infinity
        var calendar = Component(name: ComponentName.calendar)
        for _ in 0..<runs {
            var parsed: Component?
            var output: [UInt8] = []
            let elapsed = try clock.measure {
                let value = try ICalendarParser().parseCalendar(bytes)
                output = ICalendarSerializer().serialize(value)
                parsed = value
            }
            precondition(output.count > bytes.count / 2)
            bestParse = min(bestParse, seconds(elapsed))
            calendar = parsed!
        }
        let start = Self.utcInstant(from)!
        let end = Self.utcInstant(to)!
        var bestExpand = Double.infinity
        var instances = 0
        for _ in 0..<runs {
            var occurrences: [Occurrence] = []
            let expander = RecurrenceExpander(calendar: calendar, limits: ExpansionLimits(maxOccurrences: 50_000_000))
            let elapsed = try clock.measure { occurrences = try expander.occurrences(from: start, to: end) }
            bestExpand = min(bestExpand, seconds(elapsed))
            // Count what the other harnesses count: instances of recurring components.
            instances = occurrences.filter { $0.recurrenceID != nil }.count
        }
        return Measurement(name: "ICalendar (Swift)", bytes: bytes.count, parseSeconds: bestParse, instances: instances, expandSeconds: bestExpand)
    }

    // MARK: Harnesses

    private func libicalCommand(_ file: String) throws -> [String] {
        let binary = "\(outputDirectory)/ical_bench"
        let build = "cc -O2 -o \(binary) Benchmarks/libical/ical_bench.c $(pkg-config --cflags --libs libical)"
        guard try shell(["/bin/sh", "-c", build]).status == 0 else {
            throw ValidationError("could not build the libical harness (is libical-dev installed? scripts/setup --test installs it)")
        }
        return [binary, file, from, to, String(runs)]
    }

    private func runHarness(name: String, command: [String]) throws -> Measurement {
        let result = try shell(command)
        guard result.status == 0, let line = result.output.split(separator: "\n").last,
              let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let bytes = json["bytes"] as? Int, let parse = json["parse_serialize_seconds"] as? Double,
              let instances = json["instances"] as? Int, let expand = json["expand_seconds"] as? Double else {
            throw ValidationError("\(command.joined(separator: " ")) failed:\n\(result.output)")
        }
        return Measurement(name: name, bytes: bytes, parseSeconds: parse, instances: instances, expandSeconds: expand)
    }

    private func shell(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].contains("/") ? arguments[0] : "/usr/bin/env")
        process.arguments = arguments[0].contains("/") ? Array(arguments.dropFirst()) : arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    // MARK: Output

    private func printTable(_ results: [Measurement]) {
        let python = results.first { $0.name.hasPrefix("python") }
        let libical = results.first { $0.name.hasPrefix("libical") }
        print("")
        print("| implementation | input MB | parse+serialize MB/s | instances | expansion instances/s |")
        print("|---|---:|---:|---:|---:|")
        for result in results {
            print("| \(result.name) | \(format(Double(result.bytes) / 1e6, 1)) | \(format(result.megabytesPerSecond, 1)) | \(result.instances) | \(format(result.instancesPerSecond, 0)) |")
        }
        let swift = results[0]
        var notes: [String] = []
        if let libical {
            notes.append("parse: \(format(swift.megabytesPerSecond / libical.megabytesPerSecond, 2))x libical")
            notes.append("expansion: \(format(swift.instancesPerSecond / libical.instancesPerSecond, 2))x libical")
        }
        if let python {
            notes.append("parse: \(format(swift.megabytesPerSecond / python.megabytesPerSecond, 1))x python icalendar")
            notes.append("expansion: \(format(swift.instancesPerSecond / python.instancesPerSecond, 1))x python")
        }
        if !notes.isEmpty { print("\n" + notes.joined(separator: "; ")) }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
