/// The user name and password of an HTTP Basic `Authorization` header (RFC 7617).
///
/// Read on every DAV request, so it works on the header's bytes: no Foundation string
/// trimming or `Data` round trip.
public struct BasicCredentials: Sendable, Equatable {
    public let name: String
    public let password: String

    /// The longest header value read; longer ones are refused unread.
    public static let maxHeaderLength = 4096

    /// Reads a header value such as `Basic YW1hbDpzZWNyZXQ=`.
    ///
    /// `nil` when the scheme is not Basic, the token is not base64 or its text not UTF-8,
    /// the text has no colon, or the value is longer than ``maxHeaderLength``. The password
    /// is everything after the first colon, colons included.
    public init?(header: String) {
        let bytes = Array(header.utf8)
        guard bytes.count <= Self.maxHeaderLength, bytes.count > 6,
              Self.scheme.indices.allSatisfy({ bytes[$0] | 0x20 == Self.scheme[$0] }), Self.isBlank(bytes[5]) else { return nil }
        var token = bytes[6...]
        while let first = token.first, Self.isBlank(first) { token.removeFirst() }
        while let last = token.last, Self.isBlank(last) { token.removeLast() }
        guard let decoded = Self.base64Decoded(token), let colon = decoded.firstIndex(of: UInt8(ascii: ":")),
              let name = String(validating: decoded[..<colon], as: UTF8.self),
              let password = String(validating: decoded[(colon + 1)...], as: UTF8.self) else { return nil }
        self.name = name
        self.password = password
    }

    public init(name: String, password: String) {
        self.name = name
        self.password = password
    }

    private static let scheme = Array("basic".utf8)

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Standard base64 (RFC 4648 §4); the padding may be left out, as some clients do.
    static func base64Decoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var body = text
        var padding = 0
        while body.last == UInt8(ascii: "="), padding < 2 {
            body.removeLast()
            padding += 1
        }
        guard !body.isEmpty, body.count % 4 != 1, padding == 0 || (body.count + padding) % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(body.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in body {
            guard let value = sextet(byte) else { return nil }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
