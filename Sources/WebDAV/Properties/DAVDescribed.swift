/// What every WebDAV resource tells about itself, whichever protocol serves it. The
/// properties of RFC 4918, RFC 3744 (a subset), RFC 5397 and RFC 6578 are computed from
/// it in one place (``PropertyTable/common``); a protocol adds its own beside them.
public protocol DAVDescribed: Sendable {
    /// The canonical href.
    var href: String { get }
    /// DAV:resourcetype's children: empty for a non-collection.
    var resourceTypes: [DAVXML.Name] { get }
    var displayName: String? { get }
    /// DAV:displayname as the principal of `context` is shown it; ``displayName`` unless the
    /// resource says otherwise (a principal's own name is the person's, from the context).
    func displayName(in context: DAVContext) -> String?
    /// The strong ETag, quoted, of a resource with content.
    var entityTag: String? { get }
    /// The media type of a resource with content.
    var contentType: String? { get }
    var contentLength: Int? { get }
    /// Seconds since the epoch.
    var lastModified: Int? { get }
    /// Seconds since the epoch.
    var creationDate: Int? { get }
    /// The principal that owns the resource, if any.
    var owner: String? { get }
    /// The privileges the requesting principal holds (RFC 3744 §5.4), one of
    /// ``DAVPrivileges``.
    var privileges: [String] { get }
    /// The reports the resource answers (RFC 3253 §3.1.5).
    var supportedReports: [DAVXML.Name] { get }
    /// The value of DAV:sync-token and CS:getctag of a collection that has one.
    var collectionTag: String? { get }
    /// Dead properties, each as the exact XML of its element.
    var deadProperties: [DAVXML.Name: [UInt8]] { get }
}

extension DAVDescribed {
    public func displayName(in context: DAVContext) -> String? { displayName }
}

/// The privilege sets resources grant (RFC 3744 §3), by their local names in DAV:.
public enum DAVPrivileges {
    /// What a principal may do with what it may only read.
    public static let readOnly = ["read", "read-current-user-privilege-set"]
    /// What an owner may do with its own resources.
    public static let readWrite = ["read", "write", "write-properties", "write-content", "bind", "unbind", "read-current-user-privilege-set"]
}

extension PropertyTable where Subject: DAVDescribed {
    /// The live properties every resource has, in the order allprop lists them.
    public static var common: [Definition] {
        [
            Definition(name: .dav("resourcetype"), inAllProp: true, isWritable: false) { resource, _, _ in
                .elements(resource.resourceTypes)
            },
            Definition(name: .dav("displayname"), inAllProp: true, isWritable: true) { resource, context, _ in
                resource.displayName(in: context).map { .text($0) }
            },
            Definition(name: .dav("getetag"), inAllProp: true, isWritable: false) { resource, _, _ in
                resource.entityTag.map { .text($0) }
            },
            Definition(name: .dav("getcontenttype"), inAllProp: true, isWritable: false) { resource, _, _ in
                resource.contentType.map { .text($0) }
            },
            Definition(name: .dav("getcontentlength"), inAllProp: true, isWritable: false) { resource, _, _ in
                resource.contentLength.map { .text(String($0)) }
            },
            Definition(name: .dav("getlastmodified"), inAllProp: true, isWritable: false) { resource, _, _ in
                resource.lastModified.map { .text(HTTPDate.format($0)) }
            },
            Definition(name: .dav("creationdate"), inAllProp: true, isWritable: false) { resource, _, _ in
                resource.creationDate.map { .text(HTTPDate.iso8601($0)) }
            },
            Definition(name: .dav("current-user-principal"), inAllProp: false, isWritable: false) { _, context, _ in
                .href(ServerPath.principalHref(context.principal))
            },
            Definition(name: .dav("principal-URL"), inAllProp: false, isWritable: false) { resource, _, _ in
                resource.resourceTypes.contains(.dav("principal")) ? .href(resource.href) : nil
            },
            Definition(name: .dav("owner"), inAllProp: false, isWritable: false) { resource, _, _ in
                resource.owner.map { .href(ServerPath.principalHref($0)) }
            },
            Definition(name: .dav("current-user-privilege-set"), inAllProp: false, isWritable: false) { resource, context, _ in
                // A read-only delegate may do no more than read, whatever the resource allows.
                let names = context.onBehalf?.access == .read ? resource.privileges.filter(DAVPrivileges.readOnly.contains) : resource.privileges
                return .custom { writer in
                    for name in names {
                        writer.start(.dav("privilege"))
                        writer.element(.dav(name))
                        writer.end()
                    }
                }
            },
            Definition(name: .dav("supported-report-set"), inAllProp: false, isWritable: false) { resource, _, _ in
                let reports = resource.supportedReports
                return .custom { writer in
                    for report in reports {
                        writer.start(.dav("supported-report"))
                        writer.start(.dav("report"))
                        writer.element(report)
                        writer.end()
                        writer.end()
                    }
                }
            },
            Definition(name: .dav("sync-token"), inAllProp: false, isWritable: false) { resource, _, _ in
                resource.collectionTag.map { .text($0) }
            },
            Definition(name: .calendarServer("getctag"), inAllProp: false, isWritable: false) { resource, _, _ in
                resource.collectionTag.map { .text($0) }
            },
            Definition(name: .dav("principal-collection-set"), inAllProp: false, isWritable: false) { _, _, _ in
                .href(ServerPath.principals.href)
            },
        ]
    }

    /// Writes one DAV:response for `resource` with the properties `query` asks for; see
    /// ``writeResponse(href:for:dead:query:context:configuration:override:into:)``.
    public func writeResponse(
        for resource: Subject, query: PropFindRequest, context: DAVContext, configuration: DAVConfiguration,
        override: (DAVXML.Name) -> PropertyValue? = { _ in nil }, into writer: inout XMLWriter
    ) {
        writeResponse(href: resource.href, for: resource, dead: resource.deadProperties, query: query, context: context,
                      configuration: configuration, override: override, into: &writer)
    }
}
