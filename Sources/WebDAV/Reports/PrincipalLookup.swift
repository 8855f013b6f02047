/// Another account's principal, as a principal-property-search that named it exactly may
/// show it: its user name, its name as a person and its email addresses.
public struct FoundPrincipal: Sendable {
    public let user: String
    public let displayName: String?
    public let emailAddresses: [String]

    public init(user: String, displayName: String?, emailAddresses: [String]) {
        self.user = user
        self.displayName = displayName
        self.emailAddresses = emailAddresses
    }
}

/// Finds other accounts for DAV:principal-property-search, only by their exact user name or
/// email address: what the delegate picker of macOS Calendar and the attendee lookup of
/// calendar apps send once a person has typed the whole address. Nobody can list the
/// accounts of a server this way, or find one from part of its name; knowing an address
/// tells only that its account exists, as an invitation to it would.
public struct PrincipalLookup: Sendable {
    /// The account whose user name, or email address (compared as mailboxes are,
    /// case-insensitively), is the text given.
    public let find: @Sendable (_ nameOrEmail: String) async -> FoundPrincipal?

    public init(find: @escaping @Sendable (_ nameOrEmail: String) async -> FoundPrincipal?) {
        self.find = find
    }

    /// The texts of a search worth looking up: each condition's match, without a `mailto:`
    /// scheme, and at most a few, so that one request asks the accounts only so many times.
    static func candidates(of search: PrincipalSearch) -> [String] {
        var texts: [String] = []
        for condition in search.conditions {
            var text = Substring(condition.match.trimmingSpaces)
            if text.lowercased().hasPrefix("mailto:") { text = text.dropFirst("mailto:".count) }
            let candidate = String(text)
            guard !candidate.isEmpty, candidate.utf8.count <= 320, !texts.contains(candidate) else { continue }
            texts.append(candidate)
        }
        return Array(texts.prefix(4))
    }
}
