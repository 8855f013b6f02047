import ArgumentParser

/// The Jadwal server daemon and its tools.
@main
struct Jadwald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jadwald",
        abstract: "Jadwal server: a CalDAV server with prayer times and events from chats.",
        discussion: """
            The CalDAV server itself arrives in a later release; today jadwald offers the \
            iCalendar tools (`jadwald ical`) and the prayer-time engine (`jadwald prayer`).
            """,
        version: "0.1.0",
        subcommands: [ServeCommand.self, UserCommand.self, ICalCommand.self, PrayerCommand.self]
    )
}
