import WebDAV

extension CalDAVAdapter {
    /// MKCOL (RFC 4918 §9.3) in the plain tree: an empty body makes a plain collection; an
    /// extended MKCOL body (RFC 5689) may set dead properties, or ask for a calendar, which
    /// is made only directly in the home. A body of another kind gets 415.
    func makeCollection(_ request: DAVRequest, target: DAVTarget, location: ResourcePath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let tree = try requireTree()
        var deadProperties: [DAVXML.Name: [UInt8]] = [:]
        if !request.body.isEmpty {
            if let type = request.header("content-type"), !Self.isXML(type) {
                throw DAVError.unsupportedMediaType("MKCOL understands no body but an extended MKCOL (RFC 5689) in XML, not \(type)")
            }
            let root = try await xml(request.body)
            guard root.name == DAVXML.Name.dav("mkcol") else {
                throw DAVError.unsupportedMediaType("MKCOL understands no body but DAV:mkcol (RFC 5689), not \(root.name)")
            }
            let properties = root.elements.filter { $0.name == DAVXML.Name.dav("set") }
                .compactMap { $0.element(named: DAVXML.Name.dav("prop")) }
                .flatMap(\.elements)
            for property in properties {
                if property.name == DAVXML.Name.dav("resourcetype") {
                    let types = Set(property.elements.map(\.name))
                    if types == [DAVXML.Name.dav("collection"), DAVXML.Name.calDAV("calendar")] {
                        return try await makeCalendarBesidePlain(request, target: target, location: location, context: context)
                    }
                    guard types == [DAVXML.Name.dav("collection")] else {
                        throw DAVError(status: 403, condition: DAVCondition(DAVXML.Name.dav("valid-resourcetype"), status: 403),
                                       message: "only plain collections and calendars can be created here")
                    }
                    continue
                }
                if let definition = self.properties.definition(property.name), !definition.isWritable {
                    throw DAVError(.cannotModifyProtectedProperty, "\(property.name) is computed by the server")
                }
                deadProperties[property.name] = XMLWriter.fragment(property)
            }
        }
        _ = try await storing { () async throws(StoreError) in try await tree.makeCollection(at: location, deadProperties: deadProperties) }
        return DAVResponse(status: 201, headers: [("Content-Length", "0")])
    }

    /// Whether a Content-Type names XML (`application/xml`, `text/xml`, `…+xml`).
    static func isXML(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first?.trimmingSpaces.lowercased() ?? ""
        return type == "application/xml" || type == "text/xml" || type.hasSuffix("+xml")
    }
}
