import Foundation

/// Independent decoders for what the renderer writes, so tests check round trips rather
/// than the encoder's own output.
enum MIMEDecoding {
    /// Quoted-printable to bytes (RFC 2045 §6.7): soft breaks removed, `=XX` decoded.
    static func quotedPrintable(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "=") {
                if index + 2 < bytes.count && bytes[index + 1] == 13 && bytes[index + 2] == 10 {
                    index += 3
                    continue
                }
                output.append(UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)!)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// An unfolded header value with its encoded-words decoded (RFC 2047 §6.2: white space
    /// between adjacent encoded-words is dropped).
    static func headerValue(_ folded: String) -> String {
        // Leading white space is folding, not text.
        let unfolded = String(folded.replacingOccurrences(of: "\r\n", with: "").drop { $0 == " " })
        var result = ""
        var lastWasEncoded = false
        var pendingSpace = ""
        for (index, word) in unfolded.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pendingSpace += " " }
            if word.hasPrefix("=?UTF-8?Q?") && word.hasSuffix("?=") {
                if !lastWasEncoded { result += pendingSpace }
                let payload = word.dropFirst(10).dropLast(2).replacingOccurrences(of: "_", with: " ")
                result += String(decoding: quotedPrintable(payload), as: UTF8.self)
                lastWasEncoded = true
            } else {
                result += pendingSpace + word
                lastWasEncoded = false
            }
            pendingSpace = ""
        }
        return result
    }

    /// The header block and body of a rendered message.
    static func split(_ message: [UInt8]) -> (headers: [(name: String, value: String)], body: String) {
        let text = String(decoding: message, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        var headers: [(String, String)] = []
        for line in parts[0].components(separatedBy: "\r\n") {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                headers[headers.count - 1].1 += "\r\n" + line
            } else {
                let colon = line.firstIndex(of: ":")!
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].dropFirst())))
            }
        }
        return (headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
