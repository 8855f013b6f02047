import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), enough for an upload form: each
/// part's name, file name and bytes. Anything malformed gives nil.
struct MultipartFormData {
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    var parts: [Part]

    func part(named name: String) -> Part? { parts.first { $0.name == name } }

    /// The boundary of a `multipart/form-data; boundary=…` content type.
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return (1...70).contains(value.utf8.count) ? value : nil
            }
        }
        return nil
    }

    init?(_ body: [UInt8], boundary: String, maxParts: Int = 16) {
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            positions.append(found)
            index = found + delimiter.count
        }
        guard positions.count >= 2, positions.count <= maxParts + 1 else { return nil }
        parts = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var from = start + delimiter.count
            guard from + 1 < body.count, body[from] == 0x0D, body[from + 1] == 0x0A else { return nil }
            from += 2
            // The part ends with CRLF before the next delimiter.
            let to = end - 2
            guard to >= from, let split = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: from), split <= to else { return nil }
            let headers = String(decoding: body[from..<split], as: UTF8.self).components(separatedBy: "\r\n")
            var name: String?, filename: String?, type: String?
            for header in headers {
                let pair = header.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                switch pair[0].lowercased() {
                case "content-disposition":
                    name = Self.parameter("name", in: pair[1])
                    filename = Self.parameter("filename", in: pair[1])
                case "content-type":
                    type = pair[1]
                default: break
                }
            }
            guard let name else { return nil }
            parts.append(Part(name: name, filename: filename, contentType: type, body: Array(body[(split + 4)..<to])))
        }
    }

    private static func parameter(_ key: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
