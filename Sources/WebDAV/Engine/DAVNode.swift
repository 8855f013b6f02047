/// A resource of any protocol, described by its href and its properties: what a report
/// that follows hrefs across protocols (expand-property) reads.
public struct DAVNode: Sendable {
    public let href: String
    private let lookup: @Sendable (DAVXML.Name, DAVContext) -> PropertyValue?

    /// The resource `subject`, whose properties `table` computes.
    public init<Subject: DAVDescribed>(_ subject: Subject, table: PropertyTable<Subject>, configuration: DAVConfiguration) {
        href = subject.href
        lookup = { name, context in table.definition(name)?.provider(subject, context, configuration) }
    }

    /// A live property's value, `nil` when the resource does not have it.
    public func value(of name: DAVXML.Name, in context: DAVContext) -> PropertyValue? {
        lookup(name, context)
    }
}
