/// A live property's value, written inside the property's element.
public enum PropertyValue: Sendable {
    /// Character data.
    case text(String)
    /// Character data given as UTF-8 bytes (a stored calendar object), written as they are
    /// escaped, without making a `String` of them.
    case utf8Text([UInt8])
    /// One DAV:href.
    case href(String)
    /// Any number of DAV:href elements (group members, delegators).
    case hrefs([String])
    /// Empty child elements (resourcetype, privileges, report names).
    case elements([DAVXML.Name])
    /// Anything else, written by a closure.
    case custom(@Sendable (inout XMLWriter) -> Void)

    /// Writes the property `name` with this value (`nil`: the empty element, as PROPFIND
    /// propname lists it).
    public static func write(_ name: DAVXML.Name, _ value: PropertyValue?, into writer: inout XMLWriter) {
        guard let value else { writer.element(name); return }
        switch value {
        case .text(let text): writer.element(name, text: text)
        case .utf8Text(let bytes): writer.element(name, utf8Text: bytes)
        case .href(let href):
            writer.start(name)
            writer.element(.dav("href"), text: href)
            writer.end()
        case .hrefs(let hrefs):
            if hrefs.isEmpty { writer.element(name); return }
            writer.start(name)
            for href in hrefs { writer.element(.dav("href"), text: href) }
            writer.end()
        case .elements(let children):
            if children.isEmpty { writer.element(name); return }
            writer.start(name)
            for child in children { writer.element(child) }
            writer.end()
        case .custom(let body):
            writer.start(name)
            body(&writer)
            writer.end()
        }
    }
}
