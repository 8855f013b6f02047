import Foundation

/// How the server reaches Apple's push service: token-based authentication with a `.p8`
/// key from the Apple Developer account (its key id and the team id), and the apps
/// (topics) devices may register for.
public struct APNsConfiguration: Sendable, Equatable {
    /// The `.p8` key, PEM (PKCS #8, P-256).
    public var privateKeyPEM: String
    /// The key's 10-character id, sent as the provider token's `kid`.
    public var keyID: String
    /// The team's 10-character id, sent as the provider token's `iss`.
    public var teamID: String
    /// The bundle ids devices register for; empty accepts any.
    public var topics: [String]
    /// Apple's production service; another address only to test against a local server.
    public var productionURL: String
    public var sandboxURL: String
    /// A PEM file of the authorities trusted for the service's certificate; the system's when `nil`.
    public var caFile: String?

    public static let appleProduction = "https://api.push.apple.com"
    public static let appleSandbox = "https://api.sandbox.push.apple.com"

    public init(privateKeyPEM: String, keyID: String, teamID: String, topics: [String] = [], productionURL: String = Self.appleProduction,
                sandboxURL: String = Self.appleSandbox, caFile: String? = nil) {
        self.privateKeyPEM = privateKeyPEM
        self.keyID = keyID
        self.teamID = teamID
        self.topics = topics
        self.productionURL = productionURL
        self.sandboxURL = sandboxURL
        self.caFile = caFile
    }

    /// The service a device's token belongs to.
    public func baseURL(for environment: PushDevice.Environment) -> String {
        environment == .production ? productionURL : sandboxURL
    }
}
