/// The live properties a DAV protocol computes for the resources it serves, one table per
/// protocol, generic over what the protocol resolves a path to (`Subject`).
///
/// A provider returns `nil` when the property does not apply to a resource, which
/// PROPFIND reports as 404 for that property. Values are computed only when asked for.
public struct PropertyTable<Subject: Sendable>: Sendable {
    public typealias Provider = @Sendable (Subject, DAVContext, DAVConfiguration) -> PropertyValue?

    public struct Definition: Sendable {
        public let name: DAVXML.Name
        /// Whether `allprop` includes it; expensive or large ones are left out (RFC 4918 §9.1).
        public let inAllProp: Bool
        /// Whether PROPPATCH may set it.
        public let isWritable: Bool
        public let provider: Provider

        public init(name: DAVXML.Name, inAllProp: Bool, isWritable: Bool, provider: @escaping Provider) {
            self.name = name
            self.inAllProp = inAllProp
            self.isWritable = isWritable
            self.provider = provider
        }
    }

    public let definitions: [Definition]
    private let byName: [DAVXML.Name: Int]

    public init(_ definitions: [Definition]) {
        self.definitions = definitions
        byName = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($1.name, $0) })
    }

    public func definition(_ name: DAVXML.Name) -> Definition? {
        byName[name].map { definitions[$0] }
    }

    /// Writes one DAV:response for `subject` at `href` with the properties `query` asks
    /// for (RFC 4918 §9.1): found ones under 200, unknown ones under 404 (left out when the
    /// client prefers minimal answers). `dead` holds the subject's dead properties as the
    /// exact XML of each element; `override` answers a property before the table does (a
    /// REPORT's calendar-data, say).
    public func writeResponse(
        href: String, for subject: Subject, dead: [DAVXML.Name: [UInt8]], query: PropFindRequest,
        context: DAVContext, configuration: DAVConfiguration,
        override: (DAVXML.Name) -> PropertyValue? = { _ in nil }, into writer: inout XMLWriter
    ) {
        var found: [(DAVXML.Name, PropertyValue?)] = []
        var deadFound: [[UInt8]] = []
        var missing: [DAVXML.Name] = []
        switch query {
        case .propName:
            for definition in definitions where definition.provider(subject, context, configuration) != nil {
                found.append((definition.name, nil))
            }
            for name in dead.keys.sorted(by: { $0.description < $1.description }) { found.append((name, nil)) }
        case .allProp(let include):
            for definition in definitions where definition.inAllProp || include.contains(definition.name) {
                if let value = definition.provider(subject, context, configuration) { found.append((definition.name, value)) }
            }
            deadFound = dead.keys.sorted(by: { $0.description < $1.description }).map { dead[$0]! }
        case .properties(let names):
            for name in names {
                if let value = override(name) {
                    found.append((name, value))
                } else if let definition = definition(name), let value = definition.provider(subject, context, configuration) {
                    found.append((name, value))
                } else if let xml = dead[name] {
                    deadFound.append(xml)
                } else {
                    missing.append(name)
                }
            }
        }
        writer.start(.dav("response"))
        writer.element(.dav("href"), text: href)
        if !found.isEmpty || !deadFound.isEmpty || missing.isEmpty || context.prefersMinimal {
            writer.start(.dav("propstat"))
            writer.start(.dav("prop"))
            for (name, value) in found { PropertyValue.write(name, value, into: &writer) }
            for xml in deadFound { writer.raw(xml) }
            writer.end()
            writer.element(.dav("status"), text: DAVResponse.statusLine(200))
            writer.end()
        }
        if !missing.isEmpty && !context.prefersMinimal { writer.missingPropstat(missing) }
        writer.end()
    }
}
