/// The principal properties of delegation (RFC 3744 group membership and the CalendarServer
/// proxy extension), from what the engine put in the request's context: a principal's own
/// delegates (`DAV:group-member-set` of its proxy groups) and who delegated to it
/// (`DAV:group-membership`, `CS:calendar-proxy-read-for`, `CS:calendar-proxy-write-for`).
/// Who delegates to whom is shown only to the principal concerned.
enum DelegationProperties {
    typealias Definition = PropertyTable<ServerPath>.Definition

    static let principal: [Definition] = [
        Definition(name: .dav("group-member-set"), inAllProp: false, isWritable: true) { path, context, _ in
            guard case .proxyGroup(let user, let access) = path, context.owns(user) else { return nil }
            return .hrefs(context.delegates.filter { $0.access == access }.map { ServerPath.principalHref($0.user) })
        },
        Definition(name: .dav("group-membership"), inAllProp: false, isWritable: false) { path, context, _ in
            guard case .principal(let user) = path, context.owns(user) else { return nil }
            return .hrefs(context.delegators.map { ServerPath.proxyGroup(user: $0.user, access: $0.access).href })
        },
        delegatorsFor(.read, name: "calendar-proxy-read-for"),
        delegatorsFor(.readWrite, name: "calendar-proxy-write-for"),
    ]

    private static func delegatorsFor(_ access: ShareAccess, name: String) -> Definition {
        Definition(name: .calendarServer(name), inAllProp: false, isWritable: false) { path, context, _ in
            guard case .principal(let user) = path, context.owns(user) else { return nil }
            return .hrefs(context.delegators.filter { $0.access == access }.map { ServerPath.principalHref($0.user) })
        }
    }
}
