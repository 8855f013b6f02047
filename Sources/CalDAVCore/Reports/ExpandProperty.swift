import WebDAV

/// One DAV:property of an expand-property request (RFC 3253 §3.8): a property to report,
/// and, when its value is an href, the properties to report of the resource it names.
struct ExpandedProperty: Equatable, Sendable {
    let name: DAVXML.Name
    let children: [ExpandedProperty]

    /// Decodes `<D:property name=".." namespace="..">`; the namespace defaults to DAV:.
    init(_ element: DAVXML.Element) throws(DAVError) {
        guard let local = element.attributes[DAVXML.Name("", "name")], !local.isEmpty else {
            throw DAVError.badRequest("DAV:property needs a name attribute")
        }
        name = DAVXML.Name(element.attributes[DAVXML.Name("", "namespace")] ?? DAVXML.Namespace.dav, local)
        var children: [ExpandedProperty] = []
        for child in element.elements where child.name == DAVXML.Name.dav("property") {
            children.append(try ExpandedProperty(child))
        }
        self.children = children
    }
}

extension DAVHandler {
    /// How deep href expansion goes; clients ask for one or two levels.
    static let maxExpansionDepth = 3

    /// DAV:expand-property (RFC 3253 §3.8), which Apple clients send to principals for
    /// their addresses and delegations in one round trip. Hrefs are expanded only into
    /// resources the principal may read.
    func expandProperty(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        var requested: [ExpandedProperty] = []
        for element in root.elements where element.name == DAVXML.Name.dav("property") {
            requested.append(try ExpandedProperty(element))
        }
        let resource = try await resource(of: target)
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        await writeExpanded(resource, requested, context: context, depth: 0, into: &writer)
        writer.end()
        return .multiStatus(writer)
    }

    private func writeExpanded(_ resource: Resource, _ requested: [ExpandedProperty], context: DAVContext, depth: Int,
                               into writer: inout XMLWriter) async {
        var found: [(ExpandedProperty, PropertyValue)] = []
        var missing: [DAVXML.Name] = []
        for property in requested {
            if let value = properties.definition(property.name)?.provider(resource, context, configuration) {
                found.append((property, value))
            } else {
                missing.append(property.name)
            }
        }
        writer.start(DAVXML.Name.dav("response"))
        writer.element(DAVXML.Name.dav("href"), text: resource.path.href)
        if !found.isEmpty {
            writer.start(DAVXML.Name.dav("propstat"))
            writer.start(DAVXML.Name.dav("prop"))
            for (property, value) in found {
                if case .href(let href) = value, !property.children.isEmpty, depth < Self.maxExpansionDepth,
                   let target = await readableResource(href, context: context) {
                    writer.start(property.name)
                    await writeExpanded(target, property.children, context: context, depth: depth + 1, into: &writer)
                    writer.end()
                } else {
                    PropertyValue.write(property.name, value, into: &writer)
                }
            }
            writer.end()
            writer.element(DAVXML.Name.dav("status"), text: "HTTP/1.1 200 OK")
            writer.end()
        }
        if !missing.isEmpty {
            writer.start(DAVXML.Name.dav("propstat"))
            writer.start(DAVXML.Name.dav("prop"))
            for name in missing { writer.element(name) }
            writer.end()
            writer.element(DAVXML.Name.dav("status"), text: "HTTP/1.1 404 Not Found")
            writer.end()
        }
        writer.end()
    }

    /// The resource an href names, if it exists and belongs to the principal (or no one).
    private func readableResource(_ href: String, context: DAVContext) async -> Resource? {
        guard let path = DAVPath(Self.pathOfHref(href)), context.mayReach(path) else { return nil }
        return try? await resource(at: path)
    }
}
