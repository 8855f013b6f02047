import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench chats`: reads a generated WhatsApp export of N messages and judges its
/// conversations with the built-in extractor the way the server does (a window of recent
/// messages, judged as each day's messages arrive, started afresh once settled), and prints
/// the time each step took. Numbers, not a pass or fail.
struct ChatsBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chats",
        abstract: "Measure parsing and judging a generated export with the built-in extractor.")

    @Option(help: "Messages in the generated export.") var messages = 10_000
    @Flag(help: "Judge after every message, as a live bridge would without coalescing, not once a day.") var perMessage = false
    @Flag(help: "Make every message's text different, so no analysis is reused (the worst case).") var distinct = false
    @Option(help: ArgumentHelp("Write the generated export here too.", valueName: "file")) var save: String?
    @Option(help: ArgumentHelp("Judge with this speech-act model (written by acts-train --out) beside the lexicon.", valueName: "file"))
    var actModel: String?

    func run() async throws {
        let text = SyntheticChat(messages: messages, distinct: distinct).export()
        if let save { try Data(text.utf8).write(to: URL(fileURLWithPath: save)) }
        let clock = ContinuousClock()
        var transcript: ChatTranscript?
        let parse = try clock.measure { transcript = try WhatsAppExport.parse(text, owner: SyntheticChat.owner) }
        guard let transcript else { return }
        var model: ActModel?
        if let actModel {
            guard let read = ActModel(encoded: try Data(contentsOf: URL(fileURLWithPath: actModel))) else {
                throw ValidationError("\(actModel) is not a model acts-train wrote")
            }
            model = read
        }
        let extractor = BuiltinExtractor(actModel: model)
        var counts: [Judgement.Status: Int] = [:]
        var windows = 0
        let judge = try await clock.measure {
            var window: [ChatMessage] = []
            var day: LocalDate?
            func judgeWindow() async throws {
                guard !window.isEmpty else { return }
                let judgement = try await extractor.judge(Conversation(messages: window, timeZone: "Asia/Riyadh"))
                counts[judgement.status, default: 0] += 1
                windows += 1
                if judgement.status.isSettled { window.removeAll() }
            }
            for message in transcript.messages where message.kind != .system {
                if let current = day, current != message.sent.date || perMessage { try await judgeWindow() }
                day = message.sent.date
                window.append(message)
                if window.count > 60 { window.removeFirst(window.count - 60) }
            }
            try await judgeWindow()
        }
        func ms(_ duration: Duration) -> String { String(format: "%.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000) }
        print("export: \(transcript.messages.count) messages, \(text.utf8.count / 1024) KiB\(distinct ? ", every text different" : "")")
        print("parse: \(ms(parse))")
        print("judge: \(windows) windows (\(perMessage ? "after every message" : "one per day of chat")) in \(ms(judge))")
        print("total: \(ms(parse + judge))")
        print("statuses: " + Judgement.Status.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", "))
    }
}
