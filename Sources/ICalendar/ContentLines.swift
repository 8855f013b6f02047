// Text escaping and parameter values are the same in iCalendar and vCard, and live in
// ContentLines; users of ICalendar get them without importing it themselves.
@_exported import ContentLines
