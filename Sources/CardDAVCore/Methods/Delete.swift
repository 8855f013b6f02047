import WebDAV

extension CardDAVAdapter {
    /// DELETE of a card (honouring If-Match) or of a whole address book.
    func delete(_ request: DAVRequest, target: CardDAVTarget) async throws(DAVError) -> DAVResponse {
        switch (target.kind, target.path) {
        case (.card(let book, _), .card(_, _, let name)):
            let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
            try await storing { () async throws(StoreError) in try await store.deleteCard(named: name, in: book.reference, precondition: precondition) }
        case (.book(let book), _):
            try await storing { () async throws(StoreError) in try await store.deleteAddressBook(book.reference) }
        case (.missing, _):
            throw DAVError.notFound("nothing at \(target.path.href)")
        default:
            throw DAVError(status: 403, condition: .needPrivileges, message: "principals and address book homes cannot be deleted")
        }
        return DAVResponse(status: 204)
    }
}
