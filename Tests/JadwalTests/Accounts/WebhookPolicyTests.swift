import Testing
@testable import Jadwal

/// Webhooks go to public addresses only, unless the operator allows a range.
@Suite struct WebhookPolicyTests {
    @Test("loopback, private, link-local and metadata addresses are refused")
    func refusals() async {
        let policy = WebhookPolicy()
        for url in ["http://169.254.169.254/latest/meta-data", "http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/",
                    "http://10.0.0.5/", "http://192.168.1.1/", "http://[::ffff:127.0.0.1]/", "http://[fd00::1]/", "http://0.0.0.0/",
                    "ftp://example.org/", "http://user:secret@example.org/"] {
            await #expect(throws: WebhookPolicy.Refusal.self, "\(url)") { _ = try await policy.vet(url) }
        }
    }

    @Test("a public literal passes and connects to itself; an allowed range passes")
    func passes() async throws {
        let target = try await WebhookPolicy().vet("https://8.8.8.8/hook")
        #expect(target.address == "8.8.8.8")
        let local = try await WebhookPolicy(allowed: [try AddressRange("127.0.0.1")]).vet("http://127.0.0.1:9/hook")
        #expect(local.address == "127.0.0.1")
        await #expect(throws: WebhookPolicy.Refusal.self) { _ = try await WebhookPolicy(allowed: [try AddressRange("127.0.0.1")]).vet("http://127.0.0.2/") }
    }

    @Test("address ranges match IPv4, IPv6 and mapped addresses")
    func ranges() throws {
        let ten = try AddressRange("10.0.0.0/8")
        #expect(ten.contains("10.200.1.1"))
        #expect(ten.contains("::ffff:10.0.0.1"))
        #expect(!ten.contains("11.0.0.1"))
        let unique = try AddressRange("fc00::/7")
        #expect(unique.contains("fd12:3456::1"))
        #expect(!unique.contains("2001:db8::1"))
        #expect(throws: AddressRange.ParseError.self) { try AddressRange("10.0.0.0/33") }
        #expect(throws: AddressRange.ParseError.self) { try AddressRange("example.org") }
    }

    @Test("links in logs keep their shape and lose their secrets")
    func redactedLinks() {
        let link = "http://127.0.0.1:8080/signin?token=Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Ng&x=1"
        let redacted = SecretToken.redactedLink(link)
        #expect(redacted.hasPrefix("http://127.0.0.1:8080/signin?token=Zm9vYm"))
        #expect(!redacted.contains("cXV4cXV1eDEyMzQ1Ng"))
        #expect(redacted.hasSuffix("&x=1"))
        #expect(!SecretToken.redactedLink("https://cal.example.org/provision/abcdefghijklmnopqrstuvwxyz").contains("qrstuvwxyz"))
    }
}
