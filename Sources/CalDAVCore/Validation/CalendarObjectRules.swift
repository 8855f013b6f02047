import Foundation
import ICalendar
import WebDAV

/// Checks a PUT body against RFC 4791 §4.1 and computes the index row a store keeps.
///
/// A calendar object resource is one VCALENDAR without METHOD whose components (other
/// than VTIMEZONE) share one type and one UID, with at most one master and distinct
/// RECURRENCE-IDs for the rest. Anything else is refused, before any write, with the
/// condition RFC 4791 §5.3.2.1 names.
public struct CalendarObjectRules: Sendable {
    /// Component types a calendar collection can hold.
    public static let storableTypes: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]
    /// Instances expanded at most to find where a bounded series ends; beyond this the
    /// series counts as unbounded, which is always safe for the index.
    public var maxIndexedInstances = 100_000

    public init() {}

    /// The parsed calendar and its index row, or the error to answer with.
    public func check(_ bytes: [UInt8]) throws(DAVError) -> (calendar: Component, index: CalendarObjectIndex) {
        let calendar: Component
        do {
            calendar = try ICalendarParser().parseCalendar(bytes)
        } catch {
            throw DAVError(.validCalendarData, "line \(error.line), column \(error.column): \(error.reason)")
        }
        if let issue = CalendarValidator().issues(in: calendar).first(where: Self.isFatal) {
            throw DAVError(.validCalendarData, "line \(issue.line): \(issue.reason)")
        }
        if calendar.has(PropertyName.method) {
            throw DAVError(.validCalendarObjectResource, "a stored calendar object must not have METHOD (RFC 4791 §4.1)")
        }
        let members = calendar.components.filter { $0.name != ComponentName.timeZone }
        guard let first = members.first else {
            throw DAVError(.validCalendarObjectResource, "the calendar holds no VEVENT, VTODO or VJOURNAL")
        }
        guard Self.storableTypes.contains(first.name) else {
            throw DAVError(.supportedCalendarComponent, "\(first.name) cannot be stored in a calendar collection")
        }
        guard members.allSatisfy({ $0.name == first.name }) else {
            let types = Set(members.map(\.name)).sorted().joined(separator: ", ")
            throw DAVError(.validCalendarObjectResource, "one calendar object holds one component type, not \(types); split it")
        }
        let uids = Set(members.compactMap { $0[PropertyName.uid]?.value })
        guard uids.count == 1, let uid = uids.first, members.allSatisfy({ $0.has(PropertyName.uid) }), !uid.isEmpty else {
            let list = uids.sorted().joined(separator: ", ")
            throw DAVError(.validCalendarObjectResource, uids.count > 1
                ? "calendar object has several UIDs: \(list); split it"
                : "every \(first.name) needs the same non-empty UID")
        }
        let masters = members.filter { !$0.has(PropertyName.recurrenceID) }
        guard masters.count <= 1 else {
            throw DAVError(.validCalendarObjectResource, "UID \(uid) has \(masters.count) components without RECURRENCE-ID")
        }
        let recurrenceIDs = members.compactMap { $0[PropertyName.recurrenceID]?.value }
        guard Set(recurrenceIDs).count == recurrenceIDs.count else {
            throw DAVError(.validCalendarObjectResource, "two overrides of UID \(uid) have the same RECURRENCE-ID")
        }
        let span = try span(of: calendar)
        // UIDs are compared in normalization form C, the way names are (see DAVPath).
        return (calendar, CalendarObjectIndex(uid: uid.precomposedStringWithCanonicalMapping, componentType: first.name,
                                              firstStart: span.first, lastEnd: span.last, isSingleInstance: span.isSingleInstance))
    }

    /// Problems that make the data unusable. Missing DTSTAMP and the like are tolerated,
    /// since real clients omit them and the data still means what it says; a missing UID
    /// or an empty calendar are left to the RFC 4791 §4.1 checks, which name them better.
    static func isFatal(_ issue: ValidationIssue) -> Bool {
        let tolerated = ["has no DTSTAMP", "has no PRODID", "has no VERSION", "appears more than once", "has no UID", "has no components"]
        return !tolerated.contains { issue.reason.contains($0) }
    }

    /// The first start and last end over all instances. Floating times and dates are
    /// widened by 14 hours each way, since they happen in whatever zone the reader is in.
    /// `isSingleInstance` when the span is exactly the one instance of a VEVENT without
    /// recurrence, in fixed time (see ``CalendarObjectIndex/isSingleInstance``).
    private func span(of calendar: Component) throws(DAVError) -> (first: Int?, last: Int?, isSingleInstance: Bool) {
        let widen = 14 * 3600
        let expander = RecurrenceExpander(calendar: calendar, limits: ExpansionLimits(
            maxOccurrences: maxIndexedInstances, maxGeneratedPerComponent: maxIndexedInstances))
        func isLocal(_ value: DateTimeValue) -> Bool { value.isDate || value.reference == .floating }
        let endless = calendar.components.contains { component in
            component.properties(named: PropertyName.recurrenceRule).contains { property in
                guard let rule = try? property.recurrenceRule() else { return true }
                return rule.count == nil && rule.until == nil
            }
        }
        if endless {
            // No last end; the first start is the earliest DTSTART, DUE or RDATE written.
            var starts: [Int] = []
            for component in calendar.components {
                for name in [PropertyName.dateTimeStart, PropertyName.due] {
                    if let value = try? component[name]?.dateTimeValue() {
                        starts.append(expander.instant(of: value) - (isLocal(value) ? widen : 0))
                    }
                }
                for property in component.properties(named: PropertyName.recurrenceDate) {
                    for value in (try? property.recurrenceDateValues()) ?? [] {
                        starts.append(expander.instant(of: value.start) - (isLocal(value.start) ? widen : 0))
                    }
                }
            }
            return (starts.min(), nil, false)
        }
        guard let occurrences = try? expander.occurrences(from: -62_135_596_800, to: 253_402_300_800) else {
            return (nil, nil, false)  // too many to index: match every range, confirm exactly
        }
        var first: Int?
        var last: Int?
        for occurrence in occurrences {
            let margin = isLocal(occurrence.start) ? widen : 0
            let start = occurrence.startInstant - margin
            let end = max(occurrence.endInstant, occurrence.startInstant) + margin
            first = min(first ?? start, start)
            last = max(last ?? end, end)
        }
        let recurrence = [PropertyName.recurrenceRule, PropertyName.recurrenceDate, PropertyName.exceptionDate, PropertyName.recurrenceID]
        let members = calendar.components.filter { $0.name != ComponentName.timeZone }
        let isSingleInstance = members.count == 1 && members[0].name == ComponentName.event
            && !recurrence.contains(where: members[0].has)
            && occurrences.count == 1 && occurrences[0].shape == .span
            && !isLocal(occurrences[0].start) && !isLocal(occurrences[0].end)
            && !((try? members[0][PropertyName.dateTimeEnd]?.dateTimeValue()).flatMap { $0 }.map(isLocal) ?? false)
            && occurrences[0].endInstant >= occurrences[0].startInstant
        return (first, last, isSingleInstance)
    }
}
