import ArgumentParser

/// `jadwald ical bench`: placeholder replaced below once the generator lands.
struct ICalBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Benchmark the iCalendar library.")
    func run() throws {}
}
