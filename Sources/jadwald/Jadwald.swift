import ArgumentParser

/// The Jadwal server daemon and its tools.
@main
struct Jadwald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jadwald",
        abstract: "Jadwal server: a CalDAV server with prayer times and events from chats.",
        discussion: """
            `jadwald serve` runs the CalDAV server; `jadwald user` manages accounts; \
            `jadwald mail` tests the mail settings and lists the outbox; \
            `jadwald ical` and `jadwald prayer` are the iCalendar and prayer-time tools; \
            `jadwald profile` and `jadwald qr` make device setup profiles and QR codes.
            """,
        version: "0.1.0",
        subcommands: [ServeCommand.self, UserCommand.self, MailCommand.self, KeysCommand.self, ImportCommand.self, ExportCommand.self, BackupCommand.self, MigrateStoreCommand.self, ICalCommand.self,
                      PrayerCommand.self, ProfileCommand.self, QRCommand.self, ExtractCommand.self, ChatsCommand.self, ConflictsCommand.self]
    )
}
