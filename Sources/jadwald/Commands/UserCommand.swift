import ArgumentParser
import CalDAVCore
import CalDAVSQLite
import Foundation
import Jadwal

/// `jadwald user`: manage accounts from the command line.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Add, list and remove users, and set their passwords.",
        subcommands: [Add.self, Password.self, List.self, Delete.self, AppPasswordCommand.self])

    /// Runs an account operation, showing its refusal as a usage error.
    static func refusing<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as AccountStore.AccountError {
            throw CommandFailure(error.description)
        }
    }
}

/// The first calendar of every new user. It is not named "default": iOS hides a calendar
/// of that name.
let firstCalendar = (name: "calendar", displayName: "Calendar", components: Set(["VEVENT", "VTODO"]))

extension UserCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user with a calendar named \"Calendar\" for events and tasks.")
        @Argument(help: "The user name (letters, digits, . _ @ + -).") var name: String
        @Option(help: "The user's email address (their calendar user address).") var email: String?
        @Flag(help: "Read the password as one line from standard input.") var passwordStdin = false
        @Flag(help: "Make the user an administrator.") var admin = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let database = try data.databasePath()
            let accounts = try AccountStore(path: database)
            try await UserCommand.refusing { try await accounts.create(name: name, password: password, email: email, isAdmin: admin) }
            let store = try SQLiteCalendarStore(path: database)
            try await store.createCalendar(CalendarCollection(
                reference: CalendarReference(owner: name, name: firstCalendar.name), displayName: firstCalendar.displayName,
                supportedComponents: firstCalendar.components))
            print("created user \(name)")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Set a user's password.")
        @Argument var name: String
        @Flag(help: "Read the password as one line from standard input.") var passwordStdin = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let accounts = try AccountStore(path: try data.databasePath())
            try await UserCommand.refusing { try await accounts.setPassword(name: name, password: password) }
            print("password of \(name) changed")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users.")
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            for account in try await AccountStore(path: try data.databasePath()).list() {
                print([account.name, account.email ?? "-", account.isAdmin ? "admin" : ""].joined(separator: "\t"))
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a user and all of their calendars.")
        @Argument var name: String
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let database = try data.databasePath()
            let accounts = try AccountStore(path: database)
            try await UserCommand.refusing { try await accounts.delete(name: name) }
            let store = try SQLiteCalendarStore(path: database)
            for calendar in try await store.calendars(of: name) {
                try await store.deleteCalendar(calendar.reference)
            }
            print("deleted user \(name)")
        }
    }
}
