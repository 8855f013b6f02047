/// The rows of a Baïkal database (sabre/dav 4's schema) that a migration carries, as
/// Baïkal wrote them: nothing is interpreted here.

/// A row of `users` with its principal (`principals/NAME`).
public struct BaikalUser: Sendable, Equatable {
    public var name: String
    /// `md5(name:realm:password)`, lower-case hex, as Baïkal keeps it.
    public var digest: String
    public var displayName: String?
    public var email: String?
}

/// Who a calendar instance belongs to and on what terms (`calendarinstances.access`).
public enum BaikalAccess: Sendable, Equatable {
    /// The owner's own instance (access 1, or NULL as MKCALENDAR leaves it).
    case owner
    case readOnly
    case readWrite
    /// A value sabre/dav does not write.
    case other(Int)

    init(_ value: Int?) {
        switch value {
        case nil, 1: self = .owner
        case 2: self = .readOnly
        case 3: self = .readWrite
        case let other?: self = .other(other)
        }
    }
}

/// A row of `calendarinstances` with its `calendars` row: one user's view of a calendar.
public struct BaikalCalendarInstance: Sendable, Equatable {
    public var instanceID: Int
    /// The `calendars` row the objects hang off; shared by the owner's and the sharees' instances.
    public var calendarID: Int
    /// The user whose home it is in (from `principals/NAME`).
    public var user: String
    /// Its name in the user's home.
    public var uri: String
    public var access: BaikalAccess
    public var displayName: String?
    public var description: String?
    public var order: Int?
    public var color: String?
    /// A VCALENDAR with a VTIMEZONE, or (for calendars Baïkal's admin made) a bare zone name.
    public var timeZone: String?
    public var transparent: Bool?
    /// `calendars.components`, e.g. `VEVENT,VTODO`.
    public var components: [String]
    /// `calendars.synctoken`: the token served now (`http://sabre.io/ns/sync/N`); every
    /// change made so far has a smaller number, and a client holding N is told the changes
    /// numbered N and up.
    public var syncToken: Int
    public var shareHref: String?
    public var shareDisplayName: String?
    public var shareInviteStatus: Int?
}

/// A row of `calendarobjects`.
public struct BaikalObject: Sendable, Equatable {
    public var calendarID: Int
    public var uri: String
    public var data: [UInt8]
    /// md5 of the data, lower-case hex, as sabre/dav serves it (in quotes).
    public var etag: String
    public var lastModified: Int
    public var componentType: String?
    public var uid: String?
}

/// A row of `calendarchanges` or `addressbookchanges`: what sync tokens are made of.
public struct BaikalChange: Sendable, Equatable {
    public enum Operation: Int, Sendable { case added = 1, modified = 2, deleted = 3 }
    public var collectionID: Int
    public var uri: String
    public var syncToken: Int
    public var operation: Operation?
}

/// A row of `addressbooks`.
public struct BaikalAddressBook: Sendable, Equatable {
    public var id: Int
    public var user: String
    public var uri: String
    public var displayName: String?
    public var description: String?
    public var syncToken: Int
}

/// A row of `cards`.
public struct BaikalCard: Sendable, Equatable {
    public var addressBookID: Int
    public var uri: String
    public var data: [UInt8]
    public var etag: String?
    public var lastModified: Int?
}

/// A row of `propertystorage`: a dead property set by PROPPATCH on `path`
/// (`calendars/USER/NAME`, `addressbooks/USER/NAME`, ...).
public struct BaikalProperty: Sendable, Equatable {
    public var path: String
    /// Clark notation, `{namespace}local`.
    public var name: String
    /// 1 a string, 2 XML, 3 a serialized PHP object.
    public var valueType: Int
    public var value: [UInt8]
}

/// A row of `schedulingobjects`: an iTIP message in a user's scheduling inbox.
public struct BaikalSchedulingObject: Sendable, Equatable {
    public var user: String
    public var uri: String
    public var data: [UInt8]
    public var etag: String?
    public var lastModified: Int
}
