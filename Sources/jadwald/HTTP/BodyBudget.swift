import CalDAVCore
import Synchronization
import WebDAV

#if canImport(Glibc)
/// glibc's `malloc_trim`, which Swift's Glibc module does not export.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The bytes of request bodies held in memory while they are collected, on all
/// connections together, kept under a limit; and memory handed back to the system after
/// large bodies are freed (glibc keeps freed memory for the process otherwise).
final class BodyBudget: Sendable {
    private let limit: Int
    private let held = Atomic<Int>(0)
    private let trimDue = Atomic<Bool>(false)

    /// A body this large, once freed, is worth handing memory back for.
    static let largeBody = 1 << 20

    init(limit: Int) {
        self.limit = limit
    }

    /// Reserves `bytes`; `false` (nothing reserved) when that would pass the limit.
    func reserve(_ bytes: Int) -> Bool {
        let total = held.add(bytes, ordering: .relaxed).newValue
        if total > limit {
            held.subtract(bytes, ordering: .relaxed)
            return false
        }
        return true
    }

    func release(_ bytes: Int) {
        held.subtract(bytes, ordering: .relaxed)
    }

    /// Bytes reserved now.
    var current: Int { held.load(ordering: .relaxed) }

    /// Notes that a large body was freed: ``trimIfDue()`` will return memory.
    func noteLargeBodyFreed() {
        trimDue.store(true, ordering: .relaxed)
    }

    /// Returns freed memory to the system if a large body was freed since the last call.
    func trimIfDue() {
        guard trimDue.exchange(false, ordering: .relaxed) else { return }
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }

    /// Hands memory back every `interval` while the server runs.
    func trimPeriodically(every interval: Duration = .seconds(2)) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            trimIfDue()
        }
    }

    /// The answer when the budget is spent.
    static let busy = DAVResponse(status: 503, headers: [("Retry-After", "5"), ("Content-Type", "text/plain; charset=utf-8")],
                                  body: Array("the server is receiving too many request bodies; try again shortly\n".utf8))
}
