/// Reads iCalendar text (RFC 5545 §3.1) into ``Component`` trees.
///
/// The parser accepts CRLF or bare LF line ends, a leading UTF-8 byte-order mark, and
/// lines folded with a space or a tab. It rejects what cannot be read unambiguously with
/// a ``ParseError`` that carries the line and column, and it never crashes or loops on
/// bad input: every dimension is bounded by ``ParserLimits``.
///
/// ```swift
/// let calendar = try ICalendarParser().parseCalendar(Array(text.utf8))
/// for event in calendar.components(named: "VEVENT") { print(event["SUMMARY"]?.textValue ?? "") }
/// ```
public struct ICalendarParser: Sendable {
    public var limits: ParserLimits

    public init(limits: ParserLimits = .default) {
        self.limits = limits
    }

    /// Parses every top-level component in `bytes` (usually one VCALENDAR).
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> [Component] {
        var result: Result<[Component], ParseError> = .success([])
        bytes.withUnsafeBufferPointer { buffer in
            var state = ParserState(input: buffer, limits: limits)
            do {
                try state.run()
                result = .success(state.roots)
            } catch let error as ParseError {
                result = .failure(error)
            } catch {
                result = .failure(ParseError(.malformedContentLine, "\(error)", line: 0, column: 0))
            }
        }
        return try result.get()
    }

    /// Parses a string of iCalendar text.
    public func parse(_ text: String) throws(ParseError) -> [Component] {
        try parse(Array(text.utf8))
    }

    /// Parses input that must hold exactly one VCALENDAR.
    public func parseCalendar(_ bytes: [UInt8]) throws(ParseError) -> Component {
        let roots = try parse(bytes)
        guard let first = roots.first else {
            throw ParseError(.invalidStructure, "no VCALENDAR found", line: 1, column: 1)
        }
        guard first.name == ComponentName.calendar else {
            throw ParseError(.invalidStructure, "top-level component is \(first.name), expected VCALENDAR", line: first.line, column: 1)
        }
        if roots.count > 1 {
            throw ParseError(.invalidStructure, "more than one top-level component", line: roots[1].line, column: 1)
        }
        return first
    }

    /// Parses a string that must hold exactly one VCALENDAR.
    public func parseCalendar(_ text: String) throws(ParseError) -> Component {
        try parseCalendar(Array(text.utf8))
    }
}

/// One pass over the input: physical lines are unfolded into content lines, and content
/// lines build the component tree.
private struct ParserState {
    let input: UnsafeBufferPointer<UInt8>
    let limits: ParserLimits
    var roots: [Component] = []
    var stack: [Component] = []
    var propertyCount = 0
    var componentCount = 0

    // The content line being assembled. `unfolded` is used only when the line is folded.
    var lineStart = -1
    var lineEnd = -1
    var lineNumber = 0
    var unfolded: [UInt8] = []
    var isFolded = false
    /// Where each folded segment begins in the logical line: (logical offset, input offset).
    var segments: [(logical: Int, input: Int)] = []

    init(input: UnsafeBufferPointer<UInt8>, limits: ParserLimits) {
        self.input = input
        self.limits = limits
    }

    mutating func run() throws {
        var position = 0
        let count = input.count
        // A UTF-8 byte-order mark is allowed before the first line.
        if count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
        var physicalLine = 0
        while position < count {
            physicalLine += 1
            let start = position
            var end = start
            while end < count, input[end] != 0x0A { end += 1 }
            position = end + 1
            var contentEnd = end
            if contentEnd > start, input[contentEnd - 1] == 0x0D { contentEnd -= 1 }

            if contentEnd > start, input[start] == 0x20 || input[start] == 0x09 {
                guard lineStart >= 0 else {
                    throw error(.malformedContentLine, "continuation line with nothing to continue", offset: start)
                }
                try appendContinuation(from: start + 1, to: contentEnd)
                continue
            }
            try flush()
            if contentEnd == start { continue }  // blank lines are tolerated
            lineStart = start
            lineEnd = contentEnd
            lineNumber = physicalLine
            if contentEnd - start > limits.maxLineLength {
                throw error(.limitExceeded, "line longer than \(limits.maxLineLength) bytes", offset: start)
            }
        }
        try flush()
        if let open = stack.last {
            throw ParseError(.unbalancedComponents, "BEGIN:\(open.name) has no matching END", line: open.line, column: 1)
        }
    }

    mutating func appendContinuation(from start: Int, to end: Int) throws {
        if !isFolded {
            unfolded.removeAll(keepingCapacity: true)
            unfolded.append(contentsOf: UnsafeBufferPointer(rebasing: input[lineStart..<lineEnd]))
            segments = [(0, lineStart)]
            isFolded = true
        }
        segments.append((unfolded.count, start))
        unfolded.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
        if unfolded.count > limits.maxLineLength {
            throw error(.limitExceeded, "line longer than \(limits.maxLineLength) bytes", offset: lineStart)
        }
    }

    mutating func flush() throws {
        guard lineStart >= 0 else { return }
        if isFolded {
            let line = unfolded
            try line.withUnsafeBufferPointer { try handle($0) }
        } else {
            try handle(UnsafeBufferPointer(rebasing: input[lineStart..<lineEnd]))
        }
        lineStart = -1
        isFolded = false
    }

    /// Maps an offset in the current logical line to an offset in the input.
    func inputOffset(ofLogical offset: Int) -> Int {
        guard isFolded else { return lineStart + offset }
        var best = segments[0]
        for segment in segments where segment.logical <= offset { best = segment }
        return best.input + (offset - best.logical)
    }

    func error(_ code: ParseError.Code, _ reason: String, logical offset: Int) -> ParseError {
        error(code, reason, offset: inputOffset(ofLogical: offset))
    }

    /// Builds an error at an input offset, counting lines and characters up to it.
    func error(_ code: ParseError.Code, _ reason: String, offset: Int) -> ParseError {
        var line = 1
        var lineBegin = 0
        let limit = min(offset, input.count)
        var i = 0
        while i < limit {
            if input[i] == 0x0A { line += 1; lineBegin = i + 1 }
            i += 1
        }
        var column = 1
        i = lineBegin
        if line == 1, input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { i = 3 }
        while i < limit {
            if input[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return ParseError(code, reason, line: line, column: column)
    }

    // MARK: Content lines

    mutating func handle(_ line: UnsafeBufferPointer<UInt8>) throws {
        let count = line.count
        var i = 0
        while i < count, isNameByte(line[i]) { i += 1 }
        if i == 0 {
            throw error(.malformedContentLine, "expected a property name", logical: 0)
        }
        let name = makeName(UnsafeBufferPointer(rebasing: line[0..<i]))
        var parameters: [Parameter] = []
        while i < count, line[i] == 0x3B {  // ;
            i += 1
            parameters.append(try parseParameter(line, &i))
        }
        guard i < count, line[i] == 0x3A else {  // :
            if i < count {
                throw error(.malformedContentLine, "unexpected character '\(printable(line[i]))' in \(name); expected ':' or ';'", logical: i)
            }
            throw error(.malformedContentLine, "missing ':' after property name \(name)", logical: i)
        }
        let valueStart = i + 1
        for j in valueStart..<count {
            let byte = line[j]
            if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                let what = byte == 0x0D ? "bare carriage return" : "control character U+\(hex(byte))"
                throw error(.invalidCharacter, "\(what) in the value of \(name)", logical: j)
            }
        }
        guard let value = String(validating: UnsafeBufferPointer(rebasing: line[valueStart..<count]), as: UTF8.self) else {
            throw error(.invalidEncoding, "the value of \(name) is not valid UTF-8", logical: valueStart)
        }
        try apply(name: name, parameters: parameters, value: value, valueColumn: column(ofLogical: valueStart, in: line))
    }

    /// The physical column of a logical offset, counting characters; 0 if on a folded part.
    func column(ofLogical offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        if isFolded, segments.count > 1, offset >= segments[1].logical { return 0 }
        var column = 1
        for index in 0..<min(offset, line.count) where line[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    mutating func apply(name: String, parameters: [Parameter], value: String, valueColumn: Int) throws {
        switch name {
        case "BEGIN":
            let componentName = value.uppercased()
            guard !componentName.isEmpty, componentName.utf8.allSatisfy(isNameByte) else {
                throw error(.malformedContentLine, "BEGIN needs a component name", logical: 6)
            }
            if stack.count >= limits.maxDepth {
                throw error(.limitExceeded, "components nested deeper than \(limits.maxDepth)", logical: 0)
            }
            componentCount += 1
            if componentCount > limits.maxComponents {
                throw error(.limitExceeded, "more than \(limits.maxComponents) components", logical: 0)
            }
            stack.append(Component(name: componentName, line: lineNumber))
        case "END":
            let componentName = value.uppercased()
            guard let open = stack.popLast() else {
                throw error(.unbalancedComponents, "END:\(componentName) without a matching BEGIN", logical: 0)
            }
            guard open.name == componentName else {
                throw error(.unbalancedComponents, "END:\(componentName) does not close BEGIN:\(open.name) of line \(open.line)", logical: 4)
            }
            if stack.isEmpty {
                roots.append(open)
            } else {
                stack[stack.count - 1].components.append(open)
            }
        default:
            guard !stack.isEmpty else {
                throw error(.invalidStructure, "property \(name) outside of any component", logical: 0)
            }
            propertyCount += 1
            if propertyCount > limits.maxProperties {
                throw error(.limitExceeded, "more than \(limits.maxProperties) properties", logical: 0)
            }
            var property = Property(uncheckedName: name, parameters: parameters, value: value, line: lineNumber)
            property.valueColumn = valueColumn
            stack[stack.count - 1].properties.append(property)
        }
    }

    mutating func parseParameter(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int) throws -> Parameter {
        let count = line.count
        let nameStart = i
        while i < count, isNameByte(line[i]) { i += 1 }
        guard i > nameStart else {
            throw error(.malformedContentLine, "expected a parameter name", logical: i)
        }
        let name = makeName(UnsafeBufferPointer(rebasing: line[nameStart..<i]))
        guard i < count, line[i] == 0x3D else {  // =
            throw error(.malformedContentLine, "parameter \(name) has no '='", logical: i)
        }
        i += 1
        do throws(ParameterValues.Problem) {
            let (values, quoted) = try ParameterValues.read(line, &i, parameter: name)
            return Parameter(uncheckedName: name, values: values, quoted: quoted)
        } catch {
            throw self.error(error.kind == .malformed ? .malformedContentLine : error.kind == .invalidCharacter ? .invalidCharacter : .invalidEncoding,
                             error.reason, logical: error.offset)
        }
    }

    func makeName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
            return String(decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(hex(byte))}"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

/// iana-token and x-name characters (RFC 5545 §3.1), plus `_` which real producers use.
@inline(__always)
private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
}

extension Property {
    /// For the parser, which has already upper-cased the name.
    init(uncheckedName name: String, parameters: [Parameter], value: String, line: Int) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }
}

extension Parameter {
    /// For the parser, which has already upper-cased the name.
    init(uncheckedName name: String, values: [String], quoted: [Bool]) {
        self.name = name
        self.values = values
        self.quoted = quoted
    }
}
