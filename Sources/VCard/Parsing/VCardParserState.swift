/// One pass over the input: physical lines are joined into content lines (folding,
/// quoted-printable soft breaks, 2.1 base64 blocks), and content lines build the cards.
struct VCardParserState {
    let input: UnsafeBufferPointer<UInt8>
    let limits: VCardParserLimits
    var cards: [VCard] = []
    var current: VCard?
    var currentBeginOffset = 0

    // The content line being assembled, always copied into `logical`.
    var logical: [UInt8] = []
    var hasLine = false
    var lineNumber = 0
    /// Where each joined segment begins in the logical line: (logical offset, input offset).
    var segments: [(logical: Int, input: Int)] = []
    // The transfer encoding named in the header, found by a scan that resumes where it
    // stopped so that the work stays linear however the line is continued.
    var headerScan = 0
    var headerInQuotes = false
    var lineEncoding: LineEncoding?

    enum LineEncoding { case none, quotedPrintable, base64 }

    init(input: UnsafeBufferPointer<UInt8>, limits: VCardParserLimits) {
        self.input = input
        self.limits = limits
        logical.reserveCapacity(256)
    }

    mutating func run() throws(VCardError) {
        let count = input.count
        if count > limits.maxBytes {
            throw error(.limitExceeded, "input larger than \(limits.maxBytes) bytes", offset: limits.maxBytes)
        }
        var position = 0
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
            if contentEnd - start > limits.maxLineLength {
                throw error(.limitExceeded, "line longer than \(limits.maxLineLength) bytes", offset: start)
            }
            let isEmpty = contentEnd == start

            if hasLine {
                let softBreak = logical.last == 0x3D && encoding() == .quotedPrintable
                if softBreak {
                    logical.removeLast()
                    try append(from: start, to: contentEnd)
                    continue
                }
                if !isEmpty, input[start] == 0x20 || input[start] == 0x09 {
                    try append(from: start + 1, to: contentEnd)
                    continue
                }
                if !isEmpty, encoding() == .base64, isBase64Text(start, contentEnd) {
                    try append(from: start, to: contentEnd)
                    continue
                }
                try flush()
            } else if !isEmpty, input[start] == 0x20 || input[start] == 0x09 {
                throw error(.malformedContentLine, "continuation line with nothing to continue", offset: start)
            }
            if isEmpty { continue }  // blank lines are tolerated
            beginLine(from: start, to: contentEnd, number: physicalLine)
        }
        try flush()
        if let open = current {
            throw VCardError(.unbalancedCards, "BEGIN:VCARD of line \(open.line) has no matching END:VCARD", line: open.line, column: 1)
        }
    }

    // MARK: Joining physical lines

    mutating func beginLine(from start: Int, to end: Int, number: Int) {
        logical.removeAll(keepingCapacity: true)
        logical.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
        segments.removeAll(keepingCapacity: true)
        segments.append((0, start))
        hasLine = true
        lineNumber = number
        headerScan = 0
        headerInQuotes = false
        lineEncoding = nil
    }

    mutating func append(from start: Int, to end: Int) throws(VCardError) {
        segments.append((logical.count, start))
        if end > start { logical.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end])) }
        if logical.count > limits.maxLineLength {
            throw error(.limitExceeded, "line longer than \(limits.maxLineLength) bytes", offset: segments[0].input)
        }
    }

    /// The transfer encoding the header of the current line names, once its `:` is known.
    mutating func encoding() -> LineEncoding {
        if let lineEncoding { return lineEncoding }
        while headerScan < logical.count {
            let byte = logical[headerScan]
            if byte == 0x22 { headerInQuotes.toggle() }
            if byte == 0x3A, !headerInQuotes {
                let found = Self.encoding(inHeader: logical[0..<headerScan])
                lineEncoding = found
                return found
            }
            headerScan += 1
        }
        return .none
    }

    /// The encoding the parameters in `header` name, read as
    /// ``VCardProperty/transferEncoding`` reads them: the first bare encoding token or
    /// `ENCODING=` value wins; `;` inside quotes does not separate parameters.
    static func encoding(inHeader header: ArraySlice<UInt8>) -> LineEncoding {
        guard header.contains(0x3B) else { return .none }
        var tokens: [ArraySlice<UInt8>] = []
        var start = header.startIndex
        var inQuotes = false
        for index in header.indices {
            if header[index] == 0x22 { inQuotes.toggle() }
            if header[index] == 0x3B, !inQuotes {
                tokens.append(header[start..<index])
                start = index + 1
            }
        }
        tokens.append(header[start...])
        for token in tokens.dropFirst() {
            let text = String(decoding: token, as: UTF8.self)
            let found: VCardTransferEncoding?
            if let equals = text.firstIndex(of: "=") {
                guard text[..<equals].uppercased() == "ENCODING" else { continue }
                let value = text[text.index(after: equals)...]
                let first = value.hasPrefix("\"") ? value.dropFirst().prefix { $0 != "\"" } : value.prefix { $0 != "," }
                found = VCardTransferEncoding(token: String(first))
            } else {
                found = VCardTransferEncoding(token: text)
            }
            switch found {
            case .quotedPrintable?: return .quotedPrintable
            case .base64?: return .base64
            case .eightBit?, .sevenBit?: return .none
            case nil: continue
            }
        }
        return .none
    }

    /// Whether an unindented line holds only base64 characters, which continues a vCard
    /// 2.1 base64 value. A property line always has a `:`, so it never matches.
    func isBase64Text(_ start: Int, _ end: Int) -> Bool {
        for index in start..<end {
            let byte = input[index]
            let ok = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2B || byte == 0x2F || byte == 0x3D || byte == 0x20 || byte == 0x09
            if !ok { return false }
        }
        return true
    }

    mutating func flush() throws(VCardError) {
        guard hasLine else { return }
        hasLine = false
        let line = logical
        try handle(line)
    }

    // MARK: Positions

    /// Maps an offset in the current logical line to an offset in the input.
    func inputOffset(ofLogical offset: Int) -> Int {
        var best = segments[0]
        for segment in segments where segment.logical <= offset { best = segment }
        return best.input + (offset - best.logical)
    }

    func error(_ code: VCardError.Code, _ reason: String, logical offset: Int) -> VCardError {
        error(code, reason, offset: inputOffset(ofLogical: offset))
    }

    /// Builds an error at an input offset, counting lines and characters up to it.
    func error(_ code: VCardError.Code, _ reason: String, offset: Int) -> VCardError {
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
        if line == 1, input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { i = min(3, limit) }
        while i < limit {
            if input[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return VCardError(code, reason, line: line, column: column)
    }

    // MARK: Content lines

    mutating func handle(_ line: [UInt8]) throws(VCardError) {
        let count = line.count
        var i = 0
        while i < count, isNameByte(line[i]) { i += 1 }
        if i == 0 {
            throw error(.malformedContentLine, "expected a property name, found '\(printable(line[0]))'", logical: 0)
        }
        var group: String?
        var name = String(decoding: line[0..<i], as: UTF8.self)
        if i < count, line[i] == 0x2E {  // .
            group = name
            i += 1
            let nameStart = i
            while i < count, isNameByte(line[i]) { i += 1 }
            guard i > nameStart else {
                throw error(.malformedContentLine, "expected a property name after the group \(name).", logical: i)
            }
            name = String(decoding: line[nameStart..<i], as: UTF8.self)
            if i < count, line[i] == 0x2E {
                throw error(.malformedContentLine, "more than one group in \(group ?? "").\(name).", logical: i)
            }
        }
        var parameters: [VCardParameter] = []
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
        let valueBytes = line[valueStart..<count]
        let value: String
        if let text = String(validating: valueBytes, as: UTF8.self) {
            value = text
        } else {
            let charset = parameters.first { $0.hasName("CHARSET") }?.value
            guard let charset, let text = Charset.decode(Array(valueBytes), charset: charset) else {
                throw error(.invalidEncoding, "the value of \(name) is not valid UTF-8", logical: valueStart)
            }
            value = text
        }
        try apply(VCardProperty(group: group, name: name, parameters: parameters, value: value, line: lineNumber), valueStart: valueStart)
    }

    mutating func apply(_ property: VCardProperty, valueStart: Int) throws(VCardError) {
        if property.group == nil, property.hasName("BEGIN") {
            guard property.value.trimmingASCIISpaces.uppercased() == "VCARD" else {
                throw error(.invalidStructure, "BEGIN:\(property.value) is not a vCard", logical: valueStart)
            }
            if let open = current {
                throw error(.unbalancedCards, "BEGIN:VCARD inside the card of line \(open.line); is its END:VCARD missing?", logical: 0)
            }
            if cards.count >= limits.maxCards {
                throw error(.limitExceeded, "more than \(limits.maxCards) cards", logical: 0)
            }
            current = VCard(properties: [], line: lineNumber)
            return
        }
        if property.group == nil, property.hasName("END") {
            guard property.value.trimmingASCIISpaces.uppercased() == "VCARD" else {
                throw error(.invalidStructure, "END:\(property.value) is not END:VCARD", logical: valueStart)
            }
            guard let card = current else {
                throw error(.unbalancedCards, "END:VCARD without a matching BEGIN:VCARD", logical: 0)
            }
            guard card.properties.contains(where: { $0.hasName("VERSION") }) else {
                throw VCardError(.missingProperty, "the card of line \(card.line) has no VERSION", line: card.line, column: 1)
            }
            cards.append(card)
            current = nil
            return
        }
        guard current != nil else {
            throw error(.invalidStructure, "property \(property.name) outside of any BEGIN:VCARD … END:VCARD", logical: 0)
        }
        if property.hasName("VERSION"), VCardVersion(text: property.value) == nil {
            throw error(.unsupportedVersion, "VERSION \(property.value) is not 2.1, 3.0 or 4.0", logical: valueStart)
        }
        if current!.properties.count >= limits.maxPropertiesPerCard {
            throw error(.limitExceeded, "more than \(limits.maxPropertiesPerCard) properties in one card", logical: 0)
        }
        current!.properties.append(property)
    }

    mutating func parseParameter(_ line: [UInt8], _ i: inout Int) throws(VCardError) -> VCardParameter {
        let count = line.count
        let nameStart = i
        while i < count, isNameByte(line[i]) { i += 1 }
        guard i > nameStart else {
            if i < count {
                throw error(.malformedContentLine, "expected a parameter name, found '\(printable(line[i]))'", logical: i)
            }
            throw error(.malformedContentLine, "expected a parameter name", logical: i)
        }
        let name = String(decoding: line[nameStart..<i], as: UTF8.self)
        guard i < count, line[i] == 0x3D else {  // =
            if i < count, line[i] == 0x3B || line[i] == 0x3A { return VCardParameter(bare: name) }
            if i < count {
                throw error(.malformedContentLine, "unexpected character '\(printable(line[i]))' in parameter \(name)", logical: i)
            }
            throw error(.malformedContentLine, "parameter \(name) is not followed by ':'", logical: i)
        }
        i += 1
        var position = i
        let read = line.withUnsafeBufferPointer { buffer in
            Result { () throws(ParameterValues.Problem) in try ParameterValues.read(buffer, &position, parameter: name) }
        }
        i = position
        switch read {
        case .success(let (values, quoted)): return VCardParameter(name: name, values: values, quoted: quoted)
        case .failure(let problem):
            let code: VCardError.Code = problem.kind == .malformed ? .malformedContentLine : problem.kind == .invalidCharacter ? .invalidCharacter : .invalidEncoding
            throw error(code, problem.reason, logical: problem.offset)
        }
    }

    func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(hex(byte))}"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

/// Characters of a group, property or parameter name (RFC 6350 §3.3: letters, digits
/// and `-`), plus `_`, which real producers use.
@inline(__always)
func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingASCIISpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
