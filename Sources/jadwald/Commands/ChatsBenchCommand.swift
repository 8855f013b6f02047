import ArgumentParser
import Extraction
import Foundation

/// `jadwald chats bench`: reads a generated WhatsApp export of N messages and judges its
/// conversations with the built-in extractor the way the server does (a window of recent
/// messages, judged as each day's messages arrive, started afresh once settled), and prints
/// the time each step took. Numbers, not a pass or fail.
struct ChatsBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure parsing and judging a generated export with the built-in extractor.")

    @Option(help: "Messages in the generated export.") var messages = 10_000
    @Flag(help: "Judge after every message, as a live bridge would without coalescing, not once a day.") var perMessage = false
    @Flag(help: "Make every message's text different, so no analysis is reused (the worst case).") var distinct = false
    @Option(help: ArgumentHelp("Write the generated export here too.", valueName: "file")) var save: String?

    func run() async throws {
        let text = SyntheticChat(messages: messages, distinct: distinct).export()
        if let save { try Data(text.utf8).write(to: URL(fileURLWithPath: save)) }
        let clock = ContinuousClock()
        var transcript: ChatTranscript?
        let parse = try clock.measure { transcript = try WhatsAppExport.parse(text, owner: SyntheticChat.owner) }
        guard let transcript else { return }
        let extractor = BuiltinExtractor()
        var counts: [Judgement.Status: Int] = [:]
        var windows = 0
        let judge = try await clock.measure {
            var window: [ChatMessage] = []
            var day: Extraction.LocalDate?
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

/// A deterministic two-person chat in English, Gulf Arabic and Arabizi, in the Android
/// layout: small talk with plans proposed, accepted, declined and cancelled now and then.
struct SyntheticChat {
    static let owner = "Amal"
    static let other = "Sara"
    let messages: Int
    /// Numbers each message, so no two texts are the same.
    var distinct = false

    private static let smallTalk = [
        "how was your day?", "haha yes 😂", "did you see the match yesterday", "ok", "الحمدلله تمام", "وش أخبارك؟",
        "kaifik?", "ana zain el7mdlla", "lol", "send me the photos pls", "<Media omitted>", "تمام", "ماشاءالله",
        "I'm so tired today", "the traffic was crazy", "yalla bye", "good night 🌙", "صباح الخير", "ok will do",
    ]
    private static let proposals = [
        "Dinner tomorrow at 8pm at Nozomi?", "Coffee on Thursday at 10am?", "نطلع العشا بكرة الساعة ٩ بالليل؟",
        "Lunch the day after tomorrow at 1pm at the mall?", "bowling el jum3a 9pm?", "Movie on Saturday at 7?",
        "نتقهوى الخميس الجاي الساعة ٥ العصر؟", "padel in 3 days at 6pm?", "Let's meet next Tuesday at 4pm for the project",
    ]
    private static let answers = [
        "Works for me!", "Sure 👍", "أبشر", "تم", "akeed", "I can't, sorry", "ما أقدر والله", "let me check and get back to you",
        "tamam", "count me in", "maybe", "اتفقنا",
    ]

    func export() -> String {
        var generator = BenchCalendarGenerator.SplitMix64(seed: 2026)
        var lines: [String] = []
        var minute = 0
        var day = Extraction.LocalDate(year: 2026, month: 1, day: 1)
        while lines.count < messages {
            minute += generator.below(40) + 1
            if minute >= 22 * 60 {
                day = day.adding(days: 1)
                minute = 8 * 60 + generator.below(120)
            }
            let roll = generator.below(10)
            let (sender, text): (String, String)
            if roll == 0 {
                (sender, text) = (Self.other, Self.proposals[generator.below(Self.proposals.count)])
            } else if roll == 1 {
                (sender, text) = (Self.owner, Self.answers[generator.below(Self.answers.count)])
            } else {
                (sender, text) = (generator.below(2) == 0 ? Self.owner : Self.other, Self.smallTalk[generator.below(Self.smallTalk.count)])
            }
            let stamp = String(format: "%02d/%02d/%04d, %02d:%02d", day.day, day.month, day.year, minute / 60, minute % 60)
            lines.append("\(stamp) - \(sender): \(text)" + (distinct ? " \(lines.count)" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
