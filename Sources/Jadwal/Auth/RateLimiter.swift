import Foundation
import Synchronization

/// Counts attempts per key (an email address, a client address) in fixed windows and
/// says when a key has had its share. In memory, per process: it slows guessing and mail
/// bombing, it is not an accounting system. Memory is bounded: past `maxKeys` live keys,
/// the oldest windows are dropped first.
public final class RateLimiter: Sendable {
    private struct Window {
        var count: Int
        var start: Int
    }

    public let limit: Int
    public let windowSeconds: Int
    private let maxKeys: Int
    private let windows = Mutex<[String: Window]>([:])

    /// - Parameters:
    ///   - limit: attempts allowed per key and window.
    ///   - windowSeconds: the window's length.
    public init(limit: Int, per windowSeconds: Int, maxKeys: Int = 100_000) {
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.maxKeys = maxKeys
    }

    /// Counts one attempt for `key`; `false` when the key is over its limit (the attempt
    /// must then be refused without doing its work).
    public func allow(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) -> Bool {
        windows.withLock { table in
            var window = table[key] ?? Window(count: 0, start: now)
            if now - window.start >= windowSeconds { window = Window(count: 0, start: now) }
            window.count += 1
            table[key] = window
            if table.count > maxKeys { Self.evict(&table, now: now, windowSeconds: windowSeconds, keep: maxKeys) }
            return window.count <= limit
        }
    }

    /// Seconds until `key` may try again (0 when it may now).
    public func retryAfter(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) -> Int {
        windows.withLock { table in
            guard let window = table[key], window.count >= limit else { return 0 }
            return max(0, window.start + windowSeconds - now)
        }
    }

    /// Forgets `key` (after a success, failures no longer count).
    public func reset(_ key: String) {
        _ = windows.withLock { $0.removeValue(forKey: key) }
    }

    private static func evict(_ table: inout [String: Window], now: Int, windowSeconds: Int, keep: Int) {
        table = table.filter { now - $0.value.start < windowSeconds }
        if table.count > keep {
            let oldest = table.sorted { $0.value.start < $1.value.start }.prefix(table.count - keep).map(\.key)
            for key in oldest { table[key] = nil }
        }
    }
}
