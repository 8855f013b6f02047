import CalDAVCore
import WebDAV

/// A ``ResourceTreeStore`` held in memory, for tests and as the reference the
/// ``ResourceTreeStoreConformance`` suite is written against.
public actor InMemoryResourceTreeStore: ResourceTreeStore {
    private struct Stored {
        var resource: PlainResource
        var data: [UInt8]
    }

    private var stored: [ResourcePath: Stored] = [:]
    /// Counts writes, so every stored content gets an ETag of its own.
    private var revision = 0
    private let clock: @Sendable () -> Int

    /// - Parameter clock: seconds since the epoch, for creation and modification times.
    public init(clock: @escaping @Sendable () -> Int = { 1_800_000_000 }) {
        self.clock = clock
    }

    public func resource(at path: ResourcePath) throws(StoreError) -> PlainResource? {
        stored[path]?.resource
    }

    public func members(of path: ResourcePath) throws(StoreError) -> [PlainResource] {
        guard isCollection(path) else { throw StoreError(.notFound, "no collection \(path)") }
        return stored.values.map(\.resource).filter { $0.path.parent == path && !$0.path.isRoot }
            .sorted { $0.path.name < $1.path.name }
    }

    public func file(at path: ResourcePath) throws(StoreError) -> (resource: PlainResource, data: [UInt8])? {
        guard let item = stored[path], !item.resource.isCollection else { return nil }
        return (item.resource, item.data)
    }

    public func makeCollection(at path: ResourcePath, deadProperties: [DAVXML.Name: [UInt8]]) throws(StoreError) -> PlainResource {
        guard !path.isRoot, stored[path] == nil else { throw StoreError(.alreadyExists, "\(path) exists") }
        try requireParent(of: path)
        let now = clock()
        let resource = PlainResource(path: path, isCollection: true, createdAt: now, lastModified: now, deadProperties: deadProperties)
        stored[path] = Stored(resource: resource, data: [])
        return resource
    }

    public func putFile(
        at path: ResourcePath, data: [UInt8], contentType: String?, precondition: WritePrecondition
    ) throws(StoreError) -> (resource: PlainResource, created: Bool) {
        try requireParent(of: path)
        let existing = stored[path]?.resource
        if existing?.isCollection == true { throw StoreError(.isCollection, "\(path) is a collection") }
        guard precondition.isSatisfied(by: existing?.etag) else { throw StoreError(.preconditionFailed, "\(path): the precondition does not hold") }
        revision += 1
        let now = clock()
        let resource = PlainResource(path: path, isCollection: false, contentType: contentType, contentLength: data.count,
                                     etag: "\"t\(revision)\"", createdAt: existing?.createdAt ?? now, lastModified: now,
                                     deadProperties: existing?.deadProperties ?? [:])
        stored[path] = Stored(resource: resource, data: data)
        return (resource, existing == nil)
    }

    public func setDeadProperties(_ properties: [DAVXML.Name: [UInt8]], at path: ResourcePath) throws(StoreError) {
        guard stored[path] != nil else { throw StoreError(.notFound, "nothing at \(path)") }
        stored[path]!.resource.deadProperties = properties
    }

    public func deleteResource(at path: ResourcePath, precondition: WritePrecondition) throws(StoreError) {
        guard let existing = stored[path]?.resource else { throw StoreError(.notFound, "nothing at \(path)") }
        guard precondition.isSatisfied(by: existing.etag) else { throw StoreError(.preconditionFailed, "\(path): the precondition does not hold") }
        removeTree(at: path)
    }

    public func transferResource(
        from source: ResourcePath, to destination: ResourcePath, keepSource: Bool, overwrite: Bool, withMembers: Bool
    ) throws(StoreError) -> (resource: PlainResource, created: Bool) {
        guard stored[source] != nil else { throw StoreError(.notFound, "nothing at \(source)") }
        if destination.isWithin(source) { throw StoreError(.invalidTransfer, "\(destination) lies inside \(source)") }
        try requireParent(of: destination)
        let existed = stored[destination] != nil
        if existed && !overwrite { throw StoreError(.preconditionFailed, "\(destination) exists and Overwrite is F") }
        let takesMembers = withMembers || !keepSource
        let moving = stored.filter { $0.key == source || (takesMembers && $0.key.isWithin(source)) }
        removeTree(at: destination)
        if !keepSource { removeTree(at: source) }
        let now = clock()
        for (path, item) in moving {
            var copy = item
            copy.resource.path = path.rebased(from: source, to: destination)
            if keepSource { copy.resource.createdAt = now }
            stored[copy.resource.path] = copy
        }
        return (stored[destination]!.resource, !existed)
    }

    private func isCollection(_ path: ResourcePath) -> Bool {
        path.isRoot || stored[path]?.resource.isCollection == true
    }

    private func requireParent(of path: ResourcePath) throws(StoreError) {
        guard !path.isRoot, isCollection(path.parent) else {
            throw StoreError(.missingParent, "no collection \(path.parent) to hold \(path.name)")
        }
    }

    private func removeTree(at path: ResourcePath) {
        for key in stored.keys where key.isWithin(path) { stored[key] = nil }
    }
}
