import CalDAVCore
import PostgresAccess
import PostgresNIO
import WebDAV

/// ``ResourceTreeStore`` in the same database as the calendars: each write, recursive ones
/// included, is one transaction under the owner's lock (``OwnerLock``).
extension PostgresCalendarStore: ResourceTreeStore {
    public func resource(at path: ResourcePath) async throws(StoreError) -> PlainResource? {
        try await read { connection in
            guard let row = try await ResourceRows.find(path, connection) else { return nil }
            return try await ResourceRows.resources([(row, path)], connection)[0]
        }
    }

    public func members(of path: ResourcePath) async throws(StoreError) -> [PlainResource] {
        try await read { connection in
            let id = try await ResourceRows.collectionID(path, connection, missing: StoreError(.notFound, "no collection \(path)"))
            let rows = try await ResourceRows.memberRows(of: id, owner: path.owner, connection)
            return try await ResourceRows.resources(rows.map { ($0, path.appending($0.name)) }, connection)
        }
    }

    public func file(at path: ResourcePath) async throws(StoreError) -> (resource: PlainResource, data: [UInt8])? {
        try await read { connection in
            guard let row = try await ResourceRows.find(path, connection), !row.isCollection else { return nil }
            let data = try await connection.row("SELECT data FROM web_resource WHERE id = \(row.id)")?.bytes("data") ?? []
            return (try await ResourceRows.resources([(row, path)], connection)[0], data)
        }
    }

    public func makeCollection(at path: ResourcePath, deadProperties: [DAVXML.Name: [UInt8]]) async throws(StoreError) -> PlainResource {
        let now = clock()
        let taken = StoreError(.alreadyExists, "\(path) exists")
        return try await write(uniqueViolation: taken) { connection in
            try await OwnerLock.take(path.owner, connection)
            if path.isRoot { throw taken }
            if try await ResourceRows.find(path, connection) != nil { throw taken }
            if try await ResourceRows.isCalendarName(path, connection) { throw taken }
            let parent = try await ResourceRows.parentID(of: path, connection)
            guard let row = try await connection.row("""
                INSERT INTO web_resource (owner, parent_id, name, is_collection, created_at, last_modified)
                VALUES (\(path.owner), \(parent), \(path.name), TRUE, \(now), \(now)) RETURNING id
                """) else { throw StoreError(.unavailable, "the collection could not be created") }
            try await ResourceRows.saveDeadProperties(deadProperties, id: row.get("id"), connection)
            return PlainResource(path: path, isCollection: true, createdAt: now, lastModified: now, deadProperties: deadProperties)
        }
    }

    public func putFile(
        at path: ResourcePath, data: [UInt8], contentType: String?, precondition: WritePrecondition
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool) {
        let now = clock()
        return try await write { connection in
            try await OwnerLock.take(path.owner, connection)
            let parent = try await ResourceRows.parentID(of: path, connection)
            let existing = try await ResourceRows.find(path, connection)
            if let existing, existing.isCollection { throw StoreError(.isCollection, "\(path) is a collection") }
            guard precondition.isSatisfied(by: existing?.etag) else {
                throw StoreError(.preconditionFailed, "\(path): the precondition does not hold")
            }
            let revision = (existing?.revision ?? 0) + 1
            let etag = EntityTag.make(position: revision, data: data)
            if let existing {
                try await connection.run("""
                    UPDATE web_resource SET data = \(data.bytea), content_type = \(contentType), etag = \(etag), revision = \(revision),
                        last_modified = \(now) WHERE id = \(existing.id)
                    """)
            } else {
                try await connection.run("""
                    INSERT INTO web_resource (owner, parent_id, name, is_collection, data, content_type, etag, revision, created_at, last_modified)
                    VALUES (\(path.owner), \(parent), \(path.name), FALSE, \(data.bytea), \(contentType), \(etag), \(revision), \(now), \(now))
                    """)
            }
            guard let stored = try await ResourceRows.find(path, connection) else { throw StoreError(.unavailable, "the file could not be stored") }
            return (try await ResourceRows.resources([(stored, path)], connection)[0], existing == nil)
        }
    }

    public func setDeadProperties(_ properties: [DAVXML.Name: [UInt8]], at path: ResourcePath) async throws(StoreError) {
        try await write { connection in
            try await OwnerLock.take(path.owner, connection)
            guard let row = try await ResourceRows.find(path, connection) else { throw StoreError(.notFound, "nothing at \(path)") }
            try await ResourceRows.saveDeadProperties(properties, id: row.id, connection)
        }
    }

    public func deleteResource(at path: ResourcePath, precondition: WritePrecondition) async throws(StoreError) {
        try await write { connection in
            try await OwnerLock.take(path.owner, connection)
            guard let row = try await ResourceRows.find(path, connection) else { throw StoreError(.notFound, "nothing at \(path)") }
            guard precondition.isSatisfied(by: row.etag) else { throw StoreError(.preconditionFailed, "\(path): the precondition does not hold") }
            try await connection.run("DELETE FROM web_resource WHERE id = \(row.id)")
        }
    }

    public func transferResource(
        from source: ResourcePath, to destination: ResourcePath, keepSource: Bool, overwrite: Bool, withMembers: Bool
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool) {
        let now = clock()
        return try await write { connection in
            try await OwnerLock.take(source.owner, connection)
            guard let origin = try await ResourceRows.find(source, connection) else { throw StoreError(.notFound, "nothing at \(source)") }
            if destination.isWithin(source) || destination.owner != source.owner {
                throw StoreError(.invalidTransfer, "\(destination) lies inside \(source)")
            }
            let parent = try await ResourceRows.parentID(of: destination, connection)
            if try await ResourceRows.isCalendarName(destination, connection) { throw StoreError(.alreadyExists, "\(destination) is a calendar") }
            let existing = try await ResourceRows.find(destination, connection)
            if existing != nil && !overwrite { throw StoreError(.preconditionFailed, "\(destination) exists and Overwrite is F") }
            if let existing { try await connection.run("DELETE FROM web_resource WHERE id = \(existing.id)") }
            if keepSource {
                try await ResourceRows.copy(origin.id, into: parent, name: destination.name, withMembers: withMembers, now: now, connection)
            } else {
                try await connection.run("UPDATE web_resource SET parent_id = \(parent), name = \(destination.name) WHERE id = \(origin.id)")
            }
            guard let moved = try await ResourceRows.find(destination, connection) else {
                throw StoreError(.unavailable, "the resource could not be transferred")
            }
            return (try await ResourceRows.resources([(moved, destination)], connection)[0], existing == nil)
        }
    }
}

/// A `web_resource` row without its content.
struct ResourceRow: Sendable {
    var id: Int64
    var name: String
    var isCollection: Bool
    var contentType: String?
    var etag: String?
    var revision: Int64
    var createdAt: Int
    var lastModified: Int
    var contentLength: Int

    /// The columns ``init(_:)`` reads, for a `SELECT` from `web_resource r`.
    static let columns = """
        r.id, r.name, r.is_collection, r.content_type, r.etag, r.revision, r.created_at, r.last_modified,
        COALESCE(octet_length(r.data), 0)::bigint AS content_length
        """

    init(_ row: PostgresRandomAccessRow) throws {
        id = try row.get("id")
        name = try row.get("name")
        isCollection = try row.get("is_collection")
        contentType = try row.get("content_type")
        etag = try row.get("etag")
        revision = try row.get("revision")
        createdAt = try row.get("created_at")
        lastModified = try row.get("last_modified")
        contentLength = try row.get("content_length")
    }
}

/// Row-level steps on `web_resource` and `web_dead_property`, inside a transaction.
enum ResourceRows {
    /// The row at `path`, walked segment by segment from the top in one recursive query;
    /// `nil` for the root.
    static func find(_ path: ResourcePath, _ connection: PostgresConnection) async throws -> ResourceRow? {
        guard !path.isRoot else { return nil }
        return try await connection.row("""
            WITH RECURSIVE walk (id, depth) AS (
                SELECT id, 1 FROM web_resource WHERE owner = \(path.owner) AND parent_id IS NULL AND name = (\(path.segments)::text[])[1]
                UNION ALL
                SELECT child.id, walk.depth + 1 FROM walk JOIN web_resource child
                    ON child.parent_id = walk.id AND child.name = (\(path.segments)::text[])[walk.depth + 1]
                WHERE walk.depth < \(path.segments.count)
            )
            SELECT \(unescaped: ResourceRow.columns) FROM walk JOIN web_resource r ON r.id = walk.id
            WHERE walk.depth = \(path.segments.count)
            """).map(ResourceRow.init)
    }

    /// The id of the collection at `path` (`nil` for the root), or `missing` thrown.
    static func collectionID(_ path: ResourcePath, _ connection: PostgresConnection, missing: StoreError) async throws -> Int64? {
        if path.isRoot { return nil }
        guard let row = try await find(path, connection), row.isCollection else { throw missing }
        return row.id
    }

    /// The id of the collection that holds `path` (`nil` for the root), or ``StoreError/Code/missingParent``.
    static func parentID(of path: ResourcePath, _ connection: PostgresConnection) async throws -> Int64? {
        guard !path.isRoot else { throw StoreError(.missingParent, "the home has no parent") }
        return try await collectionID(path.parent, connection, missing: StoreError(.missingParent, "no collection \(path.parent) to hold \(path.name)"))
    }

    static func memberRows(of id: Int64?, owner: String, _ connection: PostgresConnection) async throws -> [ResourceRow] {
        if let id {
            return try await connection.rows("SELECT \(unescaped: ResourceRow.columns) FROM web_resource r WHERE r.parent_id = \(id) ORDER BY r.name")
                .map(ResourceRow.init)
        }
        return try await connection.rows("""
            SELECT \(unescaped: ResourceRow.columns) FROM web_resource r WHERE r.owner = \(owner) AND r.parent_id IS NULL ORDER BY r.name
            """).map(ResourceRow.init)
    }

    /// Whether `path` is a top-level name the owner's calendars already use.
    static func isCalendarName(_ path: ResourcePath, _ connection: PostgresConnection) async throws -> Bool {
        guard path.segments.count == 1 else { return false }
        return try await connection.row("SELECT 1 FROM calendar WHERE owner = \(path.owner) AND name = \(path.name)") != nil
    }

    /// Rows as resources at their paths, with their dead properties read in one query.
    static func resources(_ rows: [(row: ResourceRow, path: ResourcePath)], _ connection: PostgresConnection) async throws -> [PlainResource] {
        guard !rows.isEmpty else { return [] }
        var dead: [Int64: [DAVXML.Name: [UInt8]]] = [:]
        for property in try await connection.rows("""
            SELECT resource_id, namespace, local_name, xml FROM web_dead_property WHERE resource_id = ANY(\(rows.map(\.row.id)))
            """) {
            let name = DAVXML.Name(try property.get("namespace", as: String.self), try property.get("local_name", as: String.self))
            dead[try property.get("resource_id"), default: [:]][name] = try property.bytes("xml")
        }
        return rows.map { row, path in
            PlainResource(path: path, isCollection: row.isCollection, contentType: row.contentType, contentLength: row.contentLength,
                          etag: row.etag, createdAt: row.createdAt, lastModified: row.lastModified, deadProperties: dead[row.id] ?? [:])
        }
    }

    static func saveDeadProperties(_ properties: [DAVXML.Name: [UInt8]], id: Int64, _ connection: PostgresConnection) async throws {
        try await connection.run("DELETE FROM web_dead_property WHERE resource_id = \(id)")
        for (name, xml) in properties {
            try await connection.run("""
                INSERT INTO web_dead_property (resource_id, namespace, local_name, xml) VALUES (\(id), \(name.namespace), \(name.local), \(xml.bytea))
                """)
        }
    }

    /// Copies the row `id` (and, with `withMembers`, everything below it) into the
    /// collection `parent` under `name`, dead properties included.
    static func copy(_ id: Int64, into parent: Int64?, name: String, withMembers: Bool, now: Int, _ connection: PostgresConnection) async throws {
        guard let row = try await connection.row("""
            INSERT INTO web_resource (owner, parent_id, name, is_collection, data, content_type, etag, revision, created_at, last_modified)
            SELECT owner, \(parent), \(name), is_collection, data, content_type, etag, revision, \(now), last_modified FROM web_resource WHERE id = \(id)
            RETURNING id
            """) else { throw StoreError(.notFound, "the resource to copy is gone") }
        let copied: Int64 = try row.get("id")
        try await connection.run("""
            INSERT INTO web_dead_property (resource_id, namespace, local_name, xml)
            SELECT \(copied), namespace, local_name, xml FROM web_dead_property WHERE resource_id = \(id)
            """)
        guard withMembers else { return }
        for member in try await connection.rows("SELECT id, name FROM web_resource WHERE parent_id = \(id)") {
            try await copy(member.get("id"), into: copied, name: member.get("name"), withMembers: true, now: now, connection)
        }
    }
}
