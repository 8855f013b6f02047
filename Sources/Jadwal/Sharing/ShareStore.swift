import Foundation
import SQLStorage
import WebDAV

/// The shares of calendars and address books (``WebDAV/CollectionShare``), in the
/// application's database: one row per owner's collection and sharee, removed with either
/// account.
public struct ShareStore: CollectionShareStore {
    let database: any SQLDatabase

    public func shares(involving user: String, in tree: String) async throws(StoreError) -> SharesOfUser {
        let rows = try await storing("read") {
            try await database.read { session in
                try await session.query("""
                    SELECT * FROM collection_share WHERE tree = ? AND (owner = ? OR sharee = ?) ORDER BY owner, collection, sharee
                    """, [tree, user, user])
            }
        }
        return SharesOfUser(user: user, all: rows.compactMap(Self.share))
    }

    public func saveShare(_ share: CollectionShare) async throws(StoreError) {
        let taken = try await storing("save") {
            try await database.write { session -> Bool in
                if let mount = share.mount, try await session.exists("""
                    SELECT 1 FROM collection_share WHERE tree = ? AND sharee = ? AND mount = ? AND NOT (owner = ? AND collection = ?)
                    """, [share.tree, share.sharee, mount, share.owner, share.collection]) {
                    return true
                }
                try await session.execute("""
                    INSERT INTO collection_share (tree, owner, collection, sharee, access, status, mount, invitation, summary,
                        display_name, description, color, sort_order, changed_at, invite_seen, answer_seen)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (tree, owner, collection, sharee) DO UPDATE SET access = excluded.access, status = excluded.status,
                        mount = excluded.mount, invitation = excluded.invitation, summary = excluded.summary,
                        display_name = excluded.display_name, description = excluded.description, color = excluded.color,
                        sort_order = excluded.sort_order, changed_at = excluded.changed_at, invite_seen = excluded.invite_seen,
                        answer_seen = excluded.answer_seen
                    """, [share.tree, share.owner, share.collection, share.sharee, share.access.rawValue, share.status.rawValue,
                          share.mount, share.invitation, share.summary, share.displayName, share.calendarDescription, share.color,
                          share.order, share.changedAt, share.inviteSeen, share.answerSeen])
                return false
            }
        }
        if taken, let mount = share.mount {
            throw StoreError(.alreadyExists, "\(share.sharee) already has a shared collection named \(mount)")
        }
    }

    public func removeShare(in tree: String, owner: String, collection: String, sharee: String) async throws(StoreError) {
        try await remove("tree = ? AND owner = ? AND collection = ? AND sharee = ?", [tree, owner, collection, sharee])
    }

    public func removeShares(in tree: String, owner: String, collection: String) async throws(StoreError) {
        try await remove("tree = ? AND owner = ? AND collection = ?", [tree, owner, collection])
    }

    public func removeShares(involving user: String) async throws(StoreError) {
        try await remove("owner = ? OR sharee = ?", [user, user])
    }

    private func remove(_ condition: String, _ arguments: SQLArguments) async throws(StoreError) {
        try await storing("remove") {
            try await database.write { session in
                _ = try await session.execute("DELETE FROM collection_share WHERE \(condition)", arguments)
            }
        }
    }

    private static func share(_ row: SQLRow) -> CollectionShare? {
        guard let access = ShareAccess(rawValue: row["access"]), let status = ShareStatus(rawValue: row["status"]) else { return nil }
        return CollectionShare(
            tree: row["tree"], owner: row["owner"], collection: row["collection"], sharee: row["sharee"], access: access, status: status,
            mount: row["mount"], invitation: row["invitation"], summary: row["summary"], displayName: row["display_name"],
            calendarDescription: row["description"], color: row["color"], order: row["sort_order"], changedAt: row["changed_at"],
            inviteSeen: row["invite_seen"], answerSeen: row["answer_seen"])
    }

    /// Runs a database step, keeping a failure as the cause of a store error.
    private func storing<T: Sendable>(_ action: String, _ body: () async throws -> T) async throws(StoreError) -> T {
        do { return try await body() } catch { throw StoreError(.unavailable, "shares could not be \(action == "read" ? "read" : "changed")", cause: error) }
    }
}

extension ApplicationDatabase {
    /// Who shares which calendar and address book with whom.
    public var shares: ShareStore { ShareStore(database: database) }
}
