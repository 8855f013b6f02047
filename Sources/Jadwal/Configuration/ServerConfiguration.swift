import Foundation
import Mail

/// How `jadwald serve` runs: read from a configuration file, then environment variables,
/// then command-line flags, each overriding the one before.
///
/// Every setting has one dotted name, used as the key in the file (`[tls]` then
/// `certificate = "..."`) and, upper-cased with `JADWAL_` in front and dots as `_`, as the
/// environment variable (`JADWAL_TLS_CERTIFICATE`).
public struct ServerConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The data directory (the SQLite file lives in it).
    public var data = "data"
    /// Where calendars and accounts live when not in SQLite under `data`: a PostgreSQL URL
    /// (or `sqlite:PATH`). Hidden in descriptions, since it may hold a password.
    public var storage: Secret?
    /// PEM files; TLS is on when both are set.
    public var tlsCertificate: String?
    public var tlsKey: String?
    /// The largest calendar object accepted, in bytes.
    public var maxResourceSize = 10 << 20
    /// The largest request body read, in bytes (XML reports, PROPPATCH, PUT).
    public var maxRequestBody = 11 << 20
    /// Memory for answers to repeated reads of unchanged calendars, in bytes (0: none kept).
    public var responseCacheBytes = 64 << 20
    /// Whether Baïkal's URL layout (`/dav.php/`) is answered: `on`, `off`, or `auto` (on
    /// once `jadwald migrate-baikal` has run on the database).
    public var baikalURLs = "auto"
    /// Whether invitations, updates and cancellations to people without an account here go
    /// out by email (iMIP); off, they are not sent (SCHEDULE-STATUS 5.3).
    public var schedulingEmail = true
    /// Request bodies held in memory on all connections together, in bytes.
    public var bodyMemory = 256 << 20
    /// Seconds to receive a request's head once its first byte came.
    public var headerTimeout = 20
    /// Seconds a request body may make no progress.
    public var bodyTimeout = 30
    /// Seconds a connection may wait, idle, for its next request.
    public var idleTimeout = 30
    /// Open connections at most; past it the longest idle ones are closed.
    public var maxConnections = 4096
    /// Proxies whose `Forwarded`, `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies: [AddressRange] = []
    /// Private, loopback or link-local addresses that webhooks may still reach (a local bridge).
    public var webhookAllow: [AddressRange] = []
    public var logLevel = "info"
    /// `logfmt` (key=value pairs) or `json` (one object per line).
    public var logFormat = "logfmt"
    /// The address people and devices reach the server at, for links in mail and setup
    /// profiles (`https://cal.example.org`); by default the listening address.
    public var publicURL: String?
    /// Whether signing in by email (or OpenID Connect) with an unknown address opens an account.
    public var signUp = false
    /// OpenID Connect sign-in ("Sign in with Google"): the issuer, its JWKS and this server's client ids.
    public var oidcIssuer: String?
    public var oidcKeySetURL: String?
    public var oidcClientIDs: [String] = []
    /// The iOS apps (`TEAMID.bundle.id`) that open this server's sign-in and setup links
    /// (`/.well-known/apple-app-site-association`); none by default.
    public var appleAppIDs: [String] = []
    /// A bearer token that authorizes the admin API, besides administrator accounts.
    public var adminToken: String?
    /// PEM files that sign setup profiles, so iOS shows them as verified; unsigned without.
    public var provisioningCertificate: String?
    public var provisioningKey: String?
    public var provisioningChain: String?
    /// The sender of the mail the server sends, `Name <address>` or an address.
    public var mailFrom = "Jadwal <jadwal@localhost>"
    /// The SMTP server; when unset, mail is written to the `outbox` folder in the data directory.
    public var smtpHost: String?
    public var smtpPort = 587
    /// `starttls`, `tls` or `none` (loopback servers only).
    public var smtpSecurity = SMTPConfiguration.Security.startTLS
    public var smtpUsername: String?
    public var smtpPassword: Secret?
    /// A file holding the SMTP password (one line), instead of `smtpPassword`.
    public var smtpPasswordFile: String?
    /// Seconds allowed to connect to the SMTP server and for each of its replies.
    public var smtpTimeout = 30
    /// PEM file of the authorities trusted for the SMTP server's certificate; the system's when unset.
    public var smtpCAFile: String?
    /// The key that seals the keys kept in the store (base64, 32 bytes): the same for every
    /// instance on one database. Else `secret_key_file`.
    public var secretKey: Secret?
    /// Where the secret key is kept, made at first start; default `DATA/keys/secret.key`.
    public var secretKeyFile: String?
    /// The key sealing chat messages at rest (base64, 32 bytes); else `chats.key_file`, else
    /// a key kept in the store.
    public var chatsKey: Secret?
    /// A file holding the chat key, made when missing.
    public var chatsKeyFile: String?
    /// The zone of users who set no place (IANA name); default the server's.
    public var chatsTimeZone: String?
    /// `builtin` (the default, no network) or `llm`.
    public var extractor = "builtin"
    /// An OpenAI-compatible endpoint's base URL (`https://api.openai.com/v1`).
    public var llmBaseURL: String?
    public var llmModel: String?
    public var llmAPIKey: Secret?
    public var llmAPIKeyFile: String?
    /// Seconds one LLM request may take.
    public var llmTimeout = 30
    /// The longest reply asked of the LLM (`max_tokens`); 0 leaves the field out.
    public var llmMaxTokens = 1024
    /// Pushes to the app through Apple's push service.
    public var push = PushSettings()
    /// The WhatsApp bridge the server drives for people who connect their WhatsApp.
    public var whatsApp = WhatsAppSettings()
    /// A MaxMind DB file of countries by IP address (GeoLite2-Country, DB-IP Country Lite):
    /// where the person's page guesses their country from; none by default.
    public var geoIPDatabase: String?

    /// A setting's value that must not be shown: it prints as `(hidden)`.
    public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
        public var value: String
        public init(_ value: String) { self.value = value }
        public var description: String { "(hidden)" }
        public var debugDescription: String { "(hidden)" }
    }

    /// A setting that could not be applied, naming where it came from.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public init() {}

    /// Every setting's name, for the documentation and for refusing unknown keys.
    public static let keys = ["host", "port", "data", "storage", "tls.certificate", "tls.key", "limits.max_resource_size",
                              "limits.max_request_body", "limits.response_cache_bytes", "limits.body_memory", "limits.header_timeout",
                              "limits.body_timeout", "limits.idle_timeout", "limits.max_connections", "http.trusted_proxies", "dav.baikal_urls",
                              "scheduling.email",
                              "webhooks.allow", "log.level", "log.format",
                              "public_url", "secret_key", "secret_key_file", "auth.sign_up", "auth.oidc.issuer", "auth.oidc.jwks_url", "auth.oidc.client_ids", "apple.app_ids", "geoip.database", "admin.token",
                              "provisioning.certificate", "provisioning.key", "provisioning.chain",
                              "mail.from", "smtp.host", "smtp.port", "smtp.security", "smtp.username", "smtp.password",
                              "smtp.password_file", "smtp.timeout", "smtp.ca_file",
                              "chats.key", "chats.key_file", "chats.time_zone",
                              "extraction.extractor", "extraction.llm.base_url", "extraction.llm.model", "extraction.llm.api_key",
                              "extraction.llm.api_key_file", "extraction.llm.timeout", "extraction.llm.max_tokens"] + PushSettings.keys + WhatsAppSettings.keys

    /// The environment variable of a setting: `tls.certificate` is `JADWAL_TLS_CERTIFICATE`.
    public static func environmentName(_ key: String) -> String {
        "JADWAL_" + key.uppercased().replacingOccurrences(of: ".", with: "_")
    }

    /// Applies a configuration file's text; `source` names it in messages.
    public mutating func apply(file text: String, source: String) throws(Problem) {
        let file: ConfigurationFile
        do { file = try ConfigurationFile(text) } catch { throw Problem(description: "\(source): \(error)") }
        for (key, value) in file.values.sorted(by: { $0.key < $1.key }) {
            try set(key, value, source: "\(source): \(key)")
        }
    }

    /// Applies the `JADWAL_*` variables present in `environment`.
    public mutating func apply(environment: [String: String]) throws(Problem) {
        for key in Self.keys {
            let name = Self.environmentName(key)
            if let value = environment[name] { try set(key, value, source: name) }
        }
    }

    /// Variables that are not settings but are read elsewhere.
    public static let otherEnvironmentNames: Set<String> = ["JADWAL_CONFIG", "JADWAL_TEST_MAIL_RETRY_SECONDS"]

    /// `JADWAL_*` variables in `environment` that nothing reads: a typo an operator would
    /// otherwise never hear about.
    public static func unknownEnvironmentNames(in environment: [String: String]) -> [String] {
        let known = Set(keys.map(environmentName)).union(otherEnvironmentNames)
        return environment.keys.filter { $0.hasPrefix("JADWAL_") && !known.contains($0) }.sorted()
    }

    /// Sets one setting from text.
    public mutating func set(_ key: String, _ value: String, source: String) throws(Problem) {
        func integer(_ range: ClosedRange<Int>) throws(Problem) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw Problem(description: "\(source) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'")
            }
            return number
        }
        func addressRanges() throws(Problem) -> [AddressRange] {
            do {
                return try value.split(whereSeparator: { $0 == "," || $0 == " " }).map { entry throws(AddressRange.ParseError) in try AddressRange(String(entry)) }
            } catch {
                throw Problem(description: "\(source): \(error.description); give addresses or CIDR ranges separated by commas")
            }
        }
        func nonEmpty() throws(Problem) -> String {
            guard !value.isEmpty else { throw Problem(description: "\(source) must not be empty") }
            return value
        }
        switch key {
        case "host": host = try nonEmpty()
        case "port": port = try integer(0...65535)
        case "data": data = try nonEmpty()
        case "storage": storage = Secret(try nonEmpty())
        case "tls.certificate": tlsCertificate = try nonEmpty()
        case "tls.key": tlsKey = try nonEmpty()
        case "limits.max_resource_size": maxResourceSize = try integer(1024...(1 << 30))
        case "limits.max_request_body": maxRequestBody = try integer(1024...(1 << 30))
        case "limits.response_cache_bytes": responseCacheBytes = try integer(0...(1 << 34))
        case "limits.body_memory": bodyMemory = try integer((1 << 20)...(1 << 36))
        case "limits.header_timeout": headerTimeout = try integer(1...3600)
        case "limits.body_timeout": bodyTimeout = try integer(1...3600)
        case "limits.idle_timeout": idleTimeout = try integer(1...86_400)
        case "limits.max_connections": maxConnections = try integer(8...1_000_000)
        case "http.trusted_proxies": trustedProxies = try addressRanges()
        case "dav.baikal_urls":
            guard ["auto", "on", "off"].contains(value) else { throw Problem(description: "\(source) must be auto, on or off") }
            baikalURLs = value
        case "scheduling.email":
            guard let flag = ["true": true, "false": false][value.lowercased()] else { throw Problem(description: "\(source) must be true or false") }
            schedulingEmail = flag
        case "webhooks.allow": webhookAllow = try addressRanges()
        case "log.level":
            guard ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(value) else {
                throw Problem(description: "\(source) must be one of trace, debug, info, notice, warning, error, critical")
            }
            logLevel = value
        case "log.format":
            guard ["logfmt", "json"].contains(value) else { throw Problem(description: "\(source) must be logfmt or json") }
            logFormat = value
        case "public_url":
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                  url.query == nil, url.fragment == nil else {
                throw Problem(description: "\(source) must be an http or https URL like https://cal.example.org, not '\(value)'")
            }
            publicURL = value.hasSuffix("/") ? String(value.dropLast()) : value
        case "secret_key":
            guard Data(base64Encoded: value.trimmingCharacters(in: .whitespaces))?.count == 32 else {
                throw Problem(description: "\(source) must be 32 bytes in base64 (openssl rand -base64 32)")
            }
            secretKey = Secret(value)
        case "secret_key_file": secretKeyFile = try nonEmpty()
        case "auth.sign_up":
            guard let flag = ["true": true, "false": false][value.lowercased()] else { throw Problem(description: "\(source) must be true or false") }
            signUp = flag
        case "auth.oidc.issuer": oidcIssuer = try nonEmpty()
        case "auth.oidc.jwks_url":
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw Problem(description: "\(source) must be an http or https URL")
            }
            oidcKeySetURL = value
        case "auth.oidc.client_ids":
            oidcClientIDs = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !oidcClientIDs.isEmpty else { throw Problem(description: "\(source) must list at least one client id") }
        case "apple.app_ids":
            appleAppIDs = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let shaped = appleAppIDs.allSatisfy { id in
                let parts = id.split(separator: ".", maxSplits: 1)
                return parts.count == 2 && parts[0].count == 10 && parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
                    && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
            }
            guard !appleAppIDs.isEmpty, shaped else {
                throw Problem(description: "\(source) must list app ids as TEAMID.bundle.id (a 10-character team id), separated by commas")
            }
        case "geoip.database": geoIPDatabase = try nonEmpty()
        case "admin.token":
            guard value.utf8.count >= 32 else { throw Problem(description: "\(source) must be at least 32 characters long") }
            adminToken = value
        case "provisioning.certificate": provisioningCertificate = try nonEmpty()
        case "provisioning.key": provisioningKey = try nonEmpty()
        case "provisioning.chain": provisioningChain = try nonEmpty()
        case "mail.from":
            do { _ = try MailAddress(parsing: value) } catch { throw Problem(description: "\(source): \(error)") }
            mailFrom = value
        case "smtp.host": smtpHost = try nonEmpty()
        case "smtp.port": smtpPort = try integer(1...65535)
        case "smtp.security":
            guard let security = SMTPConfiguration.Security(rawValue: value) else {
                throw Problem(description: "\(source) must be starttls, tls or none")
            }
            smtpSecurity = security
        case "smtp.username": smtpUsername = try nonEmpty()
        case "smtp.password": smtpPassword = Secret(try nonEmpty())
        case "smtp.password_file": smtpPasswordFile = try nonEmpty()
        case "smtp.timeout": smtpTimeout = try integer(1...600)
        case "smtp.ca_file": smtpCAFile = try nonEmpty()
        case "chats.key": chatsKey = Secret(try nonEmpty())
        case "chats.key_file": chatsKeyFile = try nonEmpty()
        case "chats.time_zone":
            guard TimeZone(identifier: value) != nil else { throw Problem(description: "\(source) must be an IANA time zone like Asia/Riyadh, not '\(value)'") }
            chatsTimeZone = value
        case "extraction.extractor":
            guard ["builtin", "llm"].contains(value) else { throw Problem(description: "\(source) must be builtin or llm, not '\(value)'") }
            extractor = value
        case "extraction.llm.base_url":
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw Problem(description: "\(source) must be an http(s) URL like https://api.openai.com/v1, not '\(value)'")
            }
            llmBaseURL = value
        case "extraction.llm.model": llmModel = try nonEmpty()
        case "extraction.llm.api_key": llmAPIKey = Secret(try nonEmpty())
        case "extraction.llm.api_key_file": llmAPIKeyFile = try nonEmpty()
        case "extraction.llm.timeout": llmTimeout = try integer(1...600)
        case "extraction.llm.max_tokens": llmMaxTokens = try integer(0...65536)
        case _ where key.hasPrefix("push."): try setPush(key, value, source: source)
        case _ where key.hasPrefix("whatsapp."): try setWhatsApp(key, value, source: source)
        default:
            throw Problem(description: "\(source) is not a setting; known: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// Checks the settings together, once all sources are applied.
    public func validate() throws(Problem) {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw Problem(description: "TLS needs both tls.certificate and tls.key")
        }
        if (provisioningCertificate == nil) != (provisioningKey == nil) {
            throw Problem(description: "signing setup profiles needs both provisioning.certificate and provisioning.key")
        }
        if provisioningChain != nil && provisioningCertificate == nil {
            throw Problem(description: "provisioning.chain needs provisioning.certificate and provisioning.key")
        }
        let oidc = [oidcIssuer == nil, oidcKeySetURL == nil, oidcClientIDs.isEmpty]
        if oidc.contains(true) && oidc.contains(false) {
            throw Problem(description: "OpenID Connect needs auth.oidc.issuer, auth.oidc.jwks_url and auth.oidc.client_ids together")
        }
        if bodyMemory < maxRequestBody {
            throw Problem(description: "limits.body_memory (\(bodyMemory)) must be at least limits.max_request_body (\(maxRequestBody))")
        }
        if maxRequestBody < maxResourceSize {
            throw Problem(description: "limits.max_request_body (\(maxRequestBody)) must be at least limits.max_resource_size (\(maxResourceSize))")
        }
        try validateMail()
        try validatePush()
        try validateWhatsApp()
        if extractor == "llm" && (llmBaseURL == nil || llmModel == nil) {
            throw Problem(description: "extraction.extractor = llm needs extraction.llm.base_url and extraction.llm.model")
        }
        if llmAPIKey != nil && llmAPIKeyFile != nil {
            throw Problem(description: "set extraction.llm.api_key or extraction.llm.api_key_file, not both")
        }
    }
}
