/// A PROPPATCH body (RFC 4918 §9.2, §14.19): set and remove instructions, in order.
public struct PropertyUpdate: Sendable {
    /// One instruction: set the property to this element, or remove it.
    public struct Instruction: Sendable {
        public let isSet: Bool
        public let property: DAVXML.Element
    }

    public let instructions: [Instruction]

    /// Decodes DAV:propertyupdate.
    public init(_ root: DAVXML.Element) throws(DAVError) {
        guard root.name == .dav("propertyupdate") else {
            throw DAVError.badRequest("expected DAV:propertyupdate, got \(root.name)")
        }
        var instructions: [Instruction] = []
        for item in root.elements {
            let isSet = item.name == .dav("set")
            guard isSet || item.name == .dav("remove") else { continue }
            for prop in item.elements where prop.name == .dav("prop") {
                instructions += prop.elements.map { Instruction(isSet: isSet, property: $0) }
            }
        }
        self.instructions = instructions
    }

    /// The answer: with `return=minimal`, a PROPPATCH that changed everything asked is 200
    /// with nothing to read (RFC 8144 §2); otherwise a multistatus with each property's
    /// status. When anything failed, nothing was stored and the properties that would have
    /// succeeded get 424 Failed Dependency. A property named more than once (remove, then
    /// set) is reported once, with the status of its last instruction unless an earlier
    /// one failed.
    public static func answer(href: String, results: [(DAVXML.Name, Int)], context: DAVContext) -> DAVResponse {
        let failed = results.contains { $0.1 != 200 }
        if !failed && context.prefersMinimal {
            return DAVResponse(status: 200, headers: [("Preference-Applied", "return=minimal"), ("Content-Length", "0")])
        }
        var merged: [(DAVXML.Name, Int)] = []
        for (name, status) in results {
            if let index = merged.firstIndex(where: { $0.0 == name }) {
                if merged[index].1 == 200 { merged[index].1 = status }
            } else {
                merged.append((name, status))
            }
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        writer.start(.dav("response"))
        writer.element(.dav("href"), text: href)
        for (name, status) in merged {
            let shown = failed && status == 200 ? 424 : status
            writer.start(.dav("propstat"))
            writer.start(.dav("prop"))
            writer.element(name)
            writer.end()
            writer.element(.dav("status"), text: DAVResponse.statusLine(shown))
            writer.end()
        }
        writer.end()
        writer.end()
        return .multiStatus(writer)
    }
}
