/// A pass over a body's bytes before libxml2 sees it, refusing markup whose parse would
/// cost far more than its size: too many attributes on one tag, or too many tags. It reads
/// tags, quoted values, comments, CDATA sections and processing instructions; anything
/// else is libxml2's to judge.
struct XMLMarkupScan {
    let limits: XMLReader.Limits

    func check(_ bytes: [UInt8]) throws(XMLReader.ReadError) {
        var tags = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if Self.matches(bytes, at: index, "<!--") {
                index = Self.end(of: "-->", in: bytes, from: index + 4)
            } else if Self.matches(bytes, at: index, "<![CDATA[") {
                index = Self.end(of: "]]>", in: bytes, from: index + 9)
            } else if Self.matches(bytes, at: index, "<?") {
                index = Self.end(of: "?>", in: bytes, from: index + 2)
            } else {
                tags += 1
                // Two tags per element at most (start and end).
                if tags > 2 * limits.maxElements { throw XMLReader.ReadError("XML has more than \(limits.maxElements) elements") }
                index = try tagEnd(bytes, from: index + 1)
            }
        }
    }

    /// The index after a tag's `>`, counting its attributes (`=` outside quoted values).
    private func tagEnd(_ bytes: [UInt8], from start: Int) throws(XMLReader.ReadError) -> Int {
        var attributes = 0
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                attributes += 1
                if attributes > limits.maxAttributes {
                    throw XMLReader.ReadError("an XML element has more than \(limits.maxAttributes) attributes")
                }
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return index
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] }
        }
    }

    private static func end(of terminator: StaticString, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if matches(bytes, at: index, terminator) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }
}
