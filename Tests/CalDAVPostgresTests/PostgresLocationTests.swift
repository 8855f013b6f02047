import PostgresAccess
import Testing

struct PostgresLocationTests {
    @Test("a TCP URL gives host, port, user, password and database")
    func tcp() throws {
        let location = try PostgresLocation(url: "postgres://jadwal:pa%3Ass%40word@db.example:6543/calendars")
        #expect(location.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(location.user == "jadwal" && location.password == "pa:ss@word" && location.database == "calendars")
        #expect(location.tls == .disable)
        let defaults = try PostgresLocation(url: "postgresql://jadwal@10.0.0.5/jadwal")
        #expect(defaults.endpoint == .tcp(host: "10.0.0.5", port: 5432) && defaults.password == nil)
        let ipv6 = try PostgresLocation(url: "postgresql://jadwal@[::1]:5433/jadwal")
        #expect(ipv6.endpoint == .tcp(host: "::1", port: 5433))
    }

    @Test("a host option starting with / is a Unix socket directory")
    func unixSocket() throws {
        let location = try PostgresLocation(url: "postgresql:///jadwal?host=/run/pg&user=postgres")
        #expect(location.endpoint == .unixSocket(path: "/run/pg/.s.PGSQL.5432"))
        #expect(location.user == "postgres" && location.database == "jadwal")
        let port = try PostgresLocation(url: "postgresql:///jadwal?host=%2Frun%2Fpg&port=5433&user=postgres")
        #expect(port.endpoint == .unixSocket(path: "/run/pg/.s.PGSQL.5433"))
        let noHost = try PostgresLocation(url: "postgresql:///jadwal?user=postgres")
        #expect(noHost.endpoint == .unixSocket(path: "/var/run/postgresql/.s.PGSQL.5432"))
    }

    @Test("query options override the authority")
    func options() throws {
        let location = try PostgresLocation(url: "postgresql://db.example/jadwal?user=amal&password=x%26y&port=7000&sslmode=require")
        #expect(location.endpoint == .tcp(host: "db.example", port: 7000))
        #expect(location.user == "amal" && location.password == "x&y" && location.tls == .require)
        #expect(try PostgresLocation(url: "postgresql://u@h/d?sslmode=disable").tls == .disable)
        #expect(try PostgresLocation(url: "postgresql://u@h/d?host=other").endpoint == .tcp(host: "other", port: 5432))
    }

    @Test("malformed URLs and unknown options are refused", arguments: [
        "", "not a url", "mysql://u@h/d", "http://u@h/d", "postgres://u@h/d/e", "postgres://u@h/d?sslmode=prefer",
        "postgres://u@h/d?sslmode=", "postgres://u@h/d?port=x", "postgres://u@h:0/d", "postgres://u@h/d?port=70000",
        "postgres://u@h/d?connect_timeout=3", "postgres://u@h/d#frag", "postgresql:///d?host=/run/pg&sslmode=require",
    ])
    func refused(url: String) {
        #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: url) }
    }

    @Test("no description, error or mirror holds the password")
    func passwordHidden() throws {
        let password = "Zq9-very-secret"
        for url in ["postgres://jadwal:\(password)@db.example:5432/jadwal", "postgresql:///jadwal?host=/run/pg&password=\(password)"] {
            let location = try PostgresLocation(url: url)
            #expect(location.password == password)
            for text in [location.description, location.debugDescription, "\(location)", String(reflecting: location)] {
                #expect(!text.contains(password), "\(text)")
            }
            var dumped = ""
            dump(location, to: &dumped)
            #expect(!dumped.contains(password))
        }
        #expect(try PostgresLocation(url: "postgres://jadwal:\(password)@db.example:5432/jadwal").description
                == "postgresql://jadwal:********@db.example:5432/jadwal")
        #expect(try PostgresLocation(url: "postgresql:///t1?host=/tmp/x/socket&user=postgres").description
                == "postgresql://postgres@/t1?host=/tmp/x/socket")
        for url in ["postgres://jadwal:\(password)@db.example:5432/jadwal?sslmode=maybe", "postgres://jadwal:\(password)@h/d?bogus=1",
                    "mysql://jadwal:\(password)@h/d"] {
            do {
                _ = try PostgresLocation(url: url)
                Issue.record("\(url) was accepted")
            } catch {
                #expect(!"\(error)".contains(password))
            }
        }
    }

    @Test("a description reads back as the same location, less the password")
    func descriptionRoundTrip() throws {
        for url in ["postgresql://amal@db.example:5433/cal%20endars?sslmode=require", "postgresql://postgres@/t1?host=/tmp/x&port=5440"] {
            let location = try PostgresLocation(url: url)
            #expect(try PostgresLocation(url: location.description) == location)
        }
    }
}
