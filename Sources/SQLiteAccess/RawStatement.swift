import GRDB
import GRDBSQLite

/// One of GRDB's cached statements driven through SQLite's C API: bind, step, read columns
/// by position.
///
/// For the reads on every request. Through GRDB's rows, a lookup of one calendar or one
/// object costs more in Swift (arguments, a row object with a column-name index, value
/// decoding) than in SQLite itself (Benchmarks/README.md, "Profile notes").
///
/// The statement is reset when the cursor is done, so an implicit read transaction never
/// outlives the call that opened it.
package struct RawStatement: ~Copyable {
    private let handle: OpaquePointer

    /// Prepares (or takes from the connection's cache) `sql` and binds `arguments` in order.
    package init(_ db: Database, _ sql: String, _ arguments: [Argument]) throws {
        let handle = try db.cachedStatement(sql: sql).sqliteStatement
        try Self.bind(arguments, to: handle)
        self.handle = handle
    }

    private static func bind(_ arguments: [Argument], to handle: OpaquePointer) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, argument) in arguments.enumerated() {
            let position = CInt(index + 1)
            let code: CInt
            switch argument {
            case .null: code = sqlite3_bind_null(handle, position)
            case .integer(let value): code = sqlite3_bind_int64(handle, position, value)
            case .real(let value): code = sqlite3_bind_double(handle, position, value)
            case .text(let value):
                var value = value
                code = value.withUTF8 { sqlite3_bind_text(handle, position, $0.baseAddress, CInt($0.count), transient) }
            case .blob(let value) where value.isEmpty:
                // A NULL pointer would bind NULL, not an empty blob.
                code = sqlite3_bind_zeroblob(handle, position, 0)
            case .blob(let value):
                code = value.withUnsafeBytes { sqlite3_bind_blob(handle, position, $0.baseAddress, CInt($0.count), transient) }
            }
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind argument \(position)") }
        }
    }

    deinit {
        sqlite3_reset(handle)
    }

    /// A bound value.
    package enum Argument {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    /// Moves to the next row; `false` when there is none.
    package func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let message = sqlite3_errmsg(sqlite3_db_handle(handle)).map { String(cString: $0) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }

    /// How many columns a row has.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// A column's name as the statement gives it.
    package func columnName(_ column: Int) -> String {
        sqlite3_column_name(handle, CInt(column)).map { String(cString: $0) } ?? ""
    }

    package func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, CInt(column)) == SQLITE_NULL
    }

    package func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, CInt(column))
    }

    package func int(_ column: Int) -> Int {
        Int(sqlite3_column_int64(handle, CInt(column)))
    }

    package func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, CInt(column))
    }

    /// The column as text, `nil` when NULL.
    package func text(_ column: Int) -> String? {
        guard let pointer = sqlite3_column_text(handle, CInt(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, CInt(column)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's bytes (empty when NULL or empty).
    package func bytes(_ column: Int) -> [UInt8] {
        let pointer = sqlite3_column_blob(handle, CInt(column))
        let count = Int(sqlite3_column_bytes(handle, CInt(column)))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The column's storage class: `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`.
    package func type(_ column: Int) -> CInt {
        sqlite3_column_type(handle, CInt(column))
    }
}

/// SQLite copies the bound bytes (they live only for the bind call).
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
