/// Reading the values of a parameter of a content line, the same in iCalendar (RFC 5545
/// §3.1) and vCard (RFC 6350 §3.3): after `NAME=`, one or more values separated by commas,
/// each quoted (`"a;b"`) or bare (ending at `;`, `:` or `,`), with no control characters,
/// in UTF-8. Each parser turns a ``Problem`` into its own error, with its line and column.
public enum ParameterValues {
    /// What is wrong with a parameter's values, and where.
    public struct Problem: Error, Sendable {
        public enum Kind: Sendable {
            /// Not a content line: an unterminated quote, a quote inside a bare value.
            case malformed
            /// A control character.
            case invalidCharacter
            /// Bytes that are not UTF-8.
            case invalidEncoding
        }

        public let kind: Kind
        public let reason: String
        /// The offset in the line where it is.
        public let offset: Int

        @usableFromInline
        init(kind: Kind, reason: String, offset: Int) {
            self.kind = kind
            self.reason = reason
            self.offset = offset
        }
    }

    /// Reads the values that start at `i` (just after `=`) and leaves `i` on the byte after
    /// the last one (`;` or `:`, or the end of the line).
    /// - Parameter name: the parameter's name, for the reasons of problems.
    @inlinable
    public static func read(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int, parameter name: String) throws(Problem) -> (values: [String], quoted: [Bool]) {
        let count = line.count
        var values: [String] = []
        var quoted: [Bool] = []
        while true {
            if i < count, line[i] == 0x22 {  // "
                let start = i + 1
                var j = start
                while j < count, line[j] != 0x22 {
                    if isControl(line[j]) { throw Problem(kind: .invalidCharacter, reason: "control character in parameter \(name)", offset: j) }
                    j += 1
                }
                guard j < count else { throw Problem(kind: .malformed, reason: "unterminated quoted value of parameter \(name)", offset: i) }
                values.append(try text(line, start, j, name))
                quoted.append(true)
                i = j + 1
            } else {
                let start = i
                while i < count {
                    let byte = line[i]
                    if byte == 0x3B || byte == 0x3A || byte == 0x2C { break }
                    if byte == 0x22 { throw Problem(kind: .malformed, reason: "'\"' inside the unquoted value of parameter \(name)", offset: i) }
                    if isControl(byte) { throw Problem(kind: .invalidCharacter, reason: "control character in parameter \(name)", offset: i) }
                    i += 1
                }
                values.append(try text(line, start, i, name))
                quoted.append(false)
            }
            if i < count, line[i] == 0x2C {  // , another value
                i += 1
                continue
            }
            return (values, quoted)
        }
    }

    /// A control character other than tab, which no parameter value may hold.
    @inlinable
    @usableFromInline
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 || byte == 0x7F }

    @inlinable
    @usableFromInline
    static func text(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ name: String) throws(Problem) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self) else {
            throw Problem(kind: .invalidEncoding, reason: "parameter \(name) is not valid UTF-8", offset: start)
        }
        return text
    }
}
