import CalDAVCore
import Extraction
import Foundation
import ICalendar
import WebDAV

/// Events from chats, end to end: messages in (bridge or import), judged by an extractor
/// off the request path, agreed events written to `chat-events`, overlaps turned into
/// conflicts, and the user told.
public struct ChatService: Sendable {
    public let chats: ChatStore
    public let settings: ChatSettingsStore
    public let conflicts: ConflictStore
    let application: ApplicationDatabase
    let calendar: ChatEventsCalendar
    /// The user's calendars as clients see them, prayer times included.
    let store: any CalendarStore
    let extractor: any EventExtractor
    /// The zone of users who have not set a place.
    let defaultZone: TimeZone
    let send: @Sendable (OutgoingMail) async throws -> Void
    /// Where alerts to the person's phones go; `nil` when the server sends no pushes.
    let pushes: PushQueue?
    let log: @Sendable (String) -> Void

    /// - Parameters:
    ///   - admission: the rule (with the server's limits) chat events are stored by.
    ///   - pushes: where alerts to the person's phones go, when the server sends pushes.
    public init(application: ApplicationDatabase, store: any CalendarStore, cipher: SealingKey, extractor: any EventExtractor,
                admission: CalendarObjectAdmission = CalendarObjectAdmission(DAVConfiguration()),
                defaultZone: TimeZone = .current, send: @escaping @Sendable (OutgoingMail) async throws -> Void = { _ in },
                pushes: PushQueue? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.application = application
        self.chats = ChatStore(database: application.database, cipher: cipher, jobs: application.jobs)
        self.settings = ChatSettingsStore(database: application.database, cipher: cipher)
        self.conflicts = application.conflicts
        self.calendar = ChatEventsCalendar(store: store, admission: admission)
        self.store = store
        self.extractor = extractor
        self.defaultZone = defaultZone
        self.send = send
        self.pushes = pushes
        self.log = log
    }

    /// The zone a user's chats and events are read in: their prayer place's, else the server's.
    public func zone(of account: String) async throws -> TimeZone {
        let prayer = try await application.prayerSettings.settings(of: account)
        return prayer.place.flatMap { TimeZone(identifier: $0.timeZone) } ?? defaultZone
    }

    // MARK: Judging

    /// Judges one conversation and applies the outcome. Safe to run again after a crash at
    /// any point: the event's UID is fixed before it is written, and the conversation's
    /// state changes only after the calendar did.
    public func process(conversation id: Int64, now: Int = Int(Date().timeIntervalSince1970)) async throws {
        guard let state = try await chats.state(of: id) else { return }
        let window = try await chats.window(of: id)
        guard let last = window.last else { return }
        let owner = state.account
        let zone = try await zone(of: owner)
        let messages = window.map {
            ChatMessage(sender: $0.message.sender, fromOwner: $0.message.fromOwner,
                        sent: LocalDateTime(Date(timeIntervalSince1970: TimeInterval($0.message.sentAt)), in: zone),
                        text: $0.message.text, kind: $0.message.kind)
        }
        // An agreed plan still ahead is told back first, so changes and cancellations have
        // something to change.
        var standing = state.summary.eventUID.flatMap { uid in (state.eventEnd ?? 0) > now ? uid : nil }
        var plan: StandingPlan?
        var current: (event: Component, timing: ChatEventsCalendar.Timing)?
        // The owner deleted the event in a client: the plan is dismissed, and its changes
        // stay dismissed; told back still, so the extractor reads them as changes.
        var dismissed = false
        if let uid = standing {
            if let found = try await calendar.read(uid: uid, owner: owner) {
                current = found
                plan = StandingPlan(title: found.event[PropertyName.summary]?.textValue ?? "", timing: found.timing,
                                    location: found.event[PropertyName.location]?.textValue, zone: zone)
            } else if let written = state.written {
                plan = StandingPlan(title: written.title, timing: written.timing, location: written.location, zone: zone)
                dismissed = true
            } else {
                standing = nil
            }
        }
        let ownerName = messages.first { $0.fromOwner }?.sender ?? "Me"
        let context = plan?.messages(counterpart: state.summary.counterpart, owner: ownerName, before: messages[0].sent) ?? []
        let (judgement, answeredBy) = try await judge(Conversation(messages: context + messages, timeZone: zone.identifier,
                                                                   now: messages[messages.count - 1].sent), id: id)
        var outcome = ChatStore.Outcome(status: judgement.status, extractor: answeredBy,
                                        event: state.summary.eventUID.map { ($0, state.eventEnd ?? 0) },
                                        eventSequence: state.eventSequence, written: state.written, purgeThrough: nil, window: window)
        let origin = ChatEventsCalendar.Origin(chatID: state.summary.chatID, counterpart: state.summary.counterpart,
                                               source: state.summary.source.rawValue, extractor: answeredBy)
        switch judgement.status {
        case .agreed:
            guard let event = judgement.event else { break }
            // A new plan beside the standing one leaves that one be.
            let revises = plan.map { $0.isRevised(by: event) } ?? false
            let planned = ChatEventsCalendar.timing(of: event, in: zone)
            let chatPlan = WrittenPlan(title: event.title, timing: planned, location: event.location)
            if revises && dismissed, let standing {
                // A change of a plan the owner dismissed brings no event back.
                outcome.event = (standing, planned.end)
                outcome.written = chatPlan
                outcome.purgeThrough = last.rowID
                break
            }
            let sequence = revises ? state.eventSequence : state.eventSequence + 1
            let uid = revises ? standing! : "chat-\(id)-\(sequence)@jadwal"
            let previous = revises ? current : try await calendar.read(uid: uid, owner: owner)
            // An event under a UID the conversation has not recorded yet is this job's own
            // write cut short by a crash: finish it (conflicts, notice) rather than skip it.
            let recorded = uid == state.summary.eventUID
            // Told back and read again, a plan may come out worded differently: only a new
            // time or place is a change.
            let unchanged = recorded && previous.map { previous in
                let before = state.written?.timing ?? previous.timing
                let place = state.written?.location ?? previous.event[PropertyName.location]?.textValue
                return before == planned && (event.location == nil || event.location == place)
            } ?? false
            var timing = previous?.timing ?? planned
            if !unchanged {
                if recorded, let previous {
                    // The owner's own changes to the event stay theirs.
                    (timing, outcome.written) = try await calendar.revise(previous, to: event, written: state.written, uid: uid, owner: owner,
                                                                          zone: zone, now: now)
                } else {
                    let revision = previous.map { (Int($0.event[PropertyName.sequence]?.value ?? "0") ?? 0) + 1 } ?? 0
                    timing = try await calendar.write(event, uid: uid, owner: owner, zone: zone, origin: origin, sequence: revision, now: now)
                    outcome.written = chatPlan
                }
                let found = try await checkConflicts(uid: uid, owner: owner, timing: timing, zone: zone, now: now)
                try await notify(recorded ? .eventUpdated : .eventCreated, owner: owner, uid: uid, event: event,
                                 timing: timing, zone: zone, with: origin.counterpart, conflicts: found, now: now)
            }
            outcome.event = (uid, timing.end)
            outcome.eventSequence = sequence
            outcome.purgeThrough = last.rowID
        case .denied:
            if let standing, let plan, !dismissed {
                try await calendar.remove(uid: standing, owner: owner)
                try await conflicts.resolveAll(account: owner, eventUID: standing, as: .superseded, now: now)
                try await notify(.eventCancelled, owner: owner, uid: standing, title: plan.title, location: plan.location,
                                 timing: plan.timing, zone: zone, with: origin.counterpart, conflicts: [], now: now)
            }
            outcome.event = nil
            outcome.written = nil
            outcome.purgeThrough = last.rowID
        case .noEvent, .notConfirmed:
            break
        }
        try await chats.apply(outcome, to: id, now: now)
        log("judged conversation \(id): \(judgement.status.rawValue) by \(answeredBy)")
    }

    /// The judgement and the name of the extractor that gave it (the fallback's when the LLM failed).
    private func judge(_ conversation: Conversation, id: Int64) async throws -> (Judgement, String) {
        guard let chain = extractor as? FallbackExtractor else { return (try await extractor.judge(conversation), extractor.name) }
        let outcome = try await chain.judgeReportingSource(conversation)
        if let error = outcome.error { log("conversation \(id): \(chain.primary.name) failed, \(chain.fallback.name) answered: \(error)") }
        return (outcome.judgement, outcome.usedFallback ? chain.fallback.name : chain.primary.name)
    }

    // MARK: Conflicts

    /// Records what the event at `timing` overlaps, replacing earlier open conflicts of it.
    /// A day-only event is not held against prayer blocks: it names no hour.
    @discardableResult
    func checkConflicts(uid: String, owner: String, timing: ChatEventsCalendar.Timing, zone: TimeZone, now: Int) async throws -> [Conflict] {
        let busy = try await BusyItem.collect(owner: owner, from: timing.start, to: timing.end, zone: zone, store: store)
            .filter { !($0.calendar == ChatEventsCalendar.name && $0.uid == uid) && (!timing.isAllDay || $0.kind == .event) }
            .filter { $0.overlaps(start: timing.start, end: timing.end) }
        return try await conflicts.replaceOpen(account: owner, eventUID: uid, with: busy, now: now)
    }

    /// A conflict with both sides and suggested free slots.
    public struct ConflictDetails: Sendable {
        public var conflict: Conflict
        public var eventTitle: String
        public var eventLocation: String?
        public var event: ChatEventsCalendar.Timing
        /// Starts of free slots as long as the event, best first.
        public var suggestions: [Int]
        public var zone: TimeZone
    }

    /// The account's open conflicts. Those whose chat event was deleted or moved by a client
    /// are settled as superseded first.
    public func openConflicts(of account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> [ConflictDetails] {
        var result: [ConflictDetails] = []
        var events: [String: (event: Component, timing: ChatEventsCalendar.Timing)?] = [:]
        let zone = try await zone(of: account)
        for conflict in try await conflicts.conflicts(of: account) {
            if events[conflict.eventUID] == nil { events[conflict.eventUID] = .some(try await calendar.read(uid: conflict.eventUID, owner: account)) }
            guard let (event, timing) = events[conflict.eventUID] ?? nil, conflict.other.overlaps(start: timing.start, end: timing.end) else {
                try await conflicts.resolve(conflict.id, account: account, as: .superseded, now: now)
                continue
            }
            result.append(ConflictDetails(conflict: conflict, eventTitle: event[PropertyName.summary]?.textValue ?? "",
                                          eventLocation: event[PropertyName.location]?.textValue, event: timing, suggestions: [], zone: zone))
        }
        return result
    }

    /// One conflict with suggestions, or nil when it is not the account's.
    public func details(of id: String, account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> ConflictDetails? {
        guard let conflict = try await conflicts.conflict(id, of: account) else { return nil }
        let zone = try await zone(of: account)
        guard let (event, timing) = try await calendar.read(uid: conflict.eventUID, owner: account) else {
            return ConflictDetails(conflict: conflict, eventTitle: "", eventLocation: nil,
                                   event: ChatEventsCalendar.Timing(start: 0, end: 0, isAllDay: false), suggestions: [], zone: zone)
        }
        let suggestions = conflict.resolvedAt == nil && !timing.isAllDay
            ? try await freeSlots(for: conflict.eventUID, timing: timing, owner: account, zone: zone, now: now) : []
        return ConflictDetails(conflict: conflict, eventTitle: event[PropertyName.summary]?.textValue ?? "",
                               eventLocation: event[PropertyName.location]?.textValue, event: timing, suggestions: suggestions, zone: zone)
    }

    private func freeSlots(for uid: String, timing: ChatEventsCalendar.Timing, owner: String, zone: TimeZone, now: Int) async throws -> [Int] {
        let waking = try await settings.settings(of: owner)
        let finder = FreeSlotFinder(zone: zone, wakingStart: waking.wakingStart, wakingEnd: waking.wakingEnd)
        let busy = try await BusyItem.collect(owner: owner, from: timing.start - 86_400, to: timing.start + (finder.days + 1) * 86_400,
                                              zone: zone, store: store)
            .filter { !($0.calendar == ChatEventsCalendar.name && $0.uid == uid) && !$0.isAllDay }
        return finder.slots(duration: timing.duration, near: timing.start, busy: busy, notBefore: now)
    }

    /// What resolving did.
    public enum ResolveError: Error, Equatable, CustomStringConvertible {
        case notFound
        case alreadyResolved
        case eventGone
        case badStart(String)

        public var description: String {
            switch self {
            case .notFound: "no such conflict"
            case .alreadyResolved: "this conflict is already resolved"
            case .eventGone: "the chat event no longer exists"
            case .badStart(let why): why
            }
        }
    }

    /// Applies the user's choice: keep both, move the chat event (to `start`, else the best
    /// suggestion), or cancel the chat event. Returns the conflict afterwards and, after a
    /// move, the event's open conflicts at its new time.
    public func resolve(_ id: String, account: String, action: Conflict.Resolution, start: Int? = nil,
                        now: Int = Int(Date().timeIntervalSince1970)) async throws -> (conflict: Conflict, remaining: [Conflict]) {
        guard let details = try await details(of: id, account: account, now: now) else { throw ResolveError.notFound }
        guard details.conflict.resolvedAt == nil else { throw ResolveError.alreadyResolved }
        let uid = details.conflict.eventUID
        var remaining: [Conflict] = []
        switch action {
        case .keep:
            try await conflicts.resolve(id, account: account, as: .keep, now: now)
        case .reschedule:
            guard details.event.end > 0 else { throw ResolveError.eventGone }
            guard let target = start ?? details.suggestions.first else { throw ResolveError.badStart("no free slot found nearby; give a start") }
            guard target >= now - 60 else { throw ResolveError.badStart("the new start is in the past") }
            guard !details.event.isAllDay else { throw ResolveError.badStart("a day-long event cannot be moved to a time") }
            guard let moved = try await calendar.move(uid: uid, owner: account, to: target, zone: details.zone, now: now) else { throw ResolveError.eventGone }
            try await conflicts.resolveAll(account: account, eventUID: uid, as: .reschedule, now: now)
            remaining = try await checkConflicts(uid: uid, owner: account, timing: moved, zone: details.zone, now: now)
        case .cancel:
            try await calendar.remove(uid: uid, owner: account)
            try await conflicts.resolveAll(account: account, eventUID: uid, as: .cancel, now: now)
        case .superseded:
            throw ResolveError.badStart("choose keep, reschedule or cancel")
        }
        return (try await conflicts.conflict(id, of: account)!, remaining)
    }

    // MARK: Notices

    private func notify(_ kind: ChatNotice.Kind, owner: String, uid: String, event: ExtractedEvent, timing: ChatEventsCalendar.Timing,
                        zone: TimeZone, with: String, conflicts: [Conflict], now: Int) async throws {
        try await notify(kind, owner: owner, uid: uid, title: event.title, location: event.location, timing: timing, zone: zone,
                         with: with, conflicts: conflicts, now: now)
    }

    private func notify(_ kind: ChatNotice.Kind, owner: String, uid: String, title: String, location: String?, timing: ChatEventsCalendar.Timing,
                        zone: TimeZone, with: String, conflicts: [Conflict], now: Int) async throws {
        let notice = ChatNotice(
            type: kind, account: owner,
            event: .init(uid: uid, title: title, start: ChatNotice.iso(timing.start, zone), end: ChatNotice.iso(timing.end, zone),
                         allDay: timing.isAllDay, location: location, with: with,
                         href: "/dav/calendars/\(owner)/\(ChatEventsCalendar.name)/\(ChatEventsCalendar.objectName(uid))"),
            conflicts: conflicts.map { .init(id: $0.id, kind: $0.other.kind.rawValue, summary: $0.other.summary,
                                             start: ChatNotice.iso($0.other.start, zone), end: ChatNotice.iso($0.other.end, zone)) },
            sentAt: ChatNotice.iso(now, zone))
        let preferences = try await settings.settings(of: owner)
        if preferences.webhookURL != nil {
            let body = try JSONEncoder().encode(notice)
            // The key makes a re-run of the same judgement replace, not repeat, its notice.
            try await application.jobs.enqueue(.webhook, key: "webhook:\(owner):\(uid):\(kind.rawValue):\(timing.start)", account: owner,
                                            payload: try settings.cipher.seal(body, context: "webhook:\(owner)"), due: now)
        }
        if let pushes {
            let language = try await application.accounts.preferences(of: owner)?.language
            try await pushes.send(ChatPush.alert(notice, start: timing.start, zone: zone, language: language, now: now), to: owner,
                                  key: "chat:\(uid):\(kind.rawValue):\(timing.start)", due: now)
        }
        if preferences.notifyByEmail, let email = try await application.accounts.account(named: owner)?.email {
            let (subject, text) = notice.mail(arabic: await MailTexts.of(owner, in: application.accounts).isArabic)
            try await send(OutgoingMail(to: email, subject: subject, text: text))
        }
    }
}
