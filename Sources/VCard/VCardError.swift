/// An error found while reading vCard text, or while checking a card, with the place it
/// was found.
///
/// `line` and `column` are 1-based and refer to the physical input (before unfolding);
/// `column` counts characters, not bytes. Errors about a whole card point at its
/// `BEGIN:VCARD` line, column 1.
public struct VCardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public var code: Code
    /// A sentence saying what is wrong, for people.
    public var reason: String
    /// 1-based line number in the input, or 0 when the card did not come from text.
    public var line: Int
    /// 1-based column (in characters) in the input, or 0 when unknown.
    public var column: Int

    /// Creates an error.
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
            case malformedContentLine, invalidCharacter, invalidEncoding, unbalancedCards
            case limitExceeded, invalidValue, invalidStructure, missingProperty, unsupportedVersion
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A line that is not `[group.]name *(;param) : value`, or a bad group or name.
        public static let malformedContentLine = Code(.malformedContentLine)
        /// A control character or bare carriage return.
        public static let invalidCharacter = Code(.invalidCharacter)
        /// Input that is neither UTF-8 nor in the charset its `CHARSET` parameter names.
        public static let invalidEncoding = Code(.invalidEncoding)
        /// `BEGIN:VCARD` and `END:VCARD` lines that do not pair up.
        public static let unbalancedCards = Code(.unbalancedCards)
        /// A configured limit (bytes, line length, properties, cards) was exceeded.
        public static let limitExceeded = Code(.limitExceeded)
        /// A property value that does not parse as its type.
        public static let invalidValue = Code(.invalidValue)
        /// Input that breaks a structural rule, such as a property outside any card or
        /// more than one card where one is required.
        public static let invalidStructure = Code(.invalidStructure)
        /// A property the card must have (`VERSION`, `UID`, `FN`) is missing or empty.
        public static let missingProperty = Code(.missingProperty)
        /// A `VERSION` other than the ones accepted where it was read.
        public static let unsupportedVersion = Code(.unsupportedVersion)

        public var description: String { base.rawValue }
    }
}
