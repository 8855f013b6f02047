import Synchronization

/// Wakes a waiting mail dispatcher when a message is queued in the same process.
///
/// One waiter at a time. A ring with nobody waiting is kept, so a message queued while
/// the dispatcher was busy is not missed.
final class OutboxBell: Sendable {
    private struct State {
        var isRung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.isRung = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns on a ring, after `seconds`, or when the task is cancelled, whichever is first.
    func wait(seconds: Double) async {
        guard seconds > 0 else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000))) }
            group.addTask { await self.waitForRing() }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.isRung || Task.isCancelled {
                        state.isRung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                let waiter = state.waiter
                state.waiter = nil
                return waiter
            }
            waiter?.resume()
        }
    }
}
