"""One client's round trip: find the calendar, write an event, read it back."""
import caldav

EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Jadwal packaging tests//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260101T000000Z
DTSTART:20261201T090000Z
DURATION:PT1H
SUMMARY:{summary}
END:VEVENT
END:VCALENDAR
"""


def calendar(url: str, user: str, password: str):
    principal = caldav.DAVClient(url=url.rstrip("/") + "/dav/", username=user, password=password).principal()
    return next(c for c in principal.calendars() if c.get_display_name() == "Calendar")


def write_event(url, user, password, uid, summary):
    calendar(url, user, password).save_event(EVENT.format(uid=uid, summary=summary))


def read_summary(url, user, password, uid) -> str:
    return str(calendar(url, user, password).event_by_uid(uid).icalendar_component["SUMMARY"])
