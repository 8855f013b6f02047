import Foundation
import Testing
@testable import Jadwal

/// Guessing is slow; the owner is never locked out.
@Suite struct PasswordGuardTests {
    private func checks(_ admission: PasswordGuard.Admission) -> PasswordGuard.Ticket? {
        if case .check(let ticket, _) = admission { return ticket }
        return nil
    }

    private func delay(_ admission: PasswordGuard.Admission) -> Duration? {
        if case .check(_, let delay) = admission { return delay }
        return nil
    }

    @Test("a guessing address is refused after its budget, while a device that signed in before is not", arguments: StoreEngine.allCases)
    func budgets(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        let guardian = PasswordGuard(application: fixture.accounts, scope: "test")
        let phone = try #require(checks(await guardian.admit(name: "amal", client: "198.51.100.7")))
        await guardian.finish(phone, succeeded: true)
        for _ in 0..<10 {
            let guess = try #require(checks(await guardian.admit(name: "amal", client: "203.0.113.9")))
            await guardian.finish(guess, succeeded: false)
        }
        guard case .refuse(let retryAfter) = await guardian.admit(name: "AMAL", client: "203.0.113.9") else {
            Issue.record("the guessing address was not refused")
            return
        }
        #expect(retryAfter > 0)
        // The phone is checked at once; a new device is checked after a short wait.
        let known = await guardian.admit(name: "amal", client: "198.51.100.7")
        #expect(delay(known) == .zero)
        #expect(checks(known)?.isKnownDevice == true)
        let fresh = await guardian.admit(name: "amal", client: "198.51.100.8")
        #expect(try #require(delay(fresh)) > .zero)
        #expect(try #require(delay(fresh)) <= PasswordGuard.Limits().maxDelay)
    }

    @Test("concurrent attempts from one address count before they finish", arguments: [StoreEngine.sqlite])
    func inFlight(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        let guardian = PasswordGuard(application: fixture.accounts, scope: "test")
        var admitted: [PasswordGuard.Ticket] = []
        var refused = 0
        for _ in 0..<50 {
            if let ticket = checks(await guardian.admit(name: "omar", client: "203.0.113.10")) {
                admitted.append(ticket)
            } else {
                refused += 1
            }
        }
        #expect(admitted.count == PasswordGuard.Limits().concurrentPerClient)
        #expect(refused == 50 - admitted.count)
        for ticket in admitted { await guardian.finish(ticket, succeeded: false) }
        #expect(checks(await guardian.admit(name: "omar", client: "203.0.113.10")) != nil)
    }
}
