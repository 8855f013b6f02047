/// One value of a row as a Baïkal database gives it.
public enum BaikalValue: Sendable, Equatable {
    case null
    case integer(Int)
    /// Text or a BLOB: sabre/dav writes either for names, data and URIs.
    case bytes([UInt8])

    var int: Int? {
        switch self {
        case .integer(let value): return value
        case .bytes(let bytes): return Int(String(decoding: bytes, as: UTF8.self))
        case .null: return nil
        }
    }

    var text: String? {
        switch self {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .integer(let value): return String(value)
        case .null: return nil
        }
    }

    var data: [UInt8] {
        if case .bytes(let bytes) = self { return bytes }
        return []
    }
}

/// The database Baïkal kept its rows in (SQLite or MySQL), read-only: the few things the
/// migration's queries (``BaikalQueries``) need from it.
public protocol BaikalDatabase: Sendable {
    /// Where it is, for messages (`sqlite:/srv/baikal/db.sqlite`).
    var description: String { get }
    /// Its tables and their columns, lower-cased.
    func tables() throws(BaikalSourceError) -> [String: Set<String>]
    /// The rows of a query written in the SQL both databases speak, with `?` for each argument.
    func rows(_ sql: String, _ arguments: [Int]) throws(BaikalSourceError) -> [[BaikalValue]]
}
