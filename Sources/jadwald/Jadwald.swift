import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The Jadwal server daemon and its tools.
@main
struct Jadwald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jadwald",
        abstract: "Jadwal server: a CalDAV server with prayer times and events from chats.",
        discussion: """
            `jadwald serve` runs the CalDAV server; `jadwald user` manages accounts; \
            `jadwald mail` tests the mail settings and lists the outbox; \
            `jadwald ical`, `jadwald vcard` and `jadwald prayer` are the iCalendar, vCard and prayer-time tools; \
            `jadwald profile` and `jadwald qr` make device setup profiles and QR codes.
            """,
        version: BuildInfo.description,
        subcommands: [ServeCommand.self, UserCommand.self, MailCommand.self, KeysCommand.self, ImportCommand.self, ExportCommand.self, ContactsCommand.self, BackupCommand.self, RestoreCommand.self, MigrateStoreCommand.self, MigrateBaikalCommand.self, ICalCommand.self, VCardCommand.self,
                      PrayerCommand.self, ProfileCommand.self, QRCommand.self, ExtractCommand.self, ChatsCommand.self, ConflictsCommand.self, HealthCommand.self]
    )

    /// Runs the command asked for, with every file it makes readable by its owner only:
    /// the database holds everyone's calendars, and keys and mail sit beside it.
    static func main() async {
        umask(0o077)
        ConfiguredStorage.adoptSystemFile()
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let error where OperatorMessage.isSystemError(error) {
            exit(withError: CommandFailure(OperatorMessage.describe(error)))
        } catch {
            exit(withError: error)
        }
    }
}
