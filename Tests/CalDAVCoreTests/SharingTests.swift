import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import DAVTesting
import WebDAV

/// The accounts of a test server: amal, karim and lina.
private struct SharingUsers: CalendarUserDirectory {
    static let emails = ["amal": "amal@example.org", "karim": "karim@example.org", "lina": "lina@example.org"]
    func user(withEmail email: String) async throws -> String? { Self.emails.first { $0.value == email.lowercased() }?.key }
    func userExists(_ name: String) async throws -> Bool { Self.emails[name] != nil }
    func emailAddresses(of name: String) async throws -> [String] { Self.emails[name].map { [$0] } ?? [] }
}

/// Sharing calendars between accounts (the CalendarServer sharing extension and the WebDAV
/// resource sharing draft), request by request over the in-memory stores: inviting,
/// answering through the notification collection, what each access allows, leaving,
/// revoking and deleting.
struct SharingTests {
    let store = InMemoryCalendarStore()
    let shares = InMemoryShareStore()
    let handler: DAVServer
    let now = 1_800_000_000

    init() async throws {
        handler = DAVServer(CalDAVAdapter(store: store, scheduling: CalendarScheduling(directory: SharingUsers()),
                                          sharing: CalendarSharing(shares: shares, directory: SharingUsers())))
        for user in SharingUsers.emails.keys {
            try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: user, name: "calendar"), displayName: "Calendar",
                                                              supportedComponents: ["VEVENT", "VTODO"]))
        }
    }

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as user: String = "amal") async -> DAVResponse {
        let context = DAVContext(principal: user, now: now, emailAddresses: SharingUsers.emails[user].map { [$0] } ?? [])
        return await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context)
    }

    func text(_ response: DAVResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

    func shareRequest(_ entries: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?><CS:share xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/">"# + entries + "</CS:share>"
    }

    func set(_ href: String, _ access: String = "read-write") -> String {
        "<CS:set><D:href>\(href)</D:href><CS:summary>Family</CS:summary><CS:\(access)/></CS:set>"
    }

    func event(_ uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261202T100000Z\r\nDTEND:20261202T110000Z\r\nSUMMARY:Dinner\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// The invitation id in `user`'s first notification.
    func invitation(of user: String) async throws -> String {
        let listing = text(await send("PROPFIND", "/dav/calendars/\(user)/notifications/", headers: ["Depth": "1"], as: user))
        let name = try #require(listing.firstMatch(of: /notifications\/([0-9a-f-]+)\.xml/)?.1)
        return String(name)
    }

    func accept(_ user: String, invitation: String, accepted: Bool = true) async -> DAVResponse {
        await send("POST", "/dav/calendars/\(user)/", """
            <?xml version="1.0" encoding="utf-8"?>
            <CS:invite-reply xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/">
              <D:href>mailto:\(SharingUsers.emails[user]!)</D:href><CS:\(accepted ? "invite-accepted" : "invite-declined")/>
              <CS:hosturl><D:href>/dav/calendars/amal/calendar/</D:href></CS:hosturl><CS:in-reply-to>\(invitation)</CS:in-reply-to>
            </CS:invite-reply>
            """, headers: ["Content-Type": "application/xml"], as: user)
    }

    /// amal shares her calendar with karim (read-write) and lina (read), and both accept.
    func shareAndAccept() async throws -> (karim: String, lina: String) {
        let shared = await send("POST", "/dav/calendars/amal/calendar/",
                                shareRequest(set("mailto:karim@example.org") + set("/dav/principals/lina/", "read")),
                                headers: ["Content-Type": "application/xml"])
        #expect(shared.status == 200)
        let karim = await accept("karim", invitation: try await invitation(of: "karim"))
        let lina = await accept("lina", invitation: try await invitation(of: "lina"))
        #expect(karim.status == 200 && lina.status == 200)
        let karimMount = try #require(text(karim).firstMatch(of: /<D:href>([^<]+)<\/D:href>/)?.1)
        let linaMount = try #require(text(lina).firstMatch(of: /<D:href>([^<]+)<\/D:href>/)?.1)
        return (String(karimMount), String(linaMount))
    }

    @Test("OPTIONS, principals and calendars advertise sharing")
    func advertised() async throws {
        #expect(await send("OPTIONS", "/dav/").header("DAV")?.contains("calendarserver-sharing") == true)
        let principal = text(await send("PROPFIND", "/dav/principals/amal/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:notification-URL/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(principal.contains("<D:href>/dav/calendars/amal/notifications/</D:href>"))
        let calendar = text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:allowed-sharing-modes/><D:share-access/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(calendar.contains("<CS:can-be-shared/>"))
        #expect(calendar.contains("<D:not-shared/>"))
    }

    @Test("an invitation reaches the sharee's notifications and accepting puts the calendar in their home")
    func inviteAndAccept() async throws {
        let shared = await send("POST", "/dav/calendars/amal/calendar/", shareRequest(set("mailto:karim@example.org")),
                                headers: ["Content-Type": "application/xml"])
        #expect(shared.status == 200)
        let owner = text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><D:resourcetype/><CS:invite/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(owner.contains("<CS:shared-owner/>"))
        #expect(owner.contains("<D:href>/dav/principals/karim/</D:href>") && owner.contains("<CS:invite-noresponse/>"))

        let listing = text(await send("PROPFIND", "/dav/calendars/karim/notifications/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><D:resourcetype/><CS:notificationtype/><D:getetag/></D:prop></D:propfind>
            """, headers: ["Depth": "1"], as: "karim"))
        #expect(listing.contains("<CS:notification/>"))
        #expect(listing.contains(#"<CS:invite-notification shared-type="calendar"/>"#))
        let invitation = try await invitation(of: "karim")
        // macOS keeps up with sync-collection: a full list, then nothing until it changes.
        let sync = #"<D:sync-collection xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:sync-token>TOKEN</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/><CS:notificationtype/></D:prop></D:sync-collection>"#
        let full = text(await send("REPORT", "/dav/calendars/karim/notifications/", sync.replacingOccurrences(of: "TOKEN", with: ""), as: "karim"))
        #expect(full.contains("/dav/calendars/karim/notifications/\(invitation).xml"))
        let token = try #require(full.firstMatch(of: /<D:sync-token>([^<]+)</)?.1)
        let same = text(await send("REPORT", "/dav/calendars/karim/notifications/", sync.replacingOccurrences(of: "TOKEN", with: String(token)), as: "karim"))
        #expect(!same.contains("<D:response>"))
        let document = text(await send("GET", "/dav/calendars/karim/notifications/\(invitation).xml", as: "karim"))
        #expect(document.contains("<CS:uid>\(invitation)</CS:uid>"))
        // One XML declaration, at the start: a strict parser (CalDAVTester's) refuses a second.
        #expect(document.hasPrefix("<?xml") && document.components(separatedBy: "<?xml").count == 2)
        #expect(document.contains("<CS:hosturl><D:href>/dav/calendars/amal/calendar/</D:href></CS:hosturl>"))
        #expect(document.contains("<CS:read-write/>") && document.contains("<CS:summary>Family</CS:summary>"))
        // Nobody else reads it.
        #expect(await send("GET", "/dav/calendars/karim/notifications/\(invitation).xml", as: "lina").status == 404)

        let accepted = await accept("karim", invitation: invitation)
        #expect(accepted.status == 200)
        #expect(await send("REPORT", "/dav/calendars/karim/notifications/", sync.replacingOccurrences(of: "TOKEN", with: String(token)), as: "karim").status == 403)
        #expect(text(accepted).contains("<D:href>/dav/calendars/karim/calendar-amal/</D:href></CS:shared-as>"))
        let home = text(await send("PROPFIND", "/dav/calendars/karim/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><D:resourcetype/><D:owner/><CS:shared-url/></D:prop></D:propfind>
            """, headers: ["Depth": "1"], as: "karim"))
        #expect(home.contains("/dav/calendars/karim/calendar-amal/"))
        #expect(home.contains("<CS:shared/>"))
        #expect(home.contains("<D:owner><D:href>/dav/principals/amal/</D:href></D:owner>"))
        #expect(home.contains("<CS:shared-url><D:href>/dav/calendars/amal/calendar/</D:href></CS:shared-url>"))
        // The owner hears of the answer.
        let answers = text(await send("PROPFIND", "/dav/calendars/amal/notifications/", headers: ["Depth": "1"]))
        let answer = try #require(answers.firstMatch(of: /notifications\/([0-9a-f-]+-answer\.xml)/)?.1)
        #expect(text(await send("GET", "/dav/calendars/amal/notifications/\(answer)")).contains("<CS:invite-accepted/>"))
        #expect(await send("DELETE", "/dav/calendars/amal/notifications/\(answer)").status == 204)
        #expect(await send("GET", "/dav/calendars/amal/notifications/\(answer)").status == 404)
    }

    @Test("a read-write sharee writes the owner's calendar, which the owner's sync shows")
    func readWriteSharee() async throws {
        let (karimMount, _) = try await shareAndAccept()
        let token = try #require(text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/></D:prop></D:propfind>
            """, headers: ["Depth": "0"])).firstMatch(of: /<D:sync-token>([^<]+)</)?.1)
        #expect(await send("PUT", karimMount + "dinner.ics", event("dinner"), headers: ["Content-Type": "text/calendar"], as: "karim").status == 201)
        #expect(await send("GET", "/dav/calendars/amal/calendar/dinner.ics").status == 200)
        let sync = text(await send("REPORT", "/dav/calendars/amal/calendar/", """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(token)</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
            """))
        #expect(sync.contains("/dav/calendars/amal/calendar/dinner.ics"))
        // The sharee sees the same object under their own path, and may delete it.
        #expect(await send("GET", karimMount + "dinner.ics", as: "karim").status == 200)
        #expect(await send("DELETE", karimMount + "dinner.ics", as: "karim").status == 204)
        #expect(await send("GET", "/dav/calendars/amal/calendar/dinner.ics").status == 404)
    }

    @Test("a read-write sharee's change to the owner's meeting is sent as the owner's")
    func schedulesAsTheOwner() async throws {
        let (karimMount, _) = try await shareAndAccept()
        let meeting = event("board").replacingOccurrences(of: "SUMMARY:Dinner\r\n", with: """
            SUMMARY:Board\r
            ORGANIZER:mailto:amal@example.org\r
            ATTENDEE;PARTSTAT=ACCEPTED:mailto:amal@example.org\r
            ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:lina@example.org\r

            """)
        let put = await send("PUT", karimMount + "board.ics", meeting, headers: ["Content-Type": "text/calendar"], as: "karim")
        #expect(put.status == 201)
        let inbox = try await store.objects(in: CalendarReference(owner: "lina", name: SchedulingCollections.inbox))
        let message = String(decoding: inbox.first?.data ?? [], as: UTF8.self)
        #expect(inbox.count == 1 && message.contains("METHOD:REQUEST") && message.contains("ORGANIZER:mailto:amal@example.org"))
        let stored = String(decoding: try await store.objects(in: CalendarReference(owner: "amal", name: "calendar")).first { $0.name == "board.ics" }?.data ?? [],
                            as: UTF8.self)
        #expect(stored.contains("SCHEDULE-STATUS=1.2"))
        // Deleting it through the share cancels it for the attendees, as the owner.
        #expect(await send("DELETE", karimMount + "board.ics", as: "karim").status == 204)
        let messages = try await store.objects(in: CalendarReference(owner: "lina", name: SchedulingCollections.inbox))
        #expect(messages.contains { String(decoding: $0.data, as: UTF8.self).contains("METHOD:CANCEL") })
    }

    @Test("a read-only sharee reads, renames for themselves, and changes nothing else")
    func readOnlySharee() async throws {
        let (_, linaMount) = try await shareAndAccept()
        #expect(await send("PUT", "/dav/calendars/amal/calendar/lunch.ics", event("lunch"), headers: ["Content-Type": "text/calendar"]).status == 201)
        #expect(await send("GET", linaMount + "lunch.ics", as: "lina").status == 200)
        let put = await send("PUT", linaMount + "tea.ics", event("tea"), headers: ["Content-Type": "text/calendar"], as: "lina")
        #expect(put.status == 403)
        #expect(await send("DELETE", linaMount + "lunch.ics", as: "lina").status == 403)
        let changed = event("lunch").replacingOccurrences(of: "SUMMARY:Dinner", with: "SUMMARY:Mine")
        #expect(await send("PUT", linaMount + "lunch.ics", changed, headers: ["Content-Type": "text/calendar"], as: "lina").status == 403)
        let privileges = text(await send("PROPFIND", linaMount, """
            <D:propfind xmlns:D="DAV:"><D:prop><D:current-user-privilege-set/></D:prop></D:propfind>
            """, headers: ["Depth": "0"], as: "lina"))
        #expect(privileges.contains("<D:write-properties/>") && !privileges.contains("<D:write-content/>"))
        // Per-user properties are hers; the owner's name stays.
        let renamed = await send("PROPPATCH", linaMount, """
            <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/"><D:set><D:prop><D:displayname>Amal's</D:displayname><A:calendar-color>#FF0000</A:calendar-color></D:prop></D:set></D:propertyupdate>
            """, as: "lina")
        #expect(renamed.status == 207 && text(renamed).contains("200 OK"))
        let view = text(await send("PROPFIND", linaMount, headers: ["Depth": "0"], as: "lina"))
        #expect(view.contains("<D:displayname>Amal&apos;s</D:displayname>") || view.contains("<D:displayname>Amal's</D:displayname>"))
        #expect(try await store.calendar(CalendarReference(owner: "amal", name: "calendar"))?.displayName == "Calendar")
        let shared = await send("PROPPATCH", linaMount, """
            <D:propertyupdate xmlns:D="DAV:" xmlns:X="urn:x"><D:set><D:prop><X:note>mine</X:note></D:prop></D:set></D:propertyupdate>
            """, as: "lina")
        #expect(shared.status == 403 && text(shared).contains("need-privileges"))
        // Nothing moves out of a shared calendar.
        let move = await send("MOVE", linaMount + "lunch.ics", headers: ["Destination": "http://localhost/dav/calendars/lina/calendar/lunch.ics"], as: "lina")
        #expect(move.status == 403)
        #expect(await send("GET", "/dav/calendars/amal/calendar/lunch.ics").status == 200)
    }

    @Test("alarms and TRANSP in a shared calendar are each person's own, also for a sharee who may only read")
    func perUserData() async throws {
        let (karimMount, linaMount) = try await shareAndAccept()
        func withAlarm(_ body: String, _ trigger: String, extra: String = "") -> String {
            body.replacingOccurrences(of: "END:VEVENT", with: "\(extra)BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:\(trigger)\r\nEND:VALARM\r\nEND:VEVENT")
        }
        func read(_ path: String, as user: String) async -> String { text(await send("GET", path, as: user)).replacingOccurrences(of: "\r\n ", with: "") }
        let ics = ["Content-Type": "text/calendar"]
        #expect(await send("PUT", "/dav/calendars/amal/calendar/lunch.ics", withAlarm(event("lunch"), "-PT15M"), headers: ics).status == 201)
        #expect(!(await read(karimMount + "lunch.ics", as: "karim")).contains("VALARM"))
        #expect(!(await read(linaMount + "lunch.ics", as: "lina")).contains("VALARM"))

        // Karim (read-write) renames it and sets his own alarm and TRANSP.
        let karims = withAlarm(event("lunch").replacingOccurrences(of: "SUMMARY:Dinner", with: "SUMMARY:Lunch"), "-PT5M", extra: "TRANSP:TRANSPARENT\r\n")
        #expect(await send("PUT", karimMount + "lunch.ics", karims, headers: ics, as: "karim").status == 204)
        let amalSees = await read("/dav/calendars/amal/calendar/lunch.ics", as: "amal")
        #expect(amalSees.contains("SUMMARY:Lunch") && amalSees.contains("TRIGGER:-PT15M") && !amalSees.contains("-PT5M"))
        #expect(!amalSees.contains("TRANSPARENT") && !amalSees.contains("X-JADWAL"))
        let karimSees = await read(karimMount + "lunch.ics", as: "karim")
        #expect(karimSees.contains("TRIGGER:-PT5M") && karimSees.contains("TRANSP:TRANSPARENT") && !karimSees.contains("-PT15M") && !karimSees.contains("X-JADWAL"))

        // Lina (read only) may set her own alarm, and nothing else.
        let linas = withAlarm(await read(linaMount + "lunch.ics", as: "lina"), "-PT1H")
        let linaPut = await send("PUT", linaMount + "lunch.ics", linas, headers: ics, as: "lina")
        #expect(linaPut.status == 204, "\(text(linaPut))")
        let linaSees = await read(linaMount + "lunch.ics", as: "lina")
        #expect(linaSees.contains("TRIGGER:-PT1H") && !linaSees.contains("-PT5M") && !linaSees.contains("-PT15M") && linaSees.contains("SUMMARY:Lunch"))
        let renamed = linas.replacingOccurrences(of: "SUMMARY:Lunch", with: "SUMMARY:Mine")
        #expect(await send("PUT", linaMount + "lunch.ics", renamed, headers: ics, as: "lina").status == 403)
        #expect(await send("PUT", linaMount + "tea.ics", withAlarm(event("tea"), "-PT1H"), headers: ics, as: "lina").status == 403)

        // The owner's own changes keep what the sharees set; each still sees only their own.
        let moved = withAlarm(event("lunch").replacingOccurrences(of: "T110000Z", with: "T130000Z").replacingOccurrences(of: "T100000Z", with: "T120000Z"), "-PT15M")
        let amalPut = await send("PUT", "/dav/calendars/amal/calendar/lunch.ics", moved, headers: ics)
        #expect(amalPut.status == 204, "\(text(amalPut))")
        #expect(await read(karimMount + "lunch.ics", as: "karim").contains("TRIGGER:-PT5M"))
        #expect(await read(linaMount + "lunch.ics", as: "lina").contains("TRIGGER:-PT1H"))
        // Nobody writes another's part: an object carrying one is refused.
        let withForgery = karims.replacingOccurrences(of: "END:VCALENDAR", with: "BEGIN:X-JADWAL-PERUSER\r\nX-JADWAL-PERUSER-UID:lina\r\nBEGIN:X-JADWAL-PERINSTANCE\r\nTRANSP:TRANSPARENT\r\nEND:X-JADWAL-PERINSTANCE\r\nEND:X-JADWAL-PERUSER\r\nEND:VCALENDAR")
        let forgedPut = await send("PUT", karimMount + "lunch.ics", withForgery, headers: ics, as: "karim")
        #expect(forgedPut.status == 403 && text(forgedPut).contains("valid-calendar-object-resource"))
        let linaAfter = await read(linaMount + "lunch.ics", as: "lina")
        #expect(linaAfter.contains("TRIGGER:-PT1H") && !linaAfter.contains("TRANSPARENT"))
    }

    @Test("nobody reaches another's calendar but through an accepted share in their own home")
    func accessMatrix() async throws {
        let (karimMount, _) = try await shareAndAccept()
        #expect(await send("PUT", "/dav/calendars/amal/calendar/lunch.ics", event("lunch"), headers: ["Content-Type": "text/calendar"]).status == 201)
        for user in ["karim", "lina", "noor"] {
            for (method, path) in [("GET", "/dav/calendars/amal/calendar/lunch.ics"), ("PROPFIND", "/dav/calendars/amal/calendar/"),
                                   ("DELETE", "/dav/calendars/amal/calendar/lunch.ics"), ("PUT", "/dav/calendars/amal/calendar/x.ics"),
                                   ("PROPFIND", "/dav/calendars/amal/notifications/"), ("POST", "/dav/calendars/amal/calendar/")] {
                let response = await send(method, path, method == "PUT" ? event("x") : "", headers: ["Depth": "0"], as: user)
                #expect(response.status == 404, "\(user) \(method) \(path): \(response.status)")
            }
        }
        // A stranger has no share; a sharee's mount is theirs alone.
        #expect(await send("GET", karimMount + "lunch.ics", as: "noor").status == 404)
        #expect(await send("GET", karimMount + "lunch.ics", as: "lina").status == 404)
        // Only the owner shares, and only their own calendars.
        let reshare = await send("POST", karimMount, shareRequest(set("mailto:lina@example.org")), headers: ["Content-Type": "application/xml"], as: "karim")
        #expect(reshare.status == 403)
        #expect(await send("POST", "/dav/calendars/amal/calendar/", shareRequest(set("mailto:nobody@example.org")),
                           headers: ["Content-Type": "application/xml"]).status == 403)
        #expect(await send("POST", "/dav/calendars/amal/calendar/", shareRequest(set("mailto:amal@example.org")),
                           headers: ["Content-Type": "application/xml"]).status == 403)
        #expect(await send("POST", "/dav/calendars/amal/calendar/", "<CS:share", headers: ["Content-Type": "application/xml"]).status == 400)
        // An answer to an invitation that is not yours changes nothing.
        #expect(await accept("lina", invitation: "not-an-invitation").status == 403)
    }

    @Test("revoking, leaving and deleting end a share, and a new calendar of the old name is not shared")
    func endings() async throws {
        let (karimMount, linaMount) = try await shareAndAccept()
        // Revoked: the mount is gone.
        #expect(await send("POST", "/dav/calendars/amal/calendar/", shareRequest("<CS:remove><D:href>mailto:karim@example.org</D:href></CS:remove>"),
                           headers: ["Content-Type": "application/xml"]).status == 200)
        #expect(await send("PROPFIND", karimMount, headers: ["Depth": "0"], as: "karim").status == 404)
        #expect(await send("PUT", karimMount + "x.ics", event("x"), headers: ["Content-Type": "text/calendar"], as: "karim").status != 201)
        // Left: the owner's calendar stays, and CS:invite says declined.
        #expect(await send("DELETE", linaMount, as: "lina").status == 204)
        #expect(try await store.calendar(CalendarReference(owner: "amal", name: "calendar")) != nil)
        let invite = text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:invite/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(invite.contains("<CS:invite-declined/>"))
        // Shared again after declining: a new invitation.
        #expect(await send("POST", "/dav/calendars/amal/calendar/", shareRequest(set("mailto:lina@example.org", "read")),
                           headers: ["Content-Type": "application/xml"]).status == 200)
        let again = await accept("lina", invitation: try await invitation(of: "lina"))
        #expect(again.status == 200)
        // Deleted by the owner: every share ends, and a calendar of the same name is private.
        #expect(await send("DELETE", "/dav/calendars/amal/calendar/").status == 204)
        #expect(await shares.shares(involving: "amal", in: DAVPath.tree).all.isEmpty)
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/calendar/").status == 201)
        #expect(await send("PROPFIND", linaMount, headers: ["Depth": "0"], as: "lina").status == 404)
    }

    @Test("the WebDAV resource sharing draft's share-resource shares as CS:share does")
    func shareResource() async throws {
        let shared = await send("POST", "/dav/calendars/amal/calendar/", """
            <?xml version="1.0" encoding="utf-8"?>
            <D:share-resource xmlns:D="DAV:"><D:sharee><D:href>mailto:lina@example.org</D:href>
              <D:share-access><D:read/></D:share-access></D:sharee></D:share-resource>
            """, headers: ["Content-Type": "application/davsharing+xml"])
        #expect(shared.status == 200)
        let invite = text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:"><D:prop><D:invite/><D:share-access/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(invite.contains("<D:sharee><D:href>/dav/principals/lina/</D:href><D:share-access><D:read/></D:share-access><D:invite-noresponse/></D:sharee>"))
        #expect(invite.contains("<D:shared-owner/>"))
        let removed = await send("POST", "/dav/calendars/amal/calendar/", """
            <D:share-resource xmlns:D="DAV:"><D:sharee><D:href>/dav/principals/lina/</D:href><D:share-access><D:no-access/></D:share-access></D:sharee></D:share-resource>
            """, headers: ["Content-Type": "application/davsharing+xml"])
        #expect(removed.status == 200)
        #expect(await shares.shares(involving: "amal", in: DAVPath.tree).all.isEmpty)
    }
}

/// The in-memory share store the protocol tests run on passes the same checks as the real ones.
@Test("the in-memory share store conforms")
func inMemoryShareStoreConforms() async {
    let failures = await ShareStoreConformance.run { InMemoryShareStore() }
    #expect(failures.isEmpty, "\(failures)")
}
