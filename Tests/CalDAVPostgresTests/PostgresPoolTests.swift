import Foundation
import PostgresAccess
import PostgresNIO
import Synchronization
import Testing

/// The pool's bounded wait for a connection, against a real PostgreSQL.
struct PostgresPoolTests {
    @Test("a wait for a connection ends at the timeout; a body that started runs to its end; the pool then serves again")
    func boundedWait() async throws {
        let pool = PostgresPool(location: try TestDatabases.location(), connectionTimeout: .seconds(1), maximumConnections: 1)
        // The pool's one connection, made first: other tests may keep the server busy.
        var warm = false
        for _ in 0..<10 where !warm {
            warm = (try? await pool.withConnection { _ in true }) ?? false
        }
        try #require(warm)
        let holding = Mutex(false)
        // Held for longer than the timeout by a body that must not be cut short.
        let held = Task {
            try await pool.withConnection { connection in
                holding.withLock { $0 = true }
                try await Task.sleep(for: .seconds(3))
                return try await connection.query("SELECT 7", logger: connection.logger).collect().first!.decode(Int.self)
            }
        }
        // Bounded, so that a body that failed to start fails the test instead of hanging it.
        for _ in 0..<1000 where !holding.withLock({ $0 }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(holding.withLock { $0 })
        // Without the bound this would get the connection once the first body ends, and succeed.
        await #expect(throws: PostgresPoolError.connectionTimedOut) {
            try await pool.withConnection { _ in 1 }
        }
        #expect(try await held.value == 7)
        let answer = try await pool.withConnection { connection in
            try await connection.query("SELECT 8", logger: connection.logger).collect().first!.decode(Int.self)
        }
        #expect(answer == 8)
        await pool.close()
    }
}
