import ArgumentParser
import CalDAVPostgres
import CalDAVSQLite
import CardDAVPostgres
import CardDAVSQLite
import Foundation
import Jadwal
import PostgresAccess
import SQLStorage
import SQLiteAccess

/// `jadwald migrate-store --to postgres://...`: everything in the SQLite database copied
/// into an empty PostgreSQL database in one transaction, then compared row for row.
struct MigrateStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-store",
        abstract: "Copy everything from SQLite into an empty PostgreSQL database, verified row for row.",
        discussion: """
            Stop the server first. Calendars keep their ids, ETags and change positions, so \
            clients' sync tokens stay valid; accounts keep their password hashes. The copy is one \
            transaction: it lands whole or not at all. Afterwards every table is read back from \
            both sides and compared, objects byte for byte.
            """)

    @Option(help: ArgumentHelp("The SQLite database (default: jadwal.sqlite in the data folder).", valueName: "sqlite:path"))
    var from: String?
    @Option(help: ArgumentHelp("The PostgreSQL database, empty or new.", valueName: "url"))
    var to: String
    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none), for the secret key.", valueName: "file"))
    var config: String?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let sourcePath: String
        if let from {
            guard let path = Storage.sqliteFile(from), !path.isEmpty else { throw CommandFailure("--from takes sqlite:PATH") }
            sourcePath = path
        } else {
            sourcePath = URL(fileURLWithPath: data.path).appendingPathComponent("jadwal.sqlite").path
        }
        guard FileManager.default.fileExists(atPath: sourcePath) else { throw CommandFailure("no database at \(sourcePath)") }
        // Both schemas up to date on both sides before anything is read; one file, one pool.
        let file = try SQLiteFile(path: sourcePath)
        let source = SQLiteDatabase(file: file)
        _ = try SQLiteCalendarStore(file: file)
        _ = try SQLiteAddressBookStore(file: file)
        let application = try ApplicationDatabase(sqlite: source)
        // Key files of an older data folder go into the store first, so that they travel too.
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let keys = try ServerKeys(settings: settings, application: application)
        _ = try await keys.accessTokens(issuer: "")
        _ = try await keys.chatKey(settings)
        let location: PostgresLocation
        do { location = try PostgresLocation(url: to) } catch { throw CommandFailure("--to: \(error.message)") }
        let pool = PostgresPool(location: location)
        do {
            _ = try await PostgresCalendarStore(database: pool)
            _ = try await PostgresAddressBookStore(database: pool)
            _ = try await ApplicationDatabase.open(postgres: pool)
            let target = PostgresSQLDatabase(pool: pool)
            try await copy(from: source, to: target, location: location)
            print("the keys in the store are sealed with \(keys.secretSource): give every instance on \(location) that secret key")
        } catch {
            await pool.close()
            throw error
        }
        await pool.close()
    }

    private func copy(from source: SQLiteDatabase, to target: PostgresSQLDatabase, location: PostgresLocation) async throws {
        let occupied = try await target.read { session in
            (try await session.scalar(Int.self, "SELECT COUNT(*) FROM account") ?? 0) + (try await session.scalar(Int.self, "SELECT COUNT(*) FROM calendar") ?? 0)
        }
        guard occupied == 0 else { throw CommandFailure("\(location) already holds accounts or calendars; migrate into an empty database") }
        let batch = 500
        let copied = try await target.write { session in
            var counts: [(String, Int)] = []
            for table in StoreTable.all {
                let columns = table.columns.joined(separator: ", ")
                let values = table.columns.map { table.booleans.contains($0) ? "(? <> 0)" : "?" }.joined(separator: ", ")
                let insert = "INSERT INTO \(table.name) (\(columns))\(table.identity == nil ? "" : " OVERRIDING SYSTEM VALUE") VALUES (\(values))"
                let query = table.sourceQuery ?? "SELECT \(columns) FROM \(table.name) \(table.order(postgres: false))"
                var offset = 0
                while true {
                    let start = offset
                    let rows = try await source.read { reader in try await reader.query("\(query) LIMIT ? OFFSET ?", [batch, start]) }
                    for row in rows { try await session.execute(insert, SQLArguments(row.values)) }
                    offset += rows.count
                    if rows.count < batch { break }
                }
                if let identity = table.identity {
                    try await session.query("""
                        SELECT setval(pg_get_serial_sequence('\(table.name)', '\(identity)'), (SELECT COALESCE(MAX(\(identity)), 0) + 1 FROM \(table.name)), false)
                        """)
                }
                counts.append((table.name, offset))
            }
            return counts
        }
        for table in StoreTable.all {
            try await verify(table, source: source, target: target, batch: batch)
        }
        for (name, count) in copied where count > 0 { print("\(name): \(count) rows") }
        print("copied and verified \(copied.reduce(0) { $0 + $1.1 }) rows into \(location)")
    }

    /// Reads `table` from both sides in key order and fails at the first difference.
    private func verify(_ table: StoreTable, source: SQLiteDatabase, target: PostgresSQLDatabase, batch: Int) async throws {
        let columns = table.columns.joined(separator: ", ")
        var offset = 0
        while true {
            let start = offset
            let mine = try await source.read { session in
                try await session.query("SELECT \(columns) FROM \(table.name) \(table.order(postgres: false)) LIMIT ? OFFSET ?", [batch, start])
            }
            let theirs = try await target.read { session in
                try await session.query("SELECT \(columns) FROM \(table.name) \(table.order(postgres: true)) LIMIT ? OFFSET ?", [batch, start])
            }
            guard mine.count == theirs.count else {
                throw CommandFailure("verification failed: \(table.name) has \(offset + mine.count) rows in SQLite, \(offset + theirs.count) in PostgreSQL")
            }
            for (index, (left, right)) in zip(mine, theirs).enumerated() where !Self.same(left.values, right.values) {
                throw CommandFailure("verification failed: \(table.name) row \(offset + index + 1) differs")
            }
            offset += mine.count
            if mine.count < batch { return }
        }
    }

    /// Equal values, counting text and bytes with the same UTF-8 as equal (SQLite may hand
    /// back either for a column) and reals compared exactly.
    static func same(_ left: [SQLValue], _ right: [SQLValue]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { pair in
            switch pair {
            case (.text(let text), .blob(let bytes)), (.blob(let bytes), .text(let text)): return Array(text.utf8) == bytes
            case (.integer(let integer), .real(let real)), (.real(let real), .integer(let integer)): return Double(integer) == real
            default: return pair.0 == pair.1
            }
        }
    }
}
