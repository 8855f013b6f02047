import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The host name clients reach the server by, as configured: `cal.example.org`,
/// `cal.example.org:8443`, `bücher.example`, `192.0.2.7` or `[2001:db8::1]:8443`.
public struct PublicHost: Sendable, Hashable {
    /// The host without port, lowercased, international labels in their `xn--` form,
    /// IPv6 addresses without brackets.
    public let name: String
    /// The port given after the host, if any.
    public let port: Int?
    /// The labels of the reverse-DNS form, most significant first: `org`, `example`, `cal`.
    /// IP addresses use their `in-addr.arpa` and `ip6.arpa` names.
    public let reverseLabels: [String]
    /// Whether ``name`` is an IP address rather than a DNS name.
    public let isAddress: Bool

    /// Parses a configured public host.
    public init(_ text: String) throws(ProfileError) {
        guard !text.isEmpty, text.utf8.count <= 300 else { throw .invalidHostName(text) }
        var host = Substring(text)
        var port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .invalidHostName(text) }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw .invalidHostName(text) }
                port = try Self.port(rest.dropFirst(), in: text)
            }
            host = host[host.index(after: host.startIndex)..<close]
            guard host.contains(":") else { throw .invalidHostName(text) }
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...], in: text)
            host = host[..<colon]
        }
        if host.contains(":") {
            guard let bytes = Self.address(String(host), family: AF_INET6, size: 16) else { throw .invalidHostName(text) }
            let nibbles = bytes.flatMap { [$0 >> 4, $0 & 0xF] }.map { String($0, radix: 16) }
            name = Self.ipv6Text(bytes)
            reverseLabels = ["arpa", "ip6"] + nibbles
            isAddress = true
        } else if let bytes = Self.address(String(host), family: AF_INET, size: 4) {
            name = bytes.map(String.init).joined(separator: ".")
            reverseLabels = ["arpa", "in-addr"] + bytes.map(String.init)
            isAddress = true
        } else {
            if host.hasSuffix(".") { host = host.dropLast() }
            let labels = try host.split(separator: ".", omittingEmptySubsequences: false).map { label throws(ProfileError) in
                guard let ascii = Self.asciiLabel(label) else { throw .invalidHostName(text) }
                return ascii
            }
            name = labels.joined(separator: ".")
            guard name.utf8.count <= 253 else { throw .invalidHostName(text) }
            reverseLabels = labels.reversed()
            isAddress = false
        }
        self.port = port
    }

    private static func port(_ digits: Substring, in text: String) throws(ProfileError) -> Int {
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCII), let port = Int(digits),
              (1...65535).contains(port) else { throw .invalidHostName(text) }
        return port
    }

    /// A DNS label in its ASCII form: letters, digits and inner hyphens, at most 63
    /// characters; a label with other letters becomes `xn--` and its Punycode (RFC 3492).
    private static func asciiLabel(_ label: Substring) -> String? {
        let folded = String(label).lowercased().precomposedStringWithCanonicalMapping
        let ascii = folded.unicodeScalars.allSatisfy(\.isASCII) ? folded : "xn--" + Punycode.encode(folded)
        guard (1...63).contains(ascii.utf8.count), ascii.first != "-", ascii.last != "-",
              ascii.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) })
        else { return nil }
        return ascii
    }

    private static func address(_ text: String, family: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }

    private static func ipv6Text(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
