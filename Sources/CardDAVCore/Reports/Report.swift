import WebDAV

extension CardDAVAdapter {
    /// REPORT (RFC 3253 §3.6) dispatch by the body's root element.
    func report(_ request: DAVRequest, target: CardDAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let root = try await xml(request.body)
        switch root.name {
        case .cardDAV("addressbook-multiget"): return try await addressBookMultiget(root, target: target, context: context).repeatableIfMultiStatus()
        case .cardDAV("addressbook-query"): return try await addressBookQuery(root, target: target, context: context).repeatableIfMultiStatus()
        case .dav("sync-collection"): return try await syncCollection(root, target: target, context: context).repeatableIfMultiStatus()
        case .dav("expand-property"):
            let node = DAVNode(try await resource(of: target), table: properties, configuration: configuration)
            return try await ExpandPropertyReport(root).answer(for: node, in: context)
        case .dav("principal-property-search"), .dav("principal-search-property-set"):
            let resource = try await resource(of: target)  // 404 for a path that names nothing
            guard let directory = context.directory else { throw DAVError(.supportedReport, "principal searches run on the principal collection") }
            return try await directory.principalReport(root, request: request, searchesPrincipals: resource.supportedReports.contains(root.name),
                                                       in: context)
        default:
            throw DAVError(.supportedReport, "the \(root.name.local) report is not supported on \(target.path.href)")
        }
    }

    /// The book a report runs on (a book, or a card in it), or `supported-report`.
    func reportBook(_ target: CardDAVTarget, _ report: String) throws(DAVError) -> AddressBook {
        switch target.kind {
        case .book(let book), .card(let book, _): return book
        case .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        case .homes, .home: throw DAVError(.supportedReport, "\(report) applies to address books")
        }
    }

    /// The CARDDAV:address-data element of a report's DAV:prop, decoded; as stored when absent.
    func addressDataRequest(_ root: DAVXML.Element) throws(DAVError) -> AddressDataRequest {
        guard let element = root.element(named: .dav("prop"))?.element(named: .cardDAV("address-data")) else {
            return AddressDataRequest(version: nil, properties: nil)
        }
        return try AddressDataRequest(element: element)
    }
}
