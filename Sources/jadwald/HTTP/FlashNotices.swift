import Foundation
import Jadwal
import Synchronization

/// What a form's answer has to show once (a generated password, a setup link), kept for
/// the page the browser is sent to after the POST: reloading that page does not send the
/// form again, and the secret never goes into a URL, only a random key to it. A notice is
/// for the session that made it, is read once, and lapses after a few minutes. Kept in
/// this process: behind a load balancer, admin pages need sticky sessions to see them.
final class FlashNotices: Sendable {
    private struct Notice {
        let owner: String
        let html: String
        let expires: Date
    }

    private let notices = Mutex<[String: Notice]>([:])
    static let lifetime: TimeInterval = 300
    static let capacity = 1000

    /// Keeps `html` for the session `owner`; returns the key the page's URL carries.
    func keep(_ html: String, for owner: String, now: Date = Date()) -> String {
        let key = SecretToken.generate()
        notices.withLock { table in
            table = table.filter { $0.value.expires > now }
            if table.count >= Self.capacity, let oldest = table.min(by: { $0.value.expires < $1.value.expires })?.key { table[oldest] = nil }
            table[key] = Notice(owner: owner, html: html, expires: now.addingTimeInterval(Self.lifetime))
        }
        return key
    }

    /// The notice under `key` for `owner`, removed as it is read.
    func take(_ key: String?, for owner: String, now: Date = Date()) -> String {
        guard let key else { return "" }
        return notices.withLock { table in
            guard let notice = table[key], notice.owner == owner, notice.expires > now else { return "" }
            table[key] = nil
            return notice.html
        }
    }
}
