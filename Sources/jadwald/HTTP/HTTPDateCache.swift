import CalDAVCore
import Foundation
import Synchronization
import WebDAV

/// The value of the Date header (RFC 9110 §6.6.1), formatted at most once a second.
final class HTTPDateCache: Sendable {
    private let cached = Mutex<(second: Int, text: String)>((0, ""))

    /// Now, as an HTTP date.
    var now: String {
        let second = Int(Date().timeIntervalSince1970)
        return cached.withLock { cached in
            if cached.second != second { cached = (second, HTTPDate.format(second)) }
            return cached.text
        }
    }
}
