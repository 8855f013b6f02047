/// Sync tokens (RFC 6578 §4) and CS:getctag values: URI-shaped (Evolution ignores tokens
/// that are not URIs), naming the collection's incarnation and its change-log position.
public enum SyncToken {
    static let prefix = "http://jadwal.app/ns/sync/"

    /// The token of incarnation `syncID` at change-log `position`.
    public static func make(syncID: String, position: Int64) -> String {
        prefix + syncID + "-" + String(position)
    }

    /// The position a token names for incarnation `syncID`, or `nil`.
    public static func position(in token: String, syncID: String) -> Int64? {
        let expected = prefix + syncID + "-"
        guard token.hasPrefix(expected) else { return nil }
        return Int64(token.dropFirst(expected.count))
    }
}
