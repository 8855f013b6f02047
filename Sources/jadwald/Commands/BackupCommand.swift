import ArgumentParser
import Foundation
import Jadwal
import SQLStorage
import SQLiteAccess

/// `jadwald backup FOLDER`: a consistent copy of the SQLite database, the key folder and
/// the secret key, made while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database (SQLite), the keys and the secret key into a new folder while the server runs.",
        discussion: """
            The copy of jadwal.sqlite is one consistent snapshot (SQLite's VACUUM INTO), checked \
            with an integrity check before the command reports success; keys/ is copied beside it, \
            and the secret key that opens the keys sealed in the database is copied as secret.key \
            when secret_key_file names a file outside the data folder. `jadwald restore FOLDER` \
            puts it all back. On PostgreSQL the keys are copied and the database is pg_dump's to \
            back up (see README); a secret_key set in the configuration is the operator's to keep.
            """)

    @Argument(help: "The folder to create for the backup (must not exist yet).") var folder: String
    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none), for secret_key_file.", valueName: "file"))
    var config: String?
    @OptionGroup var data: DataDirectoryOptions

    /// The name of the secret key's copy in a backup.
    static let secretKeyName = "secret.key"

    func run() async throws {
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        guard !FileManager.default.fileExists(atPath: folder) else { throw CommandFailure("\(folder) exists already; name a new folder") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try await fill(settings)
        } catch {
            // Half a backup must not pass for one, nor block the next attempt's folder name.
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Copies the keys, the secret key and the database into the new `folder`.
    private func fill(_ settings: ServerConfiguration) async throws {
        let keys = (settings.data as NSString).appendingPathComponent("keys")
        if FileManager.default.fileExists(atPath: keys) {
            try FileManager.default.copyItem(atPath: keys, toPath: (folder as NSString).appendingPathComponent("keys"))
        }
        if let file = settings.secretKeyFile {
            guard FileManager.default.fileExists(atPath: file) else { throw CommandFailure("the secret key \(file) (secret_key_file) does not exist") }
            try FileManager.default.copyItem(atPath: file, toPath: (folder as NSString).appendingPathComponent(Self.secretKeyName))
            print("copied the secret key \(file) to \(folder)/\(Self.secretKeyName)")
        } else if settings.secretKey != nil {
            print("secret_key is set in the configuration: keep the configuration with this backup, it opens the keys in it")
        }
        if let url = data.storageURL, !url.hasPrefix("sqlite:") {
            print("copied \(keys) to \(folder)/keys")
            print("the database is on PostgreSQL: back it up with pg_dump, for example")
            print("  pg_dump --format=custom --file=\(folder)/jadwal.pgdump DBNAME")
            return
        }
        let source = try Storage.sqlitePath(data, settings: settings)
        guard FileManager.default.fileExists(atPath: source) else { throw CommandFailure("no database at \(source)") }
        let target = URL(fileURLWithPath: folder).appendingPathComponent("jadwal.sqlite").path
        let database = try SQLiteDatabase(path: source)
        // A read transaction's snapshot, written out whole: writers go on meanwhile.
        try await database.read { session in try await session.execute("VACUUM INTO ?", [target]) }
        let counts = try await Self.check(target)
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
        print("backed up \(counts.users) users, \(counts.calendars) calendars, \(counts.objects) objects, \(counts.addressBooks) address books, "
              + "\(counts.cards) cards (\(size) bytes) to \(target)")
    }

    /// Checks a database copy's integrity and counts what it holds; the copy is left as one
    /// file, owner-only, without a write-ahead log beside it.
    static func check(_ path: String) async throws -> (users: Int, calendars: Int, objects: Int, addressBooks: Int, cards: Int) {
        // It holds password hashes and sealed chats: the owner's alone, like the original.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        // Read-only and in the rollback journal mode VACUUM INTO wrote: no -wal or -shm appear.
        let copy = SQLiteFileCheck(path: path)
        let check = try copy.integrity()
        guard check == ["ok"] else { throw CommandFailure("\(path) failed its integrity check: \(check.joined(separator: "; "))") }
        let counts = try copy.counts(["account", "calendar", "calendar_object", "address_book", "card"])
        return (counts[0], counts[1], counts[2], counts[3], counts[4])
    }
}
