import Foundation
import Jadwal
import NIOHTTP1

/// The proxies whose word on the client is believed (`http.trusted_proxies`): a request
/// from one of them names its client in `Forwarded` (RFC 7239) or `X-Forwarded-For`. Any
/// other peer is the client itself, whatever it sends.
struct TrustedProxies: Sendable {
    let ranges: [AddressRange]

    static let none = TrustedProxies(ranges: [])

    init(ranges: [AddressRange]) {
        self.ranges = ranges
    }

    func trusts(_ address: String) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client of a request that came from `peer`: walking the forwarded chain from
    /// the nearest hop, the first address that is not a trusted proxy.
    func client(peer: String, headers: HTTPHeaders) -> String {
        guard !ranges.isEmpty, trusts(peer) else { return peer }
        var chain = Self.forwardedFor(headers)
        while let hop = chain.popLast() {
            if !trusts(hop) { return hop }
        }
        return peer
    }

    /// The addresses a request passed through, the client first: `Forwarded: for=` when
    /// present, else `X-Forwarded-For`.
    static func forwardedFor(_ headers: HTTPHeaders) -> [String] {
        let forwarded = headers["forwarded"]
        if !forwarded.isEmpty {
            return forwarded.flatMap { $0.split(separator: ",") }.compactMap { element in
                element.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.lowercased().hasPrefix("for=") }
                    .map { stripPort(String($0.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))) }
            }
        }
        return headers["x-forwarded-for"].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `[2001:db8::1]:4711` -> `2001:db8::1`, `192.0.2.1:80` -> `192.0.2.1`.
    static func stripPort(_ node: String) -> String {
        if node.hasPrefix("["), let end = node.firstIndex(of: "]") { return String(node[node.index(after: node.startIndex)..<end]) }
        if node.filter({ $0 == ":" }).count == 1, let colon = node.firstIndex(of: ":") { return String(node[..<colon]) }
        return node
    }
}
