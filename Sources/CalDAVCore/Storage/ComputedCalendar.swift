import WebDAV

/// A calendar the server computes rather than stores (prayer times, say): present in
/// every home under one name, read-only to clients. Registered with a
/// ``RoutingCalendarStore``, which sends it every request for its name.
public protocol ComputedCalendar: Sendable {
    /// The collection's name in every home.
    var name: String { get }

    /// What a client is told when it tries to change the calendar.
    var readOnlyReason: String { get }

    /// The collection as `owner` sees it; ``CalendarCollection/isReadOnly`` should be set.
    func collection(owner: String) async throws(StoreError) -> CalendarCollection

    /// Every object a listing shows.
    func objects(owner: String) async throws(StoreError) -> [CalendarObject]

    /// The objects with these names, in the order given; missing names are left out.
    func objects(named names: [String], owner: String) async throws(StoreError) -> [CalendarObject]

    /// Candidates for a query over `range`, as ``CalendarStore/objects(in:overlapping:componentType:)``.
    func objects(owner: String, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject]

    /// What changed after `position`, as ``CalendarStore/changes(in:since:limit:)``.
    func changes(owner: String, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet
}

extension ComputedCalendar {
    public var readOnlyReason: String { "\(name) is computed by the server and cannot be changed" }
}
