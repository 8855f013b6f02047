import CalDAVCore
import Synchronization
import WebDAV

/// A ``ChangeSignal`` that is a counter: a store moves it after each write; tests may move
/// it by hand.
public final class CountingChangeSignal: ChangeSignal {
    private let count = Atomic<UInt64>(0)

    public init() {}

    /// Marks a write.
    public func advance() {
        count.add(1, ordering: .sequentiallyConsistent)
    }

    public func stamp() async -> ChangeStamp? { immediateStamp() }

    public func immediateStamp() -> ChangeStamp? {
        ChangeStamp(count.load(ordering: .sequentiallyConsistent))
    }
}
