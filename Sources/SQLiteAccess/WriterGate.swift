import Synchronization

/// Orders a process's writes on its one SQLite writer connection.
///
/// A write made of one call to GRDB's writer (``SQLiteFile/write(_:)``) passes straight
/// through: GRDB's queue runs such writes one after another, whole. A transaction that spans
/// several calls (``SQLiteDatabase``'s, whose statements are async) must have the writer to
/// itself from BEGIN to COMMIT: it waits for the one-call writes already under way, and new
/// ones wait for it. Nothing suspends while no multi-call transaction is open or waiting,
/// so the usual write (a PUT) costs two lock operations here. Waiters resume in order;
/// cancellation does not cut a wait short.
package final class WriterGate: Sendable {
    private struct State {
        /// One-call writes under way.
        var passing = 0
        /// A multi-call transaction holds the writer.
        var held = false
        var waitingToPass: [CheckedContinuation<Void, Never>] = []
        var waitingToHold: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Before a one-call write.
    package func pass() async {
        let admitted = state.withLock { state in
            guard !state.held && state.waitingToHold.isEmpty else { return false }
            state.passing += 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if !state.held && state.waitingToHold.isEmpty {
                    state.passing += 1
                    return true
                }
                state.waitingToPass.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// After a one-call write.
    package func passed() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.passing -= 1
            guard state.passing == 0, !state.waitingToHold.isEmpty else { return nil }
            state.held = true
            return state.waitingToHold.removeFirst()
        }
        next?.resume()
    }

    /// Before BEGIN of a multi-call transaction.
    package func hold() async {
        let admitted = state.withLock { state in
            guard !state.held && state.passing == 0 && state.waitingToHold.isEmpty else { return false }
            state.held = true
            return true
        }
        if admitted { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if !state.held && state.passing == 0 && state.waitingToHold.isEmpty {
                    state.held = true
                    return true
                }
                state.waitingToHold.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// After COMMIT or ROLLBACK: the one-call writes that waited go first, then the next
    /// transaction once they are done.
    package func release() {
        let next = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if !state.waitingToPass.isEmpty {
                state.held = false
                state.passing += state.waitingToPass.count
                defer { state.waitingToPass = [] }
                return state.waitingToPass
            }
            if !state.waitingToHold.isEmpty { return [state.waitingToHold.removeFirst()] }
            state.held = false
            return []
        }
        for continuation in next { continuation.resume() }
    }

    /// No transaction waits or holds the writer (for tests).
    package var isIdleForTesting: Bool {
        state.withLock { !$0.held && $0.waitingToHold.isEmpty }
    }
}
