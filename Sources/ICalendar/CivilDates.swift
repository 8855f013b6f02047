// LocalDate, LocalDateTime and Weekday are the shared civil-date types of CivilDates; users of
// ICalendar get them without importing CivilDates themselves. What is RFC 5545's own (the basic
// `YYYYMMDD` text, two-letter weekday codes, civil seconds) is in Values/.
@_exported import CivilDates
