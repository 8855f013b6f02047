import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IP address or a CIDR range (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`), matched
/// against addresses given as text. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) match
/// as the IPv4 address they carry.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes: 4 for IPv4, 16 for IPv6.
    public let network: [UInt8]
    public let prefixLength: Int

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: String) throws(ParseError) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = Self.bytes(of: first) else {
            throw ParseError(description: "'\(text)' is not an IP address or CIDR range")
        }
        let length = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let length, length >= 0, length <= bytes.count * 8 else {
            throw ParseError(description: "'\(text)' has a prefix length outside 0...\(bytes.count * 8)")
        }
        network = bytes
        prefixLength = length
    }

    public var description: String { "\(Self.text(of: network))/\(prefixLength)" }

    /// Whether `address` (text) lies in this range.
    public func contains(_ address: String) -> Bool {
        Self.bytes(of: address).map(contains) ?? false
    }

    /// Whether an address's bytes lie in this range.
    public func contains(_ bytes: [UInt8]) -> Bool {
        let bytes = Self.unmapped(bytes)
        guard bytes.count == network.count else { return false }
        var remaining = prefixLength
        for (index, byte) in bytes.enumerated() where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if byte & mask != network[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The bytes of an IPv4 or IPv6 address in text (brackets and a zone allowed), or `nil`.
    public static func bytes(of text: String) -> [UInt8]? {
        var address = text
        if address.hasPrefix("[") && address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        if let zone = address.firstIndex(of: "%") { address = String(address[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return unmapped(withUnsafeBytes(of: &v6) { Array($0) })
        }
        return nil
    }

    /// `::ffff:a.b.c.d` as its IPv4 bytes; anything else as it is.
    static func unmapped(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.count == 16 && bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return Array(bytes[12...])
        }
        return bytes
    }

    static func text(of bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
