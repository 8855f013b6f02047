/// Tells whether a store may have changed since an earlier moment, so that what was read
/// from it can be kept exactly as long as it is current.
///
/// The promise: a stamp taken *before* a read from the store is one that read saw or an
/// older one, and every commit after it makes later stamps differ. So anything read after
/// taking stamp `s` may be served again while the stamp is still `s`. SQLite's WAL index
/// gives such a stamp from shared memory; PostgreSQL gives one from a counter moved after
/// every commit.
public protocol ChangeSignal: Sendable {
    /// The stamp now, when it can be told without waiting (a read of shared memory);
    /// `nil` when it cannot, and then ``stamp()`` may ask the database.
    func immediateStamp() -> ChangeStamp?

    /// The stamp now; `nil` when it cannot be told, and then callers read the store.
    func stamp() async -> ChangeStamp?
}

// No default implementations: a conformer states both, so that a call on the concrete
// type never falls back to a default when the conformer's own method is not imported.

/// One moment of a store, as a ``ChangeSignal`` tells it: equal stamps mean no commit between them.
public struct ChangeStamp: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    public init(_ high: UInt64, _ low: UInt64 = 0) {
        self.high = high
        self.low = low
    }
}
