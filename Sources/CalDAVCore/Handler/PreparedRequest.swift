import WebDAV

/// A request whose path has been resolved, between ``CalDAVAdapter/prepare(_:in:)`` and
/// ``CalDAVAdapter/answer(_:)``.
public struct PreparedRequest: Sendable {
    public let request: DAVRequest
    public let context: DAVContext
    /// What the path names, or an error for a path that names nothing the principal may reach.
    let target: Result<DAVTarget, DAVError>

    /// The calendar the path names, when it names one (not an object in it).
    public var calendar: CalendarCollection? {
        guard case .success(let target) = target, case .calendar(let collection) = target.kind else { return nil }
        return collection
    }
}
