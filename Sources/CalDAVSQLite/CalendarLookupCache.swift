import CalDAVCore
import Synchronization

/// Calendar rows looked up on requests' paths, kept until the database's next commit.
///
/// Every request on a calendar starts by reading its row (names, properties, change
/// position); a client polling an unchanged calendar made that read the largest part of
/// an answer served from the response cache. Entries belong to one commit: the first
/// lookup at a newer one starts the cache over. Absent calendars are remembered too.
final class CalendarLookupCache: Sendable {
    private struct State {
        var commit: SQLiteCommitWatch.Commit?
        var entries: [CalendarReference: CalendarCollection?] = [:]
    }

    private let state = Mutex(State())
    /// Entries kept at most for one commit; more start the cache over.
    static let maxEntries = 1024

    /// The calendar read at `commit`: `.some(nil)` when it was absent, `nil` when unknown.
    func collection(_ reference: CalendarReference, at commit: SQLiteCommitWatch.Commit) -> CalendarCollection?? {
        state.withLock { state in
            guard state.commit == commit else { return nil }
            return state.entries[reference]
        }
    }

    /// Keeps what a lookup found, read after `commit` was current.
    func remember(_ collection: CalendarCollection?, for reference: CalendarReference, at commit: SQLiteCommitWatch.Commit) {
        state.withLock { state in
            if state.commit != commit || state.entries.count >= Self.maxEntries {
                state.commit = commit
                state.entries.removeAll(keepingCapacity: true)
            }
            state.entries[reference] = .some(collection)
        }
    }
}
