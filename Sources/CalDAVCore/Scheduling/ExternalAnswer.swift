import ICalendar
import ITIP
import WebDAV

extension CalDAVAdapter {
    /// What an answer from someone without an account here came to.
    public enum ExternalAnswer: Sendable, Equatable {
        /// The event names the attendee (and the answer, if any, is recorded); its SUMMARY.
        case event(summary: String?)
        /// The organizer has no such event (any more).
        case noSuchEvent
        /// The event does not name this attendee.
        case notInvited
    }

    /// Records `participation` (ACCEPTED, TENTATIVE, DECLINED) as the answer of `attendee`,
    /// an address elsewhere, to the event `uid` of the account `organizer`, as a REPLY from
    /// them would (iMIP, RFC 6047): kept in the organizer's inbox and applied to the
    /// organizer's copy, for every instance the attendee is invited to. Answering again
    /// changes the answer. Without `participation` nothing is recorded: the answer says
    /// whether there is such an invitation.
    public func recordAnswer(of attendee: CalendarUserAddress, participation: String?, to uid: String, organizer: String,
                             now: Int) async throws(StoreError) -> ExternalAnswer {
        guard let found = try await scheduledCopy(uid: uid, of: organizer),
              let calendar = try? ICalendarParser().parseCalendar(found.object.data), let object = SchedulingObject(calendar) else {
            return .noSuchEvent
        }
        guard let reply = AttendeeScheduling.answer(object, attendee: attendee, participation: participation ?? "NEEDS-ACTION",
                                                    stamp: FreeBusyCalculator.utc(now)) else { return .notInvited }
        if participation != nil { try await deliver(reply, to: organizer, now: now) }
        return .event(summary: object.master?[PropertyName.summary]?.textValue ?? object.instances.first?.component[PropertyName.summary]?.textValue)
    }
}
