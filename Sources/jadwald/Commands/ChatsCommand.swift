import ArgumentParser
import Extraction
import Foundation
import Jadwal

/// `jadwald chats`: import an export for a user and look at the work queue.
struct ChatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chats",
        abstract: "Import chat exports and look at the chat work queue.",
        subcommands: [Import.self, Queue.self])
}

extension ChatsCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store a WhatsApp export's messages for a user; a running server judges them.",
            discussion: "The same as POST /api/v1/chats/import. Importing the same file again changes nothing.")

        @Argument(help: ArgumentHelp("The export (.txt or .zip).", valueName: "file")) var file: String
        @Option(help: "The user.") var user: String
        @Option(help: "The user's name as the export writes it.") var owner: String
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let (_, accounts, service) = try await ChatComponents.open(config: config, data: data)
            guard try await accounts.account(named: user) != nil else { throw CommandFailure("no user \(user)") }
            let transcript: ChatTranscript
            do {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
                let text = try WhatsAppExport.chatText(from: bytes)
                transcript = try WhatsAppExport.parse(text, owner: owner)
            } catch {
                throw CommandFailure("\(file): \(error)")
            }
            guard !transcript.isGroup else { throw CommandFailure("\(file) is a group chat; Jadwal reads one-to-one chats only") }
            let counterpart = transcript.messages.first { !$0.fromOwner && $0.kind != .system }?.sender ?? "unknown"
            let messages = ChatStore.IncomingMessage.fromExport(transcript.messages, zone: try await service.zone(of: user))
            let recorded = try await service.chats.record(messages, account: user, chatID: "import:" + counterpart.lowercased(),
                                                          counterpart: counterpart, source: .import)
            print("conversation \(recorded.conversationID) with \(counterpart): \(recorded.accepted) new messages, \(recorded.duplicates) already known")
        }
    }

    struct Queue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the chat work queue: jobs waiting, and dead letters with their reasons.")

        @Flag(help: "Only dead letters.") var dead = false
        @Flag(help: "Make every dead letter due again (after fixing its cause).") var revive = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let application = try await Storage.open(data).application
            if revive { print("revived \(try await application.jobs.revive(now: Int(Date().timeIntervalSince1970))) jobs") }
            let entries = try await application.jobs.entries(deadOnly: dead)
            guard !entries.isEmpty else { return print(dead ? "no dead letters" : "the queue is empty") }
            for entry in entries {
                let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(entry.deadAt ?? entry.dueAt)))
                let state = entry.deadAt == nil ? "due \(when)" : "dead since \(when)"
                print("\(entry.id)  \(entry.kind)  \(entry.account ?? "-")  \(state)  attempts \(entry.attempts)"
                      + (entry.lastError.map { "  \($0)" } ?? ""))
            }
        }
    }
}
