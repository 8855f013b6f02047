import ArgumentParser
import Foundation
import Jadwal

/// `jadwald keys`: the keys that sign the app API's access tokens.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List or rotate the keys that sign access tokens (kept in the store, sealed with the secret key).",
        subcommands: [List.self, Rotate.self])

    /// The signing keys of the store `data` names, opened with the configured secret key.
    static func accessTokens(config: String?, data: DataDirectoryOptions) async throws -> (AccessTokens, Storage) {
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let storage = try await Storage.open(data, settings: settings)
        do {
            return (try await ServerKeys(settings: settings, application: storage.application).accessTokens(issuer: ""), storage)
        } catch {
            await storage.close()
            throw error
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the key ids, newest (the one that signs) first.")
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let (keys, storage) = try await KeysCommand.accessTokens(config: config, data: data)
            for id in try await keys.keyIDs() { print(id) }
            await storage.close()
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new signing key. Tokens signed by the old one keep working until they expire.",
            discussion: """
                Works while the server runs, on every instance of the store: each reads the keys again within \
                30 seconds, and at once when a token names the new key. Keys replaced longer ago than a token \
                lives are deleted.
                """)
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let (keys, storage) = try await KeysCommand.accessTokens(config: config, data: data)
            try await keys.rotate()
            print("signing with \(try await keys.keyIDs().first ?? "?")")
            await storage.close()
        }
    }
}
