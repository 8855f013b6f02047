import WebDAV

extension CardDAVAdapter {
    /// COPY and MOVE of cards (RFC 4918 §9.8, §9.9) within the principal's own address
    /// books, in one store write. Collections are not copied or moved.
    func copyOrMove(_ request: DAVRequest, target: CardDAVTarget, context: DAVContext, keepSource: Bool) async throws(DAVError) -> DAVResponse {
        guard case .card(let user, _, let name) = target.path else {
            throw DAVError(status: 403, message: "only cards can be copied or moved")
        }
        guard let path = CardDAVPath(try request.destinationPath()) else {
            throw DAVError(status: 403, message: "the destination must be a card in one of your address books")
        }
        // Another principal's books do not exist for this one.
        guard path.user.map(context.owns) ?? true else { throw DAVError.notFound("nothing at \(path.href)") }
        let destination = try await resolve(path)
        guard case .card(_, let targetBook, let targetName) = destination.path else {
            throw DAVError(status: 403, message: "the destination must be a card in one of your address books")
        }
        let overwrite = try request.overwrite()
        guard case .card(let receiving, let replaced) = destination.kind else { throw DAVError.conflict("no address book \(targetBook)") }
        guard case .card(let source, let card) = target.kind, let card else { throw DAVError.notFound("nothing at \(target.path.href)") }
        if overwrite, destination.path != target.path, let replaced, replaced.uid != card.uid {
            throw DAVError(.cardNoUIDConflict, "\(destination.path.href) holds the card \(replaced.uid)", href: destination.path.href)
        }
        do {
            let result = try await store.transferCard(named: name, in: source.reference, to: targetName, in: receiving.reference,
                                                      keepSource: keepSource, overwrite: overwrite)
            // RFC 9110 §15.3.2: a 201 names what it created.
            var headers = [("ETag", result.card.etag), ("Content-Length", "0")]
            if result.created { headers.append(("Location", destination.path.href)) }
            return DAVResponse(status: result.created ? 201 : 204, headers: headers)
        } catch {
            let holder = error.existingName.map { CardDAVPath.card(user: user, book: targetBook, name: $0).href }
            throw DAVError(error, uidConflict: .cardNoUIDConflict, conflictHref: holder)
        }
    }
}
