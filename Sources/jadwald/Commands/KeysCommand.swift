import ArgumentParser
import Foundation
import Jadwal

/// `jadwald keys`: the keys that sign the app API's access tokens.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List or rotate the keys that sign access tokens (DATA/keys).",
        subcommands: [List.self, Rotate.self])

    /// The key folder of the data directory.
    static func folder(_ data: DataDirectoryOptions) throws -> String {
        _ = try data.databasePath()
        return (data.path as NSString).appendingPathComponent("keys")
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the key ids, newest (the one that signs) first.")
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let keys = try AccessTokens(directory: try KeysCommand.folder(data), issuer: "")
            for id in try await keys.keyIDs() { print(id) }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new signing key. Tokens signed by the old one keep working until they expire.",
            discussion: "Works while the server runs: it notices the new key. Keys replaced longer ago than a token lives are deleted.")
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let keys = try AccessTokens(directory: try KeysCommand.folder(data), issuer: "")
            try await keys.rotate()
            print("signing with \(try await keys.keyIDs().first ?? "?")")
        }
    }
}
