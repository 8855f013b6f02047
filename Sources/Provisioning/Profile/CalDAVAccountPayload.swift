/// A `com.apple.caldav.account` payload: a CalDAV account in the Calendar app.
///
/// Keys as Apple's Device Management reference documents them for the CalDAV payload.
public struct CalDAVAccountPayload: ProfilePayload {
    /// The server's host name (no scheme, no port), `CalDAVHostName`.
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
                password: String, accountDescription: String) {
        self.hostName = hostName
        self.port = port
        self.useSSL = useSSL
        self.principalURL = principalURL
        self.userName = userName
        self.password = password
        self.accountDescription = accountDescription
    }

    public var payloadType: String { "com.apple.caldav.account" }
    public var identifierSuffix: String { "caldav" }
    public var displayName: String { accountDescription }

    public var settings: [String: PropertyListValue] {
        var keys: [String: PropertyListValue] = [
            "CalDAVAccountDescription": .string(accountDescription),
            "CalDAVHostName": .string(hostName),
            "CalDAVUseSSL": .boolean(useSSL),
            "CalDAVPrincipalURL": .string(principalURL),
            "CalDAVUsername": .string(userName),
            "CalDAVPassword": .string(password),
        ]
        if let port { keys["CalDAVPort"] = .integer(port) }
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
