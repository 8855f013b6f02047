import WebDAV

extension CardDAVAdapter {
    /// CARDDAV:addressbook-multiget (RFC 6352 §8.7): the listed cards, each with the asked
    /// properties; an href that names nothing in the book the request was sent to (or the
    /// book of the card it was sent to) gets its own 404 inside the 207, so the answer
    /// depends on that book alone.
    func addressBookMultiget(_ root: DAVXML.Element, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let scope = try reportBook(target, "addressbook-multiget")
        let query = PropFindRequest(reportRoot: root)
        let addressData = try addressDataRequest(root)
        let book = scope.reference
        var wanted: [String: String] = [:]  // card name -> href as sent
        var unknown: [String] = []
        for href in root.elements.filter({ $0.name == .dav("href") }).map(\.text) {
            if case .card(let owner, let bookName, let name)? = CardDAVPath(PathSegments.pathOfHref(href)), owner == book.owner, bookName == book.name {
                wanted[name] = href
            } else {
                unknown.append(href)
            }
        }
        let names = wanted.keys.sorted()
        let cards = try await storing { () async throws(StoreError) in try await store.cards(named: names, in: book) }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        for card in cards {
            writeResponse(for: .card(scope, card), query: query, context: context, addressData: addressData, into: &writer)
        }
        let found = Set(cards.map(\.name))
        unknown += names.filter { !found.contains($0) }.map { wanted[$0]! }
        for href in unknown { writer.statusResponse(href: href, status: 404) }
        writer.end()
        return .multiStatus(writer)
    }
}
