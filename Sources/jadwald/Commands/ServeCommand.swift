import ArgumentParser
import CalDAVCore
import CalDAVSQLite
import Foundation
import Hummingbird
import HummingbirdTLS
import Jadwal
import Logging
import NIOSSL

/// `jadwald serve`: the CalDAV server on the embedded SQLite store.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the CalDAV server.",
        discussion: """
            Settings come from the configuration file (--config or $JADWAL_CONFIG), then \
            JADWAL_* environment variables, then these flags. TLS is on when tls.certificate \
            and tls.key are set. SIGTERM or SIGINT stops the server after in-flight requests finish.
            """)

    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
    var config: String?
    @Option(help: "Address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on (default 8080).") var port: Int?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let settings = try resolve()
        LoggingSystem.bootstrap { label in
            StructuredLogHandler(label: label, format: .init(rawValue: settings.logFormat) ?? .logfmt,
                                 logLevel: Logger.Level(rawValue: settings.logLevel) ?? .info)
        }
        let logger = Logger(label: "jadwald")
        let database = try data.databasePath(in: settings.data)
        let store = try SQLiteCalendarStore(path: database)
        let accounts = try AccountStore(path: database)
        let calendars = JadwalCalendarStore(primary: store, prayer: PrayerCalendar(settings: accounts.prayerSettings))
        let metrics = RequestMetrics()
        let router = Router()
        router.add(middleware: ObservabilityMiddleware(metrics: metrics))
        let authenticator = BasicAuthenticator(accounts: accounts)
        router.add(middleware: DAVMiddleware(
            handler: DAVHandler(store: calendars, resources: store, configuration: DAVConfiguration(maxResourceSize: settings.maxResourceSize),
                                responseCache: ResponseCache(maxBytes: settings.responseCacheBytes)),
            authenticator: authenticator,
            maxBodySize: settings.maxRequestBody))
        router.get("/healthz") { _, _ in "ok\n" }
        PrayerFeedRoutes(settings: accounts.prayerSettings).add(to: router)
        PrayerSettingsAPI(settings: accounts.prayerSettings, authenticator: authenticator, resolveCity: PrayerSettings.place(city:)).add(to: router)
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        let mail = try MailDispatcher.configured(by: settings, accounts: accounts, logger: logger)
        let address = BindAddress.hostname(settings.host, port: settings.port)
        let serverConfiguration = ApplicationConfiguration(address: address, serverName: "jadwald")
        let scheme = settings.tlsCertificate == nil ? "http" : "https"
        logger.info("serving CalDAV", metadata: ["url": "\(scheme)://\(settings.host):\(settings.port)/dav/", "data": "\(settings.data)"])
        // The mail dispatcher runs beside the server and stops with it (on SIGTERM or SIGINT).
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await mail.run() }
            if let certificate = settings.tlsCertificate, let key = settings.tlsKey {
                let tls = try Self.tlsConfiguration(certificate: certificate, key: key)
                let app = Application(router: router, server: try .tls(.http1(), tlsConfiguration: tls), configuration: serverConfiguration, logger: logger)
                try await app.runService()
            } else {
                let app = Application(router: router, configuration: serverConfiguration, logger: logger)
                try await app.runService()
            }
            group.cancelAll()
        }
    }

    /// The settings from file, environment and flags, in that order of precedence.
    func resolve() throws -> ServerConfiguration {
        try ServerConfiguration.resolved(config: config) { settings in
            if let host { settings.host = host }
            if let port { try settings.set("port", String(port), source: "--port") }
            if let directory = data.directory { settings.data = directory }
        }
    }

    static func tlsConfiguration(certificate: String, key: String) throws -> TLSConfiguration {
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(certificate).map { NIOSSLCertificateSource.certificate($0) }
            let privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(privateKey))
        } catch {
            throw CommandFailure("cannot load the TLS certificate \(certificate) and key \(key): \(error)")
        }
    }
}
