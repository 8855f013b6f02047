/// Runs a conformance suite's named checks, each against a fresh store, and collects what
/// they found wrong, prefixed with the check's name. A check that throws fails with the error.
package enum ConformanceChecks {
    package typealias Check<Store> = (name: String, run: @Sendable (Store) async throws -> [String])

    package static func run<Store>(_ checks: [Check<Store>], makeStore: @Sendable () async throws -> Store) async -> [String] {
        var failures: [String] = []
        for (name, check) in checks {
            do {
                failures += try await check(try await makeStore()).map { "\(name): \($0)" }
            } catch {
                failures.append("\(name): unexpected error \(error)")
            }
        }
        return failures
    }
}
