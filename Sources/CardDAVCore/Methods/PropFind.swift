import WebDAV

extension CardDAVAdapter {
    /// PROPFIND with Depth 0 or 1 (RFC 4918 §9.1); Depth infinity is refused.
    func propFind(_ request: DAVRequest, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let depth = try Depth.ofPropFind(request)
        let query = try PropFindRequest(request.body.isEmpty ? nil : try await xml(request.body))
        let found = try await resource(of: target)
        var resources = [found]
        if depth == .one {
            switch found {
            case .home(_, let books): resources += books.map(CardResource.book)
            case .book(let book):
                let cards = try await storing { () async throws(StoreError) in try await store.listing(of: book.reference) }
                resources += cards.map { CardResource.card(book, $0) }
            case .homes: resources.append(try await resource(of: try await resolve(.home(user: context.principal))))
            case .card: break
            }
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        for resource in resources {
            writeResponse(for: resource, query: query, context: context, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }
}
