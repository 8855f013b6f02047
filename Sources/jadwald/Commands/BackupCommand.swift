import ArgumentParser
import Foundation
import SQLStorage

/// `jadwald backup FOLDER`: a consistent copy of the SQLite database and the key folder,
/// made while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database (SQLite) and the keys into a new folder while the server runs.",
        discussion: """
            The copy of jadwal.sqlite is one consistent snapshot (SQLite's VACUUM INTO), checked \
            with an integrity check before the command reports success; keys/ (the secret key that \
            opens the keys sealed in the database) is copied beside it. To restore, stop the server \
            and put both back into the data folder (removing jadwal.sqlite-wal and -shm). On \
            PostgreSQL keys/ is copied and the database is pg_dump's to back up (see README); a \
            secret_key set in the configuration is the operator's to keep.
            """)

    @Argument(help: "The folder to create for the backup (must not exist yet).") var folder: String
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        guard !FileManager.default.fileExists(atPath: folder) else { throw CommandFailure("\(folder) exists already; name a new folder") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try await fill()
        } catch {
            // Half a backup must not pass for one, nor block the next attempt's folder name.
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Copies the keys and the database into the new `folder`.
    private func fill() async throws {
        let keys = (data.path as NSString).appendingPathComponent("keys")
        if FileManager.default.fileExists(atPath: keys) {
            try FileManager.default.copyItem(atPath: keys, toPath: (folder as NSString).appendingPathComponent("keys"))
        }
        if let url = data.storageURL, !url.hasPrefix("sqlite:") {
            print("copied \(keys) to \(folder)/keys")
            print("the database is on PostgreSQL: back it up with pg_dump, for example")
            print("  pg_dump --format=custom --file=\(folder)/jadwal.pgdump DBNAME")
            return
        }
        let source = try Storage.sqlitePath(data)
        guard FileManager.default.fileExists(atPath: source) else { throw CommandFailure("no database at \(source)") }
        let target = URL(fileURLWithPath: folder).appendingPathComponent("jadwal.sqlite").path
        let database = try SQLiteDatabase(path: source)
        // A read transaction's snapshot, written out whole: writers go on meanwhile.
        try await database.read { session in try await session.execute("VACUUM INTO ?", [target]) }
        // It holds password hashes and sealed chats: the owner's alone, like the original.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let copy = try SQLiteDatabase(path: target)
        let check = try await copy.read { session in try await session.query("PRAGMA integrity_check").map { $0[0] as String } }
        guard check == ["ok"] else { throw CommandFailure("the copy failed its integrity check: \(check.joined(separator: "; "))") }
        let counts = try await copy.read { session in
            (try await session.scalar(Int.self, "SELECT COUNT(*) FROM account") ?? 0,
             try await session.scalar(Int.self, "SELECT COUNT(*) FROM calendar") ?? 0,
             try await session.scalar(Int.self, "SELECT COUNT(*) FROM calendar_object") ?? 0)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
        print("backed up \(counts.0) users, \(counts.1) calendars, \(counts.2) objects (\(size) bytes) to \(target)")
    }
}
