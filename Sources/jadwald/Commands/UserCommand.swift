import ArgumentParser
import CalDAVCore
import Foundation
import Jadwal
import Logging

/// `jadwald user`: manage accounts from the command line.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Add, list and remove users, and set their passwords.",
        subcommands: [Add.self, Password.self, List.self, Delete.self, AppPasswordCommand.self, SetupLink.self])

    /// Runs an account operation, showing its refusal as a usage error.
    static func refusing<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as AccountStore.AccountError {
            throw CommandFailure(error.description)
        }
    }

    /// The stored name of the account `typed` names (in another case or normalization too).
    static func stored(_ typed: String, in accounts: AccountStore) async throws -> String {
        guard let name = try await accounts.resolve(typed) else { throw CommandFailure("no user \(typed)") }
        return name
    }
}

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
            let users = try await Storage.open(data, creating: true).users
            try await UserCommand.refusing { try await users.create(name: name, password: password, email: email, isAdmin: admin) }
            print("created user \(AccountIdentity.canonical(name))")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Set a user's password.")
        @Argument var name: String
        @Flag(help: "Read the password as one line from standard input.") var passwordStdin = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let accounts = try await Storage.open(data).accounts
            let name = try await UserCommand.stored(name, in: accounts)
            try await UserCommand.refusing { try await accounts.setPassword(name: name, password: password) }
            print("password of \(name) changed")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users.")
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let accounts = try await Storage.open(data).accounts
            for account in try await accounts.list() {
                print([account.name, account.email ?? "-", account.isAdmin ? "admin" : ""].joined(separator: "\t"))
            }
            for problem in try await accounts.identityProblems() {
                StandardStreams.error("warning: \(problem)\n")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a user and all of their calendars.")
        @Argument var name: String
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let users = try await Storage.open(data).users
            let name = try await UserCommand.stored(name, in: users.accounts)
            try await UserCommand.refusing { try await users.delete(name: name) }
            print("deleted user \(name)")
        }
    }
}

extension UserCommand {
    struct SetupLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "setup-link",
            abstract: "Print a one-time link that sets up an iPhone, iPad or Mac for a user.",
            discussion: """
                Opened on the device, the link downloads a configuration profile with the user's \
                calendars and a new app password for that device. It works once, within 15 minutes. \
                Links start with public_url from the configuration, else with the address the \
                server last started with.
                """)
        @Argument var name: String
        @Flag(help: "Also mail the link to the user's email address.") var send = false
        @Flag(help: "Set up a subscription to the user's prayer times instead of their calendars.") var prayerFeed = false
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let settings = try ServerConfiguration.resolved(config: config) { settings in
                if let directory = data.directory { settings.data = directory }
            }
            let application = try await Storage.open(data, settings: settings).application
            if send { try await ServerKeys(settings: settings, application: application).sealMail(of: application) }
            let mail = MailQueue(outbox: application.mailOutbox, sender: settings.mailSender)
            // The server's own URL when it recorded one and the configuration names none.
            let publicURL = settings.publicURL == nil ? try await application.serverSettings.publicURL() ?? PublicURLAdvice.url(settings)
                                                      : PublicURLAdvice.url(settings)
            for warning in PublicURLAdvice.warnings(settings, url: publicURL) { StandardStreams.error("warning: \(warning)\n") }
            let links = SetupLinks(application: application, publicURL: publicURL, send: mail.send)
            let link = try await UserCommand.refusing { try await links.issue(for: name, kind: prayerFeed ? .prayerFeed : .calendars, send: send) }
            print(link.url)
            if let sentTo = link.sentTo { print("queued for \(sentTo); the server sends it") }
        }
    }
}
