import PostgresAccess
import PostgresNIO

/// The transaction-scoped advisory lock that queues an owner's writes to their tree of
/// plain collections, and the creation of calendars, whose names the tree's top level
/// must not reuse. Keys are `(space, hashtext(owner))`: two owners whose names hash alike
/// only queue behind each other.
enum OwnerLock {
    /// The first key of the two-key advisory locks, apart from other modules' locks.
    static let space: Int32 = 0x4A44_4F57  // "JDOW"

    /// Waits for the owner's lock, held until the transaction ends.
    static func take(_ owner: String, _ connection: PostgresConnection) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(\(space), hashtext(\(owner)))")
    }
}
