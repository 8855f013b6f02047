import ICalendar
import ITIP
import WebDAV

extension CalDAVAdapter {
    /// Delivers messages sent by the account `sender`: to accounts here through their inbox
    /// (``deliver(_:to:now:)``), to anyone else through ``CalendarScheduling/external``.
    /// A failed delivery to one recipient does not stop the others.
    /// - Returns: what became of each message, by recipient.
    @discardableResult
    func deliver(_ messages: [ITIPMessage], from sender: String, scheduling: CalendarScheduling, now: Int) async -> [CalendarUserAddress: ScheduleStatus] {
        var statuses: [CalendarUserAddress: ScheduleStatus] = [:]
        var sentElsewhere = 0
        for message in messages {
            switch await scheduling.route(message.recipient) {
            case .local(let user) where user.utf8.elementsEqual(sender.utf8): continue
            case .local(let user):
                do {
                    statuses[message.recipient] = try await deliver(message, to: user, now: now)
                } catch {
                    statuses[message.recipient] = .deliveryFailed
                    scheduling.problem("a \(message.method.rawValue) from \(sender) to \(user) was not delivered: \(error)")
                }
            case .external where scheduling.external != nil && sentElsewhere >= scheduling.externalLimit:
                statuses[message.recipient] = .deliveryFailed
                scheduling.problem("a \(message.method.rawValue) from \(sender) to \(message.recipient) was not sent: over \(scheduling.externalLimit) people elsewhere in one change")
            case .external:
                if scheduling.external != nil { sentElsewhere += 1 }
                let status = await scheduling.external?.send(message, from: sender) ?? .noScheduling
                statuses[message.recipient] = status
                if status != .sent, scheduling.external != nil {
                    scheduling.problem("a \(message.method.rawValue) from \(sender) to \(message.recipient) was not sent (\(status.requestStatus))")
                }
            case .unknown: statuses[message.recipient] = .invalidUser
            }
        }
        return statuses
    }

    /// What will become of a message to `address`, as the organizer's copy records it.
    func expectedStatus(for address: CalendarUserAddress, from sender: String, scheduling: CalendarScheduling) async -> ScheduleStatus? {
        switch await scheduling.route(address) {
        case .local(let user) where user.utf8.elementsEqual(sender.utf8): return nil
        case .local: return .delivered
        case .external: return scheduling.external == nil ? .noScheduling : .sent
        case .unknown: return .invalidUser
        }
    }

    /// Delivers a message to an account here (RFC 6638 §4.1): kept in their inbox, and
    /// applied to their copy of the object at once (auto-schedule): an invitation lands in
    /// their default calendar, an update changes their copy and a cancellation marks it, an
    /// answer updates the organizer's copy. The same message twice changes nothing: it is
    /// kept under a name made from its bytes.
    ///
    /// A REQUEST or CANCEL changes a copy only when the copy's organizer sent it, and a
    /// REPLY only the line of the attendee who sent it, so no user can change another's
    /// calendar beyond what scheduling allows: such a message is not delivered at all
    /// (``ScheduleStatus/noAuthority``). An update for an attendee who declined and deleted
    /// their copy is not delivered either: the event does not come back.
    @discardableResult
    func deliver(_ message: ITIPMessage, to user: String, now: Int) async throws(StoreError) -> ScheduleStatus {
        guard let uid = message.uid else { return .invalidUser }
        let found = try await scheduledCopy(uid: uid, of: user)
        let copy = found.flatMap { try? ICalendarParser().parseCalendar($0.object.data) }
        let existing = copy.flatMap(SchedulingObject.init)
        switch message.method {
        case .request, .cancel:
            // A copy of someone else's event under this UID is not the sender's to change.
            if let existing, existing.organizer != message.originator { return .noAuthority }
            if message.method == .request, found == nil, Self.declines(message) { return .delivered }
        case .reply:
            // Only an attendee of the organizer's own copy answers.
            guard let existing, existing.organizer == message.recipient,
                  existing.allAttendees.contains(where: { $0.address == message.originator }) else { return .noAuthority }
        }
        let bytes = message.bytes
        let inbox = try await inbox(of: user, now: now)
        let name = "itip-" + FNV1a.hex(bytes) + ".ics"
        if try await store.object(named: name, in: inbox.reference) != nil { return .delivered }
        let index = CalendarObjectIndex(uid: uid + "/" + name, componentType: message.components.first?.name ?? ComponentName.event,
                                        firstStart: nil, lastEnd: nil)
        _ = try await store.putObject(named: name, data: bytes, index: index, in: inbox.reference, precondition: .none)
        try await trimInbox(inbox.reference)
        try await autoSchedule(message, found: found, copy: copy, for: user, inbox: inbox, now: now)
        return .delivered
    }

    /// Whether the recipient of a REQUEST declined every instance it carries.
    static func declines(_ message: ITIPMessage) -> Bool {
        message.components.allSatisfy { component in
            component.properties(named: SchedulingProperty.attendee).contains {
                CalendarUserAddress($0.value) == message.recipient && Attendee($0).participation == "DECLINED"
            }
        }
    }

    /// The copy in the recipient's calendars after the message.
    /// - Parameter copy: the recipient's copy as parsed, read from `found`.
    private func autoSchedule(_ message: ITIPMessage, found: (collection: CalendarCollection, object: CalendarObject)?, copy existing: Component?,
                              for user: String, inbox: CalendarCollection, now: Int) async throws(StoreError) {
        let uid = message.uid ?? ""
        let outcome: RecipientProcessing.Outcome
        switch message.method {
        case .request: outcome = RecipientProcessing.apply(request: message.calendar, to: existing, for: message.recipient)
        case .cancel: outcome = RecipientProcessing.apply(cancel: message.calendar, to: existing)
        case .reply:
            guard let existing else { return }
            outcome = RecipientProcessing.apply(reply: message.calendar, from: message.originator, to: existing)
        }
        switch outcome {
        case .unchanged: return
        case .store(let calendar):
            let target: CalendarCollection
            let name: String
            let precondition: WritePrecondition
            if let found {
                (target, name, precondition) = (found.collection, found.object.name, .ifMatch([found.object.etag]))
            } else {
                guard let calendar = try await defaultCalendar(of: user, inbox: inbox, for: message.components.first?.name ?? ComponentName.event) else { return }
                (target, name, precondition) = (calendar, Self.objectName(for: uid), .mustNotExist)
            }
            // A message the rules refuse (an organizer's client wrote something invalid)
            // stays in the inbox only.
            guard let admitted = try? CalendarObjectAdmission(configuration).admit(ICalendarSerializer().serialize(calendar), into: target) else { return }
            do {
                _ = try await store.putObject(named: name, data: admitted.data, index: admitted.index, in: target.reference, precondition: precondition)
            } catch where found == nil && error.code == .preconditionFailed {
                // The UID's name holds another event of the recipient's: the copy goes under a name of its own.
                _ = try await store.putObject(named: "uid-" + FNV1a.hex(Array(uid.utf8) + Array(name.utf8) + Array(String(now).utf8)) + ".ics",
                                              data: admitted.data, index: admitted.index, in: target.reference, precondition: .mustNotExist)
            }
        }
    }

    /// Drops the oldest messages beyond the inbox's limit.
    private func trimInbox(_ inbox: CalendarReference) async throws(StoreError) {
        guard let limit = scheduling?.inboxLimit else { return }
        let items = try await store.listing(of: inbox)
        guard items.count > limit else { return }
        for item in items.sorted(by: { ($0.lastModified, $0.name) < ($1.lastModified, $1.name) }).prefix(items.count - limit) {
            try? await store.deleteObject(named: item.name, in: inbox, precondition: .none)
        }
    }

    /// The name of a new copy: the UID when it is a safe path segment, else its digest.
    static func objectName(for uid: String) -> String {
        let safe = uid.utf8.count <= 200 && !uid.isEmpty && uid.unicodeScalars.allSatisfy {
            ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A)
                || "-_.@".unicodeScalars.contains($0)
        }
        return (safe && !uid.hasPrefix(".") ? uid : "uid-" + FNV1a.hex(uid.utf8)) + ".ics"
    }
}
