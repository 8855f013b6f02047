import ArgumentParser
import CalDAVCore
import Foundation

/// `jadwald export USER CALENDAR`: the whole calendar as one .ics file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a user's calendar as one .ics file (to standard output or --output).")

    @Argument(help: "The user who owns the calendar.") var user: String
    @Argument(help: "The calendar's name in its URL, e.g. calendar.") var calendar: String
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let store = try await Storage.open(data).homes
        let reference = CalendarReference(owner: user, name: calendar)
        guard let collection = try await store.calendar(reference) else { throw CommandFailure("\(user) has no calendar \(calendar)") }
        let file = CalendarExport.file(of: collection, objects: try await store.objects(in: reference))
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(file)) else { throw CommandFailure("cannot write \(output)") }
        } else {
            StandardStreams.write(file)
        }
    }
}
