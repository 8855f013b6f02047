// Text escaping and parameter values are the same in vCard and iCalendar, and live in
// ContentLines; users of VCard get them without importing it themselves.
@_exported import ContentLines
