import WebDAV

extension CardDAVAdapter {
    /// PROPPATCH (RFC 4918 §9.2) of an address book: every instruction applies, in order,
    /// or none does. Elsewhere every property is refused (403).
    func propPatch(_ request: DAVRequest, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let update = try PropertyUpdate(try await xml(request.body))
        let resource = try await resource(of: target)
        var results: [(DAVXML.Name, Int)] = []
        guard case .book(let original) = resource else {
            results = update.instructions.map { ($0.property.name, 403) }
            return PropertyUpdate.answer(href: target.path.href, results: results, context: context)
        }
        var book = original
        var failed = false
        for instruction in update.instructions {
            do throws(DAVError) {
                if instruction.isSet { try apply(instruction.property, to: &book) } else { try remove(instruction.property.name, from: &book) }
                results.append((instruction.property.name, 200))
            } catch {
                results.append((instruction.property.name, error.status))
                failed = true
            }
        }
        if !failed {
            try await storing { () async throws(StoreError) in try await store.updateAddressBook(book) }
        }
        return PropertyUpdate.answer(href: target.path.href, results: results, context: context)
    }

    /// Sets one property on a book being created or changed; unknown properties are kept
    /// as dead properties, exactly as sent.
    func apply(_ property: DAVXML.Element, to book: inout AddressBook) throws(DAVError) {
        switch property.name {
        case .dav("displayname"): book.displayName = property.text
        case .cardDAV("addressbook-description"): book.bookDescription = property.text
        default:
            if let definition = properties.definition(property.name), !definition.isWritable {
                throw DAVError(.cannotModifyProtectedProperty, "\(property.name) is computed by the server")
            }
            book.deadProperties[property.name] = XMLWriter.fragment(property)
        }
    }

    private func remove(_ name: DAVXML.Name, from book: inout AddressBook) throws(DAVError) {
        switch name {
        case .dav("displayname"): book.displayName = nil
        case .cardDAV("addressbook-description"): book.bookDescription = nil
        default:
            if properties.definition(name) != nil {
                throw DAVError(.cannotModifyProtectedProperty, "\(name) is computed by the server")
            }
            book.deadProperties[name] = nil  // removing an absent property succeeds (RFC 4918 §14.23)
        }
    }
}
