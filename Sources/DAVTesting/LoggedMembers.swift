import WebDAV

/// The members of one collection with its change log, as the in-memory stores keep them:
/// each name's latest change only, as the SQL stores keep it, and the change sets every
/// store must answer (see the conformance suites).
package struct LoggedMembers<Member: Sendable>: Sendable {
    package private(set) var members: [String: Member] = [:]
    /// The position of the last change.
    package private(set) var position: Int64 = 0
    /// (position, name), ascending.
    private var log: [(position: Int64, name: String)] = []

    package init() {}

    /// Members and a change log brought from another server: `changes` in increasing
    /// position, `position` the log's position after them.
    package init(members: [String: Member], changes: [LoggedChange], position: Int64) {
        self.members = members
        self.position = position
        for change in changes {
            log.removeAll { $0.name == change.name }
            log.append((change.position, change.name))
        }
    }

    package subscript(name: String) -> Member? { members[name] }

    /// The position the next change will have.
    package var nextPosition: Int64 { position + 1 }

    /// Stores (or with `nil` removes) `name`'s member as the next change.
    package mutating func set(_ name: String, _ member: Member?) {
        position += 1
        members[name] = member
        log.removeAll { $0.name == name }
        log.append((position, name))
    }

    /// What changed after `since` (`nil`: everything present), at most `limit` names;
    /// `invalidSyncToken` for a position never reached.
    package func changes(since since: Int64?, limit: Int?, of collection: String) throws(StoreError) -> ChangeSet {
        guard let since else {
            let names = members.keys.sorted()
            guard let limit, names.count > limit else {
                return ChangeSet(position: position, changed: names, deleted: [], isTruncated: false)
            }
            // A paged initial sync: live members in the order of the log.
            var folder = ChangeLogFolder(after: 0, limit: limit)
            for item in log {
                if members[item.name] == nil { folder.pass(position: item.position) } else if !folder.add(position: item.position, name: item.name) { break }
            }
            return ChangeSet(position: folder.reached, changed: folder.names, deleted: [], isTruncated: folder.reached < position)
        }
        guard since >= 0, since <= position else {
            throw StoreError(.invalidSyncToken, "sync position \(since) was not issued by \(collection)")
        }
        var folder = ChangeLogFolder(after: since, limit: limit)
        for item in log where item.position > since {
            if !folder.add(position: item.position, name: item.name) { break }
        }
        let (order, reached) = (folder.names, folder.reached)
        return ChangeSet(position: reached, changed: order.filter { members[$0] != nil }, deleted: order.filter { members[$0] == nil },
                         isTruncated: reached < position)
    }
}
