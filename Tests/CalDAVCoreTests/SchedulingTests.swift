import Foundation
import ICalendar
import ITIP
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// The accounts of a test server: amal, karim and lina, each with an email address.
private struct TestUsers: CalendarUserDirectory {
    static let emails = ["amal": "amal@example.org", "karim": "karim@example.org", "lina": "lina@example.org"]
    func user(withEmail email: String) async throws -> String? { Self.emails.first { $0.value == email.lowercased() }?.key }
    func userExists(_ name: String) async throws -> Bool { Self.emails[name] != nil }
}

/// Counts what would go out by email.
private actor CountingMail: ExternalScheduling {
    var sent = 0
    nonisolated func send(_ message: ITIPMessage, from user: String) async -> ScheduleStatus {
        await count()
        return .sent
    }
    private func count() { sent += 1 }
}

/// Implicit scheduling (RFC 6638) between accounts of one server, request by request over
/// the in-memory store.
struct SchedulingTests {
    let store = InMemoryCalendarStore()
    let handler: DAVServer
    let now = 1_800_000_000

    init() async throws {
        handler = DAVServer(CalDAVAdapter(store: store, scheduling: CalendarScheduling(directory: TestUsers())))
        for user in TestUsers.emails.keys {
            try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: user, name: "calendar"), supportedComponents: ["VEVENT", "VTODO"]))
        }
    }

    func context(_ user: String) -> DAVContext {
        DAVContext(principal: user, now: now, emailAddresses: [TestUsers.emails[user]!])
    }

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as user: String = "amal") async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context(user))
    }

    func meeting(summary: String = "Planning", karim: String = "NEEDS-ACTION", lina: Bool = false, organizer: String = "amal@example.org") -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//EN\r
        BEGIN:VEVENT\r
        UID:meeting-1\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261202T100000Z\r
        DTEND:20261202T110000Z\r
        SUMMARY:\(summary)\r
        ORGANIZER:mailto:\(organizer)\r
        ATTENDEE;PARTSTAT=ACCEPTED:mailto:amal@example.org\r
        ATTENDEE;PARTSTAT=\(karim):mailto:karim@example.org\r
        \(lina ? "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:lina@example.org\r\n" : "")ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:guest@elsewhere.example\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    func objects(of user: String, in calendar: String = "calendar") async throws -> [CalendarObject] {
        try await store.objects(in: CalendarReference(owner: user, name: calendar))
    }

    /// An object's text with folded lines joined.
    func text(_ object: CalendarObject?) -> String { String(decoding: object?.data ?? [], as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "") }

    @Test("principals, OPTIONS and the scheduling collections say what the server does")
    func advertised() async throws {
        let options = await send("OPTIONS", "/dav/")
        #expect(options.header("DAV")?.contains("calendar-auto-schedule") == true)
        #expect(options.header("Allow")?.contains("POST") == true)
        let principal = await send("PROPFIND", "/dav/principals/amal/", """
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>
            <C:schedule-inbox-URL/><C:schedule-outbox-URL/><C:calendar-user-type/><C:calendar-user-address-set/></D:prop></D:propfind>
            """, headers: ["depth": "0"])
        let body = String(decoding: principal.bodyBytes, as: UTF8.self)
        #expect(body.contains("/dav/calendars/amal/inbox/") && body.contains("/dav/calendars/amal/outbox/"))
        #expect(body.contains("INDIVIDUAL") && body.contains("mailto:amal@example.org"))
        let inbox = await send("PROPFIND", "/dav/calendars/amal/inbox/", """
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:resourcetype/><C:schedule-default-calendar-URL/></D:prop></D:propfind>
            """, headers: ["depth": "0"])
        let inboxBody = String(decoding: inbox.bodyBytes, as: UTF8.self)
        #expect(inbox.status == 207 && inboxBody.contains("schedule-inbox") && inboxBody.contains("/dav/calendars/amal/calendar/"))
        let outbox = await send("PROPFIND", "/dav/calendars/amal/outbox/", "", headers: ["depth": "0"])
        #expect(outbox.status == 207 && String(decoding: outbox.bodyBytes, as: UTF8.self).contains("schedule-outbox"))
        #expect(await send("PUT", "/dav/calendars/amal/inbox/x.ics", meeting()).status == 403)
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/outbox/").status == 405)
    }

    @Test("an invitation lands in the attendee's inbox and calendar; the answer comes back; a cancellation marks it cancelled")
    func inviteAnswerCancel() async throws {
        let created = await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting())
        #expect(created.status == 201)
        #expect(created.header("ETag") == nil, "the stored copy records SCHEDULE-STATUS, so it is not the client's bytes")
        let organizerTag = try #require(created.header("Schedule-Tag"))
        let stored = text(try await objects(of: "amal").first)
        #expect(stored.contains("SCHEDULE-STATUS=1.2:mailto:karim@example.org"))
        #expect(stored.contains("SCHEDULE-STATUS=5.3:mailto:guest@"))

        let inbox = try await objects(of: "karim", in: "inbox")
        #expect(inbox.count == 1 && text(inbox.first).contains("METHOD:REQUEST"))
        let copy = try #require(try await objects(of: "karim").first)
        #expect(copy.name == "meeting-1.ics" && !text(copy).contains("METHOD"))
        let got = await send("GET", "/dav/calendars/karim/calendar/meeting-1.ics", as: "karim")
        let attendeeTag = try #require(got.header("Schedule-Tag"))

        // Karim accepts with If-Schedule-Tag-Match: the organizer's copy records it, and
        // neither Schedule-Tag moves.
        // The server asked for an answer (RSVP=TRUE) where the organizer's client did not say.
        let accepted = text(copy).replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:karim", with: "PARTSTAT=ACCEPTED:mailto:karim")
        let answer = await send("PUT", "/dav/calendars/karim/calendar/meeting-1.ics", accepted, headers: ["if-schedule-tag-match": attendeeTag], as: "karim")
        #expect(answer.status == 204 && answer.header("Schedule-Tag") == attendeeTag)
        let organizerCopy = text(try await objects(of: "amal").first)
        #expect(organizerCopy.contains("PARTSTAT=ACCEPTED;SCHEDULE-STATUS=2.0:mailto:karim@example.org"))
        // Karim's copy says his answer reached her (RFC 6638 §3.2.2).
        #expect(text(try await objects(of: "karim").first).contains("ORGANIZER;SCHEDULE-STATUS=1.2:mailto:amal@example.org"))
        #expect(try await objects(of: "amal", in: "inbox").count == 1)
        #expect(await send("GET", "/dav/calendars/amal/calendar/meeting.ics").header("Schedule-Tag") == organizerTag)

        // A stale Schedule-Tag is refused and changes nothing.
        let stale = await send("PUT", "/dav/calendars/karim/calendar/meeting-1.ics", accepted, headers: ["if-schedule-tag-match": "\"s-0\""], as: "karim")
        #expect(stale.status == 412)

        // The organizer moves the meeting: Karim's copy follows and its tag changes.
        let moved = await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting(summary: "Planning (moved)", karim: "ACCEPTED"))
        #expect(moved.status == 204 && moved.header("Schedule-Tag") != organizerTag)
        #expect(text(try await objects(of: "karim").first).contains("SUMMARY:Planning (moved)"))
        #expect(text(try await objects(of: "karim").first).contains("ORGANIZER;SCHEDULE-STATUS=1.2:mailto:amal@example.org"))
        #expect(await send("GET", "/dav/calendars/karim/calendar/meeting-1.ics", as: "karim").header("Schedule-Tag") != attendeeTag)

        // The organizer deletes it: Karim's copy says it is cancelled until he deletes it,
        // which tells the organizer nothing more.
        #expect(await send("DELETE", "/dav/calendars/amal/calendar/meeting.ics").status == 204)
        #expect(text(try await objects(of: "karim").first).contains("STATUS:CANCELLED"))
        #expect(try await objects(of: "karim", in: "inbox").count == 3)
        #expect(await send("DELETE", "/dav/calendars/karim/calendar/meeting-1.ics", as: "karim").status == 204)
        #expect(try await objects(of: "amal", in: "inbox").count == 1)
    }

    @Test("deleting a calendar cancels the meetings organized in it and declines those invited to")
    func deletingACalendar() async throws {
        try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "work")))
        #expect(await send("PUT", "/dav/calendars/amal/work/meeting.ics", meeting(lina: true)).status == 201)
        #expect(try await objects(of: "karim").count == 1)
        // Lina drops her whole calendar: her invitation is declined.
        #expect(await send("DELETE", "/dav/calendars/lina/calendar/", as: "lina").status == 204)
        #expect(text(try await objects(of: "amal", in: "work").first).contains("PARTSTAT=DECLINED;SCHEDULE-STATUS=2.0:mailto:lina@example.org"))
        // Amal drops hers: the meeting is cancelled for Karim.
        #expect(await send("DELETE", "/dav/calendars/amal/work/").status == 204)
        #expect(text(try await objects(of: "karim").first).contains("STATUS:CANCELLED"))
    }

    @Test("an attendee deleting their copy declines")
    func attendeeDeletes() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting(lina: true)).status == 201)
        #expect(await send("DELETE", "/dav/calendars/lina/calendar/meeting-1.ics", as: "lina").status == 204)
        let organizerCopy = text(try await objects(of: "amal").first)
        #expect(organizerCopy.contains("PARTSTAT=DECLINED;SCHEDULE-STATUS=2.0:mailto:lina@example.org"))
        // The organizer's next change does not bring the declined event back.
        let inboxBefore = try await objects(of: "lina", in: "inbox").count
        let changed = organizerCopy.replacingOccurrences(of: "SUMMARY:Planning", with: "SUMMARY:Planning, room 2")
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", changed).status == 204)
        #expect(try await objects(of: "lina").isEmpty)
        #expect(try await objects(of: "lina", in: "inbox").count == inboxBefore)
        #expect(text(try await objects(of: "karim").first).contains("SUMMARY:Planning, room 2"))
    }

    @Test("nobody schedules for someone else: a foreign organizer sends nothing, a forged message changes nothing")
    func spoofing() async throws {
        // Lina stores an event claiming Amal organizes it: it is not her scheduling object.
        let fake = await send("PUT", "/dav/calendars/lina/calendar/fake.ics", meeting(summary: "Fake"), as: "lina")
        #expect(fake.status == 201, "\(fake.status) \(String(decoding: fake.bodyBytes, as: UTF8.self))")
        #expect(try await objects(of: "karim").isEmpty)
        // Karim has Amal's real meeting; Lina cannot cancel or change it with her own one.
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        #expect(await send("PUT", "/dav/calendars/lina/calendar/fake.ics", meeting(summary: "Hijack", lina: true, organizer: "lina@example.org"), as: "lina").status == 204)
        #expect(text(try await objects(of: "karim").first).contains("SUMMARY:Planning"))
        #expect(try await objects(of: "karim", in: "inbox").count == 1)
        // Lina's copy says Karim's server refused it.
        #expect(text(try await objects(of: "lina").first).contains("SCHEDULE-STATUS=3.8:mailto:karim@example.org"))
    }

    @Test("an invitation whose UID names one of the attendee's own events lands under a name of its own")
    func nameTaken() async throws {
        // Karim already keeps another event under the name the invitation's UID would take.
        let own = meeting().replacingOccurrences(of: "UID:meeting-1", with: "UID:karims-own").replacingOccurrences(of: "ORGANIZER:mailto:amal@example.org\r\n", with: "")
        #expect(await send("PUT", "/dav/calendars/karim/calendar/meeting-1.ics", own, as: "karim").status == 201)
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        let copies = try await objects(of: "karim")
        #expect(copies.count == 2 && copies.contains { $0.uid == "meeting-1" && $0.name.hasPrefix("uid-") })
    }

    @Test("an attendee cannot answer for another attendee")
    func answeringForSomeoneElse() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting(lina: true)).status == 201)
        let copy = text(try await objects(of: "karim").first)
        // Karim's client marks Lina as accepting in his copy: only his own line is his to answer.
        let forged = copy.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:lina@example.org", with: "PARTSTAT=ACCEPTED:mailto:lina@example.org")
        #expect(forged != copy)
        #expect(await send("PUT", "/dav/calendars/karim/calendar/meeting-1.ics", forged, as: "karim").status == 204)
        let organizerCopy = text(try await objects(of: "amal").first).replacingOccurrences(of: "\r\n ", with: "")
        #expect(organizerCopy.contains("PARTSTAT=NEEDS-ACTION;RSVP=TRUE;SCHEDULE-STATUS=1.2:mailto:lina@example.org"))
        // No reply was sent at all: Amal's inbox was never needed.
        #expect(try await store.calendar(CalendarReference(owner: "amal", name: "inbox")) == nil)
    }

    @Test("someone not invited cannot answer: the organizer gets nothing")
    func partyCrash() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        // Lina, not on the list, stores the meeting with herself accepting.
        let crashing = meeting().replacingOccurrences(of: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:guest@elsewhere.example",
                                                      with: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:lina@example.org")
        #expect(await send("PUT", "/dav/calendars/lina/calendar/crash.ics", crashing, as: "lina").status == 201)
        #expect(try await store.calendar(CalendarReference(owner: "amal", name: "inbox")) == nil)
        #expect(!text(try await objects(of: "amal").first).contains("lina"))
    }

    @Test("one scheduling object per UID in a user's calendars")
    func uniqueScheduling() async throws {
        try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "work")))
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        let again = await send("PUT", "/dav/calendars/amal/work/meeting.ics", meeting())
        #expect(again.status == 403 && String(decoding: again.bodyBytes, as: UTF8.self).contains("unique-scheduling-object-resource"))
        let copied = await send("COPY", "/dav/calendars/amal/calendar/meeting.ics", headers: ["destination": "/dav/calendars/amal/work/copy.ics"])
        #expect(copied.status == 403 && String(decoding: copied.bodyBytes, as: UTF8.self).contains("unique-scheduling-object-resource"))
        // Moving it is fine: there is still one copy.
        #expect(await send("MOVE", "/dav/calendars/amal/calendar/meeting.ics", headers: ["destination": "/dav/calendars/amal/work/meeting.ics"]).status == 201)
    }

    @Test("one change emails at most the limit of people elsewhere; the rest are recorded as not sent")
    func emailLimit() async throws {
        let mail = CountingMail()
        let limited = DAVServer(CalDAVAdapter(store: store, scheduling: CalendarScheduling(directory: TestUsers(), external: mail, externalLimit: 2)))
        let crowd = (1...3).map { "ATTENDEE:mailto:guest\($0)@elsewhere.example\r\n" }.joined()
        let body = meeting().replacingOccurrences(of: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:guest@elsewhere.example\r\n", with: crowd)
        let response = await limited.handle(DAVRequest(method: "PUT", path: "/dav/calendars/amal/calendar/crowd.ics", body: Array(body.utf8)), in: context("amal"))
        #expect(response.status == 201)
        #expect(await mail.sent == 2)
        let stored = text(try await objects(of: "amal").first).replacingOccurrences(of: "\r\n ", with: "")
        #expect(stored.components(separatedBy: "SCHEDULE-STATUS=1.1").count - 1 == 2 && stored.contains("SCHEDULE-STATUS=5.1:mailto:guest3@"))
    }

    /// Lina asks about Karim and someone elsewhere on 2 December 2026.
    let freeBusyRequest = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//EN\r
        METHOD:REQUEST\r
        BEGIN:VFREEBUSY\r
        UID:fb-1\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261202T000000Z\r
        DTEND:20261203T000000Z\r
        ORGANIZER:mailto:lina@example.org\r
        ATTENDEE:mailto:karim@example.org\r
        ATTENDEE:mailto:guest@elsewhere.example\r
        END:VFREEBUSY\r
        END:VCALENDAR\r

        """

    @Test("free-busy through the outbox")
    func freeBusy() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        let response = await send("POST", "/dav/calendars/lina/outbox/", freeBusyRequest, headers: ["content-type": "text/calendar"], as: "lina")
        let body = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(response.status == 200)
        #expect(body.contains("2.0;Success") && body.contains("FREEBUSY;FBTYPE=BUSY:20261202T100000Z/20261202T110000Z"))
        #expect(body.contains("5.3;No scheduling support for user"))
        // Only as oneself.
        let forged = await send("POST", "/dav/calendars/amal/outbox/", freeBusyRequest, headers: ["content-type": "text/calendar"])
        #expect(forged.status == 403 && String(decoding: forged.bodyBytes, as: UTF8.self).contains("organizer-allowed"))
        #expect(await send("POST", "/dav/calendars/lina/outbox/", meeting(), headers: ["content-type": "text/calendar"], as: "lina").status == 403)
        // One VFREEBUSY a request; nothing is posted to the inbox.
        let twice = freeBusyRequest.replacingOccurrences(of: "END:VFREEBUSY\r\n", with: "END:VFREEBUSY\r\nBEGIN:VFREEBUSY\r\nUID:fb-2\r\nEND:VFREEBUSY\r\n")
        let refused = await send("POST", "/dav/calendars/lina/outbox/", twice, headers: ["content-type": "text/calendar"], as: "lina")
        #expect(refused.status == 403 && String(decoding: refused.bodyBytes, as: UTF8.self).contains("valid-calendar-data"))
        #expect(await send("POST", "/dav/calendars/lina/inbox/", freeBusyRequest, headers: ["content-type": "text/calendar"], as: "lina").status == 403)
    }

    @Test("a calendar its owner marks transparent does not make them busy (schedule-calendar-transp)")
    func transparentCalendar() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        func transparency() async -> String {
            let body = #"<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:schedule-calendar-transp/></D:prop></D:propfind>"#
            let answer = await send("PROPFIND", "/dav/calendars/karim/calendar/", body, headers: ["depth": "0"], as: "karim")
            return String(decoding: answer.bodyBytes, as: UTF8.self)
        }
        func karimIsBusy() async -> Bool {
            let answer = await send("POST", "/dav/calendars/lina/outbox/", freeBusyRequest, headers: ["content-type": "text/calendar"], as: "lina")
            return String(decoding: answer.bodyBytes, as: UTF8.self).contains("FBTYPE=BUSY:20261202T100000Z/20261202T110000Z")
        }
        func set(_ value: String) async -> DAVResponse {
            await send("PROPPATCH", "/dav/calendars/karim/calendar/", """
                <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
                <C:schedule-calendar-transp>\(value)</C:schedule-calendar-transp></D:prop></D:set></D:propertyupdate>
                """, as: "karim")
        }
        #expect(await transparency().contains("<C:opaque/>"))
        #expect(await karimIsBusy())

        #expect(await set("<C:transparent/>").status == 207)
        #expect(await transparency().contains("<C:transparent/>"))
        #expect(!(await karimIsBusy()))

        // A value naming neither is refused and changes nothing.
        let refused = await set("<C:sometimes/>")
        #expect(String(decoding: refused.bodyBytes, as: UTF8.self).contains("400 Bad Request"))
        #expect(await transparency().contains("<C:transparent/>"))

        let remove = #"<D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:remove><D:prop><C:schedule-calendar-transp/></D:prop></D:remove></D:propertyupdate>"#
        #expect(await send("PROPPATCH", "/dav/calendars/karim/calendar/", remove, as: "karim").status == 207)
        #expect(await transparency().contains("<C:opaque/>"))
        #expect(await karimIsBusy())
    }

    @Test("schedule-default-calendar-URL names only a calendar of one's own, and follows when it is deleted")
    func defaultCalendarURL() async throws {
        func defaultCalendar() async -> String {
            let body = #"<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:schedule-default-calendar-URL/></D:prop></D:propfind>"#
            return String(decoding: await send("PROPFIND", "/dav/calendars/amal/inbox/", body, headers: ["depth": "0"]).bodyBytes, as: UTF8.self)
        }
        func set(_ href: String) async -> String {
            let body = """
                <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
                <C:schedule-default-calendar-URL>\(href)</C:schedule-default-calendar-URL></D:prop></D:set></D:propertyupdate>
                """
            return String(decoding: await send("PROPPATCH", "/dav/calendars/amal/inbox/", body).bodyBytes, as: UTF8.self)
        }
        #expect(await defaultCalendar().contains("<D:href>/dav/calendars/amal/calendar/</D:href>"))
        for refused in ["<D:href>/dav/calendars/amal/bogus/</D:href>", "<D:href>/dav/calendars/karim/calendar/</D:href>",
                        "<D:href>/dav/calendars/amal/inbox/</D:href>", ""] {
            #expect(await set(refused).contains("403 Forbidden"), "\(refused)")
            #expect(await defaultCalendar().contains("<D:href>/dav/calendars/amal/calendar/</D:href>"))
        }
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/work/").status == 201)
        #expect(await set("<D:href>/dav/calendars/amal/work</D:href>").contains("200 OK"))
        #expect(await defaultCalendar().contains("<D:href>/dav/calendars/amal/work/</D:href>"))
        #expect(await send("DELETE", "/dav/calendars/amal/work/").status == 204)
        #expect(await defaultCalendar().contains("<D:href>/dav/calendars/amal/calendar/</D:href>"))
    }

    @Test("taking the last other attendee off a meeting cancels it for them")
    func lastAttendeeRemoved() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        let alone = meeting().replacingOccurrences(of: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:karim@example.org\r\n", with: "")
            .replacingOccurrences(of: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:guest@elsewhere.example\r\n", with: "")
        #expect(alone.contains("ATTENDEE") && !alone.contains("karim"))
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", alone).status == 204)
        #expect(text(try await objects(of: "karim").first).contains("STATUS:CANCELLED"))
        #expect(try await objects(of: "karim", in: "inbox").contains { text($0).contains("METHOD:CANCEL") })
    }

    @Test("an attendee's copy keeps its organizer and their own line")
    func attendeeKeepsOrganizer() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting()).status == 201)
        let copy = text(try await objects(of: "karim").first)
        let path = "/dav/calendars/karim/calendar/meeting-1.ics"
        for changed in [copy.replacingOccurrences(of: "ORGANIZER:mailto:amal@example.org\r\n", with: ""),
                        copy.replacingOccurrences(of: "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:karim@example.org\r\n", with: ""),
                        copy.replacingOccurrences(of: "ORGANIZER:mailto:amal@example.org", with: "ORGANIZER:mailto:lina@example.org")] {
            #expect(changed != copy)
            let refused = await send("PUT", path, changed, as: "karim")
            #expect(refused.status == 403 && String(decoding: refused.bodyBytes, as: UTF8.self).contains("allowed-attendee-scheduling-object-change"))
        }
        #expect(text(try await objects(of: "karim").first) == copy)
        #expect(await send("DELETE", path, as: "karim").status == 204)
    }

    @Test("an organizer cannot answer for an attendee: a new attendee starts at NEEDS-ACTION")
    func organizerCannotAnswer() async throws {
        #expect(await send("PUT", "/dav/calendars/amal/calendar/meeting.ics", meeting(karim: "ACCEPTED")).status == 201)
        for copy in [text(try await objects(of: "amal").first), text(try await objects(of: "karim").first)] {
            #expect(copy.replacingOccurrences(of: "\r\n ", with: "").contains("PARTSTAT=NEEDS-ACTION;RSVP=TRUE"), "\(copy)")
            #expect(!copy.contains("PARTSTAT=ACCEPTED:mailto:karim"))
        }
    }

    @Test("an attendee cannot make up a meeting of an organizer here who has none")
    func orphanCopy() async throws {
        let refused = await send("PUT", "/dav/calendars/karim/calendar/made-up.ics", meeting(), as: "karim")
        #expect(refused.status == 403 && String(decoding: refused.bodyBytes, as: UTF8.self).contains("attendee-allowed"))
        #expect(try await objects(of: "karim").isEmpty)
        #expect(((try? await objects(of: "amal", in: "inbox")) ?? []).isEmpty)
        // An organizer elsewhere, or one whose own client schedules, is not asked.
        #expect(await send("PUT", "/dav/calendars/karim/calendar/elsewhere.ics", meeting(organizer: "someone@elsewhere.example"), as: "karim").status == 201)
        let clientScheduled = meeting().replacingOccurrences(of: "UID:meeting-1", with: "UID:meeting-2")
            .replacingOccurrences(of: "ORGANIZER:", with: "ORGANIZER;SCHEDULE-AGENT=CLIENT:")
        #expect(await send("PUT", "/dav/calendars/karim/calendar/client.ics", clientScheduled, as: "karim").status == 201)
    }

    @Test("the Schedule-Tag is read only from objects that name an ORGANIZER")
    func scheduleTagScan() {
        #expect(ScheduleTag.mayApply(to: Array("BEGIN:VEVENT\r\norganizer:mailto:a@b\r\n".utf8)))
        #expect(!ScheduleTag.mayApply(to: Array("BEGIN:VEVENT\r\nSUMMARY:ORGANIZER\r\n".utf8)))
        #expect(!ScheduleTag.mayApply(to: []))
    }
}
