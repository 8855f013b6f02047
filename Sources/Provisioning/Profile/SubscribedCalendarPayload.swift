/// A `com.apple.subscribedcalendar.account` payload: a read-only calendar subscription,
/// such as the prayer-time feed.
///
/// Keys as Apple's Device Management reference documents them for the SubscribedCalendars
/// payload; `SubCalAccountHostName` holds the feed's whole URL.
public struct SubscribedCalendarPayload: ProfilePayload {
    /// The feed's URL, `SubCalAccountHostName`.
    public var url: String
    /// The subscription's name in Settings, `SubCalAccountDescription`.
    public var accountDescription: String
    /// Whether the subscription uses TLS, `SubCalAccountUseSSL`.
    public var useSSL: Bool
    /// The user name for a feed behind a login, `SubCalAccountUsername`.
    public var userName: String?
    /// The password for a feed behind a login, `SubCalAccountPassword`.
    public var password: String?

    /// A subscription to `url`; `useSSL` defaults to whether the URL is `https`.
    public init(url: String, accountDescription: String, useSSL: Bool? = nil, userName: String? = nil, password: String? = nil) {
        self.url = url
        self.accountDescription = accountDescription
        self.useSSL = useSSL ?? url.lowercased().hasPrefix("https:")
        self.userName = userName
        self.password = password
    }

    public var payloadType: String { "com.apple.subscribedcalendar.account" }
    public var identifierSuffix: String { "subscription" }
    public var displayName: String { accountDescription }

    public var settings: [String: PropertyListValue] {
        var keys: [String: PropertyListValue] = [
            "SubCalAccountHostName": .string(url),
            "SubCalAccountDescription": .string(accountDescription),
            "SubCalAccountUseSSL": .boolean(useSSL),
        ]
        if let userName { keys["SubCalAccountUsername"] = .string(userName) }
        if let password { keys["SubCalAccountPassword"] = .string(password) }
        return keys
    }

    public func validate() throws(ProfileError) {
        let lowered = url.lowercased()
        guard ["http://", "https://", "webcal://"].contains(where: { lowered.hasPrefix($0) && lowered.count > $0.count })
        else { throw .invalidURL(field: "feed URL") }
    }
}
