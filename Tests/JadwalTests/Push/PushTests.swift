import CalDAVCore
import DAVTesting
import Foundation
import JWTKit
import Testing
import WebDAV
@testable import Jadwal

/// Pushes without the network: the devices' store on SQLite and PostgreSQL, what APNs'
/// answers mean, the provider token, the alert texts, and the background pushes that
/// follow calendar changes. The HTTP/2 exchange with an APNs look-alike is in the
/// end-to-end tests (test_push.py).
struct PushTests {
    static let now = 1_795_435_200
    static func token(_ byte: Int) -> String { String(repeating: String(format: "%02x", byte), count: 32) }

    @Test("device tokens and topics are checked")
    func shapes() {
        #expect(PushDevice.normalizedToken(Self.token(0xAB).uppercased()) == Self.token(0xAB))
        for bad in ["", "abc", String(repeating: "g", count: 64), String(Self.token(1).dropLast()), String(repeating: "ab", count: 101)] {
            #expect(PushDevice.normalizedToken(bad) == nil)
        }
        #expect(PushDevice.isTopic("org.jadwal.app") && !PushDevice.isTopic("jadwal") && !PushDevice.isTopic("org.jadwal.app/x"))
    }

    @Test("devices register, move between accounts, are capped and forgotten", arguments: StoreEngine.allCases)
    func store(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            for name in ["amal", "omar"] { try await fixture.accounts.accounts.create(name: name, password: "password of \(name)") }
            let devices = fixture.accounts.pushDevices
            let phone = try await devices.register(account: "amal", token: Self.token(1), platform: "ios", environment: .production,
                                                   topic: "org.jadwal.app", now: Self.now)
            // The sandbox token with the same digits is another device.
            _ = try await devices.register(account: "amal", token: Self.token(1), platform: "ios", environment: .sandbox, topic: "org.jadwal.app", now: Self.now)
            #expect(try await fixture.other.pushDevices.devices(of: "amal").count == 2)
            let moved = try await devices.register(account: "omar", token: Self.token(1), platform: "ios", environment: .production,
                                                   topic: "org.jadwal.app", now: Self.now + 5)
            #expect(moved.id == phone.id && moved.createdAt == Self.now)
            #expect(try await devices.devices(of: "amal").map(\.environment) == [.sandbox])
            #expect(try await devices.remove(id: phone.id, of: "amal") == false)
            try await devices.forget(id: phone.id, token: Self.token(2))
            #expect(try await devices.device(id: phone.id) != nil)
            try await devices.forget(id: phone.id, token: Self.token(1))
            #expect(try await devices.device(id: phone.id) == nil)

            for n in 0..<(PushDeviceStore.maxPerAccount + 3) {
                _ = try await devices.register(account: "omar", token: Self.token(16 + n), platform: "ios", environment: .production,
                                               topic: "org.jadwal.app", now: Self.now + n)
            }
            let kept = try await devices.devices(of: "omar")
            #expect(kept.count == PushDeviceStore.maxPerAccount && kept.first?.token == Self.token(19))
            try await fixture.accounts.accounts.delete(name: "omar")
            #expect(try await devices.devices(of: "omar").isEmpty)
        }
    }

    @Test("APNs' answers: delivered, retried, the device forgotten, or given up")
    func outcomes() {
        #expect(APNsClient.outcome(status: 200, reason: nil, apnsID: "A") == .delivered("A"))
        for (status, reason) in [(410, "Unregistered"), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic")] {
            guard case .forgetDevice = APNsClient.outcome(status: status, reason: reason, apnsID: nil) else { Issue.record("\(status) \(reason)"); continue }
        }
        for (status, reason) in [(429, "TooManyRequests"), (500, "InternalServerError"), (503, "ServiceUnavailable"), (403, "ExpiredProviderToken")] {
            guard case .retry = APNsClient.outcome(status: status, reason: reason, apnsID: nil) else { Issue.record("\(status) \(reason)"); continue }
        }
        for (status, reason) in [(400, "BadTopic"), (403, "InvalidProviderToken"), (413, "PayloadTooLarge"), (400, "TopicDisallowed")] {
            guard case .failed = APNsClient.outcome(status: status, reason: reason, apnsID: nil) else { Issue.record("\(status) \(reason)"); continue }
        }
    }

    @Test("the provider token is an ES256 JWT of the team, kept 40 minutes, renewed when APNs says it expired")
    func providerToken() async throws {
        let key = ES256PrivateKey()
        let provider = try await APNsProviderToken(privateKeyPEM: key.pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
        let first = try await provider.token(now: Self.now)
        let verifier = JWTKeyCollection()
        await verifier.add(ecdsa: key.publicKey, kid: "ABC123DEFG")
        let claims = try await verifier.verify(first, as: APNsProviderClaims.self)
        #expect(claims.iss.value == "TEAM123456" && Int(claims.iat.value.timeIntervalSince1970) == Self.now)
        let header = try #require(JWTHeaderCheck(first))
        #expect(header.algorithm == "ES256" && header.keyID == "ABC123DEFG")
        #expect(try await provider.token(now: Self.now + 39 * 60) == first)
        let renewed = try await provider.token(now: Self.now + 40 * 60)
        #expect(renewed != first)
        await provider.expire(renewed)
        #expect(try await provider.token(now: Self.now + 41 * 60) != renewed)
    }

    @Test("payloads: an alert with its thread and data, a background push with content-available only")
    func payloads() throws {
        let alert = PushNotification(kind: .alert, title: "T", body: "B", threadID: "chat-1", collapseID: String(repeating: "x", count: 80),
                                     data: ["type": "event.created"], expiresAt: Self.now)
        #expect(alert.collapseID?.utf8.count == 64)
        let object = try #require(try JSONSerialization.jsonObject(with: alert.payload) as? [String: Any])
        let aps = try #require(object["aps"] as? [String: Any])
        #expect((aps["alert"] as? [String: String]) == ["title": "T", "body": "B"] && aps["thread-id"] as? String == "chat-1")
        #expect(object["type"] as? String == "event.created")
        let background = PushNotification(kind: .background, data: ["type": "calendars.changed"], expiresAt: Self.now)
        #expect(String(decoding: background.payload, as: UTF8.self) == #"{"aps":{"content-available":1},"type":"calendars.changed"}"#)
    }

    @Test("alerts speak the person's language, with its digits")
    func texts() {
        let notice = ChatNotice(type: .eventCreated, account: "amal",
                                event: .init(uid: "u1", title: "Dinner", start: "", end: "", allDay: false, location: nil, with: "Sara", href: ""),
                                conflicts: [], sentAt: "")
        let riyadh = TimeZone(identifier: "Asia/Riyadh")!
        let english = ChatPush.alert(notice, start: Self.now, zone: riyadh, language: nil, now: Self.now)
        #expect(english.title == "Added from a chat" && english.body?.contains("Dinner") == true && english.body?.contains("15:00") == true)
        #expect(english.data == ["type": "event.created", "eventUid": "u1"] && english.threadID == "chat-u1")
        let saudi = ChatPush.alert(notice, start: Self.now, zone: riyadh, language: "ar-SA", now: Self.now)
        #expect(saudi.title == "أُضيف من محادثة" && saudi.body?.contains("٣") == true)
        var clash = notice
        clash.conflicts = [.init(id: "c1", kind: "event", summary: "Gym", start: "", end: "")]
        let warned = ChatPush.alert(clash, start: Self.now, zone: riyadh, language: "en", now: Self.now)
        #expect(warned.title == "Added from a chat, with a clash" && warned.body?.contains("Gym") == true && warned.data["conflictId"] == "c1")
    }

    @Test("calendar changes become one background push per device of the owner and of accepted sharees", arguments: StoreEngine.allCases)
    func refresh(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            for name in ["amal", "omar", "lina"] { try await fixture.accounts.accounts.create(name: name, password: "password of \(name)") }
            let devices = fixture.accounts.pushDevices
            for (n, name) in ["amal", "omar", "lina"].enumerated() {
                _ = try await devices.register(account: name, token: Self.token(n + 1), platform: "ios", environment: .production, topic: "org.jadwal.app")
            }
            let shares = InMemoryShareStore()
            let accepted = ShareStoreConformance.share(with: "omar", status: .accepted)
            try await shares.saveShare(accepted)
            try await shares.saveShare(ShareStoreConformance.share("amal", accepted.collection, with: "lina"))
            let pushes = CalendarRefreshPushes(pushes: PushQueue(application: fixture.accounts, cipher: .random()), shares: shares)
            for _ in 0..<3 { pushes.calendarChanged(CalendarReference(owner: "amal", name: accepted.collection)) }
            try await pushes.flush(now: Self.now)
            try await pushes.flush(now: Self.now + 1)
            let jobs = try await fixture.accounts.jobs.entries().filter { $0.kind == JobQueue.Kind.push.rawValue }
            #expect(jobs.compactMap(\.account).sorted() == ["amal", "omar"])
        }
    }
}
