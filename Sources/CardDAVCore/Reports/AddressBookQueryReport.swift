import VCard
import WebDAV

extension CardDAVAdapter {
    /// CARDDAV:addressbook-query (RFC 6352 §8.6): the book's cards that match the filter,
    /// with the asked properties. A filter on indexed properties is decided from the
    /// store's index (``CardIndex``), narrowed by the store to the cards holding the text
    /// the filter requires, so only the matching cards are read; any other is decided on
    /// each parsed card. With CARDDAV:limit, a cut answer ends with a 507 for
    /// the book (RFC 6352 §8.6.1).
    func addressBookQuery(_ root: DAVXML.Element, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let book = try reportBook(target, "addressbook-query")
        let query = try AddressBookQuery(report: root)
        let matcher = AddressBookQueryMatcher(query: query)
        let properties = PropFindRequest(reportRoot: root)
        let addressData = try addressDataRequest(root)
        // Sent to a card, the query looks at that card alone.
        let only: String? = if case .card(_, let card) = target.kind { card?.name ?? "" } else { nil }
        var matching: [Card]
        if query.isAnsweredByIndex {
            let index = try await storing { () async throws(StoreError) in
                try await store.searchIndex(of: book.reference, matching: query.requiredTerm)
            }
            var names = index.filter { (only == nil || $0.name == only) && matcher.matches($0.index) }.map(\.name)
            if let limit = query.limit, names.count > limit { names = Array(names.prefix(limit + 1)) }
            matching = try await storing { () async throws(StoreError) in try await store.cards(named: names, in: book.reference) }
        } else {
            let cards = try await storing { () async throws(StoreError) in
                if let only { return try await store.cards(named: [only], in: book.reference) }
                return try await store.cards(in: book.reference)
            }
            matching = cards.filter { card in (try? VCardParser().parseCard(card.data)).map(matcher.matches) ?? false }
        }
        var isTruncated = false
        if let limit = query.limit, matching.count > limit {
            matching = Array(matching.prefix(limit))
            isTruncated = true
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        for card in matching {
            writeResponse(for: .card(book, card), query: properties, context: context, addressData: addressData, into: &writer)
        }
        if isTruncated { writer.statusResponse(href: target.path.href, status: 507) }
        writer.end()
        return .multiStatus(writer)
    }
}
