/// A collection and, when one was asked for, an object in it: the answer to
/// ``CalendarStore/lookup(_:object:)``.
public struct CalendarLookup: Sendable {
    public var collection: CalendarCollection
    /// The object under the name asked for; `nil` when none was asked for or none is stored.
    public var object: CalendarObject?

    public init(collection: CalendarCollection, object: CalendarObject?) {
        self.collection = collection
        self.object = object
    }
}
