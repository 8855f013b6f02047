import VCard
import WebDAV

extension CardDAVAdapter {
    /// GET and HEAD of a card: its stored bytes with a strong ETag, or converted when the
    /// Accept header asks for the other vCard version (RFC 6352 §6.3.2.2); of an address
    /// book: every card in one text/vcard file, with a strong ETag that changes with any card.
    func get(_ request: DAVRequest, target: CardDAVTarget, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        switch target.kind {
        case .card(_, let card?):
            var body = card.data
            if let version = AddressDataType.version(accept: request.header("accept")) {
                body = AddressDataRequest(version: version, properties: nil).render(card)
            }
            // A converted body is another representation: its own ETag would mislead a
            // client that writes back with If-Match, so only the stored bytes carry one.
            var headers = [("Content-Type", Self.cardContentType), ("Last-Modified", HTTPDate.format(card.lastModified)),
                           ("Content-Length", String(body.count))]
            if body == card.data { headers.append(("ETag", card.etag)) }
            return DAVResponse(status: 200, headers: headers, body: includeBody ? body : [])
        case .book(let book):
            let cards = try await storing { () async throws(StoreError) in try await store.cards(in: book.reference) }
            let body = AddressBookExport.file(of: cards)
            // As for a calendar: a strong ETag that changes with any card.
            return DAVResponse(status: 200, headers: [
                ("Content-Type", Self.cardContentType),
                ("ETag", "\"\(book.syncID)-\(book.changePosition)\""),
                ("Content-Length", String(body.count)),
            ], body: includeBody ? body : [])
        case .card(_, nil), .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        case .homes, .home: throw DAVError(status: 405, message: "GET applies to cards and address books; use PROPFIND on homes")
        }
    }
}
