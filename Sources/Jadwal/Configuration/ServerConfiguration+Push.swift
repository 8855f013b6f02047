import Foundation

/// The settings of pushes to the app through Apple's push service (`[push.apns]`).
public struct PushSettings: Sendable, Equatable {
    /// The `.p8` key from the Apple Developer account; pushes are off without it.
    public var keyFile: String?
    public var keyID: String?
    public var teamID: String?
    /// The app bundle ids devices may register for; any when empty.
    public var topics: [String] = []
    public var productionURL = APNsConfiguration.appleProduction
    public var sandboxURL = APNsConfiguration.appleSandbox
    /// Authorities trusted for the service's certificate (a local test server); the system's when unset.
    public var caFile: String?
    /// Seconds calendar changes are gathered before the apps showing them are woken (one
    /// background push per device per gathering, as Apple's limits want).
    public var refreshDelay = 10

    public init() {}

    static let keys = ["push.apns.key_file", "push.apns.key_id", "push.apns.team_id", "push.apns.topics",
                       "push.apns.production_url", "push.apns.sandbox_url", "push.apns.ca_file", "push.refresh_delay"]

    /// Whether pushes are configured.
    public var isOn: Bool { keyFile != nil }
}

extension ServerConfiguration {
    /// Sets one `push.*` setting.
    mutating func setPush(_ key: String, _ value: String, source: String) throws(Problem) {
        func appleID() throws(Problem) -> String {
            guard value.count == 10, value.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
                throw Problem(description: "\(source) must be Apple's 10-character id (capital letters and digits), not '\(value)'")
            }
            return value
        }
        func url() throws(Problem) -> String {
            guard let url = URL(string: value), url.scheme == "https", url.host != nil, url.path.isEmpty || url.path == "/" else {
                throw Problem(description: "\(source) must be an https address without a path, like https://api.push.apple.com")
            }
            return value.hasSuffix("/") ? String(value.dropLast()) : value
        }
        switch key {
        case "push.apns.key_file":
            guard !value.isEmpty else { throw Problem(description: "\(source) must not be empty") }
            push.keyFile = value
        case "push.apns.key_id": push.keyID = try appleID()
        case "push.apns.team_id": push.teamID = try appleID()
        case "push.apns.topics":
            push.topics = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !push.topics.isEmpty, push.topics.allSatisfy(PushDevice.isTopic) else {
                throw Problem(description: "\(source) must list the app's bundle ids (org.example.app), separated by commas")
            }
        case "push.apns.production_url": push.productionURL = try url()
        case "push.apns.sandbox_url": push.sandboxURL = try url()
        case "push.apns.ca_file":
            guard !value.isEmpty else { throw Problem(description: "\(source) must not be empty") }
            push.caFile = value
        case "push.refresh_delay":
            guard let seconds = Int(value), (1...3600).contains(seconds) else {
                throw Problem(description: "\(source) must be a whole number of seconds from 1 to 3600, not '\(value)'")
            }
            push.refreshDelay = seconds
        default:
            throw Problem(description: "\(source) is not a setting; known: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// The push settings checked together.
    func validatePush() throws(Problem) {
        let parts = [push.keyFile == nil, push.keyID == nil, push.teamID == nil]
        if parts.contains(true) && parts.contains(false) {
            throw Problem(description: "pushes need push.apns.key_file, push.apns.key_id and push.apns.team_id together")
        }
    }

    /// How to reach APNs, reading the key file; `nil` when pushes are off.
    public func apnsConfiguration() throws(Problem) -> APNsConfiguration? {
        guard let keyFile = push.keyFile, let keyID = push.keyID, let teamID = push.teamID else { return nil }
        guard let data = FileManager.default.contents(atPath: keyFile), let pem = String(data: data, encoding: .utf8),
              pem.contains("-----BEGIN PRIVATE KEY-----") else {
            throw Problem(description: "cannot read push.apns.key_file \(keyFile): it must be the .p8 key Apple gives (a PEM private key)")
        }
        return APNsConfiguration(privateKeyPEM: pem, keyID: keyID, teamID: teamID, topics: push.topics,
                                 productionURL: push.productionURL, sandboxURL: push.sandboxURL, caFile: push.caFile)
    }
}
