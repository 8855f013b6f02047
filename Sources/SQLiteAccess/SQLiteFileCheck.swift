import GRDB

/// A look into a SQLite file that leaves it exactly as it is: opened read-only, without
/// switching it to WAL (as ``SQLiteDatabase`` does), so a backup stays one file.
public struct SQLiteFileCheck: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `PRAGMA integrity_check`'s findings: `["ok"]` for a sound file.
    public func integrity() throws -> [String] {
        try queue().read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// The number of rows in each of `tables`, in order; 0 for a table the file does not
    /// have (a backup made before a version that added it).
    public func counts(_ tables: [String]) throws -> [Int] {
        try queue().read { db in
            try tables.map { try db.tableExists($0) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\($0)\"") ?? 0 : 0 }
        }
    }

    private func queue() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
