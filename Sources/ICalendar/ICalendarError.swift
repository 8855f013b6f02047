/// An error found while reading iCalendar text, with the place it was found.
///
/// `line` and `column` are 1-based and refer to the physical input (before unfolding);
/// `column` counts characters, not bytes.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public var code: Code
    /// A sentence saying what is wrong, for people.
    public var reason: String
    /// 1-based line number in the input.
    public var line: Int
    /// 1-based column (in characters) in the input.
    public var column: Int

    public init(_ code: Code, _ reason: String, line: Int, column: Int) {
        self.code = code
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(reason)" }

    /// Error kinds. A struct over a private enum so that adding a kind breaks no `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case malformedContentLine, invalidCharacter, invalidEncoding, unbalancedComponents
            case limitExceeded, invalidValue, invalidStructure
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A line that is not `name *(;param) : value`.
        public static let malformedContentLine = Code(.malformedContentLine)
        /// A control character or bare carriage return.
        public static let invalidCharacter = Code(.invalidCharacter)
        /// Input that is not UTF-8.
        public static let invalidEncoding = Code(.invalidEncoding)
        /// BEGIN and END lines that do not pair up.
        public static let unbalancedComponents = Code(.unbalancedComponents)
        /// A configured limit (line length, depth, property count, instances) was exceeded.
        public static let limitExceeded = Code(.limitExceeded)
        /// A property value that does not parse as its type.
        public static let invalidValue = Code(.invalidValue)
        /// A component that breaks a structural rule of RFC 5545 or RFC 4791.
        public static let invalidStructure = Code(.invalidStructure)

        public var description: String { base.rawValue }
    }
}

/// An error in a typed value, before a position is attached to it.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
