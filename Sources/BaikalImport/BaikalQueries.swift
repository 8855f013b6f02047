/// Reads a Baïkal database's rows (``BaikalSource``) from any ``BaikalDatabase``, in SQL
/// that SQLite and MySQL both read the same way.
public struct BaikalQueries: BaikalSource {
    public let database: any BaikalDatabase

    /// Checks that `database` holds Baïkal's schema (``BaikalSchema``).
    public init(_ database: any BaikalDatabase) throws(BaikalSourceError) {
        self.database = database
        try BaikalSchema.check(try database.tables(), source: database.description)
    }

    public var description: String { database.description }

    public func users() async throws(BaikalSourceError) -> [BaikalUser] {
        var principals: [String: (displayName: String?, email: String?)] = [:]
        for row in try database.rows("SELECT uri, displayname, email FROM principals", []) {
            if let uri = row[0].text { principals[uri] = (row[1].text, row[2].text) }
        }
        return try database.rows("SELECT username, digesta1 FROM users", []).map { row in
            let name = row[0].text ?? ""
            let principal = principals["principals/" + name]
            return BaikalUser(name: name, digest: (row[1].text ?? "").lowercased(), displayName: principal?.displayName, email: principal?.email)
        }.sorted { $0.name < $1.name }
    }

    public func calendarInstances() async throws(BaikalSourceError) -> [BaikalCalendarInstance] {
        try database.rows("""
            SELECT i.id, i.calendarid, i.principaluri, i.access, i.displayname, i.uri, i.description, i.calendarorder,
                   i.calendarcolor, i.timezone, i.transparent, i.share_href, i.share_displayname, i.share_invitestatus,
                   c.components, c.synctoken
            FROM calendarinstances i JOIN calendars c ON c.id = i.calendarid ORDER BY i.id
            """, []).compactMap { row -> BaikalCalendarInstance? in
            guard let principal = row[2].text, let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
            return BaikalCalendarInstance(
                instanceID: row[0].int ?? 0, calendarID: row[1].int ?? 0, user: user, uri: row[5].text ?? "", access: BaikalAccess(row[3].int),
                displayName: row[4].text, description: row[6].text, order: row[7].int, color: row[8].text, timeZone: row[9].text,
                transparent: row[10].int.map { $0 != 0 },
                components: (row[14].text ?? "").split(separator: ",").map { String($0).trimmingSpaces.uppercased() }.filter { !$0.isEmpty },
                syncToken: row[15].int ?? 1, shareHref: row[11].text, shareDisplayName: row[12].text, shareInviteStatus: row[13].int)
        }
    }

    public func objects(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalObject] {
        try database.rows("SELECT uri, calendardata, etag, lastmodified, componenttype, uid FROM calendarobjects WHERE calendarid = ? ORDER BY uri", [id])
            .map { row in
                BaikalObject(calendarID: id, uri: row[0].text ?? "", data: row[1].data, etag: row[2].text ?? "", lastModified: row[3].int ?? 0,
                             componentType: row[4].text, uid: row[5].text)
            }
    }

    public func calendarChanges(inCalendar id: Int) async throws(BaikalSourceError) -> [BaikalChange] {
        try changes("SELECT uri, synctoken, operation FROM calendarchanges WHERE calendarid = ? ORDER BY synctoken, id", id)
    }

    public func addressBooks() async throws(BaikalSourceError) -> [BaikalAddressBook] {
        try database.rows("SELECT id, principaluri, uri, displayname, description, synctoken FROM addressbooks ORDER BY id", [])
            .compactMap { row -> BaikalAddressBook? in
                guard let principal = row[1].text, let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
                return BaikalAddressBook(id: row[0].int ?? 0, user: user, uri: row[2].text ?? "", displayName: row[3].text,
                                         description: row[4].text, syncToken: row[5].int ?? 1)
            }
    }

    public func cards(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalCard] {
        try database.rows("SELECT uri, carddata, etag, lastmodified FROM cards WHERE addressbookid = ? ORDER BY uri", [id]).map { row in
            BaikalCard(addressBookID: id, uri: row[0].text ?? "", data: row[1].data, etag: row[2].text, lastModified: row[3].int)
        }
    }

    public func addressBookChanges(inAddressBook id: Int) async throws(BaikalSourceError) -> [BaikalChange] {
        try changes("SELECT uri, synctoken, operation FROM addressbookchanges WHERE addressbookid = ? ORDER BY synctoken, id", id)
    }

    public func properties() async throws(BaikalSourceError) -> [BaikalProperty] {
        try database.rows("SELECT path, name, valuetype, value FROM propertystorage ORDER BY path, name", []).map { row in
            BaikalProperty(path: row[0].text ?? "", name: row[1].text ?? "", valueType: row[2].int ?? 0, value: row[3].data)
        }
    }

    public func schedulingObjects() async throws(BaikalSourceError) -> [BaikalSchedulingObject] {
        try database.rows("SELECT principaluri, uri, calendardata, etag, lastmodified FROM schedulingobjects ORDER BY id", []).compactMap { row in
            guard let principal = row[0].text, let user = BaikalSchema.user(ofPrincipal: principal) else { return nil }
            return BaikalSchedulingObject(user: user, uri: row[1].text ?? "", data: row[2].data, etag: row[3].text, lastModified: row[4].int ?? 0)
        }
    }

    private func changes(_ sql: String, _ id: Int) throws(BaikalSourceError) -> [BaikalChange] {
        try database.rows(sql, [id]).map { row in
            BaikalChange(collectionID: id, uri: row[0].text ?? "", syncToken: row[1].int ?? 0,
                         operation: row[2].int.flatMap(BaikalChange.Operation.init(rawValue:)))
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
