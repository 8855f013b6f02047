import ArgumentParser
import Foundation
import Jadwal

/// Where jadwald keeps its data: `--data`, else `JADWAL_DATA`, else the configuration
/// file's `data` (the file `JADWAL_CONFIG` names, or an installed release's
/// `/etc/jadwal/jadwald.toml`), else `./data`; the storage URL likewise.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: [.customLong("data"), .customLong("data-dir", withSingleDash: false)],
            help: ArgumentHelp("Folder for the SQLite database (default: $JADWAL_DATA, else the configuration's data, else ./data).", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("""
        Where calendars and accounts live: postgres://user@host/db or postgresql:///db?host=/socket/dir \
        for PostgreSQL (default: $JADWAL_STORAGE, else the configuration's storage, else SQLite in the data folder).
        """, valueName: "url"))
    var storage: String?

    /// The storage URL given, if any: `--storage`, else `JADWAL_STORAGE`, else the configuration file's.
    var storageURL: String? {
        storage ?? ProcessInfo.processInfo.environment["JADWAL_STORAGE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ConfiguredStorage.file?.storage?.value
    }

    var path: String {
        directory ?? ProcessInfo.processInfo.environment["JADWAL_DATA"] ?? ConfiguredStorage.file?.data ?? "data"
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
