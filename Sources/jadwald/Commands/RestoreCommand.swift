import ArgumentParser
import Foundation
import Jadwal

/// `jadwald restore FOLDER`: puts a backup made by `jadwald backup` into a data folder
/// that has no database, and checks that the secret key opens the keys in it.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup made by `jadwald backup` into a data folder without a database.",
        discussion: """
            The backup's database is checked, copied into the data folder with keys/, and its \
            secret key (when the backup holds one) is written where secret_key_file points, unless \
            a different key is there already. The server must be stopped, and the data folder must \
            hold no database: move an old one away first.
            """)

    @Argument(help: "A folder made by jadwald backup.") var folder: String
    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none), for secret_key_file.", valueName: "file"))
    var config: String?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let manager = FileManager.default
        let backup = (folder as NSString).appendingPathComponent("jadwal.sqlite")
        guard manager.fileExists(atPath: backup) else {
            throw CommandFailure("\(folder) holds no jadwal.sqlite: name a folder made by jadwald backup (PostgreSQL is restored with pg_restore)")
        }
        let target = try Storage.sqlitePath(data, settings: settings, creating: true)
        guard !manager.fileExists(atPath: target) else {
            throw CommandFailure("\(target) exists: stop the server and move the database away first, or restore into another folder")
        }
        let keys = (settings.data as NSString).appendingPathComponent("keys")
        let backupKeys = (folder as NSString).appendingPathComponent("keys")
        if manager.fileExists(atPath: backupKeys) {
            try Self.merge(backupKeys, into: keys)
        }
        let backupSecret = (folder as NSString).appendingPathComponent(BackupCommand.secretKeyName)
        if manager.fileExists(atPath: backupSecret) {
            let destination = settings.secretKeyFile ?? (keys as NSString).appendingPathComponent("secret.key")
            try Self.place(backupSecret, at: destination)
        }
        // Copied to a new name and moved in whole: a server started meanwhile never sees half a file.
        let staging = target + ".restoring"
        try? manager.removeItem(atPath: staging)
        try manager.copyItem(atPath: backup, toPath: staging)
        let counts = try await BackupCommand.check(staging)
        try manager.moveItem(atPath: staging, toPath: target)
        let storage = try await Storage.open(data, settings: settings)
        do {
            _ = try await ServerKeys(settings: settings, application: storage.application).accessTokens(issuer: "")
        } catch {
            throw CommandFailure("restored \(target), but the secret key does not open its keys: \(OperatorMessage.describe(error)); configure the secret key the backup was made with")
        }
        print("restored \(counts.users) users, \(counts.calendars) calendars, \(counts.objects) objects, \(counts.addressBooks) address books, "
              + "\(counts.cards) cards into \(target)")
    }

    /// Copies the backup's key files into `keys`, refusing one that differs from a file there.
    private static func merge(_ source: String, into keys: String) throws {
        try DataDirectoryOptions.makeFolder(keys)
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try place((source as NSString).appendingPathComponent(name), at: (keys as NSString).appendingPathComponent(name))
        }
    }

    /// Copies a key file to `destination` (owner-only), unless the same file is there; a
    /// different one there is refused, never overwritten.
    private static func place(_ source: String, at destination: String) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination) {
            guard manager.contentsEqual(atPath: source, andPath: destination) else {
                throw CommandFailure("\(destination) exists and differs from the backup's \(source): move it away to restore this backup's key")
            }
            return
        }
        try DataDirectoryOptions.makeFolder((destination as NSString).deletingLastPathComponent)
        try manager.copyItem(atPath: source, toPath: destination)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination)
        print("put the key \(source) at \(destination)")
    }
}
