import Foundation
import Jadwal

/// Where setup links and mail point, and what is wrong with that for a phone: links to
/// the listening address of a server bound to all interfaces (`0.0.0.0`) or to loopback
/// lead nowhere from a phone, and iOS will not sign in with a password over plain http.
enum PublicURLAdvice {
    /// The URL to build links with: `public_url`, else the listening address, with the
    /// machine's name for an address bound to all interfaces.
    static func url(_ settings: ServerConfiguration) -> String {
        if let publicURL = settings.publicURL { return publicURL }
        let host = ["0.0.0.0", "::", "[::]"].contains(settings.host) ? ProcessInfo.processInfo.hostName : settings.host
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(settings.tlsCertificate == nil ? "http" : "https")://\(shown):\(settings.port)"
    }

    /// What an operator should hear about `url` (the one links are built with).
    static func warnings(_ settings: ServerConfiguration, url: String) -> [String] {
        var warnings: [String] = []
        let host = URL(string: url)?.host ?? ""
        if settings.publicURL == nil {
            let local = ["127.0.0.1", "localhost", "::1"].contains(host) || host.hasPrefix("127.")
            warnings.append("public_url is not set, so setup links and mail point at \(url)" +
                            (local ? ", which only this machine can reach" : ", the listening address") +
                            "; set public_url to the address phones reach the server at")
        }
        if url.lowercased().hasPrefix("http://") {
            warnings.append("\(url) is plain http: iOS and macOS refuse to sign in to CalDAV with a password over http, " +
                            "so setup profiles will not work; give the server a certificate (tls.certificate, tls.key) " +
                            "or put an https proxy in front of it and set public_url to its https address")
        }
        return warnings
    }
}
