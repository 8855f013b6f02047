import ArgumentParser
import CalDAVCore
import Foundation

/// `jadwal-bench admission FILE`: the CPU time the server's admission of one calendar
/// object takes (line ends, parsing, validation and its index row, as every PUT does it),
/// over the objects of FILE in turn, for the write floor of the server benchmark.
///
/// FILE holds calendar objects separated by NUL bytes (`Benchmarks/server/floors.py` writes
/// one from a jadwald database). Prints one JSON line: `{"ops": N, "cpu_ms": MS}`, MS being
/// CPU milliseconds per object.
struct AdmissionBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admission",
        abstract: "Time admitting calendar objects as PUT does (build with -c release)."
    )

    @Argument(help: "A file of calendar objects separated by NUL bytes.")
    var file: String

    @Option(help: "Seconds of CPU time to measure for.")
    var seconds: Double = 1

    func validate() throws {
        guard seconds > 0 && seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600].") }
    }

    func run() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let objects = bytes.split(separator: 0).map(Array.init)
        guard !objects.isEmpty else { throw ValidationError("\(file) holds no objects") }
        let admission = CalendarObjectAdmission(maxResourceSize: 10 << 20)
        let collection = CalendarCollection(reference: CalendarReference(owner: "bench", name: "floor"))
        var refused = 0
        for object in objects where (try? admission.admit(object, into: collection)) == nil { refused += 1 }  // warm-up
        guard refused < objects.count else { throw ValidationError("no object of \(file) is admitted") }
        var ops = 0
        let start = Self.cpuSeconds()
        var elapsed = 0.0
        while elapsed < seconds {
            for object in objects {
                _ = try? admission.admit(object, into: collection)
            }
            ops += objects.count
            elapsed = Self.cpuSeconds() - start
        }
        print(#"{"ops": \#(ops), "cpu_ms": \#(elapsed * 1000 / Double(ops)), "refused": \#(refused)}"#)
    }

    /// CPU time of this process, user and system, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
