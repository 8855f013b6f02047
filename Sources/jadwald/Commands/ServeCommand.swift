import ArgumentParser
import CalDAVCore
import CardDAVCore
import DAVCaching
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Jadwal
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import Provisioning
import WebDAV

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
        // Tasks then run on the event loops that do the sockets' I/O: no thread hop per
        // request between NIO and the default executor. Blocking work (bcrypt) is sent to
        // NIO's thread pool, off the loops.
        let onLoops = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        let settings = try resolve()
        LoggingSystem.bootstrap { label in
            StructuredLogHandler(label: label, format: .init(rawValue: settings.logFormat) ?? .logfmt,
                                 logLevel: Logger.Level(rawValue: settings.logLevel) ?? .info)
        }
        let logger = Logger(label: "jadwald")
        logger.debug("executor", metadata: ["event_loops": .stringConvertible(onLoops)])
        try await Self.checkPortIsFree(settings)
        let storage = try await Storage.open(data, settings: settings, serving: true)
        if let file = storage.sqliteFile { DataFolderPermissions.secure(databaseFile: file, logger: logger) }
        let provided = try await storage.users.provideAddressBooks()
        if !provided.isEmpty { logger.info("made a first address book", metadata: ["users": "\(provided.count)"]) }
        for problem in try await storage.accounts.identityProblems() {
            logger.warning("account needs an administrator", metadata: ["problem": "\(problem)"])
        }
        let store = storage.homes
        let application = storage.application
        // Calendar rows and objects are kept while the database's change stamp says they are current.
        let cached: any CalendarStore = storage.changes.map { CachedCalendarStore(store, signal: $0) } ?? store
        let keys = try ServerKeys(settings: settings, application: application)
        let push = try await PushComponents(settings: settings, application: application, keys: keys)
        let whatsAppBridge: WhatsAppBridgeClient?
        do { whatsAppBridge = try settings.whatsAppBridge().map { WhatsAppBridgeClient(baseURL: $0.url, secret: $0.secret) } } catch {
            throw CommandFailure(error.description)
        }
        // With pushes on, every write to a calendar (by anyone, through any door) wakes the apps that show it.
        let observed: any CalendarStore = push.map { ObservedCalendarStore(cached, observer: $0.refresh) } ?? cached
        let calendars = RoutingCalendarStore(primary: observed, computed: [PrayerCalendar(settings: application.prayerSettings)])
        let publicURL = PublicURLAdvice.url(settings)
        let publicURLWarnings = PublicURLAdvice.warnings(settings, url: publicURL)
        for warning in publicURLWarnings { logger.warning("\(warning)") }
        // Commands run beside the server (setup links) build the same links.
        try await application.serverSettings.setPublicURL(publicURL)
        try await keys.sealMail(of: application)
        let metrics = RequestMetrics()
        let router = Router(context: JadwalRequestContext.self)
        let observer = RequestObserver(metrics: metrics)
        router.add(middleware: ObservabilityMiddleware(observer: observer))
        // A cached password check is trusted until the database's next commit.
        let authenticator = BasicAuthenticator(application: application, changes: storage.changes, logger: logger)
        let davConfiguration = DAVConfiguration(maxResourceSize: settings.maxResourceSize, blockingWork: ThreadPoolWork())
        let mail = MailQueue(outbox: application.mailOutbox, sender: settings.mailSender)
        let invitationKey = try await keys.invitationKey()
        let email = settings.schedulingEmail
            ? EmailScheduling(outbox: application.mailOutbox, accounts: application.accounts, sender: settings.mailSender, linkKey: invitationKey,
                              answerPage: publicURL + InvitationAnswerRoutes.prefix) : nil
        let scheduling = CalendarScheduling(directory: AccountCalendarUsers(accounts: application.accounts), external: email,
                                            problem: { logger.warning("scheduling", metadata: ["problem": "\($0)"]) })
        // Who shares what is asked on every request to a home; kept until the next commit.
        let shares: any CollectionShareStore = storage.changes.map { CachedShareStore(application.shares, signal: $0) } ?? application.shares
        let sharing = CalendarSharing(shares: shares, directory: AccountCalendarUsers(accounts: application.accounts))
        let calDAV = CalDAVAdapter(store: calendars, resources: store, configuration: davConfiguration, yearInstances: KeptYearInstances(),
                                   scheduling: scheduling, sharing: sharing, journal: application.history(logger: logger))
        let addressBooks: any AddressBookStore = storage.changes.map { CachedAddressBookStore(storage.addressBooks, signal: $0) } ?? storage.addressBooks
        let cardDAV = CardDAVAdapter(store: addressBooks, configuration: davConfiguration, shares: shares)
        // One budget for the answers both protocols keep.
        let answers = KeptAnswers(maxBytes: max(settings.responseCacheBytes, 1))
        let adapters: [any DAVAdapter] = settings.responseCacheBytes > 0
            ? [ResponseCache(calDAV, answers: answers), ResponseCache(cardDAV, answers: answers)] : [calDAV, cardDAV]
        let accounts = application.accounts
        let delegation = Delegation(shares: shares, accountExists: { name in (try? await accounts.account(named: name)) != nil },
                                    emailAddresses: { name in (try? await accounts.account(named: name))?.email.map { [$0] } ?? [] })
        let lookup = PrincipalLookup { text in
            var account = try? await accounts.account(named: text)
            if account == nil { account = try? await accounts.account(withEmail: text) }
            guard let account else { return nil }
            return FoundPrincipal(user: account.name, displayName: account.displayName, emailAddresses: account.email.map { [$0] } ?? [])
        }
        let davServer = DAVServer(adapters, configuration: davConfiguration, delegation: delegation, lookup: lookup)
        let baikalMigrated = try await application.serverSettings.baikalMigrated()
        let answersBaikalURLs = settings.baikalURLs == "on" || (settings.baikalURLs == "auto" && baikalMigrated)
        let dav = DAVResponder(
            handler: davServer,
            authenticator: authenticator,
            maxBodySize: settings.maxRequestBody,
            alias: answersBaikalURLs ? .baikal : nil,
            delegation: delegation)
        let budget = BodyBudget(limit: settings.bodyMemory)
        let connections = ConnectionRegistry(limits: ConnectionLimits(
            headerTimeout: .seconds(Int64(settings.headerTimeout)), bodyTimeout: .seconds(Int64(settings.bodyTimeout)),
            idleTimeout: .seconds(Int64(settings.idleTimeout)),
            maxConnections: DescriptorLimit.connections(wanted: settings.maxConnections, logger: logger)))
        let (chats, webhookPolicy) = try await Self.addRoutes(to: router, RouteParts(
            settings: settings, storage: storage, calendars: calendars, calDAV: calDAV, cardDAV: cardDAV, delegation: delegation, authenticator: authenticator, keys: keys,
            pushes: push?.queue, whatsAppBridge: whatsAppBridge, countries: try settings.geoIPDatabase.map { path throws(CommandFailure) in try CountryDatabase(path: path) },
            publicURL: publicURL,
            publicURLWarnings: publicURLWarnings, mail: mail, metrics: metrics,
            connections: connections, budget: budget, logger: logger))
        InvitationAnswerRoutes(calDAV: calDAV, linkKey: invitationKey, accounts: application.accounts, mail: mail, logger: logger).add(to: router)
        let dispatcher = try MailDispatcher.configured(by: settings, application: application, logger: logger)
        // A job's lease outlasts its longest run: the LLM's attempts, or a built-in judgement
        // and a webhook delivery. A worker killed mid-job leaves it to be taken again then.
        let lease = settings.extractor == "llm" ? settings.llmTimeout * 4 + 30 : 60
        let worker = JobWorker(chats: chats, webhooks: WebhookSender(policy: webhookPolicy), pushes: push?.delivery, lease: lease,
                               problem: { logger.warning("\($0)") })
        let address = BindAddress.hostname(settings.host, port: settings.port)
        let serverConfiguration = ApplicationConfiguration(address: address, serverName: "jadwald")
        let scheme = settings.tlsCertificate == nil ? "http" : "https"
        // Said once the port is bound, not before.
        let serving: @Sendable (any Channel) async -> Void = { _ in
            logger.info("serving CalDAV", metadata: ["url": "\(scheme)://\(settings.host):\(settings.port)/dav/", "data": "\(settings.data)",
                                                     "storage": "\(storage.description)"])
        }
        // Every request, DAV or the router's, is answered by one binding; the router is complete by now.
        let services = HTTPConnectionHandler.Services(
            dav: dav, router: RouterAnswering(router: router, accounts: application.accounts, logger: logger), observer: observer, dates: HTTPDateCache(),
            budget: budget, proxies: TrustedProxies(ranges: settings.trustedProxies), maxRouterBody: { $0 == ChatImportAPI.path || $0 == AccountPages.importPath ? ChatImportAPI.maxBody : 1 << 20 }, secure: settings.tlsCertificate != nil, logger: logger)
        let server: HTTPServerBuilder
        if let certificate = settings.tlsCertificate, let key = settings.tlsKey {
            server = try .tls(.jadwalHTTP1(services, connections: connections), tlsConfiguration: try Self.tlsConfiguration(certificate: certificate, key: key))
        } else {
            server = .jadwalHTTP1(services, connections: connections)
        }
        let app = Application(router: router, server: server, configuration: serverConfiguration, onServerRunning: serving, logger: logger)
        // The mail dispatcher and the job worker run beside the server and stop with it (on
        // SIGTERM or SIGINT).
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await dispatcher.run() }
                group.addTask { await worker.run() }
                group.addTask { await budget.trimPeriodically() }
                if let push { group.addTask { await push.refresh.run(problem: { logger.warning("\($0)") }) } }
                try await app.runService()
                group.cancelAll()
            }
        } catch let error where OperatorMessage.isSystemError(error) {
            await push?.client.shutdown()
            await whatsAppBridge?.shutdown()
            await storage.close()
            throw CommandFailure("cannot serve on \(settings.host):\(settings.port): \(OperatorMessage.cause(of: error))")
        }
        await push?.client.shutdown()
        await whatsAppBridge?.shutdown()
        await storage.close()
        logger.info("stopped")
    }

    /// Binds the address and lets it go again before anything else: a second server on a
    /// port in use says so at once, before opening the database and starting the work the
    /// running one shares (on a busy machine that start-up took over a minute first).
    static func checkPortIsFree(_ settings: Jadwal.ServerConfiguration) async throws {
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .bind(host: settings.host, port: settings.port).get()
            try await channel.close()
        } catch let error where OperatorMessage.isSystemError(error) {
            throw CommandFailure("cannot serve on \(settings.host):\(settings.port): \(OperatorMessage.cause(of: error))")
        }
    }

    /// The settings from file, environment and flags, in that order of precedence.
    func resolve() throws -> Jadwal.ServerConfiguration {
        try ServerConfiguration.resolved(config: config) { settings in
            if let host { settings.host = host }
            if let port { try settings.set("port", String(port), source: "--port") }
            if let directory = data.directory { settings.data = directory }
        }
    }

    /// The setup-profile signer, when a certificate and key are configured.
    static func profileSigner(_ settings: Jadwal.ServerConfiguration) throws -> ProfileSigner? {
        guard let certificate = settings.provisioningCertificate, let key = settings.provisioningKey else { return nil }
        do {
            return try ProfileSigner(certificatePath: certificate, keyPath: key, chainPath: settings.provisioningChain)
        } catch {
            throw CommandFailure("cannot sign setup profiles: \(error.description)")
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
