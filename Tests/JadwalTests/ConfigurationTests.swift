import Testing
@testable import Jadwal

/// The configuration file, environment variables and their precedence.
struct ConfigurationTests {
    @Test("a file with sections, comments and every value type")
    func file() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: """
            # jadwald.toml
            host = "0.0.0.0"   # all interfaces
            port = 8443

            [tls]
            certificate = "/etc/jadwal/cert # not a comment.pem"
            key = "/etc/jadwal/key.pem"
            [limits]
            max_resource_size = 2097152
            [log]
            format = "json"
            """, source: "jadwald.toml")
        #expect(configuration.host == "0.0.0.0" && configuration.port == 8443)
        #expect(configuration.tlsCertificate == "/etc/jadwal/cert # not a comment.pem")
        #expect(configuration.maxResourceSize == 2_097_152 && configuration.logFormat == "json")
        try configuration.validate()
    }

    @Test("environment variables override the file", arguments: [("JADWAL_PORT", "9000"), ("JADWAL_TLS_KEY", "/k.pem")])
    func environment(_ name: String, _ value: String) throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: "port = 8000\n[tls]\nkey = \"/file.pem\"", source: "f")
        try configuration.apply(environment: [name: value, "UNRELATED": "x"])
        #expect(name == "JADWAL_PORT" ? configuration.port == 9000 : configuration.tlsKey == "/k.pem")
        #expect(ServerConfiguration.environmentName("limits.max_resource_size") == "JADWAL_LIMITS_MAX_RESOURCE_SIZE")
    }

    @Test("mistakes are refused with where they are", arguments: [
        ("port = 80000", "f: port must be a whole number from 0 to 65535, not '80000'"),
        ("prot = 80", "f: prot is not a setting"),
        ("host = unquoted", "f: line 1: a value is a \"quoted string\", an integer, true or false"),
        ("[tls\nkey = \"x\"", "f: line 1: a section header looks like [name] or [name.part]"),
        ("port = 1\nport = 2", "f: line 2: port is set twice"),
        ("host = \"a\\qb\"", "f: line 1: unknown escape \\q"),
        ("[log]\nlevel = \"loud\"", "f: log.level must be one of"),
    ])
    func mistakes(_ text: String, _ message: String) {
        var configuration = ServerConfiguration()
        #expect {
            try configuration.apply(file: text, source: "f")
        } throws: { error in
            (error as? ServerConfiguration.Problem)?.description.hasPrefix(message) == true
        }
    }

    @Test("settings are checked together")
    func together() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(environment: ["JADWAL_TLS_CERTIFICATE": "/c.pem"])
        #expect(throws: ServerConfiguration.Problem.self) { try configuration.validate() }
        configuration.tlsCertificate = nil
        configuration.maxResourceSize = 20 << 20
        #expect(throws: ServerConfiguration.Problem.self) { try configuration.validate() }
    }
}
