import ICalendar
import WebDAV

extension CalDAVAdapter {
    /// CALDAV:free-busy-query (RFC 4791 §7.10): the busy time of every object in the
    /// collection over a range, as one VFREEBUSY (a 200 text/calendar answer, not a 207).
    func freeBusyQuery(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let collection = try reportTarget(target, "free-busy-query")
        guard let element = root.element(named: DAVXML.Name.calDAV("time-range")) else {
            throw DAVError.badRequest("free-busy-query needs a time-range")
        }
        let range = try TimeRange(element: element)
        guard let from = range.start, let to = range.end else { throw DAVError.badRequest("free-busy-query needs start and end") }
        let periods = try await storing { () async throws(StoreError) in try await busyPeriods(in: collection, from: from, to: to) }
        let result = FreeBusyCalculator.calendar(periods: FreeBusyCalculator.merge(periods, from: from, to: to), from: from, to: to, stamp: context.now)
        return DAVResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8")], body: ICalendarSerializer().serialize(result))
    }

    /// The busy periods of a calendar's events over [from, to), not merged.
    func busyPeriods(in collection: CalendarCollection, from: Int, to: Int) async throws(StoreError) -> [FreeBusyCalculator.Period] {
        let zone = Self.floatingZone(request: nil, collection: collection)
        let candidates = try await store.objects(in: collection.reference, overlapping: TimeRange(start: from, end: to), componentType: ComponentName.event)
        var periods: [FreeBusyCalculator.Period] = []
        for object in candidates {
            guard let calendar = try? ICalendarParser().parseCalendar(object.data) else { continue }
            let calculator = FreeBusyCalculator(expander: RecurrenceExpander(calendar: calendar, floatingZone: zone))
            periods += (try? calculator.busyPeriods(from: from, to: to)) ?? []
        }
        return periods
    }
}
