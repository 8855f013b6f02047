/// Writes ``VCard`` values as vCard text (RFC 6350 §3.2).
///
/// Output uses CRLF line ends and folds content lines longer than 75 octets, never
/// splitting a UTF-8 sequence. Values are written exactly as stored: build text values
/// with ``VCardProperty/init(group:name:parameters:text:)`` to have them escaped. A
/// quoted-printable value is continued with soft line breaks (`=` at the end of a line)
/// rather than folded, as vCard 2.1 readers expect, and a base64 value in a 2.1 card is
/// followed by an empty line. Serializing the result of parsing serialized output gives
/// the same bytes.
public struct VCardSerializer: Sendable {
    /// Creates a serializer.
    public init() {}

    /// The serialized bytes of `card`.
    public func serialize(_ card: VCard) -> [UInt8] {
        var writer = VCardWriter()
        writer.write(card)
        return writer.output
    }

    /// The serialized bytes of several cards, one after the other.
    public func serialize(_ cards: [VCard]) -> [UInt8] {
        var writer = VCardWriter()
        for card in cards { writer.write(card) }
        return writer.output
    }

    /// The serialized text of `card`.
    public func string(_ card: VCard) -> String {
        String(decoding: serialize(card), as: UTF8.self)
    }

    /// The serialized text of several cards.
    public func string(_ cards: [VCard]) -> String {
        String(decoding: serialize(cards), as: UTF8.self)
    }
}

/// Builds the output one content line at a time.
struct VCardWriter {
    static let maxOctets = 75
    var output: [UInt8] = []
    var line: [UInt8] = []
    /// Octets on the physical line being written.
    var width = 0

    init() {
        output.reserveCapacity(4096)
        line.reserveCapacity(256)
    }

    mutating func write(_ card: VCard) {
        let isLegacy = card.version == .v2_1
        line = Array("BEGIN:VCARD".utf8)
        writeFolded()
        for property in card.properties {
            writeHeader(property)
            let encoding = property.transferEncoding
            if encoding == .quotedPrintable {
                writeQuotedPrintable(Array(property.value.utf8))
            } else {
                line.append(contentsOf: property.value.utf8)
                writeFolded()
            }
            if isLegacy, encoding == .base64 { endLine() }
        }
        line = Array("END:VCARD".utf8)
        writeFolded()
    }

    /// Puts `[group.]name;params:` in `line`.
    mutating func writeHeader(_ property: VCardProperty) {
        line.removeAll(keepingCapacity: true)
        if let group = property.group {
            line.append(contentsOf: group.utf8)
            line.append(0x2E)  // .
        }
        line.append(contentsOf: property.name.utf8)
        for parameter in property.parameters {
            line.append(0x3B)  // ;
            line.append(contentsOf: parameter.name.utf8)
            if parameter.isBare { continue }
            line.append(0x3D)  // =
            for (index, item) in parameter.values.enumerated() {
                if index > 0 { line.append(0x2C) }
                let wasQuoted = index < parameter.quoted.count && parameter.quoted[index]
                ParameterValue.append(item, quoted: wasQuoted, to: &line)
            }
        }
        line.append(0x3A)  // :
    }

    mutating func endLine() {
        output.append(0x0D)
        output.append(0x0A)
        width = 0
    }

    /// Appends `line` folded at 75 octets on UTF-8 boundaries, without ending the line.
    mutating func appendFolded() {
        var i = 0
        let count = line.count
        while i < count {
            let length = min(sequenceLength(line[i]), count - i)
            if width + length > Self.maxOctets {
                endLine()
                output.append(0x20)
                width = 1
            }
            for k in 0..<length { output.append(line[i + k]) }
            width += length
            i += length
        }
    }

    /// Appends `line` folded and ends it.
    mutating func writeFolded() {
        appendFolded()
        endLine()
    }

    /// Appends the header in `line`, then a quoted-printable value continued with soft line
    /// breaks so that no physical line is longer than 75 octets.
    mutating func writeQuotedPrintable(_ value: [UInt8]) {
        appendFolded()
        var i = 0
        let count = value.count
        while i < count {
            let length = tokenLength(value, at: i)
            // A break just before a space would start a line with white space, which
            // readers that unfold before decoding drop: break one token earlier instead.
            let next = i + length
            let spaceFollows = next < count && (value[next] == 0x20 || value[next] == 0x09)
            let spaceWouldStartLine = spaceFollows && width + length + 1 > Self.maxOctets - 1 && width > 0
                && value[i] != 0x20 && value[i] != 0x09
            if width + length > Self.maxOctets - 1 || spaceWouldStartLine {
                output.append(0x3D)  // = soft line break
                endLine()
            }
            for k in 0..<length { output.append(value[i + k]) }
            width += length
            i += length
        }
        endLine()
    }

    /// The length of the quoted-printable token at `i`: an `=XX` triplet, or one UTF-8
    /// character.
    func tokenLength(_ value: [UInt8], at i: Int) -> Int {
        let count = value.count
        if value[i] == 0x3D, i + 2 < count, QuotedPrintable.hexValue(value[i + 1]) != nil, QuotedPrintable.hexValue(value[i + 2]) != nil {
            return 3
        }
        return min(sequenceLength(value[i]), count - i)
    }

    func sequenceLength(_ lead: UInt8) -> Int {
        if lead >= 0xF0 { return 4 }
        if lead >= 0xE0 { return 3 }
        if lead >= 0xC0 { return 2 }
        return 1
    }
}
