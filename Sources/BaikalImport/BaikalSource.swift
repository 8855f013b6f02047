/// A Baïkal database being read: the same rows whichever database Baïkal kept them in
/// (SQLite or MySQL).
public protocol BaikalSource: Sendable {
    /// Where the rows come from, for messages (`sqlite:/srv/baikal/db.sqlite`).
    var description: String { get }
    func users() async throws(BaikalSourceError) -> [BaikalUser]
    /// Every calendar instance: owners' and sharees'.
    func calendarInstances() async throws(BaikalSourceError) -> [BaikalCalendarInstance]
    func objects(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalObject]
    func calendarChanges(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalChange]
    func addressBooks() async throws(BaikalSourceError) -> [BaikalAddressBook]
    func cards(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalCard]
    func addressBookChanges(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalChange]
    func properties() async throws(BaikalSourceError) -> [BaikalProperty]
    func schedulingObjects() async throws(BaikalSourceError) -> [BaikalSchedulingObject]
}

/// Why a Baïkal database cannot be read, with the database library's own error when there
/// is one.
public struct BaikalSourceError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// What the database library said, if anything.
    public let cause: (any Error & Sendable)?

    public init(_ message: String, cause: (any Error & Sendable)? = nil) {
        self.message = message
        self.cause = cause
    }

    public var description: String {
        cause.map { "\(message): \($0)" } ?? message
    }
}

/// The tables and columns of Baïkal 0.5 and later (sabre/dav 4's schema) that a migration
/// reads; a database without them is not one this can read.
public enum BaikalSchema {
    public static let tables: [String: [String]] = [
        "users": ["username", "digesta1"],
        "principals": ["uri", "email", "displayname"],
        "calendars": ["id", "synctoken", "components"],
        "calendarinstances": ["id", "calendarid", "principaluri", "access", "displayname", "uri", "description", "calendarorder",
                              "calendarcolor", "timezone", "transparent", "share_href", "share_displayname", "share_invitestatus"],
        "calendarobjects": ["calendardata", "uri", "calendarid", "lastmodified", "etag", "componenttype", "uid"],
        "calendarchanges": ["uri", "synctoken", "calendarid", "operation"],
        "addressbooks": ["id", "principaluri", "displayname", "uri", "description", "synctoken"],
        "cards": ["addressbookid", "carddata", "uri", "lastmodified", "etag"],
        "addressbookchanges": ["uri", "synctoken", "addressbookid", "operation"],
        "propertystorage": ["path", "name", "valuetype", "value"],
        "schedulingobjects": ["principaluri", "calendardata", "uri", "etag", "lastmodified"],
    ]

    /// Checks the tables and columns a database has (table name to its columns, lower-cased)
    /// against ``tables``; the message says what kind of database it looks like.
    public static func check(_ found: [String: Set<String>], source: String) throws(BaikalSourceError) {
        if found["users"] == nil || found["calendarobjects"] == nil || found["principals"] == nil {
            throw BaikalSourceError("\(source) is not a Baïkal database (it has no users, principals and calendarobjects tables)")
        }
        if found["calendarinstances"] == nil {
            throw BaikalSourceError(
                "\(source) has Baïkal's schema from before version 0.5 (no calendarinstances table); open it once with Baïkal 0.5 or later to upgrade it, then migrate")
        }
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            guard let present = found[table] else { throw BaikalSourceError("\(source) has no \(table) table; it is not a Baïkal 0.5+ database") }
            let missing = columns.filter { !present.contains($0) }
            if !missing.isEmpty {
                throw BaikalSourceError("\(source): table \(table) lacks \(missing.joined(separator: ", ")); this Baïkal schema is not one this migration knows")
            }
        }
    }

    /// The user a principal URI names (`principals/karim` -> `karim`); `nil` for group and
    /// proxy principals (`principals/karim/calendar-proxy-read`).
    public static func user(ofPrincipal uri: String) -> String? {
        let parts = uri.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0] == "principals" else { return nil }
        return String(parts[1])
    }
}
