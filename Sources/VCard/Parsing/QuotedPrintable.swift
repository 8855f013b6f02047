/// The quoted-printable transfer encoding (RFC 2045 §6.7) that vCard 2.1 writers such as
/// Outlook and older Android phones use for non-ASCII and multi-line values.
public enum QuotedPrintable {
    /// Decodes quoted-printable text into bytes. Soft line breaks (`=` before a line end)
    /// are removed; a malformed `=` sequence is kept as written.
    public static func decode(_ text: String) -> [UInt8] {
        let input = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let byte = input[i]
            guard byte == 0x3D else { out.append(byte); i += 1; continue }  // =
            if i + 2 < input.count, input[i + 1] == 0x0D, input[i + 2] == 0x0A { i += 3; continue }
            if i + 1 < input.count, input[i + 1] == 0x0A || input[i + 1] == 0x0D { i += 2; continue }
            if i + 2 < input.count, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) {
                out.append(high << 4 | low)
                i += 3
                continue
            }
            if i + 1 == input.count { i += 1; continue }  // a dangling soft break
            out.append(byte)
            i += 1
        }
        return out
    }

    /// Encodes bytes as quoted-printable without line breaks: printable ASCII other than
    /// `=` is kept, everything else (line breaks included) becomes `=XX`. The serializer
    /// adds soft line breaks when it writes the value.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            if (byte >= 0x21 && byte <= 0x7E && byte != 0x3D) || (byte == 0x20 && !isLast) {
                out.append(byte)
            } else {
                out.append(0x3D)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
