import WebDAV

/// What a store decorator keeps of one protocol's collections (calendars, address books)
/// and their members (objects, cards), and the reads it answers from them: a collection's
/// row while the store's change stamp is the one taken before it was read
/// (``StampedRows``), a member while its collection has the version it had when the member
/// was read (``MemberCache``). Without a stamp (the signal cannot tell now) every read goes
/// to the store. The reads of the store underneath are given with each call.
final class CollectionCache<Reference: Hashable & Sendable, Collection: Sendable, Member: Sendable>: Sendable {
    typealias ReadCollection = (Reference) async throws(StoreError) -> Collection?
    typealias ReadMembers = ([String], Reference) async throws(StoreError) -> [Member]

    private let signal: any ChangeSignal
    private let rows: StampedRows<Reference, Collection>
    private let members: MemberCache<Reference, Member>
    private let versionOf: @Sendable (Collection) -> MemberCache<Reference, Member>.Version

    /// - Parameters:
    ///   - signal: tells when the store may have changed.
    ///   - rowBytes, rowSize: memory for collection rows, and what one takes.
    ///   - memberBytes, memberName, memberSize: memory for members, a member's name, and what one takes.
    ///   - version: a collection's sync id and change position.
    init(signal: any ChangeSignal, rowBytes: Int, rowSize: @escaping @Sendable (Reference, Collection?) -> Int,
         memberBytes: Int, memberName: @escaping @Sendable (Member) -> String, memberSize: @escaping @Sendable (Member) -> Int,
         version: @escaping @Sendable (Collection) -> (syncID: String, changePosition: Int64)) {
        self.signal = signal
        rows = StampedRows(maxBytes: rowBytes, size: rowSize)
        members = MemberCache(maxBytes: memberBytes, name: memberName, size: memberSize)
        versionOf = { collection in
            let (syncID, changePosition) = version(collection)
            return .init(syncID: syncID, changePosition: changePosition)
        }
    }

    /// The collection's row.
    func collection(_ reference: Reference, reading read: ReadCollection) async throws(StoreError) -> Collection? {
        try await collection(reference, at: await signal.stamp(), reading: read)
    }

    /// The collection's row and, when `name` is given, the member of that name (if any);
    /// `nil` when there is no such collection.
    func lookup(_ reference: Reference, member name: String?, reading read: ReadCollection,
                members readMembers: ReadMembers) async throws(StoreError) -> (collection: Collection, member: Member?)? {
        let stamp = await signal.stamp()
        guard let collection = try await collection(reference, at: stamp, reading: read) else { return nil }
        guard let name else { return (collection, nil) }
        do {
            return (collection, try await members(named: [name], in: reference, collection, at: stamp, reading: readMembers).first)
        } catch where error.code == .notFound {
            return nil  // deleted since the row was read
        }
    }

    /// The named members of the collection, in the order of `names` (those that exist);
    /// `missing` when there is no such collection.
    func members(named names: [String], in reference: Reference, missing: StoreError, reading read: ReadCollection,
                 members readMembers: ReadMembers) async throws(StoreError) -> [Member] {
        let stamp = await signal.stamp()
        guard let collection = try await collection(reference, at: stamp, reading: read) else { throw missing }
        return try await members(named: names, in: reference, collection, at: stamp, reading: readMembers)
    }

    private func collection(_ reference: Reference, at stamp: ChangeStamp?, reading read: ReadCollection) async throws(StoreError) -> Collection? {
        try await rows.row(for: reference, at: stamp) { () async throws(StoreError) in try await read(reference) }
    }

    /// Those kept for the collection's current version, and the rest from the store in one read.
    private func members(named names: [String], in reference: Reference, _ collection: Collection, at stamp: ChangeStamp?,
                         reading read: ReadMembers) async throws(StoreError) -> [Member] {
        guard stamp != nil else { return try await read(names, reference) }
        return try await members.members(named: names, in: reference, at: versionOf(collection)) { missing async throws(StoreError) in
            try await read(missing, reference)
        }
    }
}
