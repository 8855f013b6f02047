import CalDAVCore
import Foundation
import GRDB
import WebDAV

/// ``ResourceTreeStore`` in the same SQLite file as the calendars (migration
/// "2-webdav-resources"): each write, recursive ones included, is one transaction.
extension SQLiteCalendarStore: ResourceTreeStore {
    public func resource(at path: ResourcePath) async throws(StoreError) -> PlainResource? {
        try await read { db in try ResourceRows.find(path, db).map { try ResourceRows.resource($0, at: path, db) } }
    }

    public func members(of path: ResourcePath) async throws(StoreError) -> [PlainResource] {
        try await read { db in
            let id = try ResourceRows.collectionID(path, db, missing: StoreError(.notFound, "no collection \(path)"))
            return try ResourceRows.memberRows(of: id, owner: path.owner, db)
                .map { try ResourceRows.resource($0, at: path.appending($0["name"]), db) }
        }
    }

    public func file(at path: ResourcePath) async throws(StoreError) -> (resource: PlainResource, data: [UInt8])? {
        try await read { db in
            guard let row = try ResourceRows.find(path, db), !row["is_collection"] else { return nil }
            let data: Data = row["data"]
            return (try ResourceRows.resource(row, at: path, db), [UInt8](data))
        }
    }

    public func makeCollection(at path: ResourcePath, deadProperties: [DAVXML.Name: [UInt8]]) async throws(StoreError) -> PlainResource {
        let now = clock()
        return try await write { db in
            let taken = try path.isRoot || ResourceRows.find(path, db) != nil || ResourceRows.isCalendarName(path, db)
            if taken {
                throw StoreError(.alreadyExists, "\(path) exists")
            }
            let parent = try ResourceRows.parentID(of: path, db)
            try db.cachedStatement(sql: """
                INSERT INTO web_resource (owner, parent_id, name, is_collection, created_at, last_modified) VALUES (?, ?, ?, 1, ?, ?)
                """).execute(arguments: [path.owner, parent, path.name, now, now])
            try ResourceRows.saveDeadProperties(deadProperties, id: db.lastInsertedRowID, db)
            return PlainResource(path: path, isCollection: true, createdAt: now, lastModified: now, deadProperties: deadProperties)
        }
    }

    public func putFile(
        at path: ResourcePath, data: [UInt8], contentType: String?, precondition: WritePrecondition
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool) {
        let now = clock()
        return try await write { db in
            let parent = try ResourceRows.parentID(of: path, db)
            let existing = try ResourceRows.find(path, db)
            if let existing, existing["is_collection"] { throw StoreError(.isCollection, "\(path) is a collection") }
            guard precondition.isSatisfied(by: existing?["etag"]) else {
                throw StoreError(.preconditionFailed, "\(path): the precondition does not hold")
            }
            let revision: Int64 = (existing?["revision"] ?? 0) + 1
            let etag = EntityTag.make(position: revision, data: data)
            if let existing {
                try db.cachedStatement(sql: """
                    UPDATE web_resource SET data = ?, content_type = ?, etag = ?, revision = ?, last_modified = ? WHERE id = ?
                    """).execute(arguments: [Data(data), contentType, etag, revision, now, existing["id"] as Int64])
            } else {
                try db.cachedStatement(sql: """
                    INSERT INTO web_resource (owner, parent_id, name, is_collection, data, content_type, etag, revision, created_at, last_modified)
                    VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [path.owner, parent, path.name, Data(data), contentType, etag, revision, now, now])
            }
            let stored = try ResourceRows.find(path, db)!
            return (try ResourceRows.resource(stored, at: path, db), existing == nil)
        }
    }

    public func setDeadProperties(_ properties: [DAVXML.Name: [UInt8]], at path: ResourcePath) async throws(StoreError) {
        try await write { db in
            guard let row = try ResourceRows.find(path, db) else { throw StoreError(.notFound, "nothing at \(path)") }
            try ResourceRows.saveDeadProperties(properties, id: row["id"], db)
        }
    }

    public func deleteResource(at path: ResourcePath, precondition: WritePrecondition) async throws(StoreError) {
        try await write { db in
            guard let row = try ResourceRows.find(path, db) else { throw StoreError(.notFound, "nothing at \(path)") }
            guard precondition.isSatisfied(by: row["etag"]) else { throw StoreError(.preconditionFailed, "\(path): the precondition does not hold") }
            try db.cachedStatement(sql: "DELETE FROM web_resource WHERE id = ?").execute(arguments: [row["id"] as Int64])
        }
    }

    public func transferResource(
        from source: ResourcePath, to destination: ResourcePath, keepSource: Bool, overwrite: Bool, withMembers: Bool
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool) {
        let now = clock()
        return try await write { db in
            guard let origin = try ResourceRows.find(source, db) else { throw StoreError(.notFound, "nothing at \(source)") }
            if destination.isWithin(source) || destination.owner != source.owner {
                throw StoreError(.invalidTransfer, "\(destination) lies inside \(source)")
            }
            let parent = try ResourceRows.parentID(of: destination, db)
            if try ResourceRows.isCalendarName(destination, db) { throw StoreError(.alreadyExists, "\(destination) is a calendar") }
            let existing = try ResourceRows.find(destination, db)
            if existing != nil && !overwrite { throw StoreError(.preconditionFailed, "\(destination) exists and Overwrite is F") }
            if let existing { try db.cachedStatement(sql: "DELETE FROM web_resource WHERE id = ?").execute(arguments: [existing["id"] as Int64]) }
            if keepSource {
                try ResourceRows.copy(origin["id"], into: parent, name: destination.name, withMembers: withMembers, now: now, db)
            } else {
                try db.cachedStatement(sql: "UPDATE web_resource SET parent_id = ?, name = ? WHERE id = ?").execute(arguments: [parent, destination.name, origin["id"] as Int64])
            }
            let moved = try ResourceRows.find(destination, db)!
            return (try ResourceRows.resource(moved, at: destination, db), existing == nil)
        }
    }
}

/// Row-level steps on `web_resource` and `web_dead_property`, inside a read or write.
enum ResourceRows {
    /// The row at `path`, found segment by segment from the top; `nil` for the root.
    static func find(_ path: ResourcePath, _ db: Database) throws -> Row? {
        var row: Row? = nil
        for segment in path.segments {
            if let parent = row {
                row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM web_resource WHERE parent_id = ? AND name = ?"),
                                       arguments: [parent["id"] as Int64, segment])
            } else {
                row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM web_resource WHERE owner = ? AND parent_id IS NULL AND name = ?"),
                                       arguments: [path.owner, segment])
            }
            if row == nil { return nil }
        }
        return row
    }

    /// The id of the collection at `path` (`nil` for the root), or `missing` thrown.
    static func collectionID(_ path: ResourcePath, _ db: Database, missing: StoreError) throws -> Int64? {
        if path.isRoot { return nil }
        guard let row = try find(path, db), row["is_collection"] else { throw missing }
        return row["id"]
    }

    /// The id of the collection that holds `path` (`nil` for the root), or ``StoreError/Code/missingParent``.
    static func parentID(of path: ResourcePath, _ db: Database) throws -> Int64? {
        guard !path.isRoot else { throw StoreError(.missingParent, "the home has no parent") }
        return try collectionID(path.parent, db, missing: StoreError(.missingParent, "no collection \(path.parent) to hold \(path.name)"))
    }

    static func memberRows(of id: Int64?, owner: String, _ db: Database) throws -> [Row] {
        if let id {
            return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM web_resource WHERE parent_id = ? ORDER BY name"), arguments: [id])
        }
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM web_resource WHERE owner = ? AND parent_id IS NULL ORDER BY name"), arguments: [owner])
    }

    /// Whether `path` is a top-level name the owner's calendars already use.
    static func isCalendarName(_ path: ResourcePath, _ db: Database) throws -> Bool {
        guard path.segments.count == 1 else { return false }
        return try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM calendar WHERE owner = ? AND name = ?"), arguments: [path.owner, path.name]) ?? false
    }

    /// Whether the owner has a top-level plain collection called `name`.
    static func isTopLevelName(owner: String, _ name: String, _ db: Database) throws -> Bool {
        try find(ResourcePath(owner: owner, segments: [name]), db) != nil
    }

    static func resource(_ row: Row, at path: ResourcePath, _ db: Database) throws -> PlainResource {
        var dead: [DAVXML.Name: [UInt8]] = [:]
        for property in try Row.fetchAll(db.cachedStatement(sql: "SELECT namespace, local_name, xml FROM web_dead_property WHERE resource_id = ?"),
                                         arguments: [row["id"] as Int64]) {
            let xml: Data = property["xml"]
            dead[DAVXML.Name(property["namespace"], property["local_name"])] = [UInt8](xml)
        }
        let data: Data? = row["data"]
        return PlainResource(path: path, isCollection: row["is_collection"], contentType: row["content_type"],
                             contentLength: data?.count ?? 0, etag: row["etag"], createdAt: row["created_at"],
                             lastModified: row["last_modified"], deadProperties: dead)
    }

    static func saveDeadProperties(_ properties: [DAVXML.Name: [UInt8]], id: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM web_dead_property WHERE resource_id = ?").execute(arguments: [id])
        for (name, xml) in properties {
            try db.cachedStatement(sql: "INSERT INTO web_dead_property (resource_id, namespace, local_name, xml) VALUES (?, ?, ?, ?)").execute(arguments: [id, name.namespace, name.local, Data(xml)])
        }
    }

    /// Copies the row `id` (and, with `withMembers`, everything below it) into the
    /// collection `parent` under `name`, dead properties included.
    static func copy(_ id: Int64, into parent: Int64?, name: String, withMembers: Bool, now: Int, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO web_resource (owner, parent_id, name, is_collection, data, content_type, etag, revision, created_at, last_modified)
            SELECT owner, ?, ?, is_collection, data, content_type, etag, revision, ?, last_modified FROM web_resource WHERE id = ?
            """).execute(arguments: [parent, name, now, id])
        let copied = db.lastInsertedRowID
        try db.cachedStatement(sql: """
            INSERT INTO web_dead_property (resource_id, namespace, local_name, xml)
            SELECT ?, namespace, local_name, xml FROM web_dead_property WHERE resource_id = ?
            """).execute(arguments: [copied, id])
        guard withMembers else { return }
        for member in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name FROM web_resource WHERE parent_id = ?"), arguments: [id]) {
            try copy(member["id"], into: copied, name: member["name"], withMembers: true, now: now, db)
        }
    }
}
