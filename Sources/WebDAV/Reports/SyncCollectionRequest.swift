/// A DAV:sync-collection request (RFC 6578 §3.2) at sync-level 1: the token to continue
/// from, the most results wanted, and the properties to report.
public struct SyncCollectionRequest: Sendable {
    /// The token as sent; empty for an initial sync.
    public let token: String
    /// DAV:limit's DAV:nresults, when given.
    public let limit: Int?
    public let query: PropFindRequest

    /// Decodes DAV:sync-collection. Sync-level infinite is `supported-report`: collections
    /// here hold no collections.
    public init(_ root: DAVXML.Element) throws(DAVError) {
        if let level = root.element(named: .dav("sync-level"))?.text.trimmingSpaces, level != "1" {
            // RFC 6578 §6.3: "1" or "infinite"; anything else is a malformed request.
            guard level == "infinite" else { throw DAVError.badRequest("DAV:sync-level is 1 or infinite, not '\(level)'") }
            throw DAVError(.supportedReport, "only sync-level 1 is supported")
        }
        token = root.element(named: .dav("sync-token"))?.text.trimmingSpaces ?? ""
        if let nresults = root.element(named: .dav("limit"))?.element(named: .dav("nresults")) {
            guard let value = Int(nresults.text.trimmingSpaces), value > 0 else { throw DAVError.badRequest("DAV:nresults must be a positive integer") }
            limit = value
        } else {
            limit = nil
        }
        query = PropFindRequest(reportRoot: root)
    }

    /// The change-log position the token names for the collection incarnation `syncID`;
    /// `nil` for an initial sync, `valid-sync-token` for a token not issued for it.
    public func position(syncID: String) throws(DAVError) -> Int64? {
        guard !token.isEmpty else { return nil }
        guard let position = SyncToken.position(in: token, syncID: syncID) else {
            throw DAVError(.validSyncToken, "the sync token was not issued for this collection")
        }
        return position
    }
}
