import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench phrases FILE… [--misses]`: judges the phrasebanks' short exchanges end to end
/// and counts, for each run of labelled acts, the judgements that go the wrong way (see
/// ``PhrasebankProbe``): how well the dialogue reads a reply on its own, in every dialect.
struct PhrasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phrases",
        abstract: "Judge phrasebank exchanges and count statuses that go against their labelled acts.")

    @Argument(help: ArgumentHelp("Phrasebanks (JSONL of short labelled exchanges).", valueName: "file")) var files: [String]
    @Flag(help: "Also print every exchange judged the wrong way.") var misses = false

    func run() async throws {
        var results: [PhrasebankProbe.Result] = []
        for file in files { results += try PhrasebankProbe.run(phrasebank: URL(fileURLWithPath: file)) }
        let wrong = results.filter(\.wrongDirection)
        print("\(results.count) exchanges: \(results.filter { $0.judged == $0.expected }.count) judged as their acts lead, "
              + "\(wrong.count) the wrong way (no event, where no day is named, is never counted wrong).\n")
        print("| acts | n | as the acts | wrong way |\n|---|---:|---:|---:|")
        for (acts, group) in Dictionary(grouping: results, by: \.acts).sorted(by: { $0.value.count > $1.value.count }) {
            print("| \(acts) | \(group.count) | \(group.filter { $0.judged == $0.expected }.count) | \(group.filter(\.wrongDirection).count) |")
        }
        print("\n| dialect | n | wrong way |\n|---|---:|---:|")
        for (dialect, group) in Dictionary(grouping: results, by: \.dialect).sorted(by: { $0.key < $1.key }) {
            print("| \(dialect) | \(group.count) | \(group.filter(\.wrongDirection).count) |")
        }
        if misses {
            print("\nJudged the wrong way:")
            for result in wrong {
                print("- \(result.source):\(result.line) [\(result.acts)] \(result.judged.rawValue) ≠ \(result.expected.rawValue): "
                      + result.texts.joined(separator: " ‖ "))
            }
        }
    }
}
