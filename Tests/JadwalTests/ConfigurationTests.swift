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
        ("[push.apns]\nkey_id = \"abc\"", "f: push.apns.key_id must be Apple's 10-character id"),
        ("[push.apns]\nproduction_url = \"http://apns.example\"", "f: push.apns.production_url must be an https address"),
        ("[push.apns]\ntopics = \"app\"", "f: push.apns.topics must list the app's bundle ids"),
        ("[push]\nrefresh_delay = \"0\"", "f: push.refresh_delay must be a whole number of seconds"),
        ("[push]\nloud = true", "f: push.loud is not a setting"),
        ("[apple]\napp_ids = \"org.jadwal.app\"", "f: apple.app_ids must list app ids as TEAMID.bundle.id"),
        ("[extraction.llm]\nmax_tokens = -1", "f: extraction.llm.max_tokens must be a whole number from 0 to 65536, not '-1'"),
    ])
    func mistakes(_ text: String, _ message: String) {
        var configuration = ServerConfiguration()
        #expect {
            try configuration.apply(file: text, source: "f")
        } throws: { error in
            (error as? ServerConfiguration.Problem)?.description.hasPrefix(message) == true
        }
    }

    @Test("pushes: the key, its id and the team together, and the addresses of a local service")
    func push() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: """
            [push]
            refresh_delay = 3
            [push.apns]
            key_id = "ABC123DEFG"
            topics = "org.jadwal.app, org.jadwal.app.beta"
            sandbox_url = "https://127.0.0.1:8443/"
            """, source: "f")
        #expect(throws: ServerConfiguration.Problem.self) { try configuration.validate() }
        try configuration.apply(environment: ["JADWAL_PUSH_APNS_KEY_FILE": "/etc/jadwal/AuthKey.p8", "JADWAL_PUSH_APNS_TEAM_ID": "TEAM123456"])
        try configuration.validate()
        #expect(configuration.push.isOn && configuration.push.refreshDelay == 3 && configuration.push.sandboxURL == "https://127.0.0.1:8443")
        #expect(configuration.push.topics == ["org.jadwal.app", "org.jadwal.app.beta"] && configuration.push.productionURL == APNsConfiguration.appleProduction)
        #expect(throws: ServerConfiguration.Problem.self) { try configuration.apnsConfiguration() }
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

    @Test("the storage URL comes from the file or JADWAL_STORAGE and never shows in a description")
    func storage() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: #"storage = "postgres://jadwal:s3cret@db/jadwal""#, source: "jadwald.toml")
        #expect(configuration.storage?.value == "postgres://jadwal:s3cret@db/jadwal")
        #expect(!String(describing: configuration).contains("s3cret"))
        try configuration.apply(environment: ["JADWAL_STORAGE": "sqlite:/srv/jadwal.sqlite"])
        #expect(configuration.storage?.value == "sqlite:/srv/jadwal.sqlite")
        #expect(ServerConfiguration.unknownEnvironmentNames(in: ["JADWAL_STORAGE": "x", "JADWAL_DATA": "d", "JADWAL_CONFIG": "c"]).isEmpty)
    }
}
