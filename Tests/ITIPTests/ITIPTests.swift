import ICalendar
@testable import ITIP
import Testing

/// A meeting of amal's with karim and lina, weekly, with an override on its second week.
private func meeting(summary: String = "Planning", karim: String = "NEEDS-ACTION", lina: String? = "NEEDS-ACTION",
                     exdate: String? = nil, overrideStart: String = "20261209T110000Z", alarm: Bool = false,
                     linaAgent: String? = nil, sequence: Int = 0) -> Component {
    let linaLine = lina.map { "ATTENDEE;CN=Lina;PARTSTAT=\($0)\(linaAgent.map { ";SCHEDULE-AGENT=\($0)" } ?? ""):mailto:lina@example.org\r\n" } ?? ""
    let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:meeting-1\r
        DTSTAMP:20261120T090000Z\r
        SEQUENCE:\(sequence)\r
        DTSTART:20261202T100000Z\r
        DTEND:20261202T110000Z\r
        RRULE:FREQ=WEEKLY;COUNT=4\r
        \(exdate.map { "EXDATE:\($0)\r\n" } ?? "")SUMMARY:\(summary)\r
        ORGANIZER;CN=Amal:mailto:amal@example.org\r
        ATTENDEE;PARTSTAT=ACCEPTED:mailto:amal@example.org\r
        ATTENDEE;CN=Karim;PARTSTAT=\(karim);RSVP=TRUE:mailto:Karim@Example.org\r
        \(linaLine)\(alarm ? "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT10M\r\nDESCRIPTION:soon\r\nEND:VALARM\r\n" : "")END:VEVENT\r
        BEGIN:VEVENT\r
        UID:meeting-1\r
        DTSTAMP:20261120T090000Z\r
        RECURRENCE-ID:20261209T100000Z\r
        DTSTART:\(overrideStart)\r
        DTEND:20261209T120000Z\r
        SUMMARY:\(summary)\r
        ORGANIZER;CN=Amal:mailto:amal@example.org\r
        ATTENDEE;PARTSTAT=ACCEPTED:mailto:amal@example.org\r
        ATTENDEE;CN=Karim;PARTSTAT=\(karim);RSVP=TRUE:mailto:Karim@Example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    return try! ICalendarParser().parseCalendar(text)
}

private let amal = CalendarUserAddress("mailto:amal@example.org")
private let karim = CalendarUserAddress("MAILTO:karim@example.org")
private let lina = CalendarUserAddress("mailto:lina@example.org")
private let stamp = "20261125T120000Z"

private func object(_ calendar: Component) -> SchedulingObject { SchedulingObject(calendar)! }

private func messages(_ old: Component?, _ new: Component?) -> [ITIPMessage] {
    OrganizerScheduling.messages(from: old.map(object), to: new.map(object), organizer: amal, stamp: stamp)
}

private func recurrenceIDs(_ message: ITIPMessage) -> [String] {
    message.components.map { $0[PropertyName.recurrenceID]?.value ?? "master" }
}

@Suite struct ITIPTests {
    @Test func addressesCompareAsMailboxes() {
        #expect(CalendarUserAddress("MAILTO:Karim@Example.ORG") == karim)
        #expect(karim.email == "karim@example.org")
        #expect(CalendarUserAddress("/dav/principals/karim/") != karim)
    }

    @Test func roles() {
        let meeting = object(meeting())
        #expect(meeting.role(of: [amal]) == .organizer(amal))
        #expect(meeting.role(of: [karim]) == .attendee(karim))
        #expect(meeting.role(of: [CalendarUserAddress("mailto:someone@example.org")]) == .none)
    }

    @Test func aNewMeetingInvitesEveryAttendeeButTheOrganizer() {
        let sent = messages(nil, meeting())
        #expect(sent.map(\.recipient) == [karim, lina])
        #expect(sent.allSatisfy { $0.method == .request && $0.originator == amal })
        // Karim is in the series and its override, Lina only in the series.
        #expect(recurrenceIDs(sent[0]) == ["master", "20261209T100000Z"])
        #expect(recurrenceIDs(sent[1]) == ["master"])
        let text = String(decoding: sent[0].bytes, as: UTF8.self)
        #expect(text.contains("METHOD:REQUEST") && text.contains("DTSTAMP:\(stamp)"))
    }

    @Test func answersAndStampsSendNothing() {
        #expect(messages(meeting(), meeting(karim: "ACCEPTED", lina: "DECLINED")).isEmpty)
        #expect(messages(meeting(), meeting(alarm: true, sequence: 3)).isEmpty)
    }

    @Test func aChangedSeriesSendsAllOfIt() {
        let sent = messages(meeting(), meeting(summary: "Planning, moved"))
        #expect(sent.map(\.recipient) == [karim, lina])
        #expect(recurrenceIDs(sent[0]) == ["master", "20261209T100000Z"])
    }

    @Test func aChangedInstanceSendsOnlyThatInstanceToItsAttendees() {
        let sent = messages(meeting(), meeting(overrideStart: "20261209T113000Z"))
        #expect(sent.map(\.recipient) == [karim])
        #expect(recurrenceIDs(sent[0]) == ["20261209T100000Z"])
    }

    @Test func aRemovedAttendeeIsCancelled() {
        // Karim is told who is still coming; Lina that she is not.
        let sent = messages(meeting(), meeting(lina: nil))
        #expect(sent.map(\.recipient) == [karim, lina] && sent.map(\.method) == [.request, .cancel])
        #expect(sent[1].components[0][PropertyName.status]?.value == "CANCELLED")
    }

    @Test func anExcludedInstanceIsCancelledAlone() {
        let sent = messages(meeting(), meeting(exdate: "20261216T100000Z"))
        #expect(sent.map(\.method) == [.cancel, .cancel])
        #expect(sent.allSatisfy { recurrenceIDs($0) == ["20261216T100000Z"] })
    }

    @Test func aDeletedMeetingIsCancelledForEveryone() {
        let sent = messages(meeting(), nil)
        #expect(sent.map(\.recipient) == [karim, lina] && sent.allSatisfy { $0.method == .cancel })
        #expect(sent.allSatisfy { recurrenceIDs($0) == ["master"] })
    }

    @Test func anAttendeeOfOneInstanceIsCancelledWholeWhenTheMeetingIsDeleted() throws {
        var withHuda = meeting()
        withHuda.components[1].properties.append(Property(name: "ATTENDEE", value: "mailto:huda@example.org"))
        let huda = CalendarUserAddress("mailto:huda@example.org")
        let invitation = try #require(messages(nil, withHuda).first { $0.recipient == huda })
        #expect(recurrenceIDs(invitation) == ["20261209T100000Z"])
        let cancel = try #require(messages(withHuda, nil).first { $0.recipient == huda })
        #expect(cancel.method == .cancel && recurrenceIDs(cancel) == ["master"])
        // Her copy, the one instance, ends cancelled.
        guard case .store(let copy) = RecipientProcessing.apply(cancel: cancel.calendar, to: invitation.calendar) else {
            Issue.record("the cancellation left her copy as it was")
            return
        }
        #expect(copy.components.filter { $0.name == "VEVENT" }.allSatisfy { $0["STATUS"]?.value == "CANCELLED" })
    }

    @Test func anAttendeeTakenOffTheSeriesKeepsTheInstancesTheyAreStillIn() throws {
        var offSeries = meeting()
        offSeries.components[0].properties.removeAll { $0.name == "ATTENDEE" && CalendarUserAddress($0.value) == karim }
        let sent = messages(meeting(), offSeries).filter { $0.recipient == karim }
        // The CANCEL of the series first: it cancels all he had; then the instance he keeps.
        #expect(sent.map(\.method) == [.cancel, .request])
        #expect(recurrenceIDs(sent[1]) == ["20261209T100000Z"])
        var copy = meeting()
        for message in sent {
            let outcome = message.method == .cancel ? RecipientProcessing.apply(cancel: message.calendar, to: copy)
                : RecipientProcessing.apply(request: message.calendar, to: copy, for: karim)
            if case .store(let stored) = outcome { copy = stored }
        }
        let events = copy.components.filter { $0.name == "VEVENT" }
        #expect(events.count == 2)
        #expect(events.first { $0["RECURRENCE-ID"] == nil }?["STATUS"]?.value == "CANCELLED")
        #expect(events.first { $0["RECURRENCE-ID"] != nil }?["STATUS"] == nil)
    }

    @Test func whatTheOrganizerMarksCancelledIsCancelled() {
        var cancelled = meeting()
        cancelled.components[0].set(Property(name: "STATUS", value: "CANCELLED"))
        let sent = messages(meeting(), cancelled)
        #expect(sent.map(\.method) == [.cancel, .cancel] && sent.allSatisfy { recurrenceIDs($0) == ["master"] })
        // With another change too, the change is sent beside the cancellation.
        var renamed = meeting(summary: "Off")
        renamed.components[0].set(Property(name: "STATUS", value: "CANCELLED"))
        #expect(messages(meeting(), renamed).filter { $0.recipient == karim }.map(\.method) == [.request, .cancel])
        // One instance marked cancelled: Karim, who attends it, hears of that instance only.
        var instance = meeting()
        instance.components[1].set(Property(name: "STATUS", value: "CANCELLED"))
        let instanceSent = messages(meeting(), instance)
        #expect(instanceSent.map(\.recipient) == [karim] && instanceSent.map(\.method) == [.cancel])
        #expect(recurrenceIDs(instanceSent[0]) == ["20261209T100000Z"])
    }

    @Test func clientScheduledAttendeesAreLeftToTheClient() {
        #expect(messages(nil, meeting(linaAgent: "CLIENT")).map(\.recipient) == [karim])
        // Handed to the server later, she is invited as new; nothing changed for Karim.
        let handed = messages(meeting(linaAgent: "CLIENT"), meeting(linaAgent: "SERVER"))
        #expect(handed.map(\.recipient) == [lina] && handed.map(\.method) == [.request])
    }

    @Test func serverParametersNeverLeave() {
        var calendar = meeting()
        calendar.components[0].properties = calendar.components[0].properties.map { property in
            var property = property
            if property.name == "ATTENDEE" { property.parameters.append(Parameter(name: "SCHEDULE-STATUS", value: "1.2")) }
            return property
        }
        let text = String(decoding: messages(nil, calendar)[0].bytes, as: UTF8.self)
        #expect(!text.contains("SCHEDULE-STATUS"))
    }

    @Test func anAttendeesAnswerRepliesWithTheirOwnLineOnly() throws {
        let reply = try #require(AttendeeScheduling.reply(from: object(meeting()), to: object(meeting(karim: "ACCEPTED")), attendee: karim, stamp: stamp))
        #expect(reply.method == .reply && reply.recipient == amal && reply.originator == karim)
        #expect(recurrenceIDs(reply) == ["master", "20261209T100000Z"])
        for component in reply.components {
            let attendees = component.properties(named: "ATTENDEE")
            #expect(attendees.count == 1 && CalendarUserAddress(attendees[0].value) == karim && attendees[0][parameter: "PARTSTAT"] == "ACCEPTED")
        }
        #expect(AttendeeScheduling.reply(from: object(meeting()), to: object(meeting(summary: "mine")), attendee: karim, stamp: stamp) == nil)
    }

    @Test func anAttendeeDeletingTheirCopyDeclines() throws {
        let reply = try #require(AttendeeScheduling.reply(from: object(meeting(karim: "ACCEPTED")), to: nil, attendee: karim, stamp: stamp))
        #expect(reply.components.allSatisfy { $0.properties(named: "ATTENDEE")[0][parameter: "PARTSTAT"] == "DECLINED" })
    }

    @Test func aReplyUpdatesTheOrganizersCopyForItsSenderOnly() throws {
        let reply = try #require(AttendeeScheduling.reply(from: object(meeting()), to: object(meeting(karim: "TENTATIVE")), attendee: karim, stamp: stamp))
        guard case .store(let updated) = RecipientProcessing.apply(reply: reply.calendar, from: karim, to: meeting()) else {
            Issue.record("the reply changed nothing")
            return
        }
        let karimLines = updated.components.flatMap { $0.properties(named: "ATTENDEE") }.filter { CalendarUserAddress($0.value) == karim }
        #expect(karimLines.count == 2 && karimLines.allSatisfy { $0[parameter: "PARTSTAT"] == "TENTATIVE" && $0[parameter: "SCHEDULE-STATUS"] == "2.0" })
        // The same reply claimed by someone else changes nothing.
        guard case .unchanged = RecipientProcessing.apply(reply: reply.calendar, from: lina, to: meeting()) else {
            Issue.record("a reply was taken from someone it does not name")
            return
        }
        // Applying it again changes nothing either.
        guard case .unchanged = RecipientProcessing.apply(reply: reply.calendar, from: karim, to: updated) else {
            Issue.record("the same reply changed the copy twice")
            return
        }
    }

    @Test func aReplyToAnInstanceWithoutAnOverrideMakesOne() throws {
        var answered = meeting(lina: "NEEDS-ACTION")
        // Lina declines the third week only: her client adds an override.
        let override = """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:meeting-1\r
            RECURRENCE-ID:20261216T100000Z\r
            DTSTART:20261216T100000Z\r
            DURATION:PT1H\r
            ORGANIZER:mailto:amal@example.org\r
            ATTENDEE;PARTSTAT=DECLINED:mailto:lina@example.org\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        answered.components.append(try ICalendarParser().parseCalendar(override).components[0])
        let reply = try #require(AttendeeScheduling.reply(from: object(meeting()), to: object(answered), attendee: lina, stamp: stamp))
        #expect(recurrenceIDs(reply) == ["20261216T100000Z"])
        guard case .store(let updated) = RecipientProcessing.apply(reply: reply.calendar, from: lina, to: meeting()) else {
            Issue.record("the reply changed nothing")
            return
        }
        let made = try #require(updated.components.first { $0["RECURRENCE-ID"]?.value == "20261216T100000Z" })
        #expect(made["DTSTART"]?.value == "20261216T100000Z" && made["DURATION"]?.value == "PT1H" && made["RRULE"] == nil)
        #expect(made.properties(named: "ATTENDEE").first { CalendarUserAddress($0.value) == lina }?[parameter: "PARTSTAT"] == "DECLINED")
    }

    @Test func aRequestKeepsTheAttendeesAlarms() throws {
        let request = messages(meeting(), meeting(summary: "Moved"))[0]
        guard case .store(let copy) = RecipientProcessing.apply(request: request.calendar, to: meeting(alarm: true)) else {
            Issue.record("the request changed nothing")
            return
        }
        #expect(copy["METHOD"] == nil)
        #expect(copy.components[0]["SUMMARY"]?.value == "Moved" && copy.components[0].components(named: "VALARM").count == 1)
        guard case .unchanged = RecipientProcessing.apply(request: request.calendar, to: copy) else {
            Issue.record("the same request changed the copy twice")
            return
        }
    }

    @Test func anInstanceRequestReplacesOnlyThatInstance() throws {
        let request = messages(meeting(), meeting(overrideStart: "20261209T113000Z"))[0]
        guard case .store(let copy) = RecipientProcessing.apply(request: request.calendar, to: meeting()) else {
            Issue.record("the request changed nothing")
            return
        }
        #expect(copy.components.count == 2)
        #expect(copy.components.first { $0["RECURRENCE-ID"] != nil }?["DTSTART"]?.value == "20261209T113000Z")
    }

    @Test func cancellationsMarkTheCopyCancelled() throws {
        let whole = messages(meeting(), nil)[0]
        #expect(whole.components[0]["SEQUENCE"]?.value == "1", "deleting the meeting is a change every calendar takes for newer")
        guard case .store(let cancelled) = RecipientProcessing.apply(cancel: whole.calendar, to: meeting(alarm: true)) else {
            Issue.record("a cancelled meeting was left as it was")
            return
        }
        #expect(cancelled.components.allSatisfy { $0["STATUS"]?.value == "CANCELLED" && $0.components(named: "VALARM").isEmpty })
        guard case .unchanged = RecipientProcessing.apply(cancel: whole.calendar, to: cancelled) else {
            Issue.record("the same cancellation changed the copy twice")
            return
        }
        // Invited again (an organizer who undid the delete), the copy is the invitation again.
        guard case .store(let again) = RecipientProcessing.apply(request: messages(nil, meeting())[0].calendar, to: cancelled) else {
            Issue.record("a cancelled meeting invited to again stayed cancelled")
            return
        }
        #expect(again.components.allSatisfy { $0["STATUS"] == nil })
        // Of the whole meeting, an override the organizer changed since is cancelled too.
        var rescheduled = meeting()
        rescheduled.components[1].set(Property(name: "SEQUENCE", value: "2"))
        guard case .store(let all) = RecipientProcessing.apply(cancel: whole.calendar, to: rescheduled) else {
            Issue.record("a cancelled meeting was left as it was")
            return
        }
        #expect(all.components.allSatisfy { $0["STATUS"]?.value == "CANCELLED" })
        // An instance the copy has no override for gets a cancelled one; the master stays.
        let instance = messages(meeting(), meeting(exdate: "20261216T100000Z"))[0]
        guard case .store(let copy) = RecipientProcessing.apply(cancel: instance.calendar, to: meeting()) else {
            Issue.record("a cancelled instance was left as it was")
            return
        }
        #expect(copy.components.count == 3 && copy.components[0]["STATUS"] == nil && copy.components[0]["EXDATE"] == nil)
        #expect(copy.components[2]["RECURRENCE-ID"]?.value == "20261216T100000Z" && copy.components[2]["STATUS"]?.value == "CANCELLED")
        // An override the copy has is marked, not removed.
        let overrideCancel = messages(meeting(), meeting(exdate: "20261209T100000Z"))
        guard case .store(let marked) = RecipientProcessing.apply(cancel: overrideCancel[0].calendar, to: meeting()) else {
            Issue.record("a cancelled override was left as it was")
            return
        }
        let override = marked.components.first { $0["RECURRENCE-ID"] != nil }
        #expect(marked.components.count == 2 && marked.components[0]["STATUS"] == nil && override?["STATUS"]?.value == "CANCELLED" && override?["DTSTART"]?.value == "20261209T110000Z")
    }

    @Test func anInstanceTheAttendeeHidesIsDeclinedAndStaysHidden() throws {
        // Karim deletes the 9 December occurrence on his phone: his client writes an EXDATE.
        var hidden = meeting(exdate: "20261209T100000Z")
        hidden.components.removeAll { $0["RECURRENCE-ID"] != nil }
        let reply = try #require(AttendeeScheduling.reply(from: object(meeting()), to: object(hidden), attendee: karim, stamp: stamp))
        #expect(reply.components.count == 1 && reply.components[0]["RECURRENCE-ID"]?.value == "20261209T100000Z")
        #expect(Attendee(try #require(reply.components[0]["ATTENDEE"])).participation == "DECLINED")
        // The organizer's next change leaves it hidden...
        var series = meeting(summary: "Moved")
        series.components.removeAll { $0["RECURRENCE-ID"] != nil }
        let update = messages(meeting(), series).first { $0.recipient == karim }!
        guard case .store(let copy) = RecipientProcessing.apply(request: update.calendar, to: hidden, for: karim) else {
            Issue.record("the update changed nothing")
            return
        }
        #expect(copy.components.count == 1 && copy.components[0]["EXDATE"]?.value == "20261209T100000Z" && copy.components[0]["SUMMARY"]?.value == "Moved")
        // ...unless it invites him to that occurrence again.
        let invited = messages(meeting(), meeting(summary: "Moved again")).first { $0.recipient == karim }!
        guard case .store(let shown) = RecipientProcessing.apply(request: invited.calendar, to: hidden, for: karim) else {
            Issue.record("the update changed nothing")
            return
        }
        #expect(shown.components.count == 2 && shown.components[0]["EXDATE"] == nil)
    }

    @Test func onlyTheAttendeeAnswers() {
        // Lina is new and written as accepted; Karim, who had accepted, is asked again.
        var written = meeting(summary: "Moved", lina: "ACCEPTED")
        for index in written.components.indices {
            for position in written.components[index].properties.indices where written.components[index].properties[position].name == "ATTENDEE" {
                written.components[index].properties[position].parameters.removeAll { $0.name == "RSVP" }
            }
        }
        let result = InvitedAnswers.unanswered(written, after: object(meeting(karim: "ACCEPTED", lina: nil)), organizer: amal)
        let lines = result.components[0].properties.filter { $0.name == "ATTENDEE" }
        for address in [karim, lina] {
            let line = lines.first { CalendarUserAddress($0.value) == address }
            #expect(line?[parameter: "PARTSTAT"] == "NEEDS-ACTION" && line?[parameter: "RSVP"] == "TRUE", "\(address.value)")
        }
        #expect(lines.first { CalendarUserAddress($0.value) == amal }?[parameter: "RSVP"] == nil)
    }

    @Test func thoseSentAnInvitationAreAskedToAnswer() {
        var written = meeting(karim: "ACCEPTED")
        written.components[0].properties = written.components[0].properties.map { property in
            var property = property
            property.parameters.removeAll { $0.name == "RSVP" }
            return property
        }
        let asked = InvitedAnswers.awaitingAnswers(written, from: [karim, lina])
        let lines = asked.components[0].properties(named: "ATTENDEE")
        // Lina has not answered: asked; Karim has (ACCEPTED): left; Amal was sent nothing.
        #expect(lines.first { CalendarUserAddress($0.value) == lina }?[parameter: "RSVP"] == "TRUE")
        #expect(lines.first { CalendarUserAddress($0.value) == karim }?[parameter: "RSVP"] == nil)
        #expect(InvitedAnswers.awaitingAnswers(written, from: []) == written)
    }

    @Test func aMovedInstanceIsAskedAgain() {
        func karimsAnswers(_ written: Component) -> [String?] {
            InvitedAnswers.unanswered(written, after: object(meeting(karim: "ACCEPTED")), organizer: amal).components
                .filter { $0.name == "VEVENT" }
                .map { $0.properties(named: "ATTENDEE").first { CalendarUserAddress($0.value) == karim }?[parameter: "PARTSTAT"] }
        }
        // The override moved: only its answer is asked again.
        #expect(karimsAnswers(meeting(karim: "ACCEPTED", overrideStart: "20261209T150000Z")) == ["ACCEPTED", "NEEDS-ACTION"])
        // A new title, or a series that ends sooner, keeps the answers.
        #expect(karimsAnswers(meeting(summary: "Renamed", karim: "ACCEPTED")) == ["ACCEPTED", "ACCEPTED"])
        var shorter = meeting(karim: "ACCEPTED")
        shorter.components[0].set(Property(name: "RRULE", value: "FREQ=WEEKLY;COUNT=3"))
        #expect(karimsAnswers(shorter) == ["ACCEPTED", "ACCEPTED"])
        // Every other week is another meeting.
        var everyOther = meeting(karim: "ACCEPTED")
        everyOther.components[0].set(Property(name: "RRULE", value: "FREQ=WEEKLY;INTERVAL=2;COUNT=4"))
        #expect(karimsAnswers(everyOther) == ["NEEDS-ACTION", "ACCEPTED"])
    }

    @Test func aChangeTheClientDidNotNumberGetsTheNextSequence() {
        let old = object(meeting())
        let moved = SequenceNumbering.raised(meeting(summary: "Moved"), after: old)
        #expect(moved.components.filter { $0.name == "VEVENT" }.allSatisfy { $0["SEQUENCE"]?.value == "1" })
        // Numbered by the client where it changed, unchanged, or only answered: left as written.
        let numbered = meeting(exdate: "20261223T100000Z", sequence: 3)
        #expect(SequenceNumbering.raised(numbered, after: old) == numbered)
        // A change numbered in one component but not in another: one number above all for all.
        let half = SequenceNumbering.raised(meeting(summary: "Moved", sequence: 3), after: old)
        #expect(half.components.filter { $0.name == "VEVENT" }.map { $0["SEQUENCE"]?.value } == ["4", "4"])
        #expect(SequenceNumbering.raised(meeting(), after: old) == meeting())
        #expect(SequenceNumbering.raised(meeting(karim: "ACCEPTED"), after: old) == meeting(karim: "ACCEPTED"))
    }

    @Test func derivedLengthsAreWrittenAsClientsWriteThem() {
        #expect(InstanceDerivation.duration(3_600) == "PT1H")
        #expect(InstanceDerivation.duration(5_400) == "PT1H30M")
        #expect(InstanceDerivation.duration(86_400) == "P1D")
        #expect(InstanceDerivation.duration(90_061) == "P1DT1H1M1S")
        #expect(InstanceDerivation.duration(0) == "PT0S")
    }
}
