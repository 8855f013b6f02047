/// Sync tokens (RFC 6578 §4) and CS:getctag values: URI-shaped (Evolution ignores tokens
/// that are not URIs), naming the collection's incarnation and its change-log position.
public enum SyncToken {
    static let prefix = "http://jadwal.app/ns/sync/"

    /// The token of incarnation `syncID` at change-log `position`.
    public static func make(syncID: String, position: Int64) -> String {
        prefix + syncID + "-" + String(position)
    }

    /// A fresh random id for a new incarnation of a collection: 16 hex digits.
    public static func newSyncID() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The position a token names for incarnation `syncID`, or `nil`.
    public static func position(in token: String, syncID: String) -> Int64? {
        let expected = prefix + syncID + "-"
        guard token.hasPrefix(expected) else { return nil }
        return Int64(token.dropFirst(expected.count))
    }

    /// The tag of a home (DAV:sync-token and CS:getctag), which Apple clients poll before
    /// looking at each collection: a digest that changes with any collection's contents
    /// and with collections added or removed.
    public static func home(of collections: [(name: String, syncID: String, position: Int64)]) -> String {
        let parts = collections.map { "\($0.name):\($0.syncID)-\($0.position)" }
        return "http://jadwal.app/ns/home/" + FNV1a.hex(parts.joined(separator: "/").utf8)
    }
}
