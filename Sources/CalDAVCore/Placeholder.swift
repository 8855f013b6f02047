import ICalendar
