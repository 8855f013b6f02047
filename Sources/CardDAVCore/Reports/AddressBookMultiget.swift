import WebDAV

extension CardDAVAdapter {
    /// CARDDAV:addressbook-multiget (RFC 6352 §8.7): the listed cards, each with the asked
    /// properties; an href that names nothing gets its own 404 inside the 207. Sent to a
    /// book or a card in it, it answers for cards of any of the principal's books.
    func addressBookMultiget(_ root: DAVXML.Element, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let scope = try reportBook(target, "addressbook-multiget")
        let query = PropFindRequest(reportRoot: root)
        let addressData = try addressDataRequest(root)
        var wanted: [String: [String: String]] = [:]  // book -> card name -> href as sent
        var unknown: [String] = []
        for href in root.elements.filter({ $0.name == .dav("href") }).map(\.text) {
            if case .card(let owner, let book, let name)? = CardDAVPath(PathSegments.pathOfHref(href)), context.owns(owner) {
                wanted[book, default: [:]][name] = href
            } else {
                unknown.append(href)
            }
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        for bookName in wanted.keys.sorted() {
            let names = wanted[bookName]!
            var book: AddressBook? = scope.reference.name == bookName ? scope : nil
            if book == nil {
                book = try await storing { () async throws(StoreError) in
                    try await store.addressBook(AddressBookReference(owner: scope.reference.owner, name: bookName))
                }
            }
            guard let book else {
                unknown += names.values.sorted()
                continue
            }
            let cards = try await storing { () async throws(StoreError) in try await store.cards(named: names.keys.sorted(), in: book.reference) }
            for card in cards {
                writeResponse(for: .card(book, card), query: query, context: context, addressData: addressData, into: &writer)
            }
            let found = Set(cards.map(\.name))
            unknown += names.keys.sorted().filter { !found.contains($0) }.map { names[$0]! }
        }
        for href in unknown { writer.statusResponse(href: href, status: 404) }
        writer.end()
        return .multiStatus(writer)
    }
}
