/// How an event's date-times are written: local time with a TZID, UTC, or all-day DATEs.
enum EventTiming { case zoned(BenchZone), utc, allDay }
