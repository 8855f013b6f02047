import Foundation
import Mail
import Synchronization
import Testing
@testable import Jadwal

/// The durable outbox and its dispatcher over a real SQLite file, with a clock the test
/// moves: the retry schedule, permanent failures, leases, restarts and waking on enqueue.
struct MailDispatcherTests {
    /// 2026-11-23T12:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_795_435_200)

    final class Clock: Sendable {
        private let time = Mutex(MailDispatcherTests.start)
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
        func set(_ date: Date) { time.withLock { $0 = date } }
    }

    /// A transport whose answers the test scripts; it counts what it accepted.
    final class ScriptedTransport: MailTransport {
        private let state = Mutex<(script: [(any Error & Sendable)?], delivered: [MailMessage])>(([], []))

        /// Answers to give, in order (`nil` delivers); after them every delivery succeeds.
        func script(_ answers: [(any Error & Sendable)?]) { state.withLock { $0.script = answers } }
        func failForever(_ error: MailDeliveryError) { state.withLock { $0.script = Array(repeating: error, count: 1000) } }
        var delivered: [MailMessage] { state.withLock { $0.delivered } }

        func deliver(_ message: MailMessage) async throws {
            let failure = state.withLock { state -> (any Error & Sendable)? in
                let answer = state.script.isEmpty ? nil : state.script.removeFirst()
                if answer == nil { state.delivered.append(message) }
                return answer
            }
            if let failure { throw failure }
        }
    }

    final class Fixture: Sendable {
        let directory: String
        let path: String
        let accounts: ApplicationDatabase
        let clock = Clock()
        let transport = ScriptedTransport()

        init() throws {
            directory = NSTemporaryDirectory() + "mail-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/jadwal.sqlite"
            accounts = try ApplicationDatabase(path: path, bcryptCost: 4)
        }

        func dispatcher(accounts: ApplicationDatabase? = nil, lease: TimeInterval = 600) -> MailDispatcher {
            let clock = clock
            return MailDispatcher(outbox: (accounts ?? self.accounts).mailOutbox, transport: transport, attemptLease: lease, now: { clock.now })
        }

        func message(_ subject: String = "Sign in") throws -> MailMessage {
            try MailMessage(from: try MailAddress(parsing: "Jadwal <jadwal@example.org>"), to: try MailAddress("amal@example.org"),
                            subject: subject, text: "https://example.org/login/x", date: clock.now)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static let refused = MailDeliveryError.transient("451 try later", replyCode: 451)

    @Test("Transient failures are retried after 30 s, 2 min, 10 min, then hourly, and given up after a day")
    func backOff() async throws {
        let fixture = try Fixture()
        fixture.transport.failForever(Self.refused)
        let dispatcher = fixture.dispatcher()
        let id = try await fixture.accounts.mailOutbox.enqueue(try fixture.message(), now: fixture.clock.now)
        var attemptTimes: [TimeInterval] = []
        for _ in 0..<40 {
            guard let entry = try await fixture.accounts.mailOutbox.entry(id: id), entry.state == .pending else { break }
            // Nothing happens a second before the retry time.
            fixture.clock.set(max(fixture.clock.now, entry.nextAttemptAt.addingTimeInterval(-1)))
            if entry.attempts > 0 { #expect(try await dispatcher.deliverDue() == 0) }
            fixture.clock.set(max(fixture.clock.now, entry.nextAttemptAt))
            #expect(try await dispatcher.deliverDue() == 1)
            attemptTimes.append(fixture.clock.now.timeIntervalSince(Self.start))
        }
        #expect(attemptTimes.prefix(6).map { $0.rounded() } == [0, 30, 150, 750, 4350, 7950])
        #expect(attemptTimes.last?.rounded() == TimeInterval(24 * 3600))
        #expect(attemptTimes.count == 5 + Int((24 * 3600 - 4350) / 3600) + 1)
        let entry = try #require(try await fixture.accounts.mailOutbox.entry(id: id))
        #expect(entry.state == .failed && entry.attempts == attemptTimes.count && entry.lastError == "451 try later")
        #expect(entry.finishedAt == Self.start.addingTimeInterval(24 * 3600))
        fixture.clock.advance(7 * 24 * 3600)
        #expect(try await dispatcher.deliverDue() == 0)
        #expect(fixture.transport.delivered.isEmpty)
    }

    @Test("An invitation's Reply-To and calendar part survive the outbox, sealed like the bodies")
    func invitationThroughTheOutbox() async throws {
        let fixture = try Fixture()
        fixture.accounts.sealMail(with: SealingKey.random())
        let calendar = try MailCalendarPart(method: "REQUEST", text: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:secret agenda\r\nEND:VCALENDAR\r\n")
        let invitation = try MailMessage(from: try MailAddress(parsing: "Huda via Jadwal <jadwal@example.org>"), to: try MailAddress("guest@elsewhere.example"),
                                         subject: "Invitation", text: "You are invited", replyTo: try MailAddress("huda@example.org"),
                                         calendar: calendar, date: fixture.clock.now)
        try await fixture.accounts.mailOutbox.enqueue(invitation, now: fixture.clock.now)
        let stored = try String(contentsOfFile: fixture.path, encoding: .isoLatin1)
        #expect(!stored.contains("secret agenda"))
        #expect(try await fixture.dispatcher().deliverDue() == 1)
        #expect(fixture.transport.delivered == [invitation])
    }

    @Test("A permanent failure is not retried; a transient one then success delivers exactly once")
    func permanentAndTransient() async throws {
        let fixture = try Fixture()
        let dispatcher = fixture.dispatcher()
        let outbox = fixture.accounts.mailOutbox
        fixture.transport.script([MailDeliveryError.permanent("550 no such user", replyCode: 550)])
        let bounced = try await outbox.enqueue(try fixture.message("bounced"), now: fixture.clock.now)
        #expect(try await dispatcher.attempt(id: bounced) == .failed(error: "550 no such user"))
        fixture.transport.script([Self.refused])
        let delayed = try await outbox.enqueue(try fixture.message("delayed"), now: fixture.clock.now)
        #expect(try await dispatcher.attempt(id: delayed) == .retrying(at: Self.start.addingTimeInterval(30), error: "451 try later"))
        fixture.clock.advance(30)
        #expect(try await dispatcher.deliverDue() == 1)
        fixture.clock.advance(3 * 24 * 3600)
        #expect(try await dispatcher.deliverDue() == 0)
        #expect(fixture.transport.delivered.map(\.subject) == ["delayed"])
        #expect(try await outbox.entries().map(\.id) == [bounced])
        #expect(try await outbox.entries(in: [.sent]).map(\.id) == [delayed])
        #expect(try await outbox.entry(id: bounced)?.lastError == "550 no such user")
    }

    @Test("An error that is not a MailDeliveryError counts as transient")
    func otherErrors() async throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
        let fixture = try Fixture()
        fixture.transport.script([DiskFull()])
        let id = try await fixture.accounts.mailOutbox.enqueue(try fixture.message(), now: fixture.clock.now)
        #expect(try await fixture.dispatcher().attempt(id: id) == .retrying(at: Self.start.addingTimeInterval(30), error: "disk full"))
    }

    @Test("Pending mail survives a restart, and a crashed attempt's lease must end before it is retried")
    func restart() async throws {
        let fixture = try Fixture()
        let first = try await fixture.accounts.mailOutbox.enqueue(try fixture.message("queued before the crash"), now: fixture.clock.now)
        let second = try await fixture.accounts.mailOutbox.enqueue(try fixture.message("taken when it crashed"), now: fixture.clock.now)
        // A dispatcher took the second message and died before recording the outcome.
        let claimed = try await fixture.accounts.mailOutbox.claim(id: second, now: fixture.clock.now, lease: 600)
        #expect(claimed?.attempts == 1)

        let reopened = try ApplicationDatabase(path: fixture.path, bcryptCost: 4)
        let dispatcher = fixture.dispatcher(accounts: reopened)
        fixture.clock.advance(1)
        #expect(try await dispatcher.deliverDue() == 1)
        #expect(fixture.transport.delivered.map(\.subject) == ["queued before the crash"])
        fixture.clock.advance(598)
        #expect(try await dispatcher.deliverDue() == 0)
        fixture.clock.advance(1)
        #expect(try await dispatcher.deliverDue() == 1)
        #expect(fixture.transport.delivered.map(\.subject) == ["queued before the crash", "taken when it crashed"])
        #expect(try await reopened.mailOutbox.entry(id: second)?.attempts == 2)
        #expect(try await reopened.mailOutbox.entry(id: first)?.state == .sent)
        fixture.clock.advance(3600)
        #expect(try await dispatcher.deliverDue() == 0)
        #expect(fixture.transport.delivered.count == 2)
    }

    @Test("Two dispatchers on one database never take the same message")
    func twoDispatchers() async throws {
        let fixture = try Fixture()
        for index in 0..<20 { try await fixture.accounts.mailOutbox.enqueue(try fixture.message("m\(index)"), now: fixture.clock.now) }
        let other = try ApplicationDatabase(path: fixture.path, bcryptCost: 4)
        let one = fixture.dispatcher(), two = fixture.dispatcher(accounts: other)
        async let a = one.deliverDue(limit: 3)
        async let b = two.deliverDue(limit: 3)
        _ = try await (a, b)
        while try await one.deliverDue(limit: 3) + two.deliverDue(limit: 3) > 0 {}
        let subjects = fixture.transport.delivered.map(\.subject)
        #expect(subjects.count == 20 && Set(subjects).count == 20)
    }

    @Test("A running dispatcher wakes at once on enqueue, delivers the stored message intact, and stops when cancelled")
    func wakesOnEnqueue() async throws {
        let fixture = try Fixture()
        let dispatcher = MailDispatcher(outbox: fixture.accounts.mailOutbox, transport: fixture.transport, pollInterval: 3600)
        let running = Task { await dispatcher.run() }
        try await Task.sleep(for: .milliseconds(100))
        let message = try MailMessage(
            from: try MailAddress(parsing: "\"Jadwal, the server\" <jadwal@example.org>"),
            to: [try MailAddress("amal@example.org", displayName: "أمل"), try MailAddress("omar@example.org")],
            subject: "مرحبا", text: "text\n.\n", html: "<p>html</p>", messageID: "<fixed-1@example.org>", date: Self.start)
        try await fixture.accounts.mailOutbox.enqueue(message)
        let deadline = ContinuousClock.now + .seconds(5)
        while fixture.transport.delivered.isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(fixture.transport.delivered == [message])
        running.cancel()
        await running.value
    }

    /// A transport that holds its first delivery until released, ignoring cancellation as
    /// SwiftNIO's futures do; later ones pass at once.
    final class GatedTransport: MailTransport {
        private let state = Mutex<(entered: Int, gate: CheckedContinuation<Void, Never>?)>((0, nil))
        var entered: Int { state.withLock { $0.entered } }

        func deliver(_ message: MailMessage) async throws {
            guard state.withLock({ $0.entered == 0 }) else {
                state.withLock { $0.entered += 1 }
                return
            }
            await withCheckedContinuation { continuation in
                state.withLock { $0.entered += 1; $0.gate = continuation }
            }
        }

        func release() { state.withLock { state in state.gate.take() }?.resume() }
    }

    @Test("Cancelled (SIGTERM) during a delivery: that delivery is recorded as sent, the rest of the batch handed back")
    func cancelledDuringDelivery() async throws {
        let fixture = try Fixture()
        let transport = GatedTransport()
        let dispatcher = MailDispatcher(outbox: fixture.accounts.mailOutbox, transport: transport, pollInterval: 3600)
        let outbox = fixture.accounts.mailOutbox
        let first = try await outbox.enqueue(try fixture.message("first"))
        let second = try await outbox.enqueue(try fixture.message("second"))
        let running = Task { await dispatcher.run() }
        let deadline = ContinuousClock.now + .seconds(5)
        while transport.entered == 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        // Both were taken in one batch; the one not yet attempted is handed back, not held.
        running.cancel()
        try await Task.sleep(for: .milliseconds(50))
        transport.release()
        await running.value
        #expect(transport.entered == 1)
        #expect(try await outbox.entry(id: first)?.state == .sent)
        let waiting = try #require(try await outbox.entry(id: second))
        #expect(waiting.state == .pending && waiting.attempts == 0 && waiting.nextAttemptAt <= Date())
    }
}
