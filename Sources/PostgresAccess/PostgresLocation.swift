import Foundation
import PostgresNIO

/// Where a PostgreSQL database is and how to sign in to it, read from a storage URL in
/// libpq's form:
///
/// ```
/// postgres://jadwal:secret@db.example:5432/jadwal?sslmode=require
/// postgresql:///jadwal?host=/var/run/postgresql
/// ```
///
/// The scheme is `postgres` or `postgresql`. User, password and host may come in the
/// authority or as the query options `user`, `password`, `host` and `port`; a `host` that
/// starts with `/` is the directory of the server's Unix socket (`.s.PGSQL.<port>`). With
/// no host at all, the socket in `/var/run/postgresql` is used, as Debian's libpq does.
/// `sslmode` is `disable` (the default) or `require` (TLS, the certificate checked
/// against the system's trust roots and the host name; `verify-full` means the same).
///
/// The password never appears in ``description``, ``debugDescription`` or a mirror.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// How the server is reached.
    public enum Endpoint: Sendable, Hashable {
        /// A TCP connection to `host` (a name, an IPv4 or an IPv6 address) and `port`.
        case tcp(host: String, port: Int)
        /// The Unix socket file at `path`.
        case unixSocket(path: String)
    }

    /// Whether the connection is encrypted.
    public enum TLSMode: String, Sendable, Hashable {
        /// Plain connections.
        case disable
        /// TLS, with the server's certificate and host name verified against the system's trust roots.
        case require
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// The port PostgreSQL listens on unless told otherwise.
    public static let defaultPort = 5432
    /// The socket directory used when a URL names no host (Debian's).
    public static let defaultSocketDirectory = "/var/run/postgresql"

    public init(endpoint: Endpoint, user: String, password: String? = nil, database: String, tls: TLSMode = .disable) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Reads a storage URL.
    ///
    /// A missing user is the name of the user running the process and a missing database
    /// is the user's name, as in libpq.
    /// - Throws: ``PostgresLocationError`` when the URL is malformed, names an option this
    ///   reader does not know, or asks for TLS over a Unix socket. The error never quotes
    ///   the URL, so it never holds the password.
    public init(url text: String) throws(PostgresLocationError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresLocationError("the storage URL is not a valid URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresLocationError("the storage URL's scheme must be postgres or postgresql")
        }
        guard components.fragment == nil else { throw PostgresLocationError("the storage URL must have no fragment") }

        var user = components.user.flatMap { $0.isEmpty ? nil : $0 }
        var password = components.password
        var host = components.host.flatMap { $0.isEmpty ? nil : Self.unbracketed($0) }
        var port = components.port
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "user": user = value
            case "password": password = value
            case "host": host = value
            case "dbname": throw PostgresLocationError("name the database in the storage URL's path, not with dbname")
            case "port":
                guard let number = Int(value) else { throw PostgresLocationError("the storage URL's port is not a number") }
                port = number
            case "sslmode":
                switch value {
                case "disable": tls = .disable
                case "require", "verify-full": tls = .require
                default: throw PostgresLocationError("the storage URL's sslmode must be disable or require")
                }
            default:
                throw PostgresLocationError("the storage URL has an unknown option '\(item.name)'")
            }
        }
        let port0 = port ?? Self.defaultPort
        guard (1...65535).contains(port0) else { throw PostgresLocationError("the storage URL's port is out of range") }

        var path = components.path
        if path.hasPrefix("/") { path.removeFirst() }
        guard !path.contains("/") else { throw PostgresLocationError("the storage URL's path must be just the database name") }

        let resolvedUser = user ?? ProcessInfo.processInfo.userName
        guard !resolvedUser.isEmpty else { throw PostgresLocationError("the storage URL names no user") }
        let endpoint: Endpoint
        switch host {
        case let directory? where directory.hasPrefix("/"):
            endpoint = .unixSocket(path: Self.socketPath(directory: directory, port: port0))
        case let name?:
            endpoint = .tcp(host: name, port: port0)
        case nil:
            endpoint = .unixSocket(path: Self.socketPath(directory: Self.defaultSocketDirectory, port: port0))
        }
        if case .unixSocket = endpoint, tls == .require {
            throw PostgresLocationError("the storage URL asks for TLS over a Unix socket, which is not supported")
        }
        self.init(endpoint: endpoint, user: resolvedUser, password: password, database: path.isEmpty ? resolvedUser : path, tls: tls)
    }

    /// The socket file PostgreSQL creates in `directory` for `port`.
    public static func socketPath(directory: String, port: Int = defaultPort) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + ".s.PGSQL.\(port)"
    }

    /// The URL again, without the password.
    public var description: String {
        var text = "postgresql://" + Self.encoded(user, allowed: .urlUserAllowed)
        if password != nil { text += ":********" }
        switch endpoint {
        case .tcp(let host, let port):
            text += "@" + (host.contains(":") ? "[\(host)]" : host) + ":\(port)/" + Self.encoded(database, allowed: .urlPathAllowed)
        case .unixSocket(let path):
            let file = (path as NSString).lastPathComponent
            let directory = (path as NSString).deletingLastPathComponent
            let port = file.hasPrefix(".s.PGSQL.") ? Int(file.dropFirst(".s.PGSQL.".count)) : nil
            text += "@/" + Self.encoded(database, allowed: .urlPathAllowed)
            if let port {
                text += "?host=" + Self.encoded(directory, allowed: .urlPathAllowed).replacingOccurrences(of: "%2F", with: "/")
                if port != Self.defaultPort { text += "&port=\(port)" }
            } else {
                text += "?socket=" + path
            }
        }
        if tls == .require { text += (text.contains("?") ? "&" : "?") + "sslmode=require" }
        return text
    }

    public var debugDescription: String { "PostgresLocation(\(description))" }

    /// A mirror with the password left out, so `dump` and debuggers never show it.
    public var customMirror: Mirror {
        Mirror(self, children: ["endpoint": endpoint, "user": user, "database": database, "tls": tls], displayStyle: .struct)
    }

    /// The configuration of a postgres-nio client for this location.
    public var clientConfiguration: PostgresClient.Configuration {
        switch endpoint {
        case .unixSocket(let path):
            return PostgresClient.Configuration(unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let mode: PostgresClient.Configuration.TLS = switch tls {
            case .disable: .disable
            case .require: .require(.makeClientConfiguration())
            }
            return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: mode)
        }
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func encoded(_ text: String, allowed: CharacterSet) -> String {
        var allowed = allowed
        allowed.remove(charactersIn: ":@/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
