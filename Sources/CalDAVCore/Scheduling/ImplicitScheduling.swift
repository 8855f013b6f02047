import ICalendar
import ITIP
import WebDAV

/// What a write of a scheduling object sends, decided before the write (RFC 6638 §3.2):
/// the messages, and the bytes to store when the organizer's copy records what became of
/// them (SCHEDULE-STATUS).
struct SchedulingPlan: Sendable {
    var messages: [ITIPMessage]
    /// The bytes to store instead of the client's, when they changed.
    var data: [UInt8]? = nil
    /// The Schedule-Tag of what is stored, when it is a scheduling object.
    var scheduleTag: String? = nil
    /// What the stored copy says became of each message (on the organizer's ATTENDEEs, or
    /// on the ORGANIZER of an attendee's copy), and the calendar it was recorded in, to be
    /// corrected when a delivery turns out otherwise.
    var recorded: (statuses: [CalendarUserAddress: ScheduleStatus], calendar: Component, on: String)? = nil

    static let nothing = SchedulingPlan(messages: [])
}

extension CalDAVAdapter {
    /// The plan for storing `new` (parsed from `data`; `nil`: deleting) in place of
    /// `existing`, by the principal of `context`. Objects the principal neither organizes
    /// nor attends plan nothing. In a calendar shared with the principal, `context` is the
    /// owner's (``schedulingContext(for:_:)``).
    func planScheduling(_ new: Component?, data: [UInt8]?, replacing existing: CalendarObject?, in collection: CalendarCollection,
                        context: DAVContext) async throws(DAVError) -> SchedulingPlan {
        guard let scheduling, !collection.isScheduleInbox else { return .nothing }
        let old = existing.flatMap { ScheduleTag.mayApply(to: $0.data) ? try? ICalendarParser().parseCalendar($0.data) : nil }.flatMap(SchedulingObject.init)
        let schedulesNew = data.map(ScheduleTag.mayApply) ?? false
        guard old != nil || schedulesNew else { return .nothing }
        let current = schedulesNew ? new.flatMap(SchedulingObject.init) : nil
        let tag = current.flatMap { ScheduleTag.of($0.calendar) }
        let isMine = { (address: CalendarUserAddress) in CalendarScheduling.isOwn(address, in: context) }
        let stamp = FreeBusyCalculator.utc(context.now)
        // RFC 6638 §3.2.2.1: an attendee's copy keeps its organizer and their own ATTENDEE
        // (deleting it is theirs: that declines).
        if let old, data != nil, case .attendee(let attendee) = old.role(where: isMine),
           current?.organizer != old.organizer || current?.role(where: isMine) != .attendee(attendee) {
            throw DAVError(.allowedAttendeeSchedulingObjectChange, "an invitation keeps its ORGANIZER and your ATTENDEE; to decline it, delete it or answer DECLINED")
        }
        // An organizer who takes the last other attendee off still cancels it for them.
        var role = (current ?? old)?.role(where: isMine) ?? .none
        if role == .none, let previous = old?.role(where: isMine), case .organizer = previous { role = previous }
        switch role {
        case .none:
            return SchedulingPlan(messages: [], scheduleTag: tag)
        case .organizer(let organizer):
            if existing == nil, let current { try await checkUnique(current.uid, of: context.principal, besides: collection) }
            let sequenced = current == nil ? nil : new.map { written in
                let answered = InvitedAnswers.unanswered(written, after: old, organizer: organizer)
                return old.map { SequenceNumbering.raised(answered, after: $0) } ?? answered
            }
            var updated = sequenced.flatMap(SchedulingObject.init)
            var messages = OrganizerScheduling.messages(from: old, to: updated, organizer: organizer, stamp: stamp)
            guard let sequenced, updated != nil else { return SchedulingPlan(messages: messages) }
            // Those invited now are asked to answer, in the messages and the organizer's copy.
            var calendar = InvitedAnswers.awaitingAnswers(sequenced, from: Set(messages.filter { $0.method == .request }.map(\.recipient)))
            if calendar != sequenced {
                updated = SchedulingObject(calendar)
                messages = OrganizerScheduling.messages(from: old, to: updated, organizer: organizer, stamp: stamp)
            }
            var statuses: [CalendarUserAddress: ScheduleStatus] = [:]
            for message in messages where statuses[message.recipient] == nil {
                statuses[message.recipient] = await expectedStatus(for: message.recipient, from: context.principal, scheduling: scheduling)
            }
            calendar = Self.recording(statuses, in: calendar, on: SchedulingProperty.attendee)
            let changed = calendar != new
            return SchedulingPlan(messages: messages, data: changed ? ICalendarSerializer().serialize(calendar) : nil, scheduleTag: tag,
                                  recorded: (statuses, calendar, SchedulingProperty.attendee))
        case .attendee(let attendee):
            if existing == nil, let current {
                try await checkUnique(current.uid, of: context.principal, besides: collection)
                try await checkOrganizerHas(current, scheduling: scheduling)
            }
            guard let reply = AttendeeScheduling.reply(from: old, to: current, attendee: attendee, stamp: stamp) else {
                return SchedulingPlan(messages: [], scheduleTag: tag)
            }
            guard var calendar = new, current != nil else { return SchedulingPlan(messages: [reply], scheduleTag: tag) }
            // RFC 6638 §3.2.2: the attendee's copy says what became of their reply.
            var statuses: [CalendarUserAddress: ScheduleStatus] = [:]
            statuses[reply.recipient] = await expectedStatus(for: reply.recipient, from: context.principal, scheduling: scheduling)
            calendar = Self.recording(statuses, in: calendar, on: SchedulingProperty.organizer)
            return SchedulingPlan(messages: [reply], data: calendar != new ? ICalendarSerializer().serialize(calendar) : nil, scheduleTag: tag,
                                  recorded: (statuses, calendar, SchedulingProperty.organizer))
        }
    }

    /// Carries out a plan once its write is stored (as `stored`, when it was a PUT): when a
    /// delivery came to something else than the stored copy says (a recipient here refused a
    /// message about someone else's event, a mail could not be queued), the copy is
    /// corrected, if nobody changed it meanwhile.
    /// - Returns: whether the stored copy was corrected (its ETag is then another).
    @discardableResult
    func carryOut(_ plan: SchedulingPlan, stored: (name: String, object: CalendarObject, in: CalendarCollection)? = nil, context: DAVContext) async -> Bool {
        guard let scheduling, !plan.messages.isEmpty else { return false }
        let outcome = await deliver(plan.messages, from: context.principal, scheduling: scheduling, now: context.now)
        guard let stored, let recorded = plan.recorded,
              outcome.contains(where: { recorded.statuses[$0.key] != nil && recorded.statuses[$0.key] != $0.value }) else { return false }
        let corrected = ICalendarSerializer().serialize(Self.recording(recorded.statuses.merging(outcome) { _, actual in actual },
                                                                       in: recorded.calendar, on: recorded.on))
        guard let admitted = try? CalendarObjectAdmission(configuration).admit(corrected, into: stored.in) else { return false }
        return (try? await store.putObject(named: stored.name, data: admitted.data, index: admitted.index, in: stored.in.reference,
                                           precondition: .ifMatch([stored.object.etag]))) != nil
    }

    /// Who a write in `collection` schedules as: the principal, or, in a calendar shared with
    /// them, its owner (caldav-sharing §5.5.5: a sharee's change to the owner's meeting is the
    /// owner's to send, and reaches the attendees as the owner's).
    func schedulingContext(for collection: CalendarCollection, _ context: DAVContext) async -> DAVContext {
        guard let share = collection.receivedShare, let scheduling else { return context }
        var owner = context
        owner.principal = share.owner
        owner.emailAddresses = (try? await scheduling.directory.emailAddresses(of: share.owner)) ?? []
        owner.onBehalf = OnBehalf(delegate: context.onBehalf?.delegate ?? context.principal, access: share.access)
        return owner
    }

    /// RFC 6638 §3.2.4.1 (`unique-scheduling-object-resource`): one scheduling object per
    /// UID in a user's calendars, so that messages about it find one copy. Within the
    /// calendar written to, the store's `no-uid-conflict` answers.
    private func checkUnique(_ uid: String, of user: String, besides collection: CalendarCollection) async throws(DAVError) {
        guard let found = try await storing({ () async throws(StoreError) in try await scheduledCopy(uid: uid, of: user) }),
              found.collection.reference != collection.storedAt else { return }
        let href = DAVPath.object(user: user, calendar: found.collection.reference.name, name: found.object.name).href
        throw DAVError(.uniqueSchedulingObjectResource, "\(href) holds the scheduled event or task \(uid) already", href: href)
    }

    /// An attendee's new copy of a meeting whose organizer is an account here that has no
    /// such meeting would be an orphan nobody answers or updates: refused, as CalendarServer
    /// refuses it. An organizer elsewhere, or one whose client schedules, is not asked.
    private func checkOrganizerHas(_ copy: SchedulingObject, scheduling: CalendarScheduling) async throws(DAVError) {
        guard copy.organizerScheduledByServer, let organizer = copy.organizer, case .local(let user) = await scheduling.route(organizer) else { return }
        guard try await storing({ () async throws(StoreError) in try await scheduledCopy(uid: copy.uid, of: user) }) == nil else { return }
        throw DAVError(.attendeeAllowed, "\(organizer.value) organizes no event \(copy.uid) here: an invitation comes from the organizer")
    }

    /// The calendar with SCHEDULE-STATUS on each ATTENDEE (or ORGANIZER, as `name` says) a
    /// message went to, and SCHEDULE-FORCE-SEND removed (it asks for one sending, RFC 6638 §7.2).
    static func recording(_ statuses: [CalendarUserAddress: ScheduleStatus], in calendar: Component, on name: String) -> Component {
        var recorded = calendar
        for index in recorded.components.indices where ComponentName.schedulable.contains(recorded.components[index].name) {
            for position in recorded.components[index].properties.indices {
                var property = recorded.components[index].properties[position]
                guard property.name == name else { continue }
                property.parameters.removeAll { $0.name == SchedulingParameter.forceSend }
                if let status = statuses[CalendarUserAddress(property.value)] {
                    property.parameters.removeAll { $0.name == SchedulingParameter.status }
                    property.parameters.append(Parameter(name: SchedulingParameter.status, value: status.rawValue))
                }
                recorded.components[index].properties[position] = property
            }
        }
        return recorded
    }

    /// RFC 6638 §3.2.10 (`If-Schedule-Tag-Match`): the write goes ahead only while the
    /// stored object's Schedule-Tag is the one the client saw.
    func checkScheduleTag(_ request: DAVRequest, existing: CalendarObject?) throws(DAVError) {
        guard scheduling != nil, let expected = request.header("if-schedule-tag-match")?.trimmingSpaces else { return }
        let current = existing.flatMap { Self.scheduleTag(of: $0) }
        guard current == expected else {
            throw DAVError(status: 412, message: "the Schedule-Tag is \(current ?? "none"), not \(expected): the organizer changed the event meanwhile")
        }
    }

    /// Whether a stored object is a scheduling object of the principal's (its organizer or
    /// one of its attendees), with scheduling on.
    func isSchedulingObject(_ object: CalendarObject, of context: DAVContext) -> Bool {
        guard scheduling != nil, ScheduleTag.mayApply(to: object.data), let calendar = try? ICalendarParser().parseCalendar(object.data),
              let scheduled = SchedulingObject(calendar) else { return false }
        return scheduled.role { CalendarScheduling.isOwn($0, in: context) } != .none
    }

    /// The Schedule-Tag of a stored object, when it is a scheduling object.
    static func scheduleTag(of object: CalendarObject) -> String? {
        guard ScheduleTag.mayApply(to: object.data), let calendar = try? ICalendarParser().parseCalendar(object.data) else { return nil }
        return ScheduleTag.of(calendar)
    }
}
