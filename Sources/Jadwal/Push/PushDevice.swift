import Foundation

/// An installation of the app that receives pushes: an APNs device token, the app's
/// bundle id (the APNs topic) and whether the token is for Apple's production or sandbox
/// service (an app run from Xcode gets sandbox tokens).
public struct PushDevice: Sendable, Hashable {
    /// Apple's two services: the one App Store and TestFlight builds use, and the one for development builds.
    public enum Environment: String, Sendable, CaseIterable {
        case production, sandbox
    }

    /// The id the person's API shows (`p_…`); random, not derived from the token.
    public var id: String
    public var account: String
    /// The APNs device token, lowercase hex.
    public var token: String
    /// Only `ios` for now.
    public var platform: String
    public var environment: Environment
    /// The app's bundle id, sent as `apns-topic`.
    public var topic: String
    public var createdAt: Int

    public init(id: String, account: String, token: String, platform: String = "ios", environment: Environment, topic: String, createdAt: Int) {
        self.id = id
        self.account = account
        self.token = token
        self.platform = platform
        self.environment = environment
        self.topic = topic
        self.createdAt = createdAt
    }

    /// The platforms pushes go to.
    public static let platforms = ["ios"]

    /// A device token as APNs gives it: hex, an even number of digits, 32 to 100 bytes
    /// (tokens are 32 bytes today; Apple says they may grow). Lowercased.
    public static func normalizedToken(_ text: String) -> String? {
        let token = text.lowercased()
        guard token.utf8.count % 2 == 0, (64...200).contains(token.utf8.count),
              token.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return token
    }

    /// Whether `topic` has the shape of a bundle id (`org.jadwal.app`).
    public static func isTopic(_ topic: String) -> Bool {
        (3...155).contains(topic.utf8.count) && topic.contains(".") && !topic.hasPrefix(".") && !topic.hasSuffix(".")
            && topic.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }
}
