/// Where and how ``SMTPClient`` reaches its server.
public struct SMTPConfiguration: Sendable, Hashable {
    /// How the connection is protected.
    public enum Security: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP, then the STARTTLS command (RFC 3207); refuses to go on in clear when the
        /// server does not offer it. The usual choice on port 587.
        case startTLS = "starttls"
        /// TLS from the first byte ("implicit TLS", RFC 8314), the usual choice on port 465.
        case tls
        /// No encryption at all: allowed only to a server on the loopback address.
        case none
    }

    /// The user name and password for SMTP AUTH (PLAIN or LOGIN, RFC 4954).
    public struct Credentials: Sendable, Hashable, CustomStringConvertible {
        public var username: String
        public var password: String

        /// A user name and its password.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }

        /// The user name only: credentials never show their password.
        public var description: String { "\(username) (password hidden)" }
    }

    /// The server's name or IP address.
    public var host: String
    /// 587 for submission with STARTTLS, 465 for implicit TLS.
    public var port: Int
    public var security: Security
    /// For AUTH; none means the server is used without logging in.
    public var credentials: Credentials?
    /// Seconds allowed for connecting and for each reply.
    public var timeout: Int
    /// A PEM file of trusted certificate authorities; the system's roots when `nil`.
    public var caFile: String?
    /// The name given in EHLO.
    public var clientName: String

    /// Settings for the server at `host`; STARTTLS on port 587 and a 30-second timeout by default.
    public init(host: String, port: Int = 587, security: Security = .startTLS, credentials: Credentials? = nil,
                timeout: Int = 30, caFile: String? = nil, clientName: String = "localhost") {
        self.host = host
        self.port = port
        self.security = security
        self.credentials = credentials
        self.timeout = timeout
        self.caFile = caFile
        self.clientName = clientName
    }

    /// Whether `host` names this machine's loopback interface: `localhost`, `::1` or an
    /// IPv4 address in 127.0.0.0/8 (not a name that merely starts with `127.`).
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
