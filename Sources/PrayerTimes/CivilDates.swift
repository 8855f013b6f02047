// LocalDate is the shared civil-date type of CivilDates; users of PrayerTimes get it without
// importing CivilDates themselves. What only prayer times need is in LocalDate+PrayerTimes.swift.
@_exported import CivilDates
