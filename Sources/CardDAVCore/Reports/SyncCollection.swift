import WebDAV

extension CardDAVAdapter {
    /// DAV:sync-collection (RFC 6578 §3) at sync-level 1 on an address book, or on the
    /// home (answered as CalDAV answers it: ``SyncToken/home(of:)``). A truncated answer
    /// (DAV:limit) ends with a 507 for the book and a token that continues exactly where it
    /// stopped, so nothing is lost.
    func syncCollection(_ root: DAVXML.Element, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if case .home(let user) = target.kind { return try await syncHome(root, user: user, context: context) }
        let book = try reportBook(target, "sync-collection")
        guard case .book = target.kind else { throw DAVError(.supportedReport, "sync-collection applies to address books, not cards") }
        let request = try SyncCollectionRequest(root)
        let position = try request.position(syncID: book.syncID)
        let addressData = try addressDataRequest(root)
        let changes = try await storing { () async throws(StoreError) in try await store.changes(in: book.reference, since: position, limit: request.limit) }
        // Without address-data (as clients sync: ETags first, then a multiget), no card is read whole.
        let wantsData = if case .properties(let names) = request.query { names.contains(.cardDAV("address-data")) } else { false }
        let cards = try await storing { () async throws(StoreError) in
            wantsData ? try await store.cards(named: changes.changed, in: book.reference) : try await store.listing(named: changes.changed, in: book.reference)
        }
        var current = book
        current.changePosition = changes.position
        var writer = XMLWriter()
        writer.syncAnswer(changes, token: current.syncToken, collectionHref: target.path.href,
                          deletedHref: { CardDAVPath.href(of: $0, in: book.reference) }) { writer in
            for card in cards {
                writeResponse(for: .card(book, card), query: request.query, context: context, addressData: addressData, into: &writer)
            }
        }
        return .multiStatus(writer)
    }

    /// sync-collection on the home: a current token gets an empty answer, an empty token
    /// every book, any other token 403 valid-sync-token (RFC 6578 §3.2).
    private func syncHome(_ root: DAVXML.Element, user: String, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let books = try await storing { () async throws(StoreError) in try await store.addressBooks(of: user) }
        let home = CardResource.home(user: user, books: books)
        let writer = try XMLWriter.homeSyncAnswer(root, token: home.collectionTag ?? "") { query, writer in
            for book in books { writeResponse(for: .book(book), query: query, context: context, into: &writer) }
        }
        return .multiStatus(writer)
    }
}
