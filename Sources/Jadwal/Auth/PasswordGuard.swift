import Foundation
import Synchronization

/// Decides whether a password is checked at all, and how soon, so that guessing is slow
/// while the account's owner is never locked out.
///
/// - Failures count per device (name and client address together), per client address
///   whatever names it tries, and per name from every address. The first two refuse
///   (`429` with `Retry-After`): they are the guesser's own budget.
/// - A name under attack from many addresses is never refused: devices that have not
///   signed in to it before wait a little before their check, up to ``Limits/maxDelay``.
/// - A device that signed in to the name before (same address, in the last
///   ``Limits/knownFor`` seconds) is never refused and never waits for others' failures.
/// - Attempts in flight count: concurrent guesses from one address are checked a few at a
///   time, the rest refused, instead of all of them racing past the counters.
///
/// Counts live in the database (``RateLimiter``), shared by every instance; in-flight
/// attempts are this process's.
public final class PasswordGuard: Sendable {
    /// The thresholds; the defaults suit people with a handful of devices.
    public struct Limits: Sendable {
        /// Failures of one name from one address before that address is refused.
        public var perDevice = 10
        /// Failures from one address, any names, before it is refused.
        public var perClient = 50
        /// Failures of one name from all addresses after which new devices wait.
        public var underAttack = 10
        /// Checks in flight from one address (devices not known to the name).
        public var concurrentPerClient = 4
        /// The longest wait before a check.
        public var maxDelay = Duration.seconds(5)
        /// Seconds failures are counted over.
        public var window = 300
        /// Seconds a device stays known after it signed in.
        public var knownFor = 30 * 86_400

        public init() {}
    }

    /// What to do with an attempt.
    public enum Admission: Sendable {
        /// Check the password after `delay`, then report with ``finish(_:succeeded:)``.
        case check(Ticket, delay: Duration)
        /// Do not check it: too many attempts; the client may try after `retryAfter` seconds.
        case refuse(retryAfter: Int)
    }

    /// An admitted attempt, to be finished.
    public struct Ticket: Sendable {
        let name: String
        let client: String
        public let isKnownDevice: Bool
    }

    let limits: Limits
    private let deviceFailures: RateLimiter
    private let clientFailures: RateLimiter
    private let nameFailures: RateLimiter
    private let knownDevices: RateLimiter
    private let inFlight = Mutex<[String: Int]>([:])

    /// - Parameter scope: keeps the counts of different doors apart ("basic", "admin-page").
    public init(application: ApplicationDatabase, scope: String, limits: Limits = Limits()) {
        self.limits = limits
        deviceFailures = application.rateLimiter("\(scope)-device", limit: limits.perDevice, per: limits.window)
        clientFailures = application.rateLimiter("\(scope)-client", limit: limits.perClient, per: limits.window)
        nameFailures = application.rateLimiter("\(scope)-name", limit: limits.underAttack, per: limits.window)
        // Shared by every door: a phone known to the DAV server is known to the API too.
        knownDevices = application.rateLimiter("known-device", limit: 1, per: limits.knownFor)
    }

    /// Whether and when to check an attempt at `name` (as typed) from `client`.
    public func admit(name typed: String, client: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Admission {
        let name = AccountIdentity.key(typed)
        let device = name + "\u{0}" + client
        let known = await knownDevices.count(device, now: now) > 0
        let (deviceInFlight, clientInFlight) = inFlight.withLock { table in
            table["d" + device, default: 0] += 1
            table["c" + client, default: 0] += 1
            return (table["d" + device]!, table["c" + client]!)
        }
        let ticket = Ticket(name: name, client: client, isKnownDevice: known)
        let deviceCount = await deviceFailures.count(device, now: now)
        if !known {
            var retryAfter: Int?
            if clientInFlight > limits.concurrentPerClient {
                retryAfter = 1
            } else if deviceCount + deviceInFlight - 1 >= limits.perDevice {
                retryAfter = limits.window
            } else if await clientFailures.count(client, now: now) + clientInFlight - 1 >= limits.perClient {
                retryAfter = limits.window
            }
            if let retryAfter {
                release(ticket)
                return .refuse(retryAfter: retryAfter)
            }
        }
        return .check(ticket, delay: await delay(name: name, deviceFailures: deviceCount, known: known, now: now))
    }

    /// Records how an admitted attempt ended.
    public func finish(_ ticket: Ticket, succeeded: Bool, now: Int = Int(Date().timeIntervalSince1970)) async {
        release(ticket)
        let device = ticket.name + "\u{0}" + ticket.client
        if succeeded {
            await deviceFailures.reset(device)
            await knownDevices.touch(device, now: now)
        } else {
            _ = await deviceFailures.allow(device, now: now)
            _ = await clientFailures.allow(ticket.client, now: now)
            _ = await nameFailures.allow(ticket.name, now: now)
        }
    }

    /// A wait that grows with the failures: the name's, for devices new to it; a known
    /// device's own, once it has failed as often as a device may.
    private func delay(name: String, deviceFailures: Int, known: Bool, now: Int) async -> Duration {
        let failures = known ? deviceFailures - limits.perDevice : await nameFailures.count(name, now: now) - limits.underAttack
        guard failures >= 0 else { return .zero }
        return min(limits.maxDelay, .milliseconds(500) * (1 + failures / 5))
    }

    private func release(_ ticket: Ticket) {
        inFlight.withLock { table in
            for key in ["d" + ticket.name + "\u{0}" + ticket.client, "c" + ticket.client] {
                table[key, default: 1] -= 1
                if table[key] == 0 { table[key] = nil }
            }
        }
    }
}
