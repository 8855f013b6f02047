import ArgumentParser
import Foundation

/// Where jadwald keeps its data: `--data-dir`, else `JADWAL_DATA_DIR`, else `./data`.
struct DataDirectoryOptions: ParsableArguments {
    @Option(help: "Folder for the SQLite database (default: $JADWAL_DATA_DIR or ./data).")
    var dataDir: String?

    var path: String {
        dataDir ?? ProcessInfo.processInfo.environment["JADWAL_DATA_DIR"] ?? "data"
    }

    /// The database file, creating its folder (readable by the owner only) if needed.
    func databasePath() throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return URL(fileURLWithPath: path).appendingPathComponent("jadwal.sqlite").path
    }
}
