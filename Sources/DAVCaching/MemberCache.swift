import WebDAV

/// Members of collections (calendar objects, cards) kept while their collection is as it
/// was when they were read, for the store decorators.
///
/// A member is served again only while its collection, as read now, has the sync id and
/// change position it had when the member was read: every write to a collection's members
/// moves its position, and a collection made again under the same name has a new sync id.
/// Writes to other collections leave it alone.
final class MemberCache<Collection: Hashable & Sendable, Member: Sendable>: Sendable {
    /// What a collection was when a member was read from it.
    struct Version: Hashable, Sendable {
        let syncID: String
        let changePosition: Int64
    }

    private struct Key: Hashable, Sendable {
        let collection: Collection
        let name: String
    }

    private struct Kept: Sendable {
        let version: Version
        let member: Member
    }

    private let kept: ByteBudgetLRU<Key, Kept>
    private let nameOf: @Sendable (Member) -> String
    private let sizeOf: @Sendable (Member) -> Int

    /// - Parameters:
    ///   - maxBytes: memory for the members, as `size` counts them.
    ///   - name: a member's name in its collection.
    ///   - size: the bytes a member takes (its body, name and the like).
    init(maxBytes: Int, name: @escaping @Sendable (Member) -> String, size: @escaping @Sendable (Member) -> Int) {
        kept = ByteBudgetLRU(maxBytes: maxBytes)
        nameOf = name
        sizeOf = size
    }

    /// The named members of `collection` at `version`, in the order of `names` (those that
    /// exist): the kept ones, and the rest from `read` in one call, kept from then on.
    func members(
        named names: [String], in collection: Collection, at version: Version,
        reading read: ([String]) async throws(StoreError) -> [Member]
    ) async throws(StoreError) -> [Member] {
        var found: [String: Member] = [:]
        var missing: [String] = []
        let current = kept.values(for: names.map { Key(collection: collection, name: $0) }) { $0.version == version }
        for (name, kept) in zip(names, current) {
            if let kept { found[name] = kept.member } else { missing.append(name) }
        }
        if !missing.isEmpty {
            for member in try await read(missing) {
                let name = nameOf(member)
                found[name] = member
                kept.set(Kept(version: version, member: member), for: Key(collection: collection, name: name), size: sizeOf(member))
            }
        }
        return names.compactMap { found[$0] }
    }
}
