import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Where webhooks may go: a user names the URL, so without this rule any user could make
/// the server post to its own loopback services, the cloud's metadata address or the
/// private network around it. A host is resolved, and every address it resolves to must
/// be public, unless the operator allows it (`webhooks.allow`, for a bridge on the same
/// machine). Delivery then connects to the address that was checked, so a second
/// resolution cannot swap it, and follows no redirects.
public struct WebhookPolicy: Sendable {
    /// Private, loopback or link-local addresses allowed anyway.
    public var allowed: [AddressRange]

    public init(allowed: [AddressRange] = []) {
        self.allowed = allowed
    }

    /// A URL that passed: its host and the address to connect to.
    public struct Target: Sendable, Equatable {
        public let url: URL
        public let host: String
        public let address: String
    }

    /// Why a URL was refused, in words for the person who gave it.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Addresses no webhook reaches unless allowed: RFC 6890's special-purpose ranges.
    static let nonPublic: [AddressRange] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
        "224.0.0.0/4", "240.0.0.0/4", "::/128", "::1/128", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23",
        "2001:db8::/32", "2002::/16", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    ].map { try! AddressRange($0) }

    /// Whether the address may be posted to.
    public func permits(_ address: [UInt8]) -> Bool {
        allowed.contains { $0.contains(address) } || !Self.nonPublic.contains { $0.contains(address) }
    }

    /// Checks a URL and resolves its host.
    public func vet(_ text: String) async throws(Refusal) -> Target {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else {
            throw Refusal(description: "the webhook URL must be an http or https URL without credentials")
        }
        let addresses = await Self.resolve(host)
        guard let first = addresses.first else { throw Refusal(description: "the webhook host \(host) does not resolve") }
        if let refused = addresses.first(where: { !permits($0) }) {
            throw Refusal(description: "the webhook host \(host) is a private, loopback or link-local address (\(AddressRange.text(of: refused))); webhooks go to public addresses")
        }
        return Target(url: url, host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, address: AddressRange.text(of: first))
    }

    /// The addresses `host` resolves to (a literal address resolves to itself), looked up
    /// on NIO's thread pool, off the event loops.
    static func resolve(_ host: String) async -> [[UInt8]] {
        if let literal = AddressRange.bytes(of: host) { return [literal] }
        return (try? await NIOThreadPool.singleton.runIfActive { lookup(host) }) ?? []
    }

    private static func lookup(_ host: String) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [[UInt8]] = []
        var node: UnsafeMutablePointer<addrinfo>? = list
        while let current = node {
            if let address = current.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        var raw = v4.pointee.sin_addr
                        addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        var raw = v6.pointee.sin6_addr
                        addresses.append(AddressRange.unmapped(withUnsafeBytes(of: &raw) { Array($0) }))
                    }
                default: break
                }
            }
            node = current.pointee.ai_next
        }
        return addresses
    }
}
