import Provisioning
import Testing

@Suite struct ProfileIdentifierTests {
    static func identifier(_ host: String, _ suffix: String...) throws -> String {
        try ProfileIdentifier(host: PublicHost(host), suffix: suffix).description
    }

    @Test(arguments: [
        ("cal.example.org", "org.example.cal.jadwal.caldav.amal"),
        ("CAL.Example.ORG.", "org.example.cal.jadwal.caldav.amal"),
        ("cal.example.org:8443", "org.example.cal.jadwal.caldav.amal"),
        ("localhost", "localhost.jadwal.caldav.amal"),
        ("bücher.example", "example.xn--bcher-kva.jadwal.caldav.amal"),
        ("bu\u{0308}cher.example", "example.xn--bcher-kva.jadwal.caldav.amal"),
        ("München.example:443", "example.xn--mnchen-3ya.jadwal.caldav.amal"),
        ("صلاة.example", "example.xn--mgbe8a8c.jadwal.caldav.amal"),
        ("例え.jp", "jp.xn--r8jz45g.jadwal.caldav.amal"),
        ("192.0.2.7", "arpa.in-addr.192.0.2.7.jadwal.caldav.amal"),
        ("192.0.2.7:8080", "arpa.in-addr.192.0.2.7.jadwal.caldav.amal"),
        ("[2001:db8::1]:8443", "arpa.ip6.2.0.0.1.0.d.b.8.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.1.jadwal.caldav.amal"),
        ("::1", "arpa.ip6.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.1.jadwal.caldav.amal"),
    ])
    func identifierFromHost(host: String, expected: String) throws {
        #expect(try Self.identifier(host, "caldav", "amal") == expected)
    }

    @Test func hostPartsAreKept() throws {
        let named = try PublicHost("Cal.Example.org:8443")
        #expect(named.name == "cal.example.org")
        #expect(named.port == 8443)
        #expect(!named.isAddress)
        let v6 = try PublicHost("[2001:DB8:0::1]:443")
        #expect(v6.name == "2001:db8::1")
        #expect(v6.port == 443)
        #expect(v6.isAddress)
        let v4 = try PublicHost("192.0.2.7")
        #expect(v4.name == "192.0.2.7")
        #expect(v4.port == nil)
    }

    @Test(arguments: [
        "", "cal example.org", "-bad.example", "bad-.example", "exa_mple.org", "a..b", ".", "host:99999", "host:0", "host:",
        "host:80x", "[::1", "[::1]x", "[nothost]", "1::2::3", "http://cal.example.org", "cal.example.org/path",
        String(repeating: "a", count: 64) + ".example", String(repeating: "abcdefghi.", count: 26) + "org",
    ])
    func invalidHostsAreRefused(host: String) {
        #expect(throws: ProfileError.self) { try PublicHost(host) }
    }

    @Test func suffixComponentsAreEscapedDistinctly() throws {
        #expect(try Self.identifier("cal.example.org", "caldav", "amal.h@x+y") == "org.example.cal.jadwal.caldav.amal_2Eh_40x_2By")
        #expect(try Self.identifier("cal.example.org", "caldav", "a_b") == "org.example.cal.jadwal.caldav.a_5Fb")
        #expect(try Self.identifier("cal.example.org", "caldav", "عمر") == "org.example.cal.jadwal.caldav._D8_B9_D9_85_D8_B1")
        #expect(try Self.identifier("cal.example.org", "caldav", "a.b") != Self.identifier("cal.example.org", "caldav", "a_2Eb"))
        #expect(throws: ProfileError.emptyField("identifier component")) { try Self.identifier("cal.example.org", "caldav", "") }
    }
}
