/// Writes XML responses directly into a byte buffer, with fixed prefixes for the
/// namespaces WebDAV responses use, so output is deterministic and needs no tree.
///
/// ```swift
/// var writer = XMLWriter()
/// writer.start(DAVXML.Name(DAVXML.Namespace.dav, "multistatus"), declaringNamespaces: true)
/// writer.element(DAVXML.Name(DAVXML.Namespace.dav, "href"), text: "/dav/calendars/amal/")
/// writer.end()
/// ```
public struct XMLWriter: Sendable {
    public private(set) var bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n".utf8)
    private var open: [DAVXML.Name] = []
    /// Every element declares its own namespace: for fragments stored on their own
    /// (dead properties) and later spliced into responses.
    private var isFragment = false

    /// Prefixes for well-known namespaces; others get `x0`, `x1`, ... declared where used.
    public static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVXML.Namespace.dav, "D"), (DAVXML.Namespace.calDAV, "C"),
        (DAVXML.Namespace.calendarServer, "CS"), (DAVXML.Namespace.appleICal, "ICAL"),
    ]

    public init() {}

    /// The XML of one element on its own, with no declaration and every namespace
    /// declared where it is used.
    public static func fragment(_ element: DAVXML.Element) -> [UInt8] {
        var writer = XMLWriter()
        writer.bytes = []
        writer.isFragment = true
        writer.write(element)
        return writer.bytes
    }

    /// Opens an element. The root declares the well-known namespaces.
    public mutating func start(_ name: DAVXML.Name, declaringNamespaces: Bool = false) {
        start(name, declaringNamespaces: declaringNamespaces, attributes: [:])
    }

    /// Opens an element with attributes, in a fixed order; a namespaced attribute gets a
    /// prefix declared on the element (`xml:` needs none).
    private mutating func start(_ name: DAVXML.Name, declaringNamespaces: Bool, attributes: [DAVXML.Name: String]) {
        bytes.append(0x3C)
        let declaration = qualified(name)
        bytes += declaration.name.utf8
        if declaringNamespaces {
            for (namespace, prefix) in Self.prefixes {
                bytes += " xmlns:\(prefix)=\"".utf8
                appendEscaped(namespace, attribute: true)
                bytes.append(0x22)
            }
        }
        if let extra = declaration.declaration { bytes += extra.utf8 }
        let ordered = attributes.sorted { ($0.key.namespace, $0.key.local) < ($1.key.namespace, $1.key.local) }
        for (index, (attribute, value)) in ordered.enumerated() {
            switch attribute.namespace {
            case "": bytes += " \(attribute.local)=\"".utf8
            case Self.xmlNamespace: bytes += " xml:\(attribute.local)=\"".utf8
            default:
                bytes += " xmlns:a\(index)=\"".utf8
                appendEscaped(attribute.namespace, attribute: true)
                bytes += "\" a\(index):\(attribute.local)=\"".utf8
            }
            appendEscaped(value, attribute: true)
            bytes.append(0x22)
        }
        bytes.append(0x3E)
        open.append(name)
    }

    /// The namespace bound to the `xml` prefix (Namespaces in XML 1.0 §3).
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        bytes += "</\(qualified(name).name)>".utf8
    }

    /// An element holding only text (or nothing).
    public mutating func element(_ name: DAVXML.Name, text: String? = nil) {
        let declaration = qualified(name)
        bytes += "<\(declaration.name)\(declaration.declaration ?? "")".utf8
        if let text, !text.isEmpty {
            bytes.append(0x3E)
            appendEscaped(text, attribute: false)
            bytes += "</\(declaration.name)>".utf8
        } else {
            bytes += "/>".utf8
        }
    }

    /// An empty element with attributes (no namespace on the attributes).
    public mutating func emptyElement(_ name: DAVXML.Name, attributes: [(String, String)]) {
        let declaration = qualified(name)
        bytes += "<\(declaration.name)\(declaration.declaration ?? "")".utf8
        for (key, value) in attributes {
            bytes += " \(key)=\"".utf8
            appendEscaped(value, attribute: true)
            bytes.append(0x22)
        }
        bytes += "/>".utf8
    }

    /// Character data inside the current element.
    public mutating func text(_ text: String) {
        appendEscaped(text, attribute: false)
    }

    /// Appends XML that is already serialized (a dead property stored as its element's
    /// exact XML, with its own namespace declarations).
    public mutating func raw(_ xml: [UInt8]) {
        bytes += xml
    }

    /// Writes a parsed element again (dead properties stored as trees), attributes included.
    public mutating func write(_ element: DAVXML.Element) {
        if element.children.isEmpty && element.attributes.isEmpty {
            self.element(element.name)
            return
        }
        start(element.name, declaringNamespaces: false, attributes: element.attributes)
        for child in element.children {
            switch child {
            case .element(let inner): write(inner)
            case .text(let text): self.text(text)
            }
        }
        end()
    }

    private func qualified(_ name: DAVXML.Name) -> (name: String, declaration: String?) {
        if !isFragment, let known = Self.prefixes.first(where: { $0.namespace == name.namespace }) {
            return ("\(known.prefix):\(name.local)", nil)
        }
        if name.namespace.isEmpty { return (name.local, nil) }
        // An unknown namespace is declared on the element itself, with a fixed prefix.
        var escaped = XMLWriter()
        escaped.bytes = []
        escaped.appendEscaped(name.namespace, attribute: true)
        return ("X:\(name.local)", " xmlns:X=\"\(String(decoding: escaped.bytes, as: UTF8.self))\"")
    }

    private mutating func appendEscaped(_ text: String, attribute: Bool) {
        for byte in text.utf8 {
            switch byte {
            case 0x26: bytes += "&amp;".utf8
            case 0x3C: bytes += "&lt;".utf8
            case 0x3E: bytes += "&gt;".utf8
            case 0x22 where attribute: bytes += "&quot;".utf8
            case 0x0D: bytes += "&#13;".utf8
            default: bytes.append(byte)
            }
        }
    }
}
