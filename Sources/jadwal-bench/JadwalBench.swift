import ArgumentParser

/// The benchmarks of Jadwal's libraries, built apart from the server daemon so that
/// `jadwald` holds only what an operator runs.
@main
struct JadwalBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jadwal-bench",
        abstract: "Benchmarks of Jadwal's iCalendar, chat extraction and prayer-time libraries.",
        discussion: """
            `jadwal-bench ical` compares ICalendar with libical and python icalendar (run it from \
            the repository root); `jadwal-bench chats` times parsing and judging a chat export; \
            `jadwal-bench prayer` times a year of prayer times; `jadwal-bench admission` times \
            admitting calendar objects as PUT does (the server benchmark's write floor). Build with -c release for numbers \
            worth comparing. `acts-dump`, `acts-train` and `acts-show` work with the speech-act labels of the blind \
            corpus (Tests/ExtractionTests/Fixtures/blind/ACTS.md): print chats for labelling, measure the lexicon and a \
            trained model against the labels, show one chat's readings.
            """,
        subcommands: [ICalBenchCommand.self, ChatsBenchCommand.self, PrayerBenchCommand.self, AdmissionBenchCommand.self, ActsDumpCommand.self, ActsTrainCommand.self, ActsShowCommand.self, ActsOracleCommand.self, PhrasesCommand.self]
    )
}
