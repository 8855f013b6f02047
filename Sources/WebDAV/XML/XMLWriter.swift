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
        (DAVXML.Namespace.calendarServer, "CS"), (DAVXML.Namespace.appleICal, "ICAL"), (DAVXML.Namespace.cardDAV, "CARD"),
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

    /// Opens an element with attributes without a namespace (`shared-type="calendar"`).
    public mutating func start(_ name: DAVXML.Name, attributes: [String: String]) {
        start(name, declaringNamespaces: false, attributes: Dictionary(uniqueKeysWithValues: attributes.map { (DAVXML.Name("", $0.key), $0.value) }))
    }

    /// Opens an element with attributes, in a fixed order; a namespaced attribute gets a
    /// prefix declared on the element (`xml:` needs none).
    private mutating func start(_ name: DAVXML.Name, declaringNamespaces: Bool, attributes: [DAVXML.Name: String]) {
        bytes.append(0x3C)
        let declares = appendQualifiedName(name)
        if declaringNamespaces {
            for (namespace, prefix) in Self.prefixes {
                bytes += " xmlns:\(prefix)=\"".utf8
                appendEscaped(namespace, attribute: true)
                bytes.append(0x22)
            }
        }
        if declares { appendDeclaration(name.namespace) }
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
        bytes.append(0x3C)
        bytes.append(0x2F)
        _ = appendQualifiedName(name)
        bytes.append(0x3E)
    }

    /// An element holding only text (or nothing).
    public mutating func element(_ name: DAVXML.Name, text: String? = nil) {
        bytes.append(0x3C)
        if appendQualifiedName(name) { appendDeclaration(name.namespace) }
        if let text, !text.isEmpty {
            bytes.append(0x3E)
            appendEscaped(text, attribute: false)
            bytes.append(0x3C)
            bytes.append(0x2F)
            _ = appendQualifiedName(name)
            bytes.append(0x3E)
        } else {
            bytes.append(0x2F)
            bytes.append(0x3E)
        }
    }

    /// An element whose character data is given as UTF-8 bytes (a stored object's text,
    /// valid UTF-8), escaped as it is copied, without making a `String` of it.
    public mutating func element(_ name: DAVXML.Name, utf8Text: [UInt8]) {
        start(name)
        utf8Text.withUnsafeBufferPointer { appendEscaped($0, attribute: false) }
        end()
    }

    /// An empty element with attributes (no namespace on the attributes).
    public mutating func emptyElement(_ name: DAVXML.Name, attributes: [(String, String)]) {
        bytes.append(0x3C)
        if appendQualifiedName(name) { appendDeclaration(name.namespace) }
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

    /// Appends the name as written: `prefix:local` for a well-known namespace, `local` for
    /// none, else `X:local`, returning `true` when the element must then declare `X` (an
    /// unknown namespace, or any namespace in a fragment). Written as bytes: this runs for
    /// every element of every response.
    private mutating func appendQualifiedName(_ name: DAVXML.Name) -> Bool {
        if !isFragment, let prefix = Self.prefix(of: name.namespace) {
            bytes.append(contentsOf: prefix.utf8)
            bytes.append(0x3A)
            bytes.append(contentsOf: name.local.utf8)
            return false
        }
        if name.namespace.isEmpty {
            bytes.append(contentsOf: name.local.utf8)
            return false
        }
        bytes.append(0x58)  // X
        bytes.append(0x3A)
        bytes.append(contentsOf: name.local.utf8)
        return true
    }

    /// ` xmlns:X="namespace"`, for a name ``appendQualifiedName(_:)`` wrote with `X`.
    private mutating func appendDeclaration(_ namespace: String) {
        bytes.append(contentsOf: " xmlns:X=\"".utf8)
        appendEscaped(namespace, attribute: true)
        bytes.append(0x22)
    }

    private static func prefix(of namespace: String) -> String? {
        for known in prefixes where known.namespace == namespace { return known.prefix }
        return nil
    }

    /// Character data or an attribute value, escaped; runs of bytes that need no escaping
    /// are copied at once.
    private mutating func appendEscaped(_ text: String, attribute: Bool) {
        var text = text
        text.withUTF8 { appendEscaped($0, attribute: attribute) }
    }

    /// Appends UTF-8 text with `&`, `<`, `>`, CR (and in attributes `"`) escaped, copying
    /// the runs between them whole.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool) {
        var start = 0
        var index = XMLEscapeScan.next(in: utf8, from: 0, attribute: attribute)
        while index < utf8.count {
            let entity: StaticString = switch utf8[index] {
            case 0x26: "&amp;"
            case 0x3C: "&lt;"
            case 0x3E: "&gt;"
            case 0x22: "&quot;"
            default: "&#13;"
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
            start = index + 1
            index = XMLEscapeScan.next(in: utf8, from: start, attribute: attribute)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
}
