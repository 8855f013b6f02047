import CLibXML2

/// Reads request bodies with libxml2, hardened for untrusted input.
///
/// No DTD is accepted (a document with one is refused), so no entity can be declared;
/// external entities and network access are never loaded; body size, depth and element
/// count are bounded. The result is a Swift value tree: no libxml2 pointer outlives
/// ``parse(_:)``.
public struct XMLReader: Sendable {
    /// Bounds on what a request body may hold.
    public struct Limits: Sendable, Equatable {
        public var maxBytes: Int
        public var maxDepth: Int
        public var maxElements: Int
        /// Attributes on one element. libxml2 checks each new attribute against the ones
        /// before it, so a tag with tens of thousands of them costs seconds to parse.
        public var maxAttributes: Int

        public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxElements: Int = 100_000, maxAttributes: Int = 64) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxElements = maxElements
            self.maxAttributes = maxAttributes
        }
    }

    /// Why a body could not be read.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Parses `bytes` into the root element.
    public func parse(_ bytes: [UInt8]) throws(ReadError) -> DAVXML.Element {
        guard !bytes.isEmpty else { throw ReadError("empty XML body") }
        guard bytes.count <= limits.maxBytes else { throw ReadError("XML body larger than \(limits.maxBytes) bytes") }
        guard bytes.count <= Int(Int32.max) else { throw ReadError("XML body too large") }
        try XMLMarkupScan(limits: limits).check(bytes)
        XMLReader.installEntityLoader
        guard let context = xmlNewParserCtxt() else { throw ReadError("cannot create an XML parser") }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, nil, options)
            }
        }
        guard let document else {
            throw ReadError("malformed XML: " + XMLReader.lastError(context))
        }
        defer { xmlFreeDoc(document) }
        // Namespace errors (an undeclared prefix, `xmlns:p=""`) leave a document behind;
        // Namespaces in XML 1.0 §3 makes such a body not namespace-well-formed.
        if context.pointee.nsWellFormed == 0 {
            throw ReadError("XML is not namespace-well-formed: " + XMLReader.lastError(context))
        }
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            throw ReadError("XML with a DTD is not accepted")
        }
        guard let root = xmlDocGetRootElement(document) else { throw ReadError("XML body has no root element") }
        var count = 0
        return try convert(root, depth: 1, count: &count)
    }

    private func convert(_ node: xmlNodePtr, depth: Int, count: inout Int) throws(ReadError) -> DAVXML.Element {
        guard depth <= limits.maxDepth else { throw ReadError("XML nested deeper than \(limits.maxDepth)") }
        count += 1
        guard count <= limits.maxElements else { throw ReadError("XML has more than \(limits.maxElements) elements") }
        var element = DAVXML.Element(XMLReader.name(of: node))
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = DAVXML.Name(
                current.pointee.ns.map { XMLReader.string($0.pointee.href) } ?? "",
                XMLReader.string(current.pointee.name))
            if let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
                element.attributes[name] = String(cString: value)
                clibxml2_free(value)
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                element.children.append(.element(try convert(current, depth: depth + 1, count: &count)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { element.children.append(.text(String(cString: content))) }
            case XML_ENTITY_REF_NODE:
                throw ReadError("XML entity references are not accepted")
            default:
                break  // comments and processing instructions carry no meaning here
            }
            child = current.pointee.next
        }
        return element
    }

    private static func name(of node: xmlNodePtr) -> DAVXML.Name {
        DAVXML.Name(node.pointee.ns.map { string($0.pointee.href) } ?? "", string(node.pointee.name))
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func lastError(_ context: xmlParserCtxtPtr) -> String {
        guard let error = xmlCtxtGetLastError(context), let message = error.pointee.message else { return "unknown error" }
        let text = String(cString: message).trimmingCharacters(in: [" ", "\n"])
        return "\(text) (line \(error.pointee.line))"
    }

    /// Refuses every external entity or DTD load, process-wide, installed once.
    private static let installEntityLoader: Void = {
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()
}

private extension String {
    package func trimmingCharacters(in set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
