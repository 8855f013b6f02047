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

    /// Makes a data folder, readable by the owner only, saying plainly why when it cannot.
    static func makeFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure("cannot make the data folder \(folder): \(OperatorMessage.cause(of: error))")
        }
    }
}
