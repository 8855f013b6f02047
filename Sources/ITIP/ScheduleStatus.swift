/// What happened to a scheduling message for one recipient (RFC 6638 §3.2.9, the
/// SCHEDULE-STATUS parameter, with the status codes of RFC 5546 §3.6).
public enum ScheduleStatus: String, Sendable, CaseIterable {
    /// Sent on its way (by email): the recipient has not answered yet.
    case sent = "1.1"
    /// Delivered to the recipient's inbox on this server.
    case delivered = "1.2"
    /// The recipient is not a valid calendar user.
    case invalidUser = "3.7"
    /// The sender may not schedule for this recipient (or this organizer).
    case noAuthority = "3.8"
    /// Delivery failed for a reason on this server's side.
    case deliveryFailed = "5.1"
    /// The recipient cannot be scheduled: no delivery method.
    case noScheduling = "5.3"

    /// The REQUEST-STATUS text of an outbox POST response (`2.0;Success` style).
    public var requestStatus: String {
        switch self {
        case .sent: return "1.1;Sent"
        case .delivered: return "2.0;Success"
        case .invalidUser: return "3.7;Invalid calendar user"
        case .noAuthority: return "3.8;No authority"
        case .deliveryFailed: return "5.1;Service unavailable"
        case .noScheduling: return "5.3;No scheduling support for user"
        }
    }
}
