import WebDAV

/// A calendar brought whole from another server (a migration): its objects keep that
/// server's names, bytes and ETags, and its change log that server's positions, so that a
/// client's cached ETags and sync tokens stay good.
public struct ImportedCalendar: Sendable {
    /// The calendar; its `changePosition` is the log's position after the last change and
    /// its `syncID` the incarnation tokens name.
    public var collection: CalendarCollection
    public var objects: [ImportedObject]
    /// In increasing position, none beyond `collection.changePosition`.
    public var changes: [LoggedChange]

    public init(collection: CalendarCollection, objects: [ImportedObject], changes: [LoggedChange]) {
        self.collection = collection
        self.objects = objects
        self.changes = changes
    }

    /// ``StoreError/Code/uidConflict`` when two objects share a UID, which no store keeps.
    public func checkUniqueUIDs() throws(StoreError) {
        try LoggedChange.checkUniqueUIDs(objects.map { ($0.name, $0.index.uid) })
    }
}

/// An object of an ``ImportedCalendar``, stored byte for byte under its ETag.
public struct ImportedObject: Sendable {
    public var name: String
    public var data: [UInt8]
    /// The strong ETag as the other server served it, quotes included.
    public var etag: String
    public var lastModified: Int
    public var index: CalendarObjectIndex

    public init(name: String, data: [UInt8], etag: String, lastModified: Int, index: CalendarObjectIndex) {
        self.name = name
        self.data = data
        self.etag = etag
        self.lastModified = lastModified
        self.index = index
    }

    /// The object as the store serves it.
    public var object: CalendarObject {
        CalendarObject(name: name, data: data, etag: etag, uid: index.uid, componentType: index.componentType, lastModified: lastModified)
    }
}
