import WebDAV

extension CardDAVAdapter {
    /// Extended MKCOL (RFC 5689, RFC 6352 §6.3.1) of an address book, directly in the home,
    /// with optional initial properties. Nothing else can be created in this tree.
    func makeAddressBook(_ request: DAVRequest, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch target.kind {
        case .missing: break
        case .card(_, nil):
            throw DAVError(.addressBookCollectionLocationOK, "address books are created directly in the address book home")
        default:
            // RFC 4918 §9.3.1: making anything where a resource exists is 405, whatever the body.
            throw DAVError(.resourceMustBeNull, "\(target.path.href) exists already")
        }
        guard case .book(let user, let name) = target.path else {
            throw DAVError(.addressBookCollectionLocationOK, "address books are created directly in the address book home")
        }
        guard !request.body.isEmpty else {
            throw DAVError(status: 403, message: "only address books can be created here; send an extended MKCOL body (RFC 5689) naming CARDDAV:addressbook")
        }
        let mkcol = try ExtendedMkcol(try await xml(request.body))
        guard mkcol.resourceTypes == [.dav("collection"), .cardDAV("addressbook")] else {
            throw DAVError(ExtendedMkcol.validResourceType, "only address book collections can be created here")
        }
        var book = AddressBook(reference: AddressBookReference(owner: user, name: name), createdAt: context.now)
        for property in mkcol.properties { try apply(property, to: &book) }
        try await storing { () async throws(StoreError) in try await store.createAddressBook(book) }
        return DAVResponse(status: 201, headers: [("Content-Length", "0")])
    }
}
