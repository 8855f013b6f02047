import CalDAVCore
import CardDAVCore
import Foundation
import Hummingbird
import Jadwal
import Logging
import NIOCore
import WebDAV

/// What the routes that are not DAV are made from, put together once by `serve`.
struct RouteParts {
    let settings: ServerConfiguration
    let storage: Storage
    /// The calendars as clients see them (cached, computed ones included), for chats.
    let calendars: any CalendarStore
    /// The CalDAV adapter, for answers to invitations that come from elsewhere.
    let calDAV: CalDAVAdapter
    /// The CardDAV adapter, for sharing address books.
    let cardDAV: CardDAVAdapter
    /// Who acts in whose calendars.
    let delegation: Delegation
    let authenticator: BasicAuthenticator
    let keys: ServerKeys
    /// Where alerts to people's phones go; `nil` when the server sends no pushes.
    let pushes: PushQueue?
    /// The WhatsApp bridge the server drives; `nil` when none is configured.
    let whatsAppBridge: WhatsAppBridgeClient?
    /// Countries by IP address, when the operator installed a database.
    let countries: CountryDatabase?
    let publicURL: String
    let publicURLWarnings: [String]
    let mail: MailQueue
    let metrics: RequestMetrics
    let connections: ConnectionRegistry
    let budget: BodyBudget
    let logger: Logger
}

extension ServeCommand {
    /// Adds every route that is not DAV: health and metrics, prayer feeds and settings,
    /// sign-in, the admin API and pages, setup links, chats and conflicts, the OpenAPI
    /// document.
    /// - Returns: the chat service and the webhook policy, which the job worker uses too.
    static func addRoutes(to router: Router<JadwalRequestContext>, _ parts: RouteParts) async throws -> (chats: ChatService, webhooks: WebhookPolicy) {
        let (settings, application, logger) = (parts.settings, parts.storage.application, parts.logger)
        let accounts = application.accounts
        let users = parts.storage.users
        let accessTokens = try await parts.keys.accessTokens(issuer: parts.publicURL)
        router.get("/healthz") { _, _ in "ok\n" }
        PrayerFeedRoutes(settings: application.prayerSettings).add(to: router)
        CalendarFeedRoutes(publications: application.publications, calendars: parts.calendars).add(to: router)
        let apiAuthenticator = APIAuthenticator(accessTokens: accessTokens, basic: parts.authenticator, accounts: accounts, adminToken: settings.adminToken)
        PrayerSettingsAPI(settings: application.prayerSettings, authenticator: apiAuthenticator, resolveCity: PrayerSettings.place(city:)).add(to: router)
        let oidc = settings.oidcIssuer.flatMap { issuer in
            settings.oidcKeySetURL.flatMap(URL.init(string:)).map {
                OIDCVerifier(settings: .init(issuer: issuer, keySetURL: $0, clientIDs: settings.oidcClientIDs))
            }
        }
        let signIn = SignInService(users: users, accessTokens: accessTokens, oidc: oidc, allowsSignUp: settings.signUp,
                                   publicURL: parts.publicURL, send: parts.mail.send)
        SignInAPI(service: signIn, limits: SignInLimits(application: application), logger: logger).add(to: router)
        AppSiteAssociation(appIDs: settings.appleAppIDs).add(to: router)
        let setupLinks = SetupLinks(application: application, publicURL: parts.publicURL, send: parts.mail.send)
        MeAPI(users: users, calDAV: parts.calDAV, cardDAV: parts.cardDAV, setupLinks: setupLinks, signIn: signIn,
              requests: SignedInRequests(authenticator: apiAuthenticator, logger: logger, area: "self-service"),
              passwordGuard: PasswordGuard(application: application, scope: "password-change"), publicURL: parts.publicURL).add(to: router)
        PushDevicesAPI(devices: application.pushDevices, requests: SignedInRequests(authenticator: apiAuthenticator, logger: logger, area: "push devices"),
                       topics: settings.push.topics, sendsPushes: settings.push.isOn).add(to: router)
        let adminAPI = AdminAPI(users: users, authenticator: apiAuthenticator, setupLinks: setupLinks, calDAV: parts.calDAV, logger: logger)
        adminAPI.add(to: router)
        let sharingRequests = SignedInRequests(authenticator: apiAuthenticator, logger: logger, area: "sharing")
        SharesAPI(calDAV: parts.calDAV, cardDAV: parts.cardDAV, requests: sharingRequests, admin: adminAPI).add(to: router)
        PublicationsAPI(publications: application.publications, calDAV: parts.calDAV, requests: sharingRequests, publicURL: parts.publicURL).add(to: router)
        DelegatesAPI(delegation: parts.delegation, requests: sharingRequests).add(to: router)
        HistoryAPI(history: application.history(logger: logger), calDAV: parts.calDAV, requests: sharingRequests).add(to: router)
        AdminPages(users: users, calDAV: parts.calDAV, cardDAV: parts.cardDAV, delegation: parts.delegation, setupLinks: setupLinks, publicURL: parts.publicURL, warnings: parts.publicURLWarnings,
                   passwordGuard: PasswordGuard(application: application, scope: "admin-page"), logger: logger).add(to: router)
        SetupLinkRoutes(application: application, publicURL: parts.publicURL, signer: try profileSigner(settings), logger: logger).add(to: router)
        let chats = try await ChatComponents(settings: settings, application: application, store: parts.calendars, keys: parts.keys, send: parts.mail.send,
                                             pushes: parts.pushes, log: { logger.info("\($0)") }).service
        let webhookPolicy = WebhookPolicy(allowed: settings.webhookAllow)
        let chatAPI = ChatAPI(service: chats, authenticator: apiAuthenticator, webhookPolicy: webhookPolicy, logger: logger)
        chatAPI.add(to: router)
        ConflictsAPI(service: chats, chatAPI: chatAPI).add(to: router)
        let whatsApp = parts.whatsAppBridge.map { WhatsAppLinking(bridge: $0, settings: chats.settings, application: application) }
        AccountPages(users: users, calDAV: parts.calDAV, cardDAV: parts.cardDAV, setupLinks: setupLinks, signIn: signIn,
                     signInLimits: SignInLimits(application: application), passwordGuard: PasswordGuard(application: application, scope: "account-page"),
                     export: AccountExport(users: users, shares: application.shares, chats: chats), delegation: parts.delegation,
                     publications: application.publications, chats: chats, whatsApp: whatsApp,
                     countries: parts.countries, publicURL: parts.publicURL, logger: logger).add(to: router)
        WhatsAppAPI(linking: whatsApp, requests: SignedInRequests(authenticator: apiAuthenticator, logger: logger, area: "WhatsApp")).add(to: router)
        OpenAPIDocument.add(to: router)
        router.get("/readyz") { _, _ in
            // Ready when the database answers: what a load balancer should route by.
            await application.isReachable() ? Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ready\n")))
                : Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "the database does not answer\n")))
        }
        let (databaseFile, connections, budget, metrics) = (parts.storage.sqliteFile, parts.connections, parts.budget, parts.metrics)
        router.get("/metrics") { _, _ in
            let gauges = OperationalGauges(statistics: try? await application.statistics(), databaseFile: databaseFile,
                                           openConnections: connections.count, bodyBytes: budget.current)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: metrics.exposition() + gauges.exposition())))
        }
        return (chats, webhookPolicy)
    }
}
