/// The two profiles a setup link hands out, made from the server's configuration.
public enum SetupProfile {
    /// A profile with the accounts of `userName` on `publicHost`: a CalDAV account for the
    /// Calendar app and a CardDAV account for the Contacts app, so one tap sets up both.
    ///
    /// - Parameters:
    ///   - publicHost: the configured public host, with an optional `:port`.
    ///   - port: the port clients connect to; `nil` takes the port in `publicHost`, else the
    ///     default for `useSSL` (the payloads then carry no port).
    ///   - principalPath: the user's principal, for example `/principals/amal/`.
    ///   - appPassword: a password made for this one device, never the account's own.
    public static func calDAVAccount(publicHost: String, port: Int? = nil, useSSL: Bool, principalPath: String,
                                     userName: String, appPassword: String,
                                     organization: String = "Jadwal") throws(ProfileError) -> ConfigurationProfile {
        let host = try PublicHost(publicHost)
        let accounts = [DAVAccountPayload.Service.calDAV, .cardDAV].map { service in
            DAVAccountPayload(
                hostName: host.name, port: port ?? host.port, useSSL: useSSL, principalURL: principalPath,
                userName: userName, password: appPassword,
                accountDescription: "\(organization) \(service == .calDAV ? "calendar" : "contacts") (\(userName))", service: service)
        }
        return try ConfigurationProfile(
            identifier: ProfileIdentifier(host: host, suffix: ["caldav", userName]),
            displayName: "\(organization) calendar and contacts for \(userName)", organization: organization,
            description: "Adds the \(organization) account \(userName) on \(host.name) to the Calendar and Contacts apps.",
            payloads: accounts)
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
