import ArgumentParser
import Extraction
import Foundation
import Jadwal

/// `jadwald extract FILE --owner NAME`: judges one WhatsApp export and prints
/// `{"status": …, "event": {…} | null}`. Other programs read this output.
struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Decide whether a chat export agrees on an event, and print it as JSON.",
        discussion: """
            FILE is a WhatsApp "Export chat" file (.txt, or the .zip WhatsApp makes; - reads \
            standard input). Relative dates ("tomorrow", "next Thursday", "بكرة") resolve \
            against --now, by default the time of the last message. The output is one JSON \
            object: {"status": "NO_EVENT" | "HAS_EVENT_BUT_NOT_CONFIRMED" | "HAS_EVENT_AGREED" | \
            "HAS_EVENT_DENIED", "event": {"title", "start_date", "end_date", "start_time", \
            "end_time", "location"} or null}; dates are YYYY-MM-DD, times HH:MM or null.

            With --eval DIR, judges every chat of a labelled folder (a labels.json beside the \
            exports, as in Tests/ExtractionTests/Fixtures) and prints status accuracy, the F1 of \
            agreed events (dates, times and title right), start dates and places found, by \
            language and by tag, the misses counted by kind, then every miss; with --extractor \
            llm, also on how many chats the model gave no judgement and the built-in one answered.
            """)

    @Argument(help: ArgumentHelp("The export.", valueName: "file")) var file: String?
    @Option(help: "The calendar owner's name as the export writes it.") var owner: String?
    @Option(help: ArgumentHelp("Judge a labelled folder and print the measures instead.", valueName: "dir")) var eval: String?
    @Option(help: ArgumentHelp("The local time relative expressions resolve against (YYYY-MM-DDTHH:MM[:SS]).", valueName: "iso8601"))
    var now: String?
    @Option(help: ArgumentHelp("The owner's time zone (default: chats.time_zone, else the system's).", valueName: "iana"))
    var tz: String?
    @Option(help: "builtin (no network) or llm (extraction.llm.* settings, falling back to builtin).") var extractor: String?
    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
    var config: String?

    func validate() throws {
        if eval != nil {
            guard file == nil, owner == nil, now == nil, tz == nil else { throw ValidationError("--eval takes a folder; the labels give owners, times and zones") }
        } else if file == nil || owner == nil {
            throw ValidationError("give an export and --owner, or --eval DIR")
        }
    }

    func run() async throws {
        let settings = try ServerConfiguration.resolved(config: config) { _ in }
        if let extractor, !["builtin", "llm"].contains(extractor) { throw ValidationError("--extractor is builtin or llm") }
        if let eval {
            let chosen = try ChatComponents.extractor(settings, choice: extractor)
            let report: EvaluationReport
            do {
                report = try await EvaluationReport.evaluate(folder: URL(fileURLWithPath: eval), with: chosen)
            } catch {
                throw CommandFailure("\(eval): \(error)")
            }
            print(report.markdown(title: "\(chosen.name) on \(eval)"))
            return
        }
        guard let file, let owner else { return }
        let zoneName = tz ?? settings.chatsTimeZone ?? TimeZone.current.identifier
        guard TimeZone(identifier: zoneName) != nil else { throw ValidationError("--tz \(zoneName) is not an IANA time zone") }
        let bytes: Data
        do {
            bytes = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
        let transcript: ChatTranscript
        do {
            let text = try WhatsAppExport.chatText(from: bytes)
            transcript = try WhatsAppExport.parse(text, owner: owner)
        } catch {
            throw CommandFailure("\(file): \(error)")
        }
        var reference: LocalDateTime?
        if let now {
            guard let parsed = LocalDateTime(iso8601: now) else { throw ValidationError("--now must look like 2026-11-25T19:07:12") }
            reference = parsed
        }
        let conversation = Conversation(messages: transcript.messages, timeZone: zoneName, now: reference)
        let chosen = try ChatComponents.extractor(settings, choice: extractor)
        let judgement: Judgement
        if let chain = chosen as? FallbackExtractor {
            let outcome = try await chain.judgeReportingSource(conversation)
            if let error = outcome.error {
                FileHandle.standardError.write(Data("warning: \(chain.primary.name) failed (\(error)); \(chain.fallback.name) answered\n".utf8))
            }
            judgement = outcome.judgement
        } else {
            judgement = try await chosen.judge(conversation)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(judgement), as: UTF8.self))
    }
}
