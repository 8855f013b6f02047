import NIOCore
import PostgresNIO
import Synchronization

/// One PostgreSQL database and a pool of connections to it, shared by every module that
/// keeps tables there (calendars, accounts, tokens, job queues).
///
/// It owns a postgres-nio `PostgresClient` and the task that runs it; ``close()`` (or
/// releasing the last reference) shuts the pool down. Work runs on one leased connection
/// at a time, plainly (``withConnection(_:)``) or in a transaction (``withTransaction(_:_:)``).
///
/// Getting a connection waits at most ``connectionTimeout``: postgres-nio's pool keeps
/// retrying an unreachable server for a minute before it fails a request, which is too
/// long for a client waiting on an answer. A body that has started is never cut short.
public final class PostgresPool: Sendable {
    /// Where the database is; its description never holds the password.
    public let location: PostgresLocation
    /// The longest wait for a connection before an operation fails with ``PostgresPoolError/connectionTimedOut``.
    public let connectionTimeout: Duration
    /// The postgres-nio client, for what the helpers here do not cover.
    public let client: PostgresClient
    private let runner: Task<Void, Never>
    /// Whether write transactions move the change stamp (``PostgresChangeSignal``).
    private let changeStamp = Atomic<Bool>(false)
    /// Where lease timers run: an event loop of the client's group.
    private let timerLoop: any EventLoop

    /// Opens a pool of connections to `location`. Connections beyond `minimumConnections`
    /// are made when first needed, so an unreachable server shows only when an operation
    /// waits ``connectionTimeout`` in vain.
    /// - Parameters:
    ///   - maximumConnections: the most connections this pool keeps open at once.
    ///   - minimumConnections: connections kept open even when idle. The pool arms an idle
    ///     timer (a task and a sleep) each time one of the others goes idle, which costs a
    ///     server more than the query it ran: a server keeps as many as it serves at once.
    public init(location: PostgresLocation, connectionTimeout: Duration = .seconds(10), maximumConnections: Int = 20, minimumConnections: Int = 0) {
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = min(minimumConnections, maximumConnections)
        configuration.options.connectTimeout = connectionTimeout
        // No keep-alive queries: they arm a timer each time a connection goes idle, that is
        // after every query. A connection the server closed is replaced when it closes.
        configuration.options.keepAliveBehavior = nil
        let client = PostgresClient(configuration: configuration)
        self.location = location
        self.connectionTimeout = connectionTimeout
        self.client = client
        timerLoop = PostgresClient.defaultEventLoopGroup.next()
        runner = Task { await client.run() }
    }

    deinit {
        runner.cancel()
    }

    /// Shuts the pool down and waits until its connections are closed. Every later
    /// operation fails.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    /// Runs `body` on one connection of the pool, returned to the pool afterwards.
    /// - Throws: ``PostgresPoolError/connectionTimedOut`` when no connection came within
    ///   ``connectionTimeout``, or whatever postgres-nio or `body` threw.
    public func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        // The lease runs in a task of its own that an event-loop timer cancels when no
        // connection came in time (the pool gives up a cancelled wait). The gate decides,
        // under a lock, whether the body runs or the timer wins, so never both, and a body
        // that started is never cancelled by the timer. A `Task.sleep` per lease would cost
        // a Dispatch timer and a thread hop on every query.
        let gate = LeaseGate()
        let client = client
        let lease = Task {
            try await client.withConnection { connection in
                guard gate.state.withLock({ state in
                    guard state == .waiting else { return false }
                    state = .leased
                    return true
                }) else { throw PostgresPoolError.connectionTimedOut }
                return try await body(connection)
            }
        }
        let timer = timerLoop.scheduleTask(in: TimeAmount(connectionTimeout)) {
            let expired = gate.state.withLock { state in
                guard state == .waiting else { return false }
                state = .timedOut
                return true
            }
            if expired { lease.cancel() }
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler { try await lease.value } onCancel: { lease.cancel() }
        } catch {
            if gate.state.withLock({ $0 == .timedOut }) { throw PostgresPoolError.connectionTimedOut }
            throw error
        }
    }

    /// Runs `body` in one transaction on one connection: committed when `body` returns,
    /// rolled back when it throws (and the error rethrown as it was).
    ///
    /// A connection whose rollback fails is closed rather than handed back to the pool.
    /// - Parameter mode: the isolation level and whether the transaction only reads.
    public func withTransaction<Result: Sendable>(
        _ mode: PostgresTransactionMode = .readWrite,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withConnection { connection in
            try await connection.query(mode.beginStatement, logger: connection.logger)
            let result: Result
            do {
                result = try await body(connection)
            } catch {
                do {
                    try await connection.query("ROLLBACK", logger: connection.logger)
                } catch {
                    try? await connection.close()
                }
                throw error
            }
            try await connection.query("COMMIT", logger: connection.logger)
            if mode != .snapshotRead, self.changeStamp.load(ordering: .relaxed) {
                // After the commit, never before: a reader that took the old stamp may have
                // read the old rows, and must not find them current once the commit is seen.
                try? await connection.query("SELECT nextval('\(unescaped: PostgresChangeSignal.sequence)')", logger: connection.logger)
            }
            return result
        }
    }

    /// From now on, every write transaction moves the change stamp after its commit; called
    /// once the schema holding the stamp's sequence is in place.
    package func movesChangeStamp() {
        changeStamp.store(true, ordering: .relaxed)
    }

    /// Runs one statement and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { connection in try await connection.query(query, logger: connection.logger).collect() }
    }

    /// Runs one statement whose rows, if any, do not matter.
    public func execute(_ query: PostgresQuery) async throws {
        _ = try await self.query(query)
    }
}

/// Who won the race between a lease and its timer.
private final class LeaseGate: Sendable {
    enum State: Sendable { case waiting, leased, timedOut }
    let state = Mutex(State.waiting)
}
