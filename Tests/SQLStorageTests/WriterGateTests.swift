import SQLiteAccess
import Synchronization
import Testing

/// The order of a process's writes on its one SQLite writer: one-call writes pass together,
/// a multi-call transaction has the writer to itself.
struct WriterGateTests {
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test("one-call writes pass at once while no transaction holds the writer")
    func passesTogether() async {
        let gate = WriterGate()
        await gate.pass()
        await gate.pass()
        gate.passed()
        gate.passed()
        await gate.hold()
        gate.release()
    }

    @Test("a transaction waits for the writes under way, and writes that come meanwhile wait for it")
    func transactionIsAlone() async throws {
        let gate = WriterGate()
        let log = Log()
        await gate.pass()  // a write under way
        let holder = Task {
            await gate.hold()
            log.add("hold")
            try? await Task.sleep(for: .milliseconds(20))
            log.add("release")
            gate.release()
        }
        // Let the transaction queue behind the write under way.
        while gate.isIdleForTesting { await Task.yield() }
        try await Task.sleep(for: .milliseconds(20))
        let late = Task {
            await gate.pass()
            log.add("late write")
            gate.passed()
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(log.all.isEmpty)
        log.add("first write done")
        gate.passed()
        await holder.value
        await late.value
        #expect(log.all == ["first write done", "hold", "release", "late write"])
    }
}
