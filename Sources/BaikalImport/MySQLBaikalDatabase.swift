import CMariaDB
import Foundation
import Synchronization

/// A Baïkal MySQL (or MariaDB) database, read through MariaDB Connector/C in a read-only
/// transaction: nothing in it is changed.
///
/// `mysql://USER:PASSWORD@HOST[:PORT]/DATABASE`, or with `?socket=/run/mysqld/mysqld.sock`
/// for a local server's socket.
public final class MySQLBaikalDatabase: BaikalDatabase {
    public let description: String
    /// The connection; the library wants one caller at a time.
    private let connection: Mutex<Connection>

    private struct Connection: @unchecked Sendable {
        let handle: UnsafeMutablePointer<MYSQL>
    }

    public init(url: String) throws(BaikalSourceError) {
        guard let parts = URLComponents(string: url), parts.scheme == "mysql" || parts.scheme == "mariadb",
              let user = parts.user, parts.path.count > 1 else {
            throw BaikalSourceError("--from takes mysql://USER:PASSWORD@HOST[:PORT]/DATABASE, not \(url)")
        }
        let database = String(parts.path.dropFirst())
        let socket = parts.queryItems?.first { $0.name == "socket" }?.value
        description = "mysql://\(user)@\(parts.host ?? "localhost")\(parts.port.map { ":\($0)" } ?? "")/\(database)"
        guard let handle = mysql_init(nil) else { throw BaikalSourceError("MariaDB Connector/C could not start") }
        var timeout: UInt32 = 10
        mysql_options(handle, MYSQL_OPT_CONNECT_TIMEOUT, &timeout)
        let host = parts.host.map { $0.isEmpty ? "localhost" : $0 } ?? "localhost"
        guard mysql_real_connect(handle, host, user, parts.password ?? "", database, UInt32(parts.port ?? 0), socket, 0) != nil else {
            let reason = String(cString: mysql_error(handle))
            mysql_close(handle)
            throw BaikalSourceError("\(description) cannot be opened: \(reason)")
        }
        connection = Mutex(Connection(handle: handle))
        try execute("SET NAMES utf8mb4")
        try execute("SET SESSION TRANSACTION READ ONLY")
        try execute("START TRANSACTION READ ONLY")
    }

    deinit {
        connection.withLock { mysql_close($0.handle) }
    }

    public func tables() throws(BaikalSourceError) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for row in try rows("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = DATABASE()", []) {
            guard let table = row[0].text?.lowercased(), let column = row[1].text?.lowercased() else { continue }
            found[table, default: []].insert(column)
        }
        return found
    }

    public func rows(_ sql: String, _ arguments: [Int]) throws(BaikalSourceError) -> [[BaikalValue]] {
        // Arguments are integers, written into the statement as literals.
        var text = ""
        var remaining = arguments[...]
        for character in sql {
            if character == "?", let argument = remaining.popFirst() { text += String(argument) } else { text.append(character) }
        }
        let statement = text
        return try connection.withLock { (connection: inout Connection) throws(BaikalSourceError) -> [[BaikalValue]] in
            let handle = connection.handle
            guard mysql_real_query(handle, statement, UInt(statement.utf8.count)) == 0 else {
                throw BaikalSourceError("\(description): a query failed: \(String(cString: mysql_error(handle)))")
            }
            guard let result = mysql_store_result(handle) else {
                if mysql_field_count(handle) == 0 { return [] }
                throw BaikalSourceError("\(description): reading rows failed: \(String(cString: mysql_error(handle)))")
            }
            defer { mysql_free_result(result) }
            let count = Int(mysql_num_fields(result))
            var rows: [[BaikalValue]] = []
            while let row = mysql_fetch_row(result) {
                guard let lengths = mysql_fetch_lengths(result) else { break }
                rows.append((0..<count).map { index in
                    guard let field = row[index] else { return .null }
                    return .bytes(Array(UnsafeRawBufferPointer(start: field, count: Int(lengths[index]))))
                })
            }
            return rows
        }
    }

    private func execute(_ sql: String) throws(BaikalSourceError) {
        _ = try rows(sql, [])
    }
}
