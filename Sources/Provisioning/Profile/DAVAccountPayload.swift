/// A `com.apple.caldav.account` payload (a CalDAV account in the Calendar app) or a
/// `com.apple.carddav.account` payload (a CardDAV account in the Contacts app): the same
/// keys, prefixed `CalDAV` or `CardDAV`, as Apple's Device Management reference documents them.
public struct DAVAccountPayload: ProfilePayload {
    /// Which app the account is for.
    public enum Service: Sendable {
        case calDAV, cardDAV

        /// The prefix of the payload's keys.
        var keyPrefix: String { self == .calDAV ? "CalDAV" : "CardDAV" }
        /// The payload type's and identifier's middle word.
        var name: String { self == .calDAV ? "caldav" : "carddav" }
    }

    public var service: Service
    /// The server's host name (no scheme, no port), `CalDAVHostName` (or `CardDAVHostName`, and so on).
    public var hostName: String
    /// The server's port, `CalDAVPort`; `nil` leaves the default for `useSSL`.
    public var port: Int?
    /// Whether the account connects over TLS, `CalDAVUseSSL`.
    public var useSSL: Bool
    /// The path of the user's principal, for example `/principals/amal/`, `CalDAVPrincipalURL`.
    public var principalURL: String
    /// The user name the account logs in with, `CalDAVUsername`.
    public var userName: String
    /// The password the account logs in with, `CalDAVPassword`: an app password made for
    /// this one device, never the user's own password.
    public var password: String
    /// The account's name in Settings, `CalDAVAccountDescription`.
    public var accountDescription: String

    public init(hostName: String, port: Int?, useSSL: Bool, principalURL: String, userName: String,
                password: String, accountDescription: String, service: Service = .calDAV) {
        self.service = service
        self.hostName = hostName
        self.port = port
        self.useSSL = useSSL
        self.principalURL = principalURL
        self.userName = userName
        self.password = password
        self.accountDescription = accountDescription
    }

    public var payloadType: String { "com.apple.\(service.name).account" }
    public var identifierSuffix: String { service.name }
    public var displayName: String { accountDescription }

    public var settings: [String: PropertyListValue] {
        let prefix = service.keyPrefix
        var keys: [String: PropertyListValue] = [
            prefix + "AccountDescription": .string(accountDescription),
            prefix + "HostName": .string(hostName),
            prefix + "UseSSL": .boolean(useSSL),
            prefix + "PrincipalURL": .string(principalURL),
            prefix + "Username": .string(userName),
            prefix + "Password": .string(password),
        ]
        if let port { keys[prefix + "Port"] = .integer(port) }
        return keys
    }

    public func validate() throws(ProfileError) {
        if let port, !(1...65535).contains(port) { throw .invalidPort(port) }
        for (field, value) in [("host name", hostName), ("user name", userName), ("password", password)] where value.isEmpty {
            throw .emptyField(field)
        }
        guard principalURL.hasPrefix("/") else { throw .invalidURL(field: "principal URL") }
    }
}

/// The CalDAV account payload, as profiles made before contacts name it.
public typealias CalDAVAccountPayload = DAVAccountPayload
