import ArgumentParser
import Foundation
import Jadwal

extension UserCommand {
    /// `jadwald user app-password NAME --label L`: a password for one device, shown once.
    struct AppPasswordCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "app-password",
            abstract: "Create, list or revoke a user's app passwords (one per device).",
            discussion: """
                With --label, prints a new generated password once; give it to one device or app \
                in place of the account password. --list shows the labels and when each was last \
                used; --revoke LABEL cuts one device off.
                """)
        @Argument var name: String
        @Option(help: "Create an app password with this label, e.g. \"iPhone\".") var label: String?
        @Flag(help: "List the user's app passwords.") var list = false
        @Option(help: "Revoke the app password with this label.") var revoke: String?
        @OptionGroup var data: DataDirectoryOptions

        func validate() throws {
            if [label != nil, list, revoke != nil].filter({ $0 }).count != 1 {
                throw ValidationError("give exactly one of --label LABEL, --list or --revoke LABEL")
            }
        }

        func run() async throws {
            let accounts = try await Storage.open(data).accounts
            if let label {
                let password = try await UserCommand.refusing { try await accounts.createAppPassword(name: name, label: label) }
                print(password)
                StandardStreams.error("app password '\(label)' for \(name); it is shown only this once\n")
            } else if let revoke {
                try await UserCommand.refusing { try await accounts.revokeAppPassword(name: name, label: revoke) }
                print("revoked app password '\(revoke)' of \(name)")
            } else {
                guard try await accounts.account(named: name) != nil else { throw CommandFailure("no user \(name)") }
                for entry in try await accounts.appPasswords(name: name) {
                    let used = entry.lastUsedAt.map { Self.date($0) } ?? "never used"
                    print("\(entry.label)\tcreated \(Self.date(entry.createdAt))\t\(used)")
                }
            }
        }

        static func date(_ seconds: Int) -> String {
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
    }
}
