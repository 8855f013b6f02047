import ArgumentParser
import Foundation

/// Where jadwald keeps its data: `--data`, else `JADWAL_DATA`, else `./data`.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: [.customLong("data"), .customLong("data-dir", withSingleDash: false)],
            help: ArgumentHelp("Folder for the SQLite database (default: $JADWAL_DATA or ./data).", valueName: "dir"))
    var directory: String?

    var path: String {
        directory ?? ProcessInfo.processInfo.environment["JADWAL_DATA"] ?? "data"
    }

    /// The database file, creating its folder (readable by the owner only) if needed.
    func databasePath() throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return URL(fileURLWithPath: path).appendingPathComponent("jadwal.sqlite").path
    }
}
