/// DAV:expand-property (RFC 3253 §3.8), which Apple clients send to principals for their
/// addresses and delegations in one round trip: the properties of a resource and, where a
/// value is an href, the properties of the resource it names, in whichever protocol's tree
/// it lies (found through ``DAVContext/directory``). Hrefs are expanded only into
/// resources the principal may read.
public struct ExpandPropertyReport: Sendable {
    /// One DAV:property: a property to report, and, when its value is an href, the
    /// properties to report of the resource it names.
    struct Requested: Equatable, Sendable {
        let name: DAVXML.Name
        let children: [Requested]

        /// Decodes `<D:property name=".." namespace="..">`; the namespace defaults to DAV:.
        init(_ element: DAVXML.Element) throws(DAVError) {
            guard let local = element.attributes[DAVXML.Name("", "name")], !local.isEmpty else {
                throw DAVError.badRequest("DAV:property needs a name attribute")
            }
            name = DAVXML.Name(element.attributes[DAVXML.Name("", "namespace")] ?? DAVXML.Namespace.dav, local)
            var children: [Requested] = []
            for child in element.elements where child.name == .dav("property") {
                children.append(try Requested(child))
            }
            self.children = children
        }
    }

    /// How deep href expansion goes; clients ask for one or two levels.
    static let maxDepth = 3

    let requested: [Requested]

    /// Decodes DAV:expand-property.
    public init(_ root: DAVXML.Element) throws(DAVError) {
        var requested: [Requested] = []
        for element in root.elements where element.name == .dav("property") {
            requested.append(try Requested(element))
        }
        self.requested = requested
    }

    /// The multistatus for the resource `node`.
    public func answer(for node: DAVNode, in context: DAVContext) async -> DAVResponse {
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        await write(node, requested, context: context, depth: 0, into: &writer)
        writer.end()
        return .multiStatus(writer)
    }

    private func write(_ node: DAVNode, _ requested: [Requested], context: DAVContext, depth: Int, into writer: inout XMLWriter) async {
        var found: [(Requested, PropertyValue)] = []
        var missing: [DAVXML.Name] = []
        for property in requested {
            if let value = node.value(of: property.name, in: context) {
                found.append((property, value))
            } else {
                missing.append(property.name)
            }
        }
        writer.start(.dav("response"))
        writer.element(.dav("href"), text: node.href)
        if !found.isEmpty {
            writer.start(.dav("propstat"))
            writer.start(.dav("prop"))
            for (property, value) in found {
                let hrefs: [String]
                switch value {
                case .href(let href): hrefs = [href]
                case .hrefs(let many): hrefs = many
                default: hrefs = []
                }
                guard !hrefs.isEmpty, !property.children.isEmpty, depth < Self.maxDepth else {
                    PropertyValue.write(property.name, value, into: &writer)
                    continue
                }
                // Each href in turn: the resource's response when it may be read, else the href as it is.
                writer.start(property.name)
                for href in hrefs {
                    if let target = await context.directory?.node(at: PathSegments.pathOfHref(href), in: context) {
                        await write(target, property.children, context: context, depth: depth + 1, into: &writer)
                    } else {
                        writer.element(.dav("href"), text: href)
                    }
                }
                writer.end()
            }
            writer.end()
            writer.element(.dav("status"), text: DAVResponse.statusLine(200))
            writer.end()
        }
        if !missing.isEmpty { writer.missingPropstat(missing) }
        writer.end()
    }
}
