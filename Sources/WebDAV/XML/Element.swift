extension DAVXML {
    /// A parsed XML element: a value tree with no tie to the parser that made it.
    public struct Element: Hashable, Sendable {
        public var name: Name
        public var attributes: [Name: String]
        public var children: [Node]

        public init(_ name: Name, attributes: [Name: String] = [:], children: [Node] = []) {
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        /// Child elements, in order.
        public var elements: [Element] {
            children.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }

        /// The first child element with the given name.
        public func element(named name: Name) -> Element? {
            elements.first { $0.name == name }
        }

        /// The concatenated text of the direct text children.
        public var text: String {
            children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
        }
    }

    /// A node of the tree: an element or character data.
    public enum Node: Hashable, Sendable {
        case element(Element)
        case text(String)
    }
}
