import Foundation
import ICalendar
import ITIP
import Mail
import Testing
@testable import Jadwal

/// Invitations to people without an account here: the answer links and the mail.
struct InvitationMailTests {
    let key = SealingKey.random()
    let link = InvitationAnswerLink(organizer: "huda", uid: "budget-1", attendee: "mailto:guest@elsewhere.example", expires: 2_000_000_000)

    @Test("an answer link opens to what it was sealed with, and to nothing once changed, cut, sealed elsewhere or expired")
    func answerLinks() throws {
        let token = try link.token(sealedWith: key)
        #expect(!token.contains("budget-1") && !token.contains("/") && !token.contains("+") && !token.contains("="))
        #expect(InvitationAnswerLink.open(token, with: key, now: 1_999_999_999) == .success(link))
        #expect(InvitationAnswerLink.open(token, with: key, now: 2_000_000_000) == .failure(.expired))
        #expect(InvitationAnswerLink.open(String(token.dropLast(3)), with: key, now: 0) == .failure(.forged))
        var changed = Array(token)
        changed[changed.count / 2] = changed[changed.count / 2] == "A" ? "B" : "A"
        #expect(InvitationAnswerLink.open(String(changed), with: key, now: 0) == .failure(.forged))
        #expect(InvitationAnswerLink.open(token, with: SealingKey.random(), now: 0) == .failure(.forged))
        #expect(InvitationAnswerLink.open(String(repeating: "A", count: 5000), with: key, now: 0) == .failure(.forged))
    }

    func message(_ method: ITIPMethod, sequence: Int = 0, partstat: String = "NEEDS-ACTION") throws -> ITIPMessage {
        let calendar = try ICalendarParser().parseCalendar("""
            BEGIN:VCALENDAR\r
            METHOD:\(method.rawValue)\r
            BEGIN:VEVENT\r
            UID:budget-1\r
            SEQUENCE:\(sequence)\r
            DTSTART;VALUE=DATE:20270210\r
            SUMMARY:Budget <review>\r
            LOCATION:Room 4\r
            ORGANIZER;CN=Huda:mailto:huda@example.org\r
            ATTENDEE;PARTSTAT=\(partstat):mailto:guest@elsewhere.example\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        return ITIPMessage(method: method, originator: CalendarUserAddress("mailto:huda@example.org"),
                           recipient: CalendarUserAddress("mailto:guest@elsewhere.example"), calendar: calendar)
    }

    @Test("the mail says what the message is, escapes the event's text in HTML, and carries the message")
    func mail() throws {
        let answers = [InvitationMail.Answer(participation: "ACCEPTED", label: "Accept", url: "https://cal.example.org/invitations/t?answer=accepted")]
        let invitation = InvitationMail(message: try message(.request), senderName: "Huda", answers: answers)
        #expect(invitation.subject == "Invitation: Budget <review> @ Wednesday 10 February 2027 (all day)")
        #expect(invitation.text.contains("Where: Room 4") && invitation.text.contains("Accept: https://cal.example.org/invitations/t?answer=accepted"))
        #expect(invitation.html.contains("Budget &lt;review&gt;") && !invitation.html.contains("<review>"))
        let mail = try invitation.mail(from: try MailAddress("jadwal@example.org"), to: try MailAddress("guest@elsewhere.example"),
                                       replyTo: try MailAddress("huda@example.org"))
        #expect(mail.from.displayName == "Huda via Jadwal" && mail.replyTo?.address == "huda@example.org")
        #expect(mail.calendar?.method == "REQUEST" && mail.calendar?.text.contains("UID:budget-1") == true)
        #expect(InvitationMail(message: try message(.request, sequence: 2), senderName: "Huda").subject.hasPrefix("Updated invitation: "))
        #expect(InvitationMail(message: try message(.cancel), senderName: "Huda").subject.hasPrefix("Cancelled: Budget"))
        #expect(InvitationMail(message: try message(.reply, partstat: "DECLINED"), senderName: "Karim").subject == "Karim declined: Budget <review>")
    }
}
