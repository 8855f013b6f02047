import WebDAV

/// The preconditions of CalDAV (RFC 4791 §5.3.2.1, §5.3.1.1, §9.9).
extension DAVCondition {
    private static func calDAV(_ local: String, _ status: Int) -> DAVCondition {
        DAVCondition(DAVXML.Name(DAVXML.Namespace.calDAV, local), status: status)
    }

    /// RFC 4791 §5.3.2.1: the body is not valid iCalendar.
    public static let validCalendarData = calDAV("valid-calendar-data", 403)
    /// RFC 4791 §5.3.2.1: the iCalendar is not a valid calendar object resource (§4.1).
    public static let validCalendarObjectResource = calDAV("valid-calendar-object-resource", 403)
    /// RFC 4791 §5.3.2.1: the component type is not supported by the collection.
    public static let supportedCalendarComponent = calDAV("supported-calendar-component", 403)
    /// RFC 4791 §5.3.2.1: only text/calendar is accepted.
    public static let supportedCalendarData = calDAV("supported-calendar-data", 403)
    /// RFC 4791 §5.3.2.1: another resource in the collection holds the UID. Carries its href.
    public static let noUIDConflict = calDAV("no-uid-conflict", 409)
    /// RFC 4791 §5.3.2.1: the resource is larger than max-resource-size.
    public static let maxResourceSize = calDAV("max-resource-size", 403)
    /// RFC 4791 §5.3.1.1: calendars may be created only in the calendar home.
    public static let calendarCollectionLocationOK = calDAV("calendar-collection-location-ok", 403)
    /// RFC 4791 §9.9: a time range whose end is not after its start.
    public static let validFilter = calDAV("valid-filter", 403)
    /// RFC 6638 §3.2.4.1: another of the user's calendars holds a scheduling object with the UID.
    public static let uniqueSchedulingObjectResource = calDAV("unique-scheduling-object-resource", 403)
    /// RFC 6638 §3.2.2.1: an attendee changed what is not theirs to change in their copy.
    public static let allowedAttendeeSchedulingObjectChange = calDAV("allowed-attendee-scheduling-object-change", 403)
    /// RFC 6638 §5.1.1: a POST to the outbox must be a valid scheduling message.
    public static let validSchedulingMessage = calDAV("valid-scheduling-message", 403)
    /// RFC 6638 §5.1.1: the ORGANIZER of a free-busy request must be the user; as
    /// CalendarServer answers, also the attendee of a local organizer who has no such event.
    public static let attendeeAllowed = calDAV("attendee-allowed", 403)
    /// RFC 6638 §5.1.1: the ORGANIZER of a free-busy request must be the user.
    public static let organizerAllowed = calDAV("organizer-allowed", 403)
    /// RFC 6638 §9.2: schedule-default-calendar-URL must name one of the owner's calendars.
    public static let validScheduleDefaultCalendarURL = calDAV("valid-schedule-default-calendar-URL", 403)
    /// RFC 6638 §5.1.1: a free-busy request must name at least one ATTENDEE.
    public static let recipientSpecified = calDAV("recipient-specified", 403)
}
