import WebDAV

extension CardDAVAdapter {
    /// PUT of a card (RFC 6352 §6.3.2): admitted (``CardAdmission``) before anything is
    /// written; stored byte for byte (bare LF line ends become CRLF), so the ETag in the
    /// response is that of the bytes a GET returns.
    func put(_ request: DAVRequest, target: CardDAVTarget) async throws(DAVError) -> DAVResponse {
        guard case .card(let user, let bookName, let name) = target.path else {
            throw DAVError(status: 405, message: "PUT applies to cards, not collections")
        }
        guard case .card(let book, let existing) = target.kind else {
            // RFC 4918 §9.7.1: a missing parent collection is a conflict.
            throw DAVError.conflict("address book \(bookName) does not exist; create it with MKCOL first")
        }
        if let type = request.header("content-type"), !Self.isVCard(type) {
            throw DAVError(.supportedAddressData, "only text/vcard can be stored in an address book, not \(type)")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        let admitted = try CardAdmission(configuration).admit(request.body)
        if let existing, existing.uid != admitted.index.uid {
            // RFC 6352 §6.3.2.1: a new UID means a new card, under a new name.
            throw DAVError(.cardNoUIDConflict, "\(target.path.href) holds the card \(existing.uid); one with another UID goes under a new name",
                           href: target.path.href)
        }
        do {
            let result = try await store.putCard(named: name, data: admitted.data, index: admitted.index, in: book.reference, precondition: precondition)
            return DAVResponse(status: result.created ? 201 : 204, headers: [("ETag", result.card.etag), ("Content-Length", "0")])
        } catch {
            let holder = error.existingName.map { CardDAVPath.card(user: user, book: bookName, name: $0).href }
            throw DAVError(error, uidConflict: .cardNoUIDConflict, conflictHref: holder)
        }
    }

    /// Whether a Content-Type names vCard (`text/vcard`, or the older `text/x-vcard`).
    static func isVCard(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first?.trimmingSpaces.lowercased() ?? ""
        return type == "text/vcard" || type == "text/x-vcard"
    }
}
