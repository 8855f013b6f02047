import Foundation

/// One push to one device, as the durable queue keeps it until APNs has taken it: an
/// alert the person sees, or a background push that makes the app refresh.
public struct PushNotification: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Shown to the person (`apns-push-type: alert`, priority 10).
        case alert
        /// Wakes the app to sync, shows nothing (`apns-push-type: background`, priority 5).
        case background
    }

    public var kind: Kind
    public var title: String?
    public var body: String?
    /// Groups alerts of one thread in Notification Center.
    public var threadID: String?
    /// A later push with the same id replaces this one on the device (`apns-collapse-id`,
    /// at most 64 bytes): a push sent again after a crash shows once.
    public var collapseID: String?
    /// What the app reads besides `aps`: `type`, `eventUid`, `conflictId`.
    public var data: [String: String]
    /// Seconds since the epoch after which APNs stops trying (`apns-expiration`).
    public var expiresAt: Int

    public init(kind: Kind, title: String? = nil, body: String? = nil, threadID: String? = nil, collapseID: String? = nil,
                data: [String: String] = [:], expiresAt: Int) {
        self.kind = kind
        self.title = title
        self.body = body
        self.threadID = threadID
        self.collapseID = collapseID.map { String(decoding: $0.utf8.prefix(64), as: UTF8.self) }
        self.data = data
        self.expiresAt = expiresAt
    }

    /// The JSON APNs delivers to the app: `aps` and the data fields beside it.
    public var payload: Data {
        var aps: [String: Any]
        switch kind {
        case .alert:
            var alert: [String: Any] = [:]
            if let title { alert["title"] = title }
            if let body { alert["body"] = body }
            aps = ["alert": alert, "sound": "default"]
            if let threadID { aps["thread-id"] = threadID }
        case .background:
            aps = ["content-available": 1]
        }
        var object: [String: Any] = data
        object["aps"] = aps
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
