import Foundation
import GRDB

/// A Baïkal SQLite database, opened read-only: nothing in it is changed.
public final class SQLiteBaikalDatabase: BaikalDatabase {
    private let queue: DatabaseQueue
    public let description: String

    public init(path: String) throws(BaikalSourceError) {
        description = "sqlite:\(path)"
        guard FileManager.default.fileExists(atPath: path) else { throw BaikalSourceError("no file at \(path)") }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw BaikalSourceError("\(description) cannot be read as an SQLite database", cause: error)
        }
    }

    public func tables() throws(BaikalSourceError) -> [String: Set<String>] {
        try read("its tables") { db in
            var tables: [String: Set<String>] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                tables[table.lowercased()] = Set(try db.columns(in: table).map { $0.name.lowercased() })
            }
            return tables
        }
    }

    public func rows(_ sql: String, _ arguments: [Int]) throws(BaikalSourceError) -> [[BaikalValue]] {
        try read("rows") { db in
            try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
                row.databaseValues.map { value in
                    switch value.storage {
                    case .null: return .null
                    case .int64(let number): return .integer(Int(number))
                    case .double(let number): return .integer(Int(number))
                    case .string(let text): return .bytes(Array(text.utf8))
                    case .blob(let data): return .bytes([UInt8](data))
                    }
                }
            }
        }
    }

    private func read<T>(_ what: String, _ body: (Database) throws -> T) throws(BaikalSourceError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw BaikalSourceError("\(description) cannot be read as an SQLite database (reading \(what))", cause: error)
        }
    }
}

/// A Baïkal database as a ``BaikalSource``, from where it is.
public enum BaikalLocation {
    /// Opens `sqlite:PATH` or `mysql://USER:PASSWORD@HOST[:PORT]/DATABASE` read-only and
    /// checks that it holds Baïkal's schema.
    public static func open(_ location: String) throws(BaikalSourceError) -> BaikalQueries {
        if location.hasPrefix("sqlite:") { return try BaikalQueries(SQLiteBaikalDatabase(path: String(location.dropFirst("sqlite:".count)))) }
        if location.hasPrefix("mysql://") || location.hasPrefix("mariadb://") { return try BaikalQueries(MySQLBaikalDatabase(url: location)) }
        throw BaikalSourceError("Baïkal's database is sqlite:PATH or mysql://USER:PASSWORD@HOST[:PORT]/DATABASE, not \(location)")
    }
}
