import CalDAVCore
import Foundation
import ICalendar
import ITIP
import Mail

/// Scheduling messages to people without an account here, by email (iMIP, RFC 6047),
/// through the durable mail outbox: an invitation, update or cancellation from an
/// organizer here, or the answer of an attendee here to an organizer elsewhere. An
/// invitation carries sealed answer links (``InvitationAnswerLink``) to `answerPage`, so
/// that an answer comes back without a mail server of ours.
public struct EmailScheduling: ExternalScheduling {
    public let outbox: MailOutbox
    public let accounts: AccountStore
    /// The server's own address, the mails' sender.
    public let sender: MailAddress
    /// Seals the answer links.
    public let linkKey: SealingKey
    /// Where answer links point: the page of ``InvitationAnswerLink`` tokens, ending in `/`.
    public let answerPage: String
    public let now: @Sendable () -> Int

    public init(outbox: MailOutbox, accounts: AccountStore, sender: MailAddress, linkKey: SealingKey, answerPage: String,
                now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.outbox = outbox
        self.accounts = accounts
        self.sender = sender
        self.linkKey = linkKey
        self.answerPage = answerPage
        self.now = now
    }

    public func send(_ message: ITIPMessage, from user: String) async -> ScheduleStatus {
        guard let email = message.recipient.email, let recipient = try? MailAddress(email) else { return .invalidUser }
        do {
            let account = try await accounts.account(named: user)
            let replyTo = try account?.email.map { try MailAddress($0) }
            let name = message.components.first
                .flatMap { $0[message.method == .reply ? SchedulingProperty.attendee : SchedulingProperty.organizer]?[parameter: SchedulingParameter.commonName] }
                ?? user
            let invitation = InvitationMail(message: message, senderName: name, answers: try answers(to: message, from: user))
            try await outbox.enqueue(try invitation.mail(from: sender, to: recipient, replyTo: replyTo))
            return .sent
        } catch {
            return .deliveryFailed
        }
    }

    /// The answer links of an invitation; none for other messages.
    private func answers(to message: ITIPMessage, from user: String) throws -> [InvitationMail.Answer] {
        guard message.method == .request, let uid = message.uid else { return [] }
        let link = InvitationAnswerLink(organizer: user, uid: uid, attendee: message.recipient.value, expires: now() + InvitationAnswerLink.lifetime)
        let token = try link.token(sealedWith: linkKey)
        return InvitationMail.participations.map { participation, label in
            InvitationMail.Answer(participation: participation, label: label, url: answerPage + token + "?answer=" + participation.lowercased())
        }
    }
}
