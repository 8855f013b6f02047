import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throwaway PostgreSQL server for tests, run from the installed binaries (Debian's
/// `postgresql` package): a fresh cluster in a temporary directory, reachable only through
/// a Unix socket in that directory, with trust authentication for the user `postgres`.
///
/// One server serves a whole test process: ``shared()`` starts it on first use, tests
/// (which run in parallel) each ask for a fresh database with ``makeDatabase()``, and the
/// server is stopped and its directory deleted when the process exits. Should the process
/// die without exiting, the server's supervisor notices its standard input closing and
/// does the same.
///
/// Run as root, the server runs as the system user `postgres` (PostgreSQL refuses root).
public final class TemporaryPostgres: @unchecked Sendable {  // mutable state under `state`
    /// The temporary directory holding the cluster, the socket and the server log.
    public let directory: URL
    /// The directory of the server's Unix socket.
    public let socketDirectory: String
    /// The port, which here only names the socket file (`.s.PGSQL.<port>`).
    public let port: Int
    /// The user every database belongs to.
    public let user = "postgres"

    private let binaries: URL
    private let runAsPostgres: Bool
    private let supervisor: Process
    private let supervisorInput: FileHandle
    private let state = NSLock()
    private var databaseCount = 0
    private var stopped = false

    private static let sharedServer: Result<TemporaryPostgres, TemporaryPostgresError> = {
        do throws(TemporaryPostgresError) {
            let server = try TemporaryPostgres()
            atexit { TemporaryPostgres.stopShared() }
            return .success(server)
        } catch {
            return .failure(error)
        }
    }()

    /// The process's server, started on first use.
    /// - Throws: ``TemporaryPostgresError`` when the binaries are missing (the message says
    ///   to run `scripts/setup --test`) or the server does not start.
    public static func shared() throws(TemporaryPostgresError) -> TemporaryPostgres {
        try sharedServer.get()
    }

    private static func stopShared() {
        if case .success(let server) = sharedServer { server.stop() }
    }

    /// Makes a cluster in a new temporary directory and starts a server on it, returning
    /// once it accepts connections. Prefer ``shared()``; a server made here is stopped
    /// by ``stop()`` only.
    public init(port: Int = 5432) throws(TemporaryPostgresError) {
        binaries = try Self.findBinaries()
        runAsPostgres = geteuid() == 0
        self.port = port
        // The server user must reach the directory, which a root's private TMPDIR may not let
        // it; and a socket's path must stay under about 100 bytes, so the name is short.
        let parent = runAsPostgres ? URL(fileURLWithPath: "/tmp") : FileManager.default.temporaryDirectory
        let base = parent.appendingPathComponent("jadwal-pg-\(UUID().uuidString.prefix(8))")
        directory = base
        socketDirectory = base.appendingPathComponent("socket").path
        let data = base.appendingPathComponent("data").path
        let log = base.appendingPathComponent("server.log").path
        do {
            try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            if runAsPostgres {
                for path in [base.path, socketDirectory] {
                    try FileManager.default.setAttributes([.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: path)
                }
            }
        } catch {
            throw TemporaryPostgresError("could not prepare \(base.path): \(error)")
        }

        let initdb = try Self.run(binaries.appendingPathComponent("initdb").path,
                                  ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"],
                                  asPostgres: runAsPostgres)
        guard initdb.status == 0 else {
            try? FileManager.default.removeItem(at: base)
            throw TemporaryPostgresError("initdb failed: \(initdb.output)")
        }

        // The supervisor runs the server and waits for its own standard input to close
        // (at stop(), or when this process dies), then stops the server and deletes the
        // directory. It stops it with pg_ctl, which watches postmaster.pid, rather than
        // with kill and wait: under runuser, the shell's wait never saw the server exit.
        let postgres = binaries.appendingPathComponent("postgres").path
        let pgCtl = binaries.appendingPathComponent("pg_ctl").path
        let script = """
            "$1" -D "$2" -k "$3" -p "$4" -c listen_addresses= -c max_connections=300 >"$5" 2>&1 &
            read -r _
            "$7" stop -D "$2" -m fast -w >/dev/null 2>&1
            rm -rf "$6"
            """
        let supervisor = Process()
        let input = Pipe()
        supervisor.standardInput = input
        supervisor.standardOutput = FileHandle.nullDevice
        supervisor.standardError = FileHandle.nullDevice
        let arguments = ["/bin/sh", "-c", script, "supervisor", postgres, data, socketDirectory, String(port), log, base.path, pgCtl]
        if runAsPostgres {
            supervisor.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            supervisor.arguments = ["-u", "postgres", "--"] + arguments
        } else {
            supervisor.executableURL = URL(fileURLWithPath: arguments[0])
            supervisor.arguments = Array(arguments.dropFirst())
        }
        do {
            try supervisor.run()
        } catch {
            try? FileManager.default.removeItem(at: base)
            throw TemporaryPostgresError("could not start the server: \(error)")
        }
        self.supervisor = supervisor
        supervisorInput = input.fileHandleForWriting

        let deadline = Date().addingTimeInterval(60)
        while true {
            let ready = try Self.run(binaries.appendingPathComponent("pg_isready").path,
                                     ["-h", socketDirectory, "-p", String(port), "-U", "postgres", "-d", "postgres"], asPostgres: false)
            if ready.status == 0 { break }
            let serverLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if !supervisor.isRunning || Date() > deadline {
                stop()
                throw TemporaryPostgresError("the server did not start: \(serverLog)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Creates a new, empty database and returns its storage URL
    /// (`postgresql:///t3?host=<socket directory>&user=postgres`).
    public func makeDatabase() throws(TemporaryPostgresError) -> String {
        let name = state.withLock {
            databaseCount += 1
            return "t\(databaseCount)"
        }
        let created = try Self.run(binaries.appendingPathComponent("createdb").path,
                                   ["-h", socketDirectory, "-p", String(port), "-U", user, name], asPostgres: false)
        guard created.status == 0 else { throw TemporaryPostgresError("createdb failed: \(created.output)") }
        return url(database: name)
    }

    /// The storage URL of the database `name` on this server.
    public func url(database name: String) -> String {
        var components = URLComponents()
        components.scheme = "postgresql"
        components.host = ""
        components.path = "/" + name
        components.queryItems = [URLQueryItem(name: "host", value: socketDirectory), URLQueryItem(name: "user", value: user)]
        if port != 5432 { components.queryItems?.append(URLQueryItem(name: "port", value: String(port))) }
        return components.string ?? ""
    }

    /// Stops the server (`pg_ctl stop -m fast`) and deletes its directory. Idempotent.
    public func stop() {
        let first = state.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        if supervisor.isRunning {
            _ = try? Self.run(binaries.appendingPathComponent("pg_ctl").path,
                              ["stop", "-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w"], asPostgres: runAsPostgres)
            try? supervisorInput.close()
            supervisor.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The directory of PostgreSQL's server binaries: `$POSTGRES_BIN`, else the newest
    /// version under `/usr/lib/postgresql`.
    private static func findBinaries() throws(TemporaryPostgresError) -> URL {
        let fileManager = FileManager.default
        let needed = ["initdb", "postgres", "pg_ctl", "pg_isready", "createdb"]
        func complete(_ bin: URL) -> Bool {
            needed.allSatisfy { fileManager.isExecutableFile(atPath: bin.appendingPathComponent($0).path) }
        }
        let root = "/usr/lib/postgresql"
        if let explicit = ProcessInfo.processInfo.environment["POSTGRES_BIN"], !explicit.isEmpty {
            guard complete(URL(fileURLWithPath: explicit)) else {
                throw TemporaryPostgresError("POSTGRES_BIN (\(explicit)) lacks one of \(needed.joined(separator: ", ")); run scripts/setup --test")
            }
            return URL(fileURLWithPath: explicit)
        }
        let versions = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions where complete(URL(fileURLWithPath: "\(root)/\(version)/bin")) {
            return URL(fileURLWithPath: "\(root)/\(version)/bin")
        }
        throw TemporaryPostgresError(
            "PostgreSQL's server binaries (initdb, postgres, pg_ctl) were not found under \(root)/<version>/bin; run scripts/setup --test to install them")
    }

    /// Runs a program to its end and returns its exit status and combined output.
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool) throws(TemporaryPostgresError) -> (status: Int32, output: String) {
        let process = Process()
        if asPostgres {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", program] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        do {
            try process.run()
        } catch {
            throw TemporaryPostgresError("could not run \(program): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
