import ArgumentParser
import Extraction
import Foundation

/// `jadwal-bench acts-dump DIR…`: the messages of labelled folders as JSON, one entry per
/// chat with its label, each message numbered as the parser numbers it. This is what the
/// people who label speech acts read (see `Tests/ExtractionTests/Fixtures/blind/ACTS.md`):
/// their labels point at these numbers, so they match the chats as the extractor reads them.
struct ActsDumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acts-dump",
        abstract: "Print labelled chats' messages, numbered, for labelling speech acts.")

    @Argument(help: ArgumentHelp("Labelled folders (a labels.json beside the exports).", valueName: "dir")) var folders: [String]

    struct Entry: Encodable {
        struct Line: Encodable {
            var i: Int
            var from: String
            var text: String
        }
        var folder: String
        var file: String
        var owner: String
        var status: String
        var messages: [Line]
    }

    func run() async throws {
        var entries: [Entry] = []
        for folder in folders {
            let url = URL(fileURLWithPath: folder)
            for (label, conversation) in try LabelledChat.load(folder: url) {
                let lines = conversation.messages.enumerated().compactMap { i, message -> Entry.Line? in
                    guard message.kind == .text else { return nil }
                    return Entry.Line(i: i, from: message.fromOwner ? "owner" : "other", text: message.text)
                }
                entries.append(Entry(folder: url.lastPathComponent, file: label.file, owner: label.owner, status: label.status, messages: lines))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(entries), as: UTF8.self))
    }
}
