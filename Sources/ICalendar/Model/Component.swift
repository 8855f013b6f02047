/// A component (RFC 5545 §3.4, §3.6): a name, ordered properties and nested components.
///
/// The model is generic and lossless: unknown components and properties are kept in
/// order and written back as they came. Typed views such as ``Event`` read from it.
public struct Component: Sendable {
    /// The component name, upper-cased (`VCALENDAR`, `VEVENT`, `X-WR-SOMETHING`).
    public var name: String
    /// Properties in their original order.
    public var properties: [Property]
    /// Nested components in their original order.
    public var components: [Component]
    /// The 1-based physical line of the `BEGIN` line in its source, or 0.
    public var line: Int

    /// Creates a component.
    public init(name: String, properties: [Property] = [], components: [Component] = [], line: Int = 0) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property with the given name.
    public subscript(name: String) -> Property? {
        let upper = name.uppercased()
        return properties.first { $0.name == upper }
    }

    /// All properties with the given name, in order.
    public func properties(named name: String) -> [Property] {
        let upper = name.uppercased()
        return properties.filter { $0.name == upper }
    }

    /// Nested components with the given name, in order.
    public func components(named name: String) -> [Component] {
        let upper = name.uppercased()
        return components.filter { $0.name == upper }
    }

    /// Whether a property with the given name is present.
    public func has(_ name: String) -> Bool { self[name] != nil }

    /// Replaces every property of this name with `property`, or appends it.
    public mutating func set(_ property: Property) {
        if let index = properties.firstIndex(where: { $0.name == property.name }) {
            properties[index] = property
            properties.removeAll { $0.name == property.name && $0 != property }
        } else {
            properties.append(property)
        }
    }

    /// Removes every property with the given name.
    public mutating func remove(_ name: String) {
        let upper = name.uppercased()
        properties.removeAll { $0.name == upper }
    }
}

extension Component: Equatable, Hashable {
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(properties)
        hasher.combine(components)
    }
}
