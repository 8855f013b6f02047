/// Writes ``Component`` trees as iCalendar text (RFC 5545 §3.1).
///
/// Output uses CRLF line ends and folds content lines longer than 75 octets, never
/// splitting a UTF-8 sequence. With ``Options/normalizeTextEscaping`` TEXT values are
/// rewritten with canonical escapes; otherwise values are written exactly as stored.
/// Serializing the result of parsing serialized output gives the same bytes.
public struct ICalendarSerializer: Sendable {
    /// Output choices.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Canonical escapes in TEXT values (`\N` becomes `\n`, stray `;` and `,` are escaped).
        public static let normalizeTextEscaping = Options(rawValue: 1)
    }

    public var options: Options

    public init(options: Options = []) {
        self.options = options
    }

    /// The serialized bytes of `component`.
    public func serialize(_ component: Component) -> [UInt8] {
        var writer = Writer(options: options)
        writer.write(component)
        return writer.output
    }

    /// The serialized bytes of several top-level components, one after the other.
    public func serialize(_ components: [Component]) -> [UInt8] {
        var writer = Writer(options: options)
        for component in components { writer.write(component) }
        return writer.output
    }

    /// The serialized text of `component`.
    public func string(_ component: Component) -> String {
        String(decoding: serialize(component), as: UTF8.self)
    }
}

/// TEXT properties (RFC 5545 §3.8) whose escaping the serializer may normalize, and
/// whether their value is a comma-separated list.
enum TextProperties {
    static let listValued: Set<String> = ["CATEGORIES", "RESOURCES"]
    static let singleValued: Set<String> = [
        "SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CONTACT", "TZNAME",
        "X-WR-CALNAME", "X-WR-CALDESC",
    ]
}

private struct Writer {
    let options: Options
    var output: [UInt8] = []
    var line: [UInt8] = []

    typealias Options = ICalendarSerializer.Options

    init(options: Options) {
        self.options = options
        output.reserveCapacity(4096)
        line.reserveCapacity(256)
    }

    mutating func write(_ component: Component) {
        writeLine("BEGIN", [], component.name)
        for property in component.properties {
            writeLine(property.name, property.parameters, value(of: property))
        }
        for child in component.components { write(child) }
        writeLine("END", [], component.name)
    }

    func value(of property: Property) -> String {
        guard options.contains(.normalizeTextEscaping) else { return property.value }
        if TextProperties.singleValued.contains(property.name) {
            return TextEscaping.normalize(property.value, isList: false)
        }
        if TextProperties.listValued.contains(property.name) {
            return TextEscaping.normalize(property.value, isList: true)
        }
        return property.value
    }

    mutating func writeLine(_ name: String, _ parameters: [Parameter], _ value: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        for parameter in parameters {
            line.append(0x3B)  // ;
            line.append(contentsOf: parameter.name.utf8)
            line.append(0x3D)  // =
            for (index, item) in parameter.values.enumerated() {
                if index > 0 { line.append(0x2C) }
                let wasQuoted = index < parameter.quoted.count && parameter.quoted[index]
                ParameterValue.append(item, quoted: wasQuoted, to: &line)
            }
        }
        line.append(0x3A)  // :
        line.append(contentsOf: value.utf8)
        fold()
    }

    /// Appends `line` to the output, folded at 75 octets on UTF-8 boundaries.
    mutating func fold() {
        if line.count <= 75 {
            output.append(contentsOf: line)
            output.append(0x0D); output.append(0x0A)
            return
        }
        var width = 0
        var i = 0
        let count = line.count
        while i < count {
            let lead = line[i]
            var length = 1
            if lead >= 0xF0 { length = 4 } else if lead >= 0xE0 { length = 3 } else if lead >= 0xC0 { length = 2 }
            length = min(length, count - i)
            if width + length > 75 {
                output.append(0x0D); output.append(0x0A); output.append(0x20)
                width = 1
            }
            for k in 0..<length { output.append(line[i + k]) }
            width += length
            i += length
        }
        output.append(0x0D); output.append(0x0A)
    }
}
