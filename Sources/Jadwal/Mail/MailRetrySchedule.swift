import Foundation

/// When a message that failed for a passing reason is tried again, and when to stop.
public struct MailRetrySchedule: Sendable, Hashable {
    /// Seconds to wait after the first, second, ... failed attempt; the last one repeats.
    public var delays: [TimeInterval]
    /// Seconds after queueing past which a message is given up as failed.
    public var giveUpAfter: TimeInterval

    /// A schedule; `delays` must be positive and not empty.
    public init(delays: [TimeInterval], giveUpAfter: TimeInterval) {
        precondition(!delays.isEmpty && delays.allSatisfy { $0 > 0 }, "a retry schedule needs positive delays")
        self.delays = delays
        self.giveUpAfter = giveUpAfter
    }

    /// 30 seconds, 2 minutes, 10 minutes, then hourly, for a day.
    public static let standard = MailRetrySchedule(delays: [30, 120, 600, 3600], giveUpAfter: 24 * 3600)

    /// The same delay every time, for tests that cannot wait half a minute.
    public static func uniform(seconds: TimeInterval, giveUpAfter: TimeInterval = 24 * 3600) -> MailRetrySchedule {
        MailRetrySchedule(delays: [seconds], giveUpAfter: giveUpAfter)
    }

    /// The wait after failed attempt number `attempt` (counting from 1).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        delays[min(max(attempt, 1), delays.count) - 1]
    }

    /// When to try next after attempt `attempt` failed at `now`, or `nil` to give up. The
    /// last try falls at the give-up time itself rather than past it.
    public func nextAttempt(after attempt: Int, failedAt now: Date, queuedAt created: Date) -> Date? {
        let deadline = created.addingTimeInterval(giveUpAfter)
        guard now < deadline else { return nil }
        return min(now.addingTimeInterval(delay(afterAttempt: attempt)), deadline)
    }
}
