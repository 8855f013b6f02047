import ArgumentParser
import Foundation
import Jadwal

/// `jadwald conflicts list USER`: a user's open conflicts, as `GET /api/v1/conflicts` shows them.
struct ConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List chat events that clash with other events or prayer times.",
        subcommands: [List.self])
}

extension ConflictsCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A user's open conflicts, soonest first.")

        @Argument(help: "The user.") var user: String
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @Flag(help: "Print JSON, as the API answers.") var json = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let (_, accounts, service) = try await ChatComponents.open(config: config, data: data)
            guard try await accounts.account(named: user) != nil else { throw CommandFailure("no user \(user)") }
            let open = try await service.openConflicts(of: user)
            if json {
                let objects = open.map { ConflictsAPI.json($0, user: user) }
                let data = try JSONSerialization.data(withJSONObject: ["conflicts": objects], options: [.prettyPrinted, .sortedKeys])
                print(String(decoding: data, as: UTF8.self))
                return
            }
            guard !open.isEmpty else { return print("no open conflicts") }
            for details in open {
                let time = { (instant: Int) in String(ChatNotice.iso(instant, details.zone).prefix(16)).replacingOccurrences(of: "T", with: " ") }
                print("\(details.conflict.id)  \(time(details.event.start))  \(details.eventTitle)")
                print("    overlaps \(details.conflict.other.kind.rawValue) \"\(details.conflict.other.summary)\" "
                      + "\(time(details.conflict.other.start))–\(time(details.conflict.other.end).suffix(5)) (\(details.conflict.other.calendar))")
            }
        }
    }
}
