import Foundation
import Testing
@testable import Extraction

/// Scores the built-in extractor on a fixtures folder with ``EvaluationReport``.
enum FixtureScorer {
    static func folder(_ name: String) throws -> URL {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return root.appendingPathComponent(name)
    }

    /// Judges every chat in a folder; prints the report and returns (status accuracy, full accuracy).
    static func run(_ name: String) async throws -> (status: Double, full: Double, results: [ChatScore]) {
        let report = try await EvaluationReport.evaluate(folder: try folder(name), with: BuiltinExtractor())
        let measures = report.measures()
        print(report.markdown(title: "builtin on \(name)"))
        return (measures.statusAccuracy ?? 0, measures.fullyRight ?? 0, report.scores)
    }
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
