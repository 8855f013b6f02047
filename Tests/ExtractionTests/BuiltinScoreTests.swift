import Foundation
import Testing
@testable import Extraction

/// One labelled chat from a fixtures folder's `labels.json`.
struct LabelledChat: Decodable {
    struct Event: Decodable {
        var title_keywords: [String]
        var start_date: String
        var end_date: String?
        var start_time: String?
        var end_time: String?
        var location_keywords: [String]
    }
    var file: String
    var owner: String
    var now: String
    var tz: String
    var status: String
    var event: Event?
}

/// Scores an extractor on labelled WhatsApp exports by the rules of `Fixtures/shared/README.md`.
enum FixtureScorer {
    struct Result {
        var file: String
        var statusOK: Bool
        var fullOK: Bool
        var detail: String
    }

    static func folder(_ name: String) throws -> URL {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return root.appendingPathComponent(name)
    }

    static func load(_ name: String) throws -> [(LabelledChat, Conversation)] {
        let dir = try folder(name)
        let labels = try JSONDecoder().decode([LabelledChat].self, from: Data(contentsOf: dir.appendingPathComponent("labels.json")))
        return try labels.map { label in
            let text = try String(contentsOf: dir.appendingPathComponent(label.file), encoding: .utf8)
            let transcript = try WhatsAppExport.parse(text, owner: label.owner)
            return (label, Conversation(messages: transcript.messages, timeZone: label.tz, now: LocalDateTime(iso8601: label.now)))
        }
    }

    static func score(_ label: LabelledChat, _ judgement: Judgement) -> Result {
        let statusOK = judgement.status.rawValue == label.status
        var problems: [String] = []
        if !statusOK { problems.append("status \(judgement.status.rawValue) ≠ \(label.status)") }
        if statusOK, let want = label.event {
            guard let got = judgement.event else { return Result(file: label.file, statusOK: true, fullOK: false, detail: "no event") }
            if got.startDate.description != want.start_date { problems.append("start \(got.startDate) ≠ \(want.start_date)") }
            if got.endDate.description != (want.end_date ?? want.start_date) { problems.append("end date \(got.endDate) ≠ \(want.end_date ?? "")") }
            if got.startTime?.description != want.start_time { problems.append("start time \(got.startTime?.description ?? "nil") ≠ \(want.start_time ?? "nil")") }
            if got.endTime?.description != want.end_time { problems.append("end time \(got.endTime?.description ?? "nil") ≠ \(want.end_time ?? "nil")") }
            let title = TextNormalizer.normalize(got.title)
            if !want.title_keywords.contains(where: { title.contains(TextNormalizer.normalize($0)) }) {
                problems.append("title \"\(got.title)\" ∌ \(want.title_keywords)")
            }
            let location = TextNormalizer.normalize(got.location ?? "")
            if want.location_keywords.isEmpty {
                if !location.isEmpty { problems.append("location \"\(got.location!)\" should be empty") }
            } else if !want.location_keywords.contains(where: { location.contains(TextNormalizer.normalize($0)) }) {
                problems.append("location \"\(got.location ?? "")\" ∌ \(want.location_keywords)")
            }
        }
        return Result(file: label.file, statusOK: statusOK, fullOK: problems.isEmpty, detail: problems.joined(separator: "; "))
    }

    /// Judges every chat in a folder; prints the misses and returns (status accuracy, full accuracy).
    static func run(_ name: String) async throws -> (status: Double, full: Double, results: [Result]) {
        let extractor = BuiltinExtractor()
        var results: [Result] = []
        for (label, conversation) in try load(name) {
            results.append(score(label, try await extractor.judge(conversation)))
        }
        let status = Double(results.filter(\.statusOK).count) / Double(results.count)
        let full = Double(results.filter(\.fullOK).count) / Double(results.count)
        var report = "builtin on \(name): \(results.count) chats, status \(percent(status)), full event \(percent(full))\n"
        for miss in results where !miss.fullOK { report += "  \(miss.file): \(miss.detail)\n" }
        print(report, terminator: "")
        return (status, full, results)
    }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
}

@Suite("Built-in extractor on labelled chats")
struct BuiltinScoreTests {
    @Test("the 12 shared chats are all judged right")
    func shared() async throws {
        let score = try await FixtureScorer.run("shared")
        #expect(score.results.count == 12)
        #expect(score.full == 1.0)
    }

    @Test("our own chats: status and full-event accuracy")
    func own() async throws {
        let score = try await FixtureScorer.run("own")
        #expect(score.results.count >= 80)
        #expect(score.status >= 0.90)
        #expect(score.full >= 0.80)
    }

    @Test("held-out chats, written before tuning")
    func heldOut() async throws {
        let score = try await FixtureScorer.run("own/heldout")
        #expect(score.results.count >= 20)
        // First run, before any look at them: status 100%, full event 87.5% (21 of 24).
        #expect(score.status >= 0.90)
        #expect(score.full >= 0.80)
    }
}
