import Foundation
import Provisioning
import Testing

@Suite struct ConfigurationProfileTests {
    static func calDAV(user: String = "amal", password: String = "app-pass-1234",
                       host: String = "cal.example.org") throws -> ConfigurationProfile {
        try SetupProfile.calDAVAccount(publicHost: host, useSSL: true, principalPath: "/principals/\(user)/",
                                       userName: user, appPassword: password)
    }

    /// Parses a profile back with Foundation's own property-list reader.
    static func parse(_ profile: ConfigurationProfile) throws -> [String: Any] {
        let object = try PropertyListSerialization.propertyList(from: profile.propertyList(), options: [], format: nil)
        return try #require(object as? [String: Any])
    }

    @Test func calDAVProfileHasTheDocumentedKeysAndTypes() throws {
        let top = try Self.parse(Self.calDAV())
        #expect(Set(top.keys) == ["PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName",
                                  "PayloadOrganization", "PayloadDescription", "PayloadContent", "PayloadRemovalDisallowed"])
        #expect(top["PayloadType"] as? String == "Configuration")
        #expect(top["PayloadVersion"] as? Int == 1)
        #expect(top["PayloadIdentifier"] as? String == "org.example.cal.jadwal.caldav.amal")
        #expect(top["PayloadRemovalDisallowed"] as? Bool == false)
        #expect(top["PayloadOrganization"] as? String == "Jadwal")
        #expect(UUID(uuidString: try #require(top["PayloadUUID"] as? String)) != nil)
        let content = try #require(top["PayloadContent"] as? [[String: Any]])
        #expect(content.count == 2)
        let account = content[0]
        #expect(Set(account.keys) == ["PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName",
                                      "CalDAVAccountDescription", "CalDAVHostName", "CalDAVUseSSL", "CalDAVPrincipalURL",
                                      "CalDAVUsername", "CalDAVPassword"])
        #expect(account["PayloadType"] as? String == "com.apple.caldav.account")
        #expect(account["PayloadVersion"] as? Int == 1)
        #expect(account["PayloadIdentifier"] as? String == "org.example.cal.jadwal.caldav.amal.caldav")
        #expect(account["CalDAVHostName"] as? String == "cal.example.org")
        #expect(account["CalDAVUseSSL"] as? Bool == true)
        #expect(account["CalDAVPrincipalURL"] as? String == "/principals/amal/")
        #expect(account["CalDAVUsername"] as? String == "amal")
        #expect(account["CalDAVPassword"] as? String == "app-pass-1234")
        // The same account for the Contacts app, in the same keys prefixed CardDAV.
        let contacts = content[1]
        #expect(Set(contacts.keys) == ["PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName",
                                       "CardDAVAccountDescription", "CardDAVHostName", "CardDAVUseSSL", "CardDAVPrincipalURL",
                                       "CardDAVUsername", "CardDAVPassword"])
        #expect(contacts["PayloadType"] as? String == "com.apple.carddav.account")
        #expect(contacts["PayloadIdentifier"] as? String == "org.example.cal.jadwal.caldav.amal.carddav")
        #expect(contacts["CardDAVPrincipalURL"] as? String == "/principals/amal/")
        #expect(contacts["CardDAVPassword"] as? String == "app-pass-1234")
        #expect(contacts["PayloadUUID"] as? String != account["PayloadUUID"] as? String)
    }

    @Test func portComesFromTheHostOrTheArgument() throws {
        let fromHost = try SetupProfile.calDAVAccount(publicHost: "cal.example.org:8443", useSSL: true, principalPath: "/p/",
                                                      userName: "amal", appPassword: "x")
        let account = try #require((try Self.parse(fromHost)["PayloadContent"] as? [[String: Any]])?.first)
        #expect(account["CalDAVPort"] as? Int == 8443)
        #expect(account["CalDAVHostName"] as? String == "cal.example.org")
        let explicit = try SetupProfile.calDAVAccount(publicHost: "cal.example.org:8443", port: 443, useSSL: true,
                                                      principalPath: "/p/", userName: "amal", appPassword: "x")
        #expect((try Self.parse(explicit)["PayloadContent"] as? [[String: Any]])?.first?["CalDAVPort"] as? Int == 443)
        #expect(throws: ProfileError.invalidPort(70000)) {
            try SetupProfile.calDAVAccount(publicHost: "cal.example.org", port: 70000, useSSL: true, principalPath: "/p/",
                                           userName: "amal", appPassword: "x")
        }
    }

    @Test func prayerFeedProfileHasTheSubscriptionKeys() throws {
        let profile = try SetupProfile.prayerFeed(publicHost: "cal.example.org",
                                                  feedURL: "https://cal.example.org/feeds/prayer/amal.ics?token=abc",
                                                  userName: "amal")
        let top = try Self.parse(profile)
        #expect(top["PayloadIdentifier"] as? String == "org.example.cal.jadwal.prayer.amal")
        let feed = try #require((top["PayloadContent"] as? [[String: Any]])?.first)
        #expect(Set(feed.keys) == ["PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName",
                                   "SubCalAccountHostName", "SubCalAccountDescription", "SubCalAccountUseSSL"])
        #expect(feed["PayloadType"] as? String == "com.apple.subscribedcalendar.account")
        #expect(feed["SubCalAccountHostName"] as? String == "https://cal.example.org/feeds/prayer/amal.ics?token=abc")
        #expect(feed["SubCalAccountUseSSL"] as? Bool == true)

        let withLogin = try SetupProfile.prayerFeed(publicHost: "cal.example.org", feedURL: "http://cal.example.org/f.ics",
                                                    userName: "amal", password: "app-pass")
        let loginFeed = try #require((try Self.parse(withLogin)["PayloadContent"] as? [[String: Any]])?.first)
        #expect(loginFeed["SubCalAccountUsername"] as? String == "amal")
        #expect(loginFeed["SubCalAccountPassword"] as? String == "app-pass")
        #expect(loginFeed["SubCalAccountUseSSL"] as? Bool == false)
        #expect(throws: ProfileError.invalidURL(field: "feed URL")) {
            try SetupProfile.prayerFeed(publicHost: "cal.example.org", feedURL: "javascript:alert(1)", userName: "amal")
        }
    }

    @Test func everyProfileGetsFreshUUIDs() throws {
        var seen = Set<String>()
        for _ in 0..<20 {
            let profile = try ConfigurationProfile(
                identifier: ProfileIdentifier(host: PublicHost("cal.example.org"), suffix: ["both", "amal"]),
                displayName: "Both", organization: "Jadwal", description: "Two payloads",
                payloads: [
                    CalDAVAccountPayload(hostName: "cal.example.org", port: nil, useSSL: true, principalURL: "/p/",
                                         userName: "amal", password: "x", accountDescription: "Cal"),
                    SubscribedCalendarPayload(url: "https://cal.example.org/f.ics", accountDescription: "Feed"),
                    SubscribedCalendarPayload(url: "https://cal.example.org/g.ics", accountDescription: "Feed 2"),
                ])
            let top = try Self.parse(profile)
            let content = try #require(top["PayloadContent"] as? [[String: Any]])
            for uuid in [top["PayloadUUID"]] + content.map({ $0["PayloadUUID"] }) {
                #expect(seen.insert(try #require(uuid as? String)).inserted)
            }
            #expect(content.map { $0["PayloadIdentifier"] as? String } == [
                "org.example.cal.jadwal.both.amal.caldav", "org.example.cal.jadwal.both.amal.subscription",
                "org.example.cal.jadwal.both.amal.subscription2",
            ])
            // The same value writes the same bytes.
            #expect(profile.propertyList() == profile.propertyList())
        }
        #expect(seen.count == 80)
    }

    @Test func markupQuotesAndNonASCIITextSurviveTheRoundTrip() throws {
        let tricky = "Amal & <Omar> \"quoted\" 'single' ]]> صلاة 日本 émoji 🕌 tab\tcr\rlf\n"
        let profile = try ConfigurationProfile(
            identifier: ProfileIdentifier(host: PublicHost("cal.example.org"), suffix: ["caldav", "amal"]),
            displayName: tricky, organization: "Org & Co", description: tricky,
            payloads: [CalDAVAccountPayload(hostName: "cal.example.org", port: 443, useSSL: true, principalURL: "/principals/a&b/",
                                            userName: "عمر<&>", password: "p&ss<word>\"'", accountDescription: tricky)])
        let xml = String(decoding: profile.propertyList(), as: UTF8.self)
        #expect(xml.contains("Amal &amp; &lt;Omar&gt; &quot;quoted&quot; &apos;single&apos; ]]&gt; صلاة"))
        #expect(xml.contains("cr&#13;lf"))
        let top = try Self.parse(profile)
        #expect(top["PayloadDisplayName"] as? String == tricky)
        #expect(top["PayloadOrganization"] as? String == "Org & Co")
        let account = try #require((top["PayloadContent"] as? [[String: Any]])?.first)
        #expect(account["CalDAVUsername"] as? String == "عمر<&>")
        #expect(account["CalDAVPassword"] as? String == "p&ss<word>\"'")
        #expect(account["CalDAVAccountDescription"] as? String == tricky)
        #expect(account["CalDAVPrincipalURL"] as? String == "/principals/a&b/")
    }

    @Test func badTextIsRefusedWithoutShowingIt() throws {
        #expect(throws: ProfileError.unrepresentableText(field: "CalDAVPassword")) {
            try Self.calDAV(password: "secret\u{0}value")
        }
        let error = #expect(throws: ProfileError.self) { try Self.calDAV(password: "secret\u{1B}value") }
        #expect(error?.description.contains("secret") == false)
        #expect(throws: ProfileError.fieldTooLong(field: "CalDAVPassword", limit: ConfigurationProfile.maximumFieldBytes)) {
            try Self.calDAV(password: String(repeating: "x", count: 5000))
        }
        #expect(throws: ProfileError.emptyField("password")) { try Self.calDAV(password: "") }
        #expect(throws: ProfileError.payloadCount(0)) {
            try ConfigurationProfile(identifier: ProfileIdentifier(host: PublicHost("a.example"), suffix: ["x"]),
                                     displayName: "", organization: "", description: "", payloads: [])
        }
    }
}
