import Foundation
import Mail

/// Delivers the ``MailOutbox`` through a ``MailTransport``: due messages now, transient
/// failures again later on the ``MailRetrySchedule``, permanent failures never again.
///
/// Run one per server with ``run()``; it picks up what an earlier run left pending,
/// wakes at once when a message is queued in this process, and looks for messages queued
/// by other processes every ``pollInterval``. Each message is marked sent right after the
/// transport accepts it, so a message is sent twice only if the process dies in between.
///
/// ```swift
/// let dispatcher = MailDispatcher(outbox: accounts.mailOutbox, transport: transport)
/// group.addTask { await dispatcher.run() }   // until the task is cancelled
/// ```
public actor MailDispatcher {
    /// What became of one delivery attempt.
    public enum Outcome: Sendable, Hashable {
        case sent
        /// A transient failure; tried again at the given time.
        case retrying(at: Date, error: String)
        /// A permanent failure, or the last transient one.
        case failed(error: String)
    }

    /// One attempt's outcome, for the log.
    public struct Report: Sendable, Hashable {
        /// The ``MailOutbox/Entry/id``.
        public var entryID: Int64
        /// The message's Message-ID header.
        public var messageID: String
        /// Which attempt this was, counting from 1.
        public var attempt: Int
        public var outcome: Outcome
    }

    /// Where the messages wait.
    public nonisolated let outbox: MailOutbox
    /// Where they go.
    public nonisolated let transport: any MailTransport
    /// When transient failures are retried.
    public nonisolated let schedule: MailRetrySchedule
    /// How long an attempt holds its message before another dispatcher may take it: longer
    /// than any attempt can last.
    public nonisolated let attemptLease: TimeInterval
    /// How often to look for messages queued by other processes.
    public nonisolated let pollInterval: TimeInterval
    private let now: @Sendable () -> Date
    private let report: @Sendable (Report) -> Void
    private let problem: @Sendable (any Error) -> Void
    private var lastPurge: Date?

    /// Messages sent longer ago than this are forgotten.
    static let sentRecordLifetime: TimeInterval = 30 * 24 * 3600

    /// - Parameters:
    ///   - now: the clock; tests pass a fake one.
    ///   - report: told of each attempt's outcome.
    ///   - problem: told of database errors while the dispatcher keeps running.
    public init(outbox: MailOutbox, transport: any MailTransport, schedule: MailRetrySchedule = .standard,
                attemptLease: TimeInterval = 15 * 60, pollInterval: TimeInterval = 10,
                now: @escaping @Sendable () -> Date = { Date() },
                report: @escaping @Sendable (Report) -> Void = { _ in },
                problem: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.outbox = outbox
        self.transport = transport
        self.schedule = schedule
        self.attemptLease = attemptLease
        self.pollInterval = pollInterval
        self.now = now
        self.report = report
        self.problem = problem
    }

    /// Delivers due messages until the task is cancelled. An attempt under way when it is
    /// cancelled runs to its end and is recorded.
    public func run() async {
        while !Task.isCancelled {
            var wait = pollInterval
            do {
                try await purgeIfDue()
                while try await deliverDue() > 0, !Task.isCancelled {}
                if let next = try await outbox.nextAttemptAt() { wait = min(wait, next.timeIntervalSince(now())) }
            } catch {
                // The database is unwell (locked, disk full): report and wait a full interval.
                problem(error)
            }
            await outbox.bell.wait(seconds: max(wait, 0.05))
        }
    }

    /// Makes one attempt at each due message, up to `limit`.
    /// - Returns: how many were attempted.
    @discardableResult
    public func deliverDue(limit: Int = 20) async throws -> Int {
        let claims = try await outbox.claimDue(now: now(), lease: attemptLease, limit: limit)
        for (index, claim) in claims.enumerated() {
            guard !Task.isCancelled else {
                // Stopping: hand the rest back at once rather than let their leases run out.
                let rest = claims[index...].map(\.id), outbox = outbox, now = now()
                try await Task { try await outbox.release(rest, now: now) }.value
                return index
            }
            _ = try await attempt(claim)
        }
        return claims.count
    }

    /// Makes one attempt at the message `id` if it is due and no other attempt holds it.
    /// - Returns: the outcome, or `nil` when the message was not there to take.
    public func attempt(id: Int64) async throws -> Outcome? {
        guard let claim = try await outbox.claim(id: id, now: now(), lease: attemptLease) else { return nil }
        return try await attempt(claim)
    }

    private func attempt(_ claim: MailOutbox.Claim) async throws -> Outcome {
        let outcome: Outcome
        switch claim.message {
        case .failure(let error):
            outcome = .failed(error: "the stored message is no longer valid: \(error)")
        case .success(let message):
            do {
                try await transport.deliver(message)
                outcome = .sent
            } catch {
                let failure = error as? MailDeliveryError ?? .transient("\(error)")
                if !failure.isPermanent, let next = schedule.nextAttempt(after: claim.attempts, failedAt: now(), queuedAt: claim.createdAt) {
                    outcome = .retrying(at: next, error: failure.message)
                } else {
                    outcome = .failed(error: failure.message)
                }
            }
        }
        // Recorded in a task of its own, which a cancellation (SIGTERM during a delivery)
        // does not reach: a delivered message left unrecorded would be sent again.
        let outbox = outbox, id = claim.id, finished = now()
        try await Task {
            switch outcome {
            case .sent: try await outbox.markSent(id: id, now: finished)
            case .retrying(let next, let error): try await outbox.reschedule(id: id, at: next, error: error)
            case .failed(let error): try await outbox.markFailed(id: id, now: finished, error: error)
            }
        }.value
        report(Report(entryID: claim.id, messageID: claim.messageID, attempt: claim.attempts, outcome: outcome))
        return outcome
    }

    private func purgeIfDue() async throws {
        let now = now()
        if let lastPurge, now.timeIntervalSince(lastPurge) < 3600 { return }
        try await outbox.purgeSent(before: now.addingTimeInterval(-Self.sentRecordLifetime))
        lastPurge = now
    }
}
