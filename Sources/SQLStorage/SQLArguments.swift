/// The values bound to a statement's `?` placeholders, in order.
///
/// ```swift
/// try await session.execute("UPDATE account SET email = ? WHERE name = ?", [email, name])
/// ```
public struct SQLArguments: Sendable, ExpressibleByArrayLiteral {
    public var values: [SQLValue]

    public init(_ values: [SQLValue]) {
        self.values = values
    }

    public init(arrayLiteral elements: (any SQLValueConvertible)?...) {
        values = elements.map { $0?.sqlValue ?? .null }
    }
}
