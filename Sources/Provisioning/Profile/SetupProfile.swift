/// The two profiles a setup link hands out, made from the server's configuration.
public enum SetupProfile {
    /// A profile with one CalDAV account for `userName` on `publicHost`.
    ///
    /// - Parameters:
    ///   - publicHost: the configured public host, with an optional `:port`.
    ///   - port: the port clients connect to; `nil` takes the port in `publicHost`, else the
    ///     default for `useSSL` (the payload then carries no `CalDAVPort`).
    ///   - principalPath: the user's principal, for example `/principals/amal/`.
    ///   - appPassword: a password made for this one device, never the account's own.
    public static func calDAVAccount(publicHost: String, port: Int? = nil, useSSL: Bool, principalPath: String,
                                     userName: String, appPassword: String,
                                     organization: String = "Jadwal") throws(ProfileError) -> ConfigurationProfile {
        let host = try PublicHost(publicHost)
        let account = CalDAVAccountPayload(
            hostName: host.name, port: port ?? host.port, useSSL: useSSL, principalURL: principalPath,
            userName: userName, password: appPassword, accountDescription: "\(organization) (\(userName))")
        return try ConfigurationProfile(
            identifier: ProfileIdentifier(host: host, suffix: ["caldav", userName]),
            displayName: "\(organization) calendar for \(userName)", organization: organization,
            description: "Adds the \(organization) calendar account \(userName) on \(host.name) to the Calendar app.",
            payloads: [account])
    }

    /// A profile with one calendar subscription to the prayer-time feed at `feedURL`.
    public static func prayerFeed(publicHost: String, feedURL: String, userName: String, password: String? = nil,
                                  organization: String = "Jadwal") throws(ProfileError) -> ConfigurationProfile {
        let host = try PublicHost(publicHost)
        let feed = SubscribedCalendarPayload(
            url: feedURL, accountDescription: "\(organization) prayer times (\(userName))",
            userName: password == nil ? nil : userName, password: password)
        return try ConfigurationProfile(
            identifier: ProfileIdentifier(host: host, suffix: ["prayer", userName]),
            displayName: "\(organization) prayer times for \(userName)", organization: organization,
            description: "Subscribes the Calendar app to the prayer times of \(userName) on \(host.name).",
            payloads: [feed])
    }
}
