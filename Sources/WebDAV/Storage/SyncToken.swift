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
    ///
    /// A collection brought from sabre/dav (Baïkal) has a sync id starting with
    /// ``sabreIncarnation`` and a change log numbered as sabre/dav numbered it, so the tokens
    /// sabre/dav served for it (`http://sabre.io/ns/sync/N`: changes numbered N and up are
    /// new) still name a position, N - 1; a collection made again has a new sync id, and
    /// then they do not.
    public static func position(in token: String, syncID: String) -> Int64? {
        let expected = prefix + syncID + "-"
        if token.hasPrefix(expected) { return Int64(token.dropFirst(expected.count)) }
        if syncID.hasPrefix(sabreIncarnation), token.hasPrefix(sabrePrefix), let number = Int64(token.dropFirst(sabrePrefix.count)), number >= 1 {
            return number - 1
        }
        return nil
    }

    /// How the sync id of a collection brought from sabre/dav begins.
    public static let sabreIncarnation = "sabre-"
    static let sabrePrefix = "http://sabre.io/ns/sync/"

    /// A sync id for a collection brought from sabre/dav, whose tokens it keeps answering.
    public static func newSabreSyncID() -> String {
        sabreIncarnation + newSyncID()
    }

    /// The tag of a home (DAV:sync-token and CS:getctag), which Apple clients poll before
    /// looking at each collection: a digest that changes with any collection's contents
    /// and with collections added or removed.
    public static func home(of collections: [(name: String, syncID: String, position: Int64)]) -> String {
        let parts = collections.map { "\($0.name):\($0.syncID)-\($0.position)" }
        return "http://jadwal.app/ns/home/" + FNV1a.hex(parts.joined(separator: "/").utf8)
    }
}
