import ArgumentParser
import Foundation

/// Where jadwald keeps its data: `--data`, else `JADWAL_DATA`, else `./data`.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: [.customLong("data"), .customLong("data-dir", withSingleDash: false)],
            help: ArgumentHelp("Folder for the SQLite database (default: $JADWAL_DATA or ./data).", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("""
        Where calendars and accounts live: postgres://user@host/db or postgresql:///db?host=/socket/dir \
        for PostgreSQL (default: $JADWAL_STORAGE, else SQLite in the data folder).
        """, valueName: "url"))
    var storage: String?

    /// The storage URL given, if any: `--storage`, else `JADWAL_STORAGE`.
    var storageURL: String? {
        storage ?? ProcessInfo.processInfo.environment["JADWAL_STORAGE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var path: String {
        directory ?? ProcessInfo.processInfo.environment["JADWAL_DATA"] ?? "data"
    }

    /// The database file, creating its folder (readable by the owner only) if needed.
    func databasePath() throws -> String {
        try databasePath(in: path)
    }

    /// The database file in `directory` (a resolved setting), creating the folder if needed.
    func databasePath(in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return URL(fileURLWithPath: directory).appendingPathComponent("jadwal.sqlite").path
    }
}
