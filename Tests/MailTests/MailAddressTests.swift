import Testing
@testable import Mail

@Suite("Addresses")
struct MailAddressTests {
    @Test("Valid addresses and the forms they are written in", arguments: [
        ("amal@example.org", "amal@example.org", nil),
        ("<amal@example.org>", "amal@example.org", nil),
        ("Amal <amal@example.org>", "amal@example.org", "Amal"),
        ("\"Doe, Jane\" <jane.doe+cal@sub.example.org>", "jane.doe+cal@sub.example.org", "Doe, Jane"),
        ("عمر <omar@xn--mgbh0fb.example>", "omar@xn--mgbh0fb.example", "عمر"),
        ("jadwal@localhost", "jadwal@localhost", nil),
        ("\"Doe \\\"JD\\\" \\\\ Jane\" <jd@example.org>", "jd@example.org", "Doe \"JD\" \\ Jane"),
    ] as [(String, String, String?)])
    func valid(text: String, address: String, name: String?) throws {
        let parsed = try MailAddress(parsing: text)
        #expect(parsed.address == address)
        #expect(parsed.displayName == name)
        #expect(try MailAddress(parsing: parsed.description) == parsed)
    }

    @Test("Invalid addresses are refused with a reason", arguments: [
        "", "amal", "@example.org", "amal@", "a@b@c", "a b@example.org", "a..b@example.org", ".a@example.org",
        "a@-example.org", "a@example..org", "amal@exämple.org", "ämal@example.org", "a@example.org>",
        String(repeating: "l", count: 65) + "@example.org", "a@" + String(repeating: "d", count: 64) + ".org",
        "a@" + Array(repeating: String(repeating: "d", count: 60), count: 5).joined(separator: "."),
    ])
    func invalid(text: String) {
        #expect(throws: MailFormatError.self) { try MailAddress(parsing: text) }
    }

    @Test("A display name is bounded and has no control characters")
    func displayNames() {
        #expect(throws: MailFormatError.self) { try MailAddress("a@example.org", displayName: "") }
        #expect(throws: MailFormatError.self) { try MailAddress("a@example.org", displayName: String(repeating: "n", count: 201)) }
        #expect(throws: MailFormatError.self) { try MailAddress("a@example.org", displayName: "tab\tname") }
    }
}
