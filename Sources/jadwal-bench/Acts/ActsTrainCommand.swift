import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench acts-train DIR… [--phrasebank FILE…]`: measures how the lexicon and a
/// speech-act model read the labelled acts, leaving each folder out in turn (the model trained
/// on the others and the phrasebanks, scored on it), and with `--end-to-end` how the extractor
/// judges each left-out folder with and without that model. `--out` trains on everything and
/// writes the model (``ActModel/encoded()``).
struct ActsTrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acts-train",
        abstract: "Measure the lexicon's and a trained model's reading of labelled speech acts.")

    @Argument(help: ArgumentHelp("Labelled folders with acts.jsonl beside labels.json.", valueName: "dir")) var folders: [String]
    @Option(help: ArgumentHelp("A phrasebank (JSONL of short labelled exchanges) to train on too; never scored.", valueName: "file"))
    var phrasebank: [String] = []
    @Option(help: "Passes over the examples.") var epochs = 4
    @Option(help: "AdaGrad's learning rate.") var rate = 0.1
    @Option(help: "L2 shrinkage of the weights.") var l2 = 1e-4
    @Option(help: "The chance from which the model takes an act as done.") var threshold = 0.7
    @Flag(help: "Also judge each left-out folder's chats with the lexicon alone and with the model.") var endToEnd = false
    @Option(help: ArgumentHelp("With --end-to-end, write each left-out folder's reports here (FOLDER-lexicon.md, FOLDER-model.md).", valueName: "dir"))
    var reports: String?
    @Option(help: ArgumentHelp("Train on everything and write the model here.", valueName: "file")) var out: String?

    func run() async throws {
        var messages: [LabelledActs.Message] = []
        for folder in folders { messages += try LabelledActs.load(folder: URL(fileURLWithPath: folder)) }
        var extra: [LabelledActs.Message] = []
        for file in phrasebank { extra += try LabelledActs.load(phrasebank: URL(fileURLWithPath: file)) }
        let train = { (examples: [LabelledActs.Message]) in
            ActModel.train(examples, epochs: epochs, learningRate: Float(rate), l2: Float(l2), threshold: threshold)
        }
        let names = folders.map { URL(fileURLWithPath: $0).lastPathComponent }
        print("Each folder left out in turn: the lexicon alone, the model alone (trained on the other folders and \(extra.count) phrasebank messages), and both as the extractor reads them (the model where the lexicon reads no act); precision/recall at \(threshold).\n")
        print("| left out | reader | messages | " + SpeechAct.allCases.map { "\($0.label) P/R (n)" }.joined(separator: " | ") + " |")
        print("|---|---|---:|" + String(repeating: "---|", count: SpeechAct.allCases.count))
        let readers = ["lexicon", "model", "both"]
        var totals = [ActScores](repeating: ActScores(), count: readers.count)
        var judged: [(folder: String, lexicon: EvaluationReport.Measures, model: EvaluationReport.Measures)] = []
        for (name, path) in zip(names, folders) where names.count > 1 {
            let model = train(messages.filter { $0.source != name } + extra)
            let held = messages.filter { $0.source == name }
            var scores = [ActScores](repeating: ActScores(), count: readers.count)
            for message in held {
                let read = model.acts(buckets: message.reading.buckets)
                scores[0].add(message.reading.lexicon, truth: message.acts)
                scores[1].add(read, truth: message.acts)
                scores[2].add(message.reading.asksModel ? read : message.reading.lexicon, truth: message.acts)
            }
            for (i, reader) in readers.enumerated() {
                totals[i].merge(scores[i])
                print("| \(name) | \(reader) | \(held.count) | " + scores[i].cells().joined(separator: " | ") + " |")
            }
            if endToEnd {
                let folder = URL(fileURLWithPath: path)
                let alone = try await EvaluationReport.evaluate(folder: folder, with: BuiltinExtractor())
                let with = try await EvaluationReport.evaluate(folder: folder, with: BuiltinExtractor(actModel: model))
                judged.append((name, alone.measures(), with.measures()))
                if let reports {
                    let directory = URL(fileURLWithPath: reports)
                    try Data(alone.markdown(title: "\(name), lexicon alone").utf8).write(to: directory.appendingPathComponent("\(name)-lexicon.md"))
                    try Data(with.markdown(title: "\(name), with the model").utf8).write(to: directory.appendingPathComponent("\(name)-model.md"))
                }
            }
        }
        for (i, reader) in readers.enumerated() where names.count > 1 {
            print("| all, each left out | \(reader) | \(messages.count) | " + totals[i].cells().joined(separator: " | ") + " |")
        }
        if !judged.isEmpty {
            print("\nJudged end to end, each folder with the model trained on the others (status accuracy / agreed-event F1):\n")
            print("| left out | lexicon alone | with the model |\n|---|---|---|")
            for row in judged {
                print(String(format: "| %@ | %.3f / %.3f | %.3f / %.3f |", row.folder, row.lexicon.statusAccuracy ?? 0, row.lexicon.eventF1 ?? 0,
                             row.model.statusAccuracy ?? 0, row.model.eventF1 ?? 0))
            }
        }
        if let out {
            try train(messages + extra).encoded().write(to: URL(fileURLWithPath: out))
            print("\nwrote \(out) (\(messages.count) messages from \(names.joined(separator: ", ")), \(extra.count) from phrasebanks)")
        }
    }
}

/// Precision and recall of each act.
struct ActScores {
    var found = [Int](repeating: 0, count: SpeechAct.allCases.count)
    var right = [Int](repeating: 0, count: SpeechAct.allCases.count)
    var labelled = [Int](repeating: 0, count: SpeechAct.allCases.count)

    mutating func add(_ read: Set<SpeechAct>, truth: Set<SpeechAct>) {
        for act in SpeechAct.allCases {
            if read.contains(act) { found[act.rawValue] += 1 }
            if truth.contains(act) { labelled[act.rawValue] += 1 }
            if read.contains(act), truth.contains(act) { right[act.rawValue] += 1 }
        }
    }

    mutating func merge(_ other: ActScores) {
        for i in found.indices {
            found[i] += other.found[i]; right[i] += other.right[i]; labelled[i] += other.labelled[i]
        }
    }

    func cells() -> [String] {
        found.indices.map { i in
            let p = found[i] == 0 ? 0 : Double(right[i]) / Double(found[i])
            let r = labelled[i] == 0 ? 0 : Double(right[i]) / Double(labelled[i])
            return String(format: "%.2f/%.2f (%d)", p, r, labelled[i])
        }
    }
}
