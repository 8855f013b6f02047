extension XMLWriter {
    /// Writes the multistatus of a DAV:sync-collection answer on a collection (RFC 6578
    /// §3.5): the changed members (written by `members`), a 404 response for each deleted
    /// name, a 507 for the collection when a limit cut the answer short, and the new token.
    public mutating func syncAnswer(
        _ changes: ChangeSet, token: String, collectionHref: String, deletedHref: (String) -> String,
        members: (inout XMLWriter) -> Void
    ) {
        start(.dav("multistatus"), declaringNamespaces: true)
        members(&self)
        for deleted in changes.deleted { statusResponse(href: deletedHref(deleted), status: 404) }
        if changes.isTruncated { statusResponse(href: collectionHref, status: 507) }
        element(.dav("sync-token"), text: token)
        end()
    }

    /// The answer to DAV:sync-collection on a home, whose token (``SyncToken/home(of:)``)
    /// is a digest of its collections' states and so cannot say what changed: a current
    /// token gets an empty answer, an empty token every collection (written by
    /// `collections` with the asked properties), and any other token 403 valid-sync-token,
    /// after which clients start over with an empty one (RFC 6578 §3.2) and learn removals
    /// from the full list.
    public static func homeSyncAnswer(
        _ root: DAVXML.Element, token current: String, collections: (PropFindRequest, inout XMLWriter) -> Void
    ) throws(DAVError) -> XMLWriter {
        let token = root.element(named: .dav("sync-token"))?.text.trimmingSpaces ?? ""
        if !token.isEmpty && token != current {
            throw DAVError(.validSyncToken, "the home changed since this token; sync again with an empty token")
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        if token.isEmpty { collections(PropFindRequest(reportRoot: root), &writer) }
        writer.element(.dav("sync-token"), text: current)
        writer.end()
        return writer
    }
}
