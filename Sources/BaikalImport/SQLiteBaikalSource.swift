import Foundation
import GRDB

/// A Baïkal SQLite database, opened read-only: nothing in it is changed.
public final class SQLiteBaikalSource: BaikalSource {
    private let queue: DatabaseQueue
    public let description: String

    /// Opens `path` read-only and checks that it holds Baïkal's schema.
    public init(path: String) throws(BaikalSourceError) {
        description = "sqlite:\(path)"
        guard FileManager.default.fileExists(atPath: path) else { throw BaikalSourceError("no file at \(path)") }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let found = try queue.read { db in
                var tables: [String: Set<String>] = [:]
                for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                    tables[table.lowercased()] = Set(try db.columns(in: table).map { $0.name.lowercased() })
                }
                return tables
            }
            try BaikalSchema.check(found, source: description)
        } catch let error as BaikalSourceError {
            throw error
        } catch {
            throw BaikalSourceError("\(description) cannot be read as an SQLite database", cause: error)
        }
    }

    private func read<T>(_ what: String, _ body: (Database) throws -> T) throws(BaikalSourceError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw BaikalSourceError("\(description): reading \(what) failed", cause: error)
        }
    }

    public func users() async throws(BaikalSourceError) -> [BaikalUser] {
        try read("users") { db in
            try Row.fetchAll(db, sql: """
                SELECT u.username, u.digesta1, p.displayname, p.email FROM users u
                LEFT JOIN principals p ON p.uri = 'principals/' || u.username ORDER BY u.username
                """).map { row in
                BaikalUser(name: Self.text(row[0]) ?? "", digest: (Self.text(row[1]) ?? "").lowercased(),
                           displayName: Self.text(row[2]), email: Self.text(row[3]))
            }
        }
    }

    public func calendarInstances() async throws(BaikalSourceError) -> [BaikalCalendarInstance] {
        try read("calendar instances") { db in
            try Row.fetchAll(db, sql: """
                SELECT i.id, i.calendarid, i.principaluri, i.access, i.displayname, i.uri, i.description, i.calendarorder,
                       i.calendarcolor, i.timezone, i.transparent, i.share_href, i.share_displayname, i.share_invitestatus,
                       c.components, c.synctoken
                FROM calendarinstances i JOIN calendars c ON c.id = i.calendarid ORDER BY i.id
                """).compactMap { row -> BaikalCalendarInstance? in
                guard let principal = Self.text(row[2]), let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
                return BaikalCalendarInstance(
                    instanceID: row[0], calendarID: row[1], user: user, uri: Self.text(row[5]) ?? "", access: BaikalAccess(row[3]),
                    displayName: Self.text(row[4]), description: Self.text(row[6]), order: row[7], color: Self.text(row[8]),
                    timeZone: Self.text(row[9]), transparent: (row[10] as Int?).map { $0 != 0 },
                    components: (Self.text(row[14]) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
                        .filter { !$0.isEmpty },
                    syncToken: row[15] ?? 1, shareHref: Self.text(row[11]), shareDisplayName: Self.text(row[12]), shareInviteStatus: row[13])
            }
        }
    }

    public func objects(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalObject] {
        try read("calendar objects") { db in
            try Row.fetchAll(db, sql: """
                SELECT uri, calendardata, etag, lastmodified, componenttype, uid FROM calendarobjects WHERE calendarid = ? ORDER BY uri
                """, arguments: [id]).map { row in
                BaikalObject(calendarID: id, uri: Self.text(row[0]) ?? "", data: Self.bytes(row[1]), etag: Self.text(row[2]) ?? "",
                             lastModified: row[3] ?? 0, componentType: Self.text(row[4]), uid: Self.text(row[5]))
            }
        }
    }

    public func calendarChanges(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalChange] {
        try changes(table: "calendarchanges", column: "calendarid", id: id)
    }

    public func addressBooks() async throws(BaikalSourceError) -> [BaikalAddressBook] {
        try read("address books") { db in
            try Row.fetchAll(db, sql: "SELECT id, principaluri, uri, displayname, description, synctoken FROM addressbooks ORDER BY id")
                .compactMap { row -> BaikalAddressBook? in
                    guard let principal = Self.text(row[1]), let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
                    return BaikalAddressBook(id: row[0], user: user, uri: Self.text(row[2]) ?? "", displayName: Self.text(row[3]),
                                             description: Self.text(row[4]), syncToken: row[5] ?? 1)
                }
        }
    }

    public func cards(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalCard] {
        try read("cards") { db in
            try Row.fetchAll(db, sql: "SELECT uri, carddata, etag, lastmodified FROM cards WHERE addressbookid = ? ORDER BY uri", arguments: [id])
                .map { row in
                    BaikalCard(addressBookID: id, uri: Self.text(row[0]) ?? "", data: Self.bytes(row[1]), etag: Self.text(row[2]), lastModified: row[3])
                }
        }
    }

    public func addressBookChanges(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalChange] {
        try changes(table: "addressbookchanges", column: "addressbookid", id: id)
    }

    public func properties() async throws(BaikalSourceError) -> [BaikalProperty] {
        try read("properties") { db in
            try Row.fetchAll(db, sql: "SELECT path, name, valuetype, value FROM propertystorage ORDER BY path, name").map { row in
                BaikalProperty(path: Self.text(row[0]) ?? "", name: Self.text(row[1]) ?? "", valueType: row[2] ?? 0, value: Self.bytes(row[3]))
            }
        }
    }

    public func schedulingObjects() async throws(BaikalSourceError) -> [BaikalSchedulingObject] {
        try read("scheduling objects") { db in
            try Row.fetchAll(db, sql: "SELECT principaluri, uri, calendardata FROM schedulingobjects ORDER BY id").compactMap { row in
                guard let principal = Self.text(row[0]), let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
                return BaikalSchedulingObject(user: user, uri: Self.text(row[1]) ?? "", data: Self.bytes(row[2]))
            }
        }
    }

    private func changes(table: String, column: String, id: Int) throws(BaikalSourceError) -> [BaikalChange] {
        try read(table) { db in
            try Row.fetchAll(db, sql: "SELECT uri, synctoken, operation FROM \(table) WHERE \(column) = ? ORDER BY synctoken, id", arguments: [id])
                .map { row in
                    BaikalChange(collectionID: id, uri: Self.text(row[0]) ?? "", syncToken: row[1] ?? 0,
                                 operation: (row[2] as Int?).flatMap(BaikalChange.Operation.init(rawValue:)))
                }
        }
    }

    /// A column sabre/dav may have written as TEXT or as a BLOB (usernames, data, URIs).
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): return text
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .null: return nil
        }
    }

    static func bytes(_ value: DatabaseValue) -> [UInt8] {
        switch value.storage {
        case .blob(let data): return [UInt8](data)
        case .string(let text): return Array(text.utf8)
        default: return []
        }
    }
}
