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
        subcommands: [Add.self, Password.self, List.self, Delete.self])

    /// Reads a password from standard input (one line), so it never shows in `ps`.
    static func readPassword() throws -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ValidationError("give the password on standard input, e.g. printf '%s\\n' \"$PASSWORD\" | jadwald user add NAME")
        }
        return line
    }
}

extension UserCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user with a \"Personal\" calendar; the password is read from standard input.")
        @Argument(help: "The user name (letters, digits, . _ @ + -).") var name: String
        @Flag(help: "Make the user an administrator.") var admin = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let password = try UserCommand.readPassword()
            let database = try data.databasePath()
            let accounts = try AccountStore(path: database)
            do {
                try await accounts.create(name: name, password: password, isAdmin: admin)
            } catch let error as AccountStore.AccountError {
                throw ValidationError(error.description)
            }
            // The first calendar is not named "default": iOS hides a calendar of that name.
            let store = try SQLiteCalendarStore(path: database)
            try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: name, name: "personal"), displayName: "Personal"))
            print("created user \(name)")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Set a user's password, read from standard input.")
        @Argument var name: String
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let password = try UserCommand.readPassword()
            do {
                try await AccountStore(path: try data.databasePath()).setPassword(name: name, password: password)
            } catch let error as AccountStore.AccountError {
                throw ValidationError(error.description)
            }
            print("password of \(name) changed")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users.")
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            for account in try await AccountStore(path: try data.databasePath()).list() {
                print(account.name + (account.isAdmin ? "\tadmin" : ""))
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a user and all of their calendars.")
        @Argument var name: String
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let database = try data.databasePath()
            do {
                try await AccountStore(path: database).delete(name: name)
            } catch let error as AccountStore.AccountError {
                throw ValidationError(error.description)
            }
            let store = try SQLiteCalendarStore(path: database)
            for calendar in try await store.calendars(of: name) {
                try await store.deleteCalendar(calendar.reference)
            }
            print("deleted user \(name)")
        }
    }
}
