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

extension CalDAVAdapter {
    /// What an iTIP REPLY from elsewhere (a mail pipeline's) came to.
    public enum InboundReply: Sendable, Equatable {
        /// Recorded for the organizer `user`; the event's SUMMARY.
        case recorded(user: String, summary: String?)
        /// Not a REPLY with one attendee and an organizer.
        case invalid(String)
        /// The organizer has no account here.
        case organizerElsewhere
        /// The attendee has an account here: their answers come from their own calendar.
        case attendeeHere
        case noSuchEvent
        case notInvited
    }

    /// Takes an iTIP REPLY that came by email from an attendee elsewhere (RFC 6047): for an
    /// organizer here, recorded as ``recordAnswer(of:participation:to:organizer:now:)``
    /// records a link's answer (the same REPLY twice changes nothing). A reply naming an
    /// account here as its attendee is refused: no message from outside may answer for
    /// one of this server's users.
    public func receiveReply(_ calendar: Component, now: Int) async throws(StoreError) -> InboundReply {
        guard let scheduling else { return .invalid("scheduling is off") }
        guard ITIPMessage.method(of: calendar) == .reply, let object = SchedulingObject(calendar), let organizer = object.organizer else {
            return .invalid("a REPLY with an ORGANIZER and a UID is expected")
        }
        let attendees = Set(object.allAttendees.map(\.address))
        guard attendees.count == 1, let attendee = attendees.first else { return .invalid("a REPLY answers for exactly one ATTENDEE") }
        guard case .local(let user) = await scheduling.route(organizer) else { return .organizerElsewhere }
        if case .local = await scheduling.route(attendee) { return .attendeeHere }
        guard let found = try await scheduledCopy(uid: object.uid, of: user),
              let copy = try? ICalendarParser().parseCalendar(found.object.data), let stored = SchedulingObject(copy) else { return .noSuchEvent }
        guard stored.organizer == organizer else { return .noSuchEvent }
        guard stored.allAttendees.contains(where: { $0.address == attendee }) else { return .notInvited }
        try await deliver(ITIPMessage(method: .reply, originator: attendee, recipient: organizer, calendar: calendar), to: user, now: now)
        return .recorded(user: user, summary: stored.master?[PropertyName.summary]?.textValue)
    }
}
