import WebDAV

/// Names a calendar collection: its owner's principal name and its path segment.
public struct CalendarReference: Hashable, Sendable, CustomStringConvertible {
    public var owner: String
    public var name: String

    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(owner)/\(name)" }
}

/// A calendar collection and the properties a store keeps for it (RFC 4791 §5.2).
public struct CalendarCollection: Hashable, Sendable {
    public var reference: CalendarReference
    /// DAV:displayname.
    public var displayName: String?
    /// CALDAV:calendar-description.
    public var calendarDescription: String?
    /// Apple calendar-color, `#RRGGBB` or `#RRGGBBAA`.
    public var color: String?
    /// Apple calendar-order.
    public var order: Int?
    /// CALDAV:calendar-timezone: iCalendar text holding one VTIMEZONE (RFC 4791 §5.2.2).
    public var timeZone: String?
    /// CALDAV:supported-calendar-component-set: VEVENT, VTODO, VJOURNAL.
    public var supportedComponents: Set<String>
    /// Dead properties, each stored as the exact XML of its element, by qualified name.
    public var deadProperties: [DAVXML.Name: [UInt8]]
    /// The position of the collection's last change in its change log; the sync token
    /// (RFC 6578) and getctag derive from it.
    public var changePosition: Int64
    /// Seconds since the epoch when the collection was created.
    public var createdAt: Int
    /// Names this incarnation of the collection in sync tokens: a calendar deleted and
    /// created again under the same name gets a new one, so tokens of the old one are
    /// refused however soon it comes back. Stores assign it when they create the collection.
    public var syncID: String
    /// A collection the store computes (such as prayer times): clients may read it only,
    /// and its privilege set says so. Stores refuse writes with ``StoreError/Code/readOnly``.
    public var isReadOnly = false
    /// How the calendar is shared, when it is: offered by its owner to others, or seen by a
    /// sharee in their home (then ``reference`` names it there, and ``storedAt`` where it is
    /// kept). Set by ``SharingCalendarStore``; other stores leave it `nil`.
    public var sharing: CollectionSharing?

    public init(
        reference: CalendarReference, displayName: String? = nil, calendarDescription: String? = nil,
        color: String? = nil, order: Int? = nil, timeZone: String? = nil,
        supportedComponents: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"],
        deadProperties: [DAVXML.Name: [UInt8]] = [:], changePosition: Int64 = 0, createdAt: Int = 0,
        syncID: String = CalendarCollection.newSyncID()
    ) {
        self.reference = reference
        self.displayName = displayName
        self.calendarDescription = calendarDescription
        self.color = color
        self.order = order
        self.timeZone = timeZone
        self.supportedComponents = supportedComponents
        self.deadProperties = deadProperties
        self.changePosition = changePosition
        self.createdAt = createdAt
        self.syncID = syncID
    }

    /// A fresh random sync id (``SyncToken/newSyncID()``).
    public static func newSyncID() -> String { SyncToken.newSyncID() }

    /// Everything about the calendar an answer about it may show: any write to its objects
    /// moves the change position, and any write to its properties changes the hash.
    public var cacheState: CollectionState {
        CollectionState(changePosition: changePosition, parts: [
            syncID, displayName, calendarDescription, color, order.map(String.init), timeZone,
            supportedComponents.sorted().joined(separator: ","), isReadOnly ? "r" : "w", sharing?.digest,
        ], deadProperties: deadProperties)
    }

    /// Where the calendar is kept: its owner's reference, also when it is seen through a share.
    public var storedAt: CalendarReference {
        guard case .received(let share) = sharing else { return reference }
        return CalendarReference(owner: share.owner, name: share.collection)
    }

    /// The share it is seen through, when it is someone else's calendar in this home.
    public var receivedShare: CollectionShare? {
        if case .received(let share) = sharing { return share }
        return nil
    }
}

/// A calendar object resource: the exact bytes a client stored, with its strong ETag.
public struct CalendarObject: Hashable, Sendable {
    /// The resource name within its collection (`abc.ics`).
    public var name: String
    /// The bytes as stored; empty in a listing (``CalendarStore/listing(of:)``).
    public var data: [UInt8]
    /// The stored size in bytes, also in a listing.
    public var size: Int
    /// Strong entity tag, quoted (`"3f2a…"`).
    public var etag: String
    /// The UID all its components share (RFC 4791 §4.1).
    public var uid: String
    /// VEVENT, VTODO or VJOURNAL.
    public var componentType: String
    /// Seconds since the epoch of the last write.
    public var lastModified: Int
    /// The object's one instance, when its index says it has exactly one in fixed time
    /// (``CalendarObjectIndex/isSingleInstance``) and the read that found it carries it (a
    /// time-range candidate read): a time-range query decides on it without parsing the data.
    public var singleInstance: InstanceSpan?

    public init(name: String, data: [UInt8], etag: String, uid: String, componentType: String, lastModified: Int,
                singleInstance: InstanceSpan? = nil) {
        self.name = name
        self.data = data
        size = data.count
        self.etag = etag
        self.uid = uid
        self.componentType = componentType
        self.lastModified = lastModified
        self.singleInstance = singleInstance
    }

    /// This object as a listing shows it: its size kept, its data left out.
    public var withoutData: CalendarObject {
        var listed = self
        listed.data = []
        return listed
    }

    /// An object as a listing shows it: everything but the data, whose size is given.
    public static func listed(name: String, size: Int, etag: String, uid: String, componentType: String, lastModified: Int) -> CalendarObject {
        var object = CalendarObject(name: name, data: [], etag: etag, uid: uid, componentType: componentType, lastModified: lastModified)
        object.size = size
        return object
    }
}

/// What a store indexes about an object, computed once from the parsed iCalendar before
/// the write: the UID, the component type, and the span all its instances cover, so a
/// time-range query is an indexed lookup that ICalendar then confirms exactly.
public struct CalendarObjectIndex: Hashable, Sendable {
    public var uid: String
    public var componentType: String
    /// The earliest instant any instance starts; `nil` when unknown (match every range).
    public var firstStart: Int?
    /// The latest instant any instance ends; `nil` when unbounded (an endless rule).
    public var lastEnd: Int?
    /// Whether the span is exactly the object's one instance: a single VEVENT without
    /// recurrence whose start and end are fixed instants (neither dates nor floating), so
    /// that a time range overlaps the object exactly when it overlaps the span
    /// (``InstanceSpan/overlaps(_:)``). Stores keep it and hand it back on time-range reads.
    public var isSingleInstance: Bool

    public init(uid: String, componentType: String, firstStart: Int?, lastEnd: Int?, isSingleInstance: Bool = false) {
        self.uid = uid
        self.componentType = componentType
        self.firstStart = firstStart
        self.lastEnd = lastEnd
        self.isSingleInstance = isSingleInstance && firstStart != nil && lastEnd != nil
    }

    /// The one instance, when the index holds exactly that.
    public var singleInstance: InstanceSpan? {
        guard isSingleInstance, let firstStart, let lastEnd else { return nil }
        return InstanceSpan(start: firstStart, end: lastEnd)
    }

    /// Whether the indexed span may overlap [start, end); open ends are unbounded. A span
    /// that only touches the range counts, since a zero-length instance there matches
    /// (RFC 4791 §9.9); candidates are confirmed exactly afterwards.
    public func mayOverlap(_ range: TimeRange) -> Bool {
        if let end = range.end, let firstStart, firstStart >= end { return false }
        if let start = range.start, let lastEnd, lastEnd < start { return false }
        return true
    }
}

/// A time range of a query in instants (seconds since the epoch); either end may be open
/// (RFC 4791 §9.9 allows a time-range with only start or only end).
public struct TimeRange: Hashable, Sendable {
    public var start: Int?
    public var end: Int?

    public init(start: Int?, end: Int?) {
        self.start = start
        self.end = end
    }
}
