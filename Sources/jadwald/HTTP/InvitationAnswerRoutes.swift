import CalDAVCore
import Foundation
import Hummingbird
import ITIP
import Jadwal
import Logging
import Mail

/// `/invitations/{token}`: where the answer links of an invitation mail lead, for people
/// without an account here (iMIP). GET shows the event and the three answers as buttons
/// and changes nothing (mail scanners open links); POST records the answer in the
/// organizer's calendar as a REPLY would, and tells the organizer by email. The same link
/// changes the answer later. A forged token is 404, an expired one 410; neither changes
/// anything.
struct InvitationAnswerRoutes: Sendable {
    let calDAV: CalDAVAdapter
    let linkKey: SealingKey
    let accounts: AccountStore
    let mail: MailQueue
    let logger: Logger

    static let prefix = "/invitations/"

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/invitations/:token") { request, context in
            await self.handle(token: context.parameters.get("token") ?? "", answer: request.uri.queryParameters["answer"].map(String.init), recording: false)
        }
        router.post("/invitations/:token") { request, context in
            let form = await FormBody.read(request)
            return await self.handle(token: context.parameters.get("token") ?? "", answer: form?["answer"], recording: true)
        }
    }

    private static let labels = Dictionary(uniqueKeysWithValues: InvitationMail.participations)

    private func handle(token: String, answer: String?, recording: Bool) async -> Response {
        let now = Int(Date().timeIntervalSince1970)
        let link: InvitationAnswerLink
        switch InvitationAnswerLink.open(token, with: linkKey, now: now) {
        case .success(let opened): link = opened
        case .failure(.forged): return page("Not an invitation", "This link is not one this server made.", status: .notFound)
        case .failure(.expired): return page("Link expired", "This answer link has expired. Ask the organizer for a new invitation.", status: .gone)
        }
        let participation = answer?.uppercased()
        if recording, participation.map({ Self.labels[$0] == nil }) ?? true {
            return page("Refused", "Choose Accept, Maybe or Decline.", status: .badRequest)
        }
        let attendee = CalendarUserAddress(link.attendee)
        let outcome: CalDAVAdapter.ExternalAnswer
        do {
            outcome = try await calDAV.recordAnswer(of: attendee, participation: recording ? participation : nil, to: link.uid,
                                                    organizer: link.organizer, now: now)
        } catch {
            logger.error("an invitation answer could not be recorded", metadata: ["error": "\(error)"])
            return page("Try again", "Your answer could not be recorded just now. Please try again in a moment.", status: .serviceUnavailable)
        }
        switch outcome {
        case .noSuchEvent: return page("Event gone", "The organizer has removed this event.", status: .gone)
        case .notInvited: return page("Not invited", "You are no longer on this event's list of attendees.", status: .gone)
        case .event(let summary):
            let title = summary ?? "(no title)"
            if recording, let participation {
                await tellOrganizer(link, attendee: attendee, participation: participation, summary: title)
                return page("Answer recorded", "\(link.organizer) has your answer to \(title): \(Self.labels[participation] ?? participation). "
                            + "You can change it with the same link.", token: token)
            }
            return page(title, "\(link.organizer) invites you (\(attendee.email ?? attendee.value)). Your answer:", token: token, chosen: participation)
        }
    }

    /// An email to the organizer saying who answered what.
    private func tellOrganizer(_ link: InvitationAnswerLink, attendee: CalendarUserAddress, participation: String, summary: String) async {
        guard let account = try? await accounts.account(named: link.organizer), let email = account.email else { return }
        let verb = InvitationMail.verb(for: participation)
        let who = attendee.email ?? attendee.value
        do {
            try await mail.send(OutgoingMail(to: email, subject: "\(who) \(verb): \(summary)",
                                             text: "\(who) \(verb) \(summary), through the link in their invitation.\nYour calendar shows the answer.\n"))
        } catch {
            logger.warning("the organizer could not be told of an answer", metadata: ["error": "\(error)"])
        }
    }

    private func page(_ title: String, _ text: String, status: HTTPResponse.Status = .ok, token: String? = nil, chosen: String? = nil) -> Response {
        var body = "<h1>\(HTMLPage.escape(title))</h1>\n<p>\(HTMLPage.escape(text))</p>\n"
        if let token {
            for (participation, label) in InvitationMail.participations {
                let marked = participation == chosen ? " ✓" : ""
                body += "<form method=\"post\" action=\"\(Self.prefix)\(HTMLPage.escape(token))\" style=\"display:inline\">"
                    + "<input type=\"hidden\" name=\"answer\" value=\"\(participation.lowercased())\">"
                    + "<button type=\"submit\">\(HTMLPage.escape(label + marked))</button></form>\n"
            }
        }
        return HTMLPage(title: title, body: body).response(status: status)
    }
}
