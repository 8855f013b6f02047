import Foundation
import ITIP
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import DAVTesting
import WebDAV

/// The accounts of a test server: amal delegates; karim may write, lina may read; noor is a stranger.
private struct DelegationUsers: CalendarUserDirectory {
    static let emails = ["amal": "amal@example.org", "karim": "karim@example.org", "lina": "lina@example.org", "noor": "noor@example.org"]
    func user(withEmail email: String) async throws -> String? { Self.emails.first { $0.value == email.lowercased() }?.key }
    func userExists(_ name: String) async throws -> Bool { Self.emails[name] != nil }
    func emailAddresses(of name: String) async throws -> [String] { Self.emails[name].map { [$0] } ?? [] }
}

/// Delegation (the CalendarServer calendar-proxy extension) request by request: proxy
/// groups set with PROPPATCH, what delegates of each kind reach and may do, and scheduling
/// that acts for the delegator.
struct DelegationTests {
    let store = InMemoryCalendarStore()
    let shares = InMemoryShareStore()
    let handler: DAVServer
    let now = 1_800_000_000

    init() async throws {
        let directory = DelegationUsers()
        handler = DAVServer([CalDAVAdapter(store: store, scheduling: CalendarScheduling(directory: directory),
                                           sharing: CalendarSharing(shares: shares, directory: directory))],
                            delegation: Delegation(shares: shares, accountExists: { DelegationUsers.emails[$0] != nil },
                                                   emailAddresses: { DelegationUsers.emails[$0].map { [$0] } ?? [] }))
        for user in DelegationUsers.emails.keys {
            try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: user, name: "calendar"), supportedComponents: ["VEVENT", "VTODO"]))
        }
    }

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as user: String = "amal") async -> DAVResponse {
        let context = DAVContext(principal: user, now: now, emailAddresses: DelegationUsers.emails[user].map { [$0] } ?? [])
        return await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context)
    }

    func text(_ response: DAVResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

    func setGroup(_ access: String, _ members: [String], as user: String = "amal") async -> DAVResponse {
        await send("PROPPATCH", "/dav/principals/\(user)/calendar-proxy-\(access)/", """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:group-member-set>\(members.map { "<D:href>\($0)</D:href>" }.joined())</D:group-member-set></D:prop></D:set></D:propertyupdate>
            """, as: user)
    }

    func event(_ uid: String, organizer: String? = nil) -> String {
        let people = organizer.map { "ORGANIZER:mailto:\($0)\r\nATTENDEE;PARTSTAT=ACCEPTED:mailto:\($0)\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:noor@example.org\r\n" } ?? ""
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261202T100000Z\r\nDTEND:20261202T110000Z\r\nSUMMARY:Board\r\n\(people)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test("proxy groups list the delegates, and delegates see whom they act for")
    func groups() async throws {
        #expect(text(await setGroup("write", ["/dav/principals/karim/"])).contains("200 OK"))
        #expect(text(await setGroup("read", ["mailto:x", "/dav/principals/lina/"])).contains("409"))
        #expect(text(await setGroup("read", ["/dav/principals/lina/"])).contains("200 OK"))
        #expect(text(await setGroup("read", ["/dav/principals/nobody/"])).contains("409"))
        // Only the delegator sets the groups; a stranger does not even see them.
        #expect(text(await send("PROPPATCH", "/dav/principals/amal/calendar-proxy-read/", """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:group-member-set><D:href>/dav/principals/karim/</D:href></D:group-member-set></D:prop></D:set></D:propertyupdate>
            """, as: "karim")).contains("403"))
        #expect(await send("PROPFIND", "/dav/principals/amal/calendar-proxy-read/", headers: ["Depth": "0"], as: "noor").status == 404)
        let principal = text(await send("PROPFIND", "/dav/principals/amal/", headers: ["Depth": "1"]))
        #expect(principal.contains("/dav/principals/amal/calendar-proxy-write/") && principal.contains("<CS:calendar-proxy-write/>"))
        let members = text(await send("PROPFIND", "/dav/principals/amal/calendar-proxy-write/", """
            <D:propfind xmlns:D="DAV:"><D:prop><D:group-member-set/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(members.contains("<D:group-member-set><D:href>/dav/principals/karim/</D:href></D:group-member-set>"))
        let karim = text(await send("PROPFIND", "/dav/principals/karim/", """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><D:group-membership/><CS:calendar-proxy-write-for/><CS:calendar-proxy-read-for/></D:prop></D:propfind>
            """, headers: ["Depth": "0"], as: "karim"))
        #expect(karim.contains("<D:group-membership><D:href>/dav/principals/amal/calendar-proxy-write/</D:href></D:group-membership>"))
        #expect(karim.contains("<CS:calendar-proxy-write-for><D:href>/dav/principals/amal/</D:href></CS:calendar-proxy-write-for>"))
        // A delegate reads the delegator's principal; a stranger does not.
        #expect(await send("PROPFIND", "/dav/principals/amal/", headers: ["Depth": "0"], as: "karim").status == 207)
        #expect(await send("PROPFIND", "/dav/principals/amal/", headers: ["Depth": "0"], as: "noor").status == 404)
        // Moving karim to the read group takes him out of the write group.
        #expect(text(await setGroup("read", ["/dav/principals/lina/", "/dav/principals/karim/"])).contains("200 OK"))
        #expect(await shares.shares(involving: "amal", in: Delegation.tree).given.map(\.access) == [.read, .read])
    }

    @Test("a write delegate changes the delegator's calendars; a read delegate only reads; strangers reach nothing")
    func access() async throws {
        _ = await setGroup("write", ["/dav/principals/karim/"])
        _ = await setGroup("read", ["/dav/principals/lina/"])
        let put = await send("PUT", "/dav/calendars/amal/calendar/plan.ics", event("plan"), headers: ["Content-Type": "text/calendar"], as: "karim")
        #expect(put.status == 201)
        #expect(await send("GET", "/dav/calendars/amal/calendar/plan.ics", as: "lina").status == 200)
        #expect(await send("PROPFIND", "/dav/calendars/amal/", headers: ["Depth": "1"], as: "lina").status == 207)
        for (method, path, body) in [("PUT", "/dav/calendars/amal/calendar/x.ics", event("x")), ("DELETE", "/dav/calendars/amal/calendar/plan.ics", ""),
                                     ("PROPPATCH", "/dav/calendars/amal/calendar/", "<D:propertyupdate xmlns:D=\"DAV:\"/>"),
                                     ("MKCALENDAR", "/dav/calendars/amal/new/", ""), ("DELETE", "/dav/calendars/amal/calendar/", "")] {
            #expect(await send(method, path, body, headers: ["Content-Type": "text/calendar"], as: "lina").status == 403, "\(method) \(path)")
            #expect(await send(method, path, body, as: "noor").status == 404, "\(method) \(path)")
        }
        let privileges = text(await send("PROPFIND", "/dav/calendars/amal/calendar/", """
            <D:propfind xmlns:D="DAV:"><D:prop><D:current-user-privilege-set/></D:prop></D:propfind>
            """, headers: ["Depth": "0"], as: "lina"))
        #expect(privileges.contains("<D:read/>") && !privileges.contains("<D:write"))
        // A delegate does not share the delegator's calendars.
        let shareBody = #"<CS:share xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><CS:set><D:href>mailto:noor@example.org</D:href><CS:read/></CS:set></CS:share>"#
        #expect(await send("POST", "/dav/calendars/amal/calendar/", shareBody, headers: ["Content-Type": "application/xml"], as: "karim").status == 403)
        // Removed from the group, the delegate reaches nothing.
        _ = await send("PROPPATCH", "/dav/principals/amal/calendar-proxy-write/", """
            <D:propertyupdate xmlns:D="DAV:"><D:remove><D:prop><D:group-member-set/></D:prop></D:remove></D:propertyupdate>
            """)
        #expect(await send("GET", "/dav/calendars/amal/calendar/plan.ics", as: "karim").status == 404)
    }

    @Test("a write delegate's meeting is sent as the delegator's")
    func schedulesForTheDelegator() async throws {
        _ = await setGroup("write", ["/dav/principals/karim/"])
        let put = await send("PUT", "/dav/calendars/amal/calendar/board.ics", event("board", organizer: "amal@example.org"),
                             headers: ["Content-Type": "text/calendar"], as: "karim")
        #expect(put.status == 201)
        let inbox = try await store.objects(in: CalendarReference(owner: "noor", name: SchedulingCollections.inbox))
        #expect(inbox.count == 1)
        let message = String(decoding: inbox.first?.data ?? [], as: UTF8.self)
        #expect(message.contains("ORGANIZER:mailto:amal@example.org"))
        let stored = String(decoding: try await store.objects(in: CalendarReference(owner: "amal", name: "calendar")).first?.data ?? [], as: UTF8.self)
        #expect(stored.contains("SCHEDULE-STATUS=1.2"))
    }

    @Test("a write delegate's answer to an invitation is the delegator's reply")
    func answersForTheDelegator() async throws {
        _ = await setGroup("write", ["/dav/principals/karim/"])
        // noor invites amal; amal's copy lands in her calendar.
        let invitation = event("lunch", organizer: "noor@example.org")
            .replacingOccurrences(of: "NEEDS-ACTION:mailto:noor@example.org", with: "NEEDS-ACTION:mailto:amal@example.org")
        #expect(await send("PUT", "/dav/calendars/noor/calendar/lunch.ics", invitation, headers: ["Content-Type": "text/calendar"], as: "noor").status == 201)
        let copy = try #require(try await store.objects(in: CalendarReference(owner: "amal", name: "calendar")).first { $0.uid == "lunch" })
        let path = "/dav/calendars/amal/calendar/\(copy.name)"
        // karim, acting for her, accepts in her copy.
        let accepted = String(decoding: copy.data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            .replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:amal@example.org", with: "PARTSTAT=ACCEPTED:mailto:amal@example.org")
        #expect(accepted.contains("PARTSTAT=ACCEPTED:mailto:amal@example.org"))
        #expect(await send("PUT", path, accepted, headers: ["Content-Type": "text/calendar"], as: "karim").status == 204)
        let replies = try await store.objects(in: CalendarReference(owner: "noor", name: SchedulingCollections.inbox))
        let reply = String(decoding: replies.first?.data ?? [], as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(replies.count == 1 && reply.contains("METHOD:REPLY") && reply.contains("PARTSTAT=ACCEPTED:mailto:amal@example.org"))
        let organizers = String(decoding: try await store.objects(in: CalendarReference(owner: "noor", name: "calendar")).first?.data ?? [], as: UTF8.self)
        #expect(organizers.replacingOccurrences(of: "\r\n ", with: "").contains("PARTSTAT=ACCEPTED;SCHEDULE-STATUS=2.0:mailto:amal@example.org"))
    }
}
