import ITIP
import WebDAV

/// Scheduling (RFC 6638) as a CalDAV server does it: who calendar users are, and where
/// messages to users elsewhere go. Given to ``CalDAVAdapter``, it turns on implicit
/// scheduling on PUT and DELETE, the scheduling inbox and outbox, and the principals'
/// scheduling properties.
public struct CalendarScheduling: Sendable {
    public let directory: any CalendarUserDirectory
    /// Messages to people without an account here; `nil` refuses them (SCHEDULE-STATUS 5.3).
    public let external: (any ExternalScheduling)?
    /// Scheduling messages kept in an inbox; the oldest go when more arrive.
    public let inboxLimit: Int
    /// Messages to people elsewhere one write may send (each an email): beyond it they are
    /// not sent (SCHEDULE-STATUS 5.1), so that no event makes the server a mass mailer.
    public let externalLimit: Int
    /// Told of a delivery that failed (the write that sent it has succeeded), for the log.
    public let problem: @Sendable (String) -> Void

    public init(directory: any CalendarUserDirectory, external: (any ExternalScheduling)? = nil, inboxLimit: Int = 250,
                externalLimit: Int = 100, problem: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.external = external
        self.inboxLimit = inboxLimit
        self.externalLimit = externalLimit
        self.problem = problem
    }

    /// Where a calendar user address leads.
    enum Route: Equatable {
        /// An account on this server.
        case local(String)
        /// Someone elsewhere, reached by email.
        case external(CalendarUserAddress)
        /// Nobody this server can reach.
        case unknown
    }

    /// Where `address` leads: an email address of an account here, a principal URL here, an
    /// email address elsewhere, or nothing.
    func route(_ address: CalendarUserAddress) async -> Route {
        if let email = address.email {
            guard let user = try? await directory.user(withEmail: email) else { return .external(address) }
            return .local(user)
        }
        if let user = Self.principal(in: address), (try? await directory.userExists(user)) == true { return .local(user) }
        return .unknown
    }

    /// The account a principal URL names (`/dav/principals/amal/`, with or without scheme
    /// and host), if it is one.
    static func principal(in address: CalendarUserAddress) -> String? {
        var path = Substring(address.value)
        for scheme in ["http://", "https://"] where path.lowercased().hasPrefix(scheme) {
            path = path.dropFirst(scheme.count)
            guard let slash = path.firstIndex(of: "/") else { return nil }
            path = path[slash...]
        }
        if case .principal(let user)? = ServerPath(String(path)) { return user }
        return nil
    }

    /// Whether `address` is one of the principal's own: an email address of theirs or
    /// their principal URL.
    static func isOwn(_ address: CalendarUserAddress, in context: DAVContext) -> Bool {
        if let email = address.email {
            return context.emailAddresses.contains { CalendarUserAddress(email: $0) == CalendarUserAddress(email: email) }
        }
        return principal(in: address).map(context.owns) ?? false
    }

    /// The principal's address for messages it sends: its first email address, or its
    /// principal URL.
    static func ownAddress(in context: DAVContext) -> CalendarUserAddress {
        context.emailAddresses.first.map(CalendarUserAddress.init(email:)) ?? CalendarUserAddress(ServerPath.principalHref(context.principal))
    }
}
