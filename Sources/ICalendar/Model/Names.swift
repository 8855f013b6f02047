/// Component names of RFC 5545 §3.6 and RFC 7953.
public enum ComponentName {
    public static let calendar = "VCALENDAR"
    public static let event = "VEVENT"
    public static let todo = "VTODO"
    public static let journal = "VJOURNAL"
    public static let freeBusy = "VFREEBUSY"
    public static let timeZone = "VTIMEZONE"
    public static let standard = "STANDARD"
    public static let daylight = "DAYLIGHT"
    public static let alarm = "VALARM"
    public static let availability = "VAVAILABILITY"

    /// Components that can recur and appear in a calendar collection's instances.
    public static let schedulable: Set<String> = [event, todo, journal]
}

/// Property names of RFC 5545 §3.7 and §3.8.
public enum PropertyName {
    public static let version = "VERSION"
    public static let productID = "PRODID"
    public static let method = "METHOD"
    public static let calendarScale = "CALSCALE"
    public static let uid = "UID"
    public static let dateTimeStamp = "DTSTAMP"
    public static let dateTimeStart = "DTSTART"
    public static let dateTimeEnd = "DTEND"
    public static let due = "DUE"
    public static let duration = "DURATION"
    public static let completed = "COMPLETED"
    public static let created = "CREATED"
    public static let lastModified = "LAST-MODIFIED"
    public static let recurrenceRule = "RRULE"
    public static let exceptionRule = "EXRULE"
    public static let recurrenceDate = "RDATE"
    public static let exceptionDate = "EXDATE"
    public static let recurrenceID = "RECURRENCE-ID"
    public static let summary = "SUMMARY"
    public static let description = "DESCRIPTION"
    public static let location = "LOCATION"
    public static let status = "STATUS"
    public static let transparency = "TRANSP"
    public static let sequence = "SEQUENCE"
    public static let priority = "PRIORITY"
    public static let freeBusy = "FREEBUSY"
    public static let trigger = "TRIGGER"
    public static let repeatCount = "REPEAT"
    public static let timeZoneID = "TZID"
    public static let timeZoneOffsetFrom = "TZOFFSETFROM"
    public static let timeZoneOffsetTo = "TZOFFSETTO"
    public static let attach = "ATTACH"
}

/// Parameter names of RFC 5545 §3.2.
public enum ParameterName {
    public static let timeZoneID = "TZID"
    public static let valueType = "VALUE"
    public static let range = "RANGE"
    public static let related = "RELATED"
    public static let freeBusyType = "FBTYPE"
    public static let encoding = "ENCODING"
}
