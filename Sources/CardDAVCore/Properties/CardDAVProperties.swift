import VCard
import WebDAV

/// The live properties of CardDAV's resources (RFC 6352 §6.2) beside the ones every WebDAV
/// resource has (``PropertyTable/common``), over what a CardDAV path resolves to
/// (``CardResource``); and what CardDAV adds to principals (RFC 6352 §7.1).
enum CardDAVProperties {
    typealias Definition = PropertyTable<CardResource>.Definition

    /// CardDAV's properties beside the ones every resource has.
    static let table = PropertyTable<CardResource>(PropertyTable<CardResource>.common + [
        Definition(name: .cardDAV("addressbook-description"), inAllProp: false, isWritable: true) { resource, _, _ in
            if case .book(let book) = resource { return book.bookDescription.map { .text($0) } }
            return nil
        },
        Definition(name: .cardDAV("supported-address-data"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .book = resource else { return nil }
            return .custom { writer in
                for version in AddressDataType.servedVersions {
                    writer.emptyElement(.cardDAV("address-data-type"), attributes: [("content-type", "text/vcard"), ("version", version.rawValue)])
                }
            }
        },
        Definition(name: .cardDAV("max-resource-size"), inAllProp: false, isWritable: false) { resource, _, configuration in
            if case .book = resource { return .text(String(configuration.maxResourceSize)) }
            return nil
        },
    ])

    /// What CardDAV adds to every principal.
    static let principal: [PropertyTable<ServerPath>.Definition] = [
        .init(name: .cardDAV("addressbook-home-set"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal(let user) = path { return .href(CardDAVPath.home(user: user).href) }
            return nil
        },
    ]
}
