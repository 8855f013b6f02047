extension DAVHandler {
    /// CALDAV:calendar-multiget (RFC 4791 §7.9): the listed objects, each with the asked
    /// properties; an href that names nothing gets its own 404 inside the 207.
    func calendarMultiget(_ root: DAVXML.Element, path: DAVPath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let collection = try await reportTarget(path, "calendar-multiget")
        let (user, name) = (collection.reference.owner, collection.reference.name)
        let query = requestedProperties(root)
        let calendarData = try calendarDataRequest(root)
        let zone = Self.floatingZone(request: nil, collection: collection)
        let hrefs = root.elements.filter { $0.name == PropertyTable.dav("href") }.map(\.text)
        var wanted: [String: String] = [:]  // object name -> href as sent
        var unknown: [String] = []
        for href in hrefs {
            let pathPart = Self.pathOfHref(href)
            if case .object(user, name, let objectName)? = DAVPath(pathPart) { wanted[objectName] = href } else { unknown.append(href) }
        }
        let names = Array(wanted.keys).sorted()
        let objects = try await storing { () async throws(StoreError) in try await store.objects(named: names, in: collection.reference) }
        let found = Set(objects.map(\.name))
        var writer = XMLWriter()
        writer.start(PropertyTable.dav("multistatus"), declaringNamespaces: true)
        for object in objects {
            writeResponse(for: .object(collection, object), query: query, context: context, inReport: true,
                          calendarData: calendarData, floatingZone: zone, into: &writer)
        }
        for href in names.filter({ !found.contains($0) }).map({ wanted[$0]! }) + unknown {
            writeStatus(href: href, status: 404, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }

    /// A DAV:response holding only an href and a status.
    func writeStatus(href: String, status: Int, into writer: inout XMLWriter) {
        writer.start(PropertyTable.dav("response"))
        writer.element(PropertyTable.dav("href"), text: href)
        writer.element(PropertyTable.dav("status"), text: "HTTP/1.1 \(status) \(Self.reason(status))")
        writer.end()
    }

    /// The path of an href that may be absolute (`https://host/dav/...`).
    static func pathOfHref(_ href: String) -> String {
        let trimmed = Substring(href.trimmingSpaces)
        guard !trimmed.hasPrefix("/"), let colon = trimmed.firstIndex(of: ":"),
              trimmed[colon...].hasPrefix("://") else { return String(trimmed) }
        let afterHost = trimmed[trimmed.index(colon, offsetBy: 3)...]
        return afterHost.firstIndex(of: "/").map { String(afterHost[$0...]) } ?? "/"
    }
}
