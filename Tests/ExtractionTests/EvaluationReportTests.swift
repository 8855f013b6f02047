import Foundation
import Testing
@testable import Extraction

/// The measures `jadwald extract --eval` prints, and the blind corpus they are taken on.
struct EvaluationReportTests {
    static func label(_ status: String, lang: String = "en", place: [String] = [], tags: [String] = []) -> LabelledChat {
        let event = status == "HAS_EVENT_AGREED"
            ? LabelledChat.Event(title_keywords: ["dinner"], start_date: "2026-12-03", end_date: "2026-12-03", start_time: "20:00",
                                 end_time: nil, location_keywords: place)
            : nil
        return LabelledChat(file: "x.txt", owner: "A", now: "2026-12-01T10:00:00", tz: "Asia/Riyadh", status: status, event: event,
                            lang: lang, tags: tags)
    }

    static func dinner(day: Int = 3, location: String? = nil) -> Judgement {
        Judgement(status: .agreed, event: ExtractedEvent(title: "Dinner with Sara", startDate: LocalDate(year: 2026, month: 12, day: day),
                                                         startTime: ClockTime(hour: 20), location: location))
    }

    @Test("F1 of agreed events, start dates, places and status accuracy, overall and by language")
    func measures() {
        let scores = [
            ChatScore(Self.label("HAS_EVENT_AGREED", place: ["olaya"]), Self.dinner(location: "Olaya café")),  // right
            ChatScore(Self.label("HAS_EVENT_AGREED", lang: "ar"), Self.dinner(day: 4)),  // wrong start date
            ChatScore(Self.label("HAS_EVENT_AGREED", lang: "ar", place: ["corniche"]), Judgement(status: .notConfirmed)),  // missed
            ChatScore(Self.label("NO_EVENT", lang: "ar"), Self.dinner()),  // a false event
            ChatScore(Self.label("HAS_EVENT_DENIED"), Judgement(status: .denied)),  // right
        ]
        let report = EvaluationReport(scores: scores)
        let all = report.measures()
        #expect(all.chats == 5 && all.statusAccuracy == 3.0 / 5)
        // One hit among three judged agreed and three labelled agreed.
        #expect(abs((all.eventF1 ?? 0) - 1.0 / 3) < 1e-9)
        #expect(all.startDateRight == 1.0 / 3 && all.locationFound == 1.0 / 2 && all.fullyRight == 2.0 / 5)
        let arabic = report.measures { $0.lang == "ar" }
        #expect(arabic.chats == 3 && arabic.statusAccuracy == 1.0 / 3 && arabic.eventF1 == 0)
        #expect(report.markdown(title: "t").contains("| ar | 3 | 0.33 | 0.00 |"))
        // The misses counted by kind.
        #expect(scores[1].kinds == ["start date", "end date"])
        #expect(report.markdown(title: "t").contains("""
            | miss | chats |
            |---|---:|
            | end date | 1 |
            | start date | 1 |
            | status: judged HAS_EVENT_AGREED, labelled NO_EVENT | 1 |
            | status: judged HAS_EVENT_BUT_NOT_CONFIRMED, labelled HAS_EVENT_AGREED | 1 |
            """))
    }

    @Test("a place found where the label names none is a miss")
    func unwantedPlace() {
        let score = ChatScore(Self.label("HAS_EVENT_AGREED"), Self.dinner(location: "somewhere"))
        #expect(score.eventRight && !score.fullyRight && score.locationRight == false)
    }

    /// Fails on conversations of more than `maxMessages` messages, as an LLM that times out on
    /// long chats would.
    struct FailsOnLongChats: EventExtractor {
        var maxMessages: Int
        var name: String { "llm" }
        func judge(_ conversation: Conversation) async throws -> Judgement {
            guard conversation.messages.count <= maxMessages else { throw LLMExtractionError.timedOut }
            return Judgement(status: .noEvent)
        }
    }

    @Test("with a fallback, the report says on how many chats the primary gave no judgement, and why")
    func fallbacksCounted() async throws {
        let shared = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("shared")
        let chats = try LabelledChat.load(folder: shared)
        let limit = chats.map(\.conversation.messages.count).sorted()[chats.count / 2]
        let long = chats.filter { $0.conversation.messages.count > limit }
        try #require(!long.isEmpty)
        let report = try await EvaluationReport.evaluate(
            folder: shared, with: FallbackExtractor(primary: FailsOnLongChats(maxMessages: limit), fallback: BuiltinExtractor()))
        #expect(Set(report.fallbacks.keys) == Set(long.map(\.label.file)))
        #expect(report.markdown(title: "llm").contains(
            "The primary extractor gave no judgement on \(long.count) of \(chats.count) chats; the fallback judged them:\n- \(long.count) × the LLM server did not answer in time"))
        let answered = try await EvaluationReport.evaluate(
            folder: shared, with: FallbackExtractor(primary: FailsOnLongChats(maxMessages: .max), fallback: BuiltinExtractor()))
        #expect(answered.fallbacks.isEmpty && !answered.markdown(title: "llm").contains("no judgement"))
    }

    @Test("the blind corpus: 440 chats split before tuning into a development and a test part, six more batches to develop on, every export readable")
    func blindCorpus() throws {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("blind")
        let dev = try LabelledChat.load(folder: root.appendingPathComponent("dev"))
        let test = try LabelledChat.load(folder: root.appendingPathComponent("test"))
        #expect(dev.count + test.count == 440 && test.count >= 180)
        #expect(Set(dev.map(\.label.file)).isDisjoint(with: test.map(\.label.file)))
        // The later development batches, written from their own briefs.
        let dev2 = try LabelledChat.load(folder: root.appendingPathComponent("dev2"))
        let dev3 = try LabelledChat.load(folder: root.appendingPathComponent("dev3"))
        let dev4 = try LabelledChat.load(folder: root.appendingPathComponent("dev4"))
        #expect(dev2.count == 80 && dev2.allSatisfy { $0.label.file.hasPrefix("c") })
        #expect(dev3.count == 80 && dev3.allSatisfy { $0.label.file.hasPrefix("d") })
        #expect(dev4.count == 80 && dev4.allSatisfy { $0.label.file.hasPrefix("e") })
        let dev5 = try LabelledChat.load(folder: root.appendingPathComponent("dev5"))
        #expect(dev5.count == 100 && dev5.allSatisfy { $0.label.file.hasPrefix("f") })
        let dev6 = try LabelledChat.load(folder: root.appendingPathComponent("dev6"))
        #expect(dev6.count == 100 && dev6.allSatisfy { $0.label.file.hasPrefix("g") })
        let dev7 = try LabelledChat.load(folder: root.appendingPathComponent("dev7"))
        #expect(dev7.count == 100 && dev7.allSatisfy { $0.label.file.hasPrefix("h") })
        // The latest, measured once before anything was studied on it.
        let dev8 = try LabelledChat.load(folder: root.appendingPathComponent("dev8"))
        #expect(dev8.count == 100 && dev8.allSatisfy { $0.label.file.hasPrefix("i") })
        for (label, conversation) in dev + test + dev2 + dev3 + dev4 + dev5 + dev6 + dev7 + dev8 {
            #expect(conversation.messages.count >= 2, "\(label.file)")
            #expect(conversation.messages.contains { $0.fromOwner }, "\(label.file): the owner \(label.owner) writes in it")
        }
        // Every development chat's messages carry speech-act labels (ACTS.md); the test part none.
        for folder in ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8"] {
            let messages = try LabelledActs.load(folder: root.appendingPathComponent(folder))
            #expect(messages.contains { !$0.acts.isEmpty }, "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("test/acts.jsonl").path))
        let phrasebanks = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("phrases"), includingPropertiesForKeys: nil)
        #expect(phrasebanks.filter { $0.pathExtension == "jsonl" }.count == 6)
        for file in phrasebanks where file.pathExtension == "jsonl" {
            #expect(try LabelledActs.load(phrasebank: file).contains { !$0.acts.isEmpty }, "\(file.lastPathComponent)")
        }
    }
}
