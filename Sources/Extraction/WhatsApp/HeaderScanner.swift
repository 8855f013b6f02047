/// Recognises the timestamp header that opens a message line, walking the line's UTF-8 bytes.
///
/// Accepts every layout phones write: `[22/11/2026, 14:05:33] ` (iOS) and `22/11/2026, 14:05 - `
/// (Android); `/`, `.` or `-` between the numbers of the date; two- or four-digit years; with or
/// without seconds; `AM`, `pm`, `a.m.`, `p. m.` or the Arabic `ص`/`م`; the Arabic comma; Arabic-Indic
/// and Extended Arabic-Indic digits. Invisible direction marks are skipped anywhere in the header,
/// and U+202F and U+00A0 count as spaces. Whether the date is day- or month-first is left to
/// ``DateOrderDetector``, which sees the whole file.
struct HeaderScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let end: Int

    /// A scanner over the line `bytes[start..<end]` (without its line break).
    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// The header the line starts with, or nil when it starts otherwise (a continuation line).
    mutating func scan() -> TimestampHeader? {
        // A cheap look at the first byte turns away most continuation lines: a header starts
        // with a digit, `[`, a space or a mark (all ASCII or a multi-byte lead byte).
        guard position < end else { return nil }
        let lead = bytes[position]
        guard lead >= 0x80 || lead == UInt8(ascii: "[") || lead == UInt8(ascii: " ") || (0x30...0x39).contains(lead) else {
            return nil
        }

        skipSpaces()
        let isBracketed = accept("[")
        if isBracketed { skipSpaces() }

        guard let first = number(maxDigits: 4) else { return nil }
        guard let separator = peekScalar(), separator == "/" || separator == "." || separator == "-" else { return nil }
        advance()
        guard let second = number(maxDigits: 2), accept(separator), let third = number(maxDigits: 4) else { return nil }
        _ = accept(".") // "22.11.26." in a few locales

        let hasComma = accept(",") || accept("\u{060C}")
        guard skipSpaces() || hasComma else { return nil }

        guard let hour = number(maxDigits: 2), accept(":") || accept("."),
              let minute = number(maxDigits: 2), minute.digits == 2 else { return nil }
        var seconds = 0
        if accept(":") || accept(".") {
            guard let field = number(maxDigits: 2), field.digits == 2 else { return nil }
            seconds = field.value
        }
        skipSpaces()
        let meridiem = scanMeridiem()
        skipSpaces()

        if isBracketed {
            guard accept("]") else { return nil }
        } else {
            guard accept("-") || accept("\u{2013}") else { return nil }
            // "14:05 -Name" is not a header; "14:05 -" at the end of a line is (an empty system line).
            guard skipSpaces() || position >= end else { return nil }
        }
        skipSpaces()

        return TimestampHeader(
            first: first, second: second, third: third,
            hour: hour.value, minute: minute.value, seconds: seconds,
            meridiem: meridiem?.meridiem, hasCapitalMeridiem: meridiem?.isCapital ?? false,
            isBracketed: isBracketed, restStart: position
        )
    }

    // MARK: Tokens

    /// `AM`, `am`, `a.m.`, `a. m.` and the same for PM; `ص` (morning) and `م` (evening).
    private mutating func scanMeridiem() -> (meridiem: TimestampHeader.Meridiem, isCapital: Bool)? {
        let start = position
        guard let letter = peekScalar() else { return nil }
        let meridiem: TimestampHeader.Meridiem
        switch letter {
        case "A", "a": meridiem = .am
        case "P", "p": meridiem = .pm
        case "\u{0635}": advance(); return (.am, false)
        case "\u{0645}": advance(); return (.pm, false)
        default: return nil
        }
        advance()
        _ = accept(".")
        skipSpaces()
        guard let m = peekScalar(), m == "M" || m == "m" else {
            position = start
            return nil
        }
        advance()
        _ = accept(".")
        return (meridiem, letter == "A" || letter == "P")
    }

    /// Up to `maxDigits` decimal digits in ASCII, Arabic-Indic (٠-٩) or Extended Arabic-Indic (۰-۹).
    private mutating func number(maxDigits: Int) -> TimestampHeader.Field? {
        var value = 0
        var digits = 0
        while let scalar = peekScalar(), let digit = Self.digitValue(scalar.value) {
            digits += 1
            guard digits <= maxDigits else { return nil }
            value = value * 10 + digit
            advance()
        }
        return digits > 0 ? TimestampHeader.Field(value: value, digits: digits) : nil
    }

    private static func digitValue(_ value: UInt32) -> Int? {
        switch value {
        case 0x30...0x39: Int(value - 0x30)
        case 0x0660...0x0669: Int(value - 0x0660)
        case 0x06F0...0x06F9: Int(value - 0x06F0)
        default: nil
        }
    }

    // MARK: Scalars

    /// The next scalar that is not an invisible mark, without consuming it (marks before it are consumed).
    private mutating func peekScalar() -> Unicode.Scalar? {
        while position < end {
            let (value, length) = UTF8Scalars.decode(bytes, at: position, end: end)
            if Unicode.Scalar.isInvisibleMark(value) {
                position += length
                continue
            }
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return nil
    }

    /// Moves past the scalar `peekScalar()` returned.
    private mutating func advance() {
        position += UTF8Scalars.decode(bytes, at: position, end: end).length
    }

    private mutating func accept(_ expected: Unicode.Scalar) -> Bool {
        guard peekScalar() == expected else { return false }
        advance()
        return true
    }

    /// Skips spaces and marks; tells whether there was at least one space.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        var skipped = false
        while let scalar = peekScalar(), scalar.isExportSpace {
            advance()
            skipped = true
        }
        return skipped
    }
}
