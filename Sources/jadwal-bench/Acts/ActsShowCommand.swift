import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench acts-show DIR FILE --model MODEL`: each text message of one labelled chat with
/// the acts the lexicon reads, the model's chances where the extractor would ask it, and the
/// labelled acts when the folder has `acts.jsonl`. For studying what a model adds.
struct ActsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acts-show",
        abstract: "Show the acts the lexicon and a trained model read in one labelled chat.")

    @Argument(help: ArgumentHelp("A labelled folder.", valueName: "dir")) var folder: String
    @Argument(help: ArgumentHelp("A chat of it.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("A model written by acts-train --out.", valueName: "file")) var model: String

    func run() async throws {
        guard let trained = ActModel(encoded: try Data(contentsOf: URL(fileURLWithPath: model))) else {
            throw ValidationError("\(model) is not a model acts-train wrote")
        }
        let url = URL(fileURLWithPath: folder)
        guard let (label, conversation) = try LabelledChat.load(folder: url).first(where: { $0.label.file == file }) else {
            throw ValidationError("\(folder) has no \(file)")
        }
        let labelled = (try? LabelledActs.load(folder: url).filter { $0.chat == file }) ?? []
        print("\(file): \(label.status)")
        for (i, reading) in ActFeatures.readings(in: conversation).sorted(by: { $0.key < $1.key }) {
            let chances = trained.probabilities(buckets: reading.buckets)
            let read = reading.asksModel
                ? SpeechAct.allCases.filter { chances[$0.rawValue] >= 0.3 }.map { String(format: "%@ %.2f", $0.label, chances[$0.rawValue]) }.joined(separator: ", ")
                : "-"
            let truth = labelled.first { $0.index == i }?.acts.map(\.label).sorted().joined(separator: ",") ?? ""
            let message = conversation.messages[i]
            print("\(i) \(message.fromOwner ? "owner" : "other") lexicon[\(reading.lexicon.map(\.label).sorted().joined(separator: ","))] model[\(read)] label[\(truth)] \(message.text.prefix(90))")
        }
    }
}
