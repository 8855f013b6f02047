import ICalendar
import WebDAV

/// A calendar collection as one iCalendar file, for GET on the collection and for
/// `jadwald export`.
public enum CalendarExport {
    public static let productID = "-//Jadwal//Jadwal server//EN"

    /// The objects merged into one VCALENDAR named after the collection, as the owner sees
    /// them (without sharees' alarms, ``PerUserData``); with `busyOnly`, reduced to when the
    /// owner is busy (``ICalendar/BusyBlocks``).
    public static func file(of collection: CalendarCollection, objects: [CalendarObject], busyOnly: Bool = false) -> [UInt8] {
        var merger = CalendarMerger(productID: productID, name: collection.displayName ?? collection.reference.name)
        for object in objects {
            // Stored objects were validated on the way in; one that no longer parses is left out.
            guard var calendar = try? ICalendarParser().parseCalendar(object.data) else { continue }
            calendar.components.removeAll { $0.name == PerUserData.userComponent }
            merger.add(busyOnly ? BusyBlocks.of(calendar) : calendar)
        }
        return ICalendarSerializer().serialize(merger.calendar)
    }
}

extension CalDAVAdapter {
    /// GET of a calendar collection: the whole calendar as one iCalendar file (what
    /// Baïkal's export gives), with a strong ETag that changes with any object.
    func exportCalendar(_ collection: CalendarCollection, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        let objects = try await storing { () async throws(StoreError) in try await store.objects(in: collection.reference) }
        let body = CalendarExport.file(of: collection, objects: objects)
        return DAVResponse(status: 200, headers: [
            ("Content-Type", "text/calendar; charset=utf-8"),
            ("ETag", "\"\(collection.syncID)-\(collection.changePosition)\""),
            ("Content-Length", String(body.count)),
        ], body: includeBody ? body : [])
    }
}
