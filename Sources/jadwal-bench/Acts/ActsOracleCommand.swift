import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench acts-oracle DIR… [--only ACT…]`: how the dialogue judges each labelled folder
/// when it is given the labelled speech acts in place of the lexicon's reading, beside the
/// lexicon alone: how far reading acts better could take it.
struct ActsOracleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acts-oracle",
        abstract: "Judge labelled folders with their labelled speech acts in place of the lexicon's.")

    @Argument(help: ArgumentHelp("Labelled folders with acts.jsonl beside labels.json.", valueName: "dir")) var folders: [String]
    @Option(help: ArgumentHelp("Replace only this act's reading (repeatable); all five by default.", valueName: "act"))
    var only: [String] = []
    @Flag(help: "Also print, for each folder, the chats the labelled acts judge wrong.") var misses = false

    func run() async throws {
        let replaced = try only.isEmpty ? Set(SpeechAct.allCases) : Set(only.map { name in
            guard let act = SpeechAct(label: name) else { throw ValidationError("\(name) is not one of propose, accept, refuse, hedge, cancel") }
            return act
        })
        print("Status accuracy / agreed-event F1, with the lexicon's reading and with the labelled acts (\(replaced.map(\.label).sorted().joined(separator: ", "))):\n")
        print("| folder | lexicon | labelled acts |\n|---|---|---|")
        var wrong: [String] = []
        for path in folders {
            let url = URL(fileURLWithPath: path)
            var acts: [String: [Int: Set<SpeechAct>]] = [:]
            for message in try LabelledActs.load(folder: url) { acts[message.chat, default: [:]][message.index] = message.acts }
            var lexicon: [ChatScore] = [], labelled: [ChatScore] = []
            for (label, conversation) in try LabelledChat.load(folder: url) {
                lexicon.append(ChatScore(label, BuiltinExtractor().judgeNow(conversation)))
                labelled.append(ChatScore(label, BuiltinExtractor().judgeNow(conversation, labelledActs: acts[label.file] ?? [:], replacing: replaced)))
            }
            let before = EvaluationReport(scores: lexicon).measures(), after = EvaluationReport(scores: labelled).measures()
            print(String(format: "| %@ | %.2f / %.2f | %.2f / %.2f |", url.lastPathComponent, before.statusAccuracy ?? 0, before.eventF1 ?? 0,
                         after.statusAccuracy ?? 0, after.eventF1 ?? 0))
            wrong += labelled.filter { !$0.statusRight }.map { "- \(url.lastPathComponent)/\($0.file) (\($0.lang)): \($0.judgedStatus) ≠ \($0.labelledStatus)" }
        }
        if misses, !wrong.isEmpty {
            print("\nStatus wrong with the labelled acts:\n" + wrong.joined(separator: "\n"))
        }
    }
}
