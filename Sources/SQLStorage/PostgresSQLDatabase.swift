import PostgresAccess
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// ``SQLDatabase`` over a PostgreSQL database that several jadwald processes share.
///
/// A write is one READ COMMITTED transaction on one pooled connection; a read runs its
/// statements on one connection, each seeing the latest commit. Values are always bound,
/// never spliced into the SQL: `?` placeholders become `$1`, `$2`, ...
public final class PostgresSQLDatabase: SQLDatabase {
    public let pool: PostgresPool

    public var dialect: SQLDialect { .postgres }

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result {
        try await pool.withConnection { connection in try await body(Session(connection: connection)) }
    }

    public func write<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result {
        try await pool.withTransaction { connection in try await body(Session(connection: connection)) }
    }

    private struct Session: SQLSession {
        let connection: PostgresConnection
        var dialect: SQLDialect { .postgres }

        func query(_ sql: String, _ arguments: SQLArguments) async throws -> [SQLRow] {
            let result = try await run(sql, arguments)
            guard let first = result.rows.first else { return [] }
            let columns = SQLColumns(first.map(\.columnName))
            return try result.rows.map { row in SQLRow(columns: columns, values: try row.map(PostgresSQLDatabase.value)) }
        }

        func execute(_ sql: String, _ arguments: SQLArguments) async throws -> Int {
            try await run(sql, arguments).metadata.rows ?? 0
        }

        private func run(_ sql: String, _ arguments: SQLArguments) async throws -> PostgresQueryResult {
            let future: EventLoopFuture<PostgresQueryResult> = connection.query(
                PostgresQuery(unsafeSQL: PostgresSQLDatabase.numberedPlaceholders(sql), binds: PostgresSQLDatabase.bindings(arguments)),
                logger: connection.logger)
            return try await future.get()
        }
    }

    /// `sql` with each `?` outside quotes replaced by `$1`, `$2`, ... in order.
    static func numberedPlaceholders(_ sql: String) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                out.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                out.append(character)
            } else if character == "?" {
                number += 1
                out += "$\(number)"
            } else {
                out.append(character)
            }
        }
        return out
    }

    static func bindings(_ arguments: SQLArguments) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: arguments.values.count)
        for value in arguments.values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            // An [UInt8] would bind as an array of char; BYTEA wants a buffer.
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        return bindings
    }

    static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8, .oid: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea: return .blob([UInt8](try cell.decode(ByteBuffer.self).readableBytesView))
        case .numeric:
            // SUM over BIGINT is NUMERIC in PostgreSQL.
            let number = NSDecimalNumber(decimal: try cell.decode(Decimal.self))
            return Decimal(number.int64Value) == number.decimalValue ? .integer(number.int64Value) : .real(number.doubleValue)
        default: return .text(try cell.decode(String.self))
        }
    }
}
