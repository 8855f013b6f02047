import Foundation

/// Where the WhatsApp bridge the server drives listens (`[whatsapp]`).
public struct WhatsAppSettings: Sendable, Equatable {
    /// The bridge's address (`http://127.0.0.1:8786`); connecting WhatsApp is off without it.
    public var bridgeURL: String?
    /// The secret shared with the bridge, or a file holding it (its first line).
    public var bridgeSecret: ServerConfiguration.Secret?
    public var bridgeSecretFile: String?

    public init() {}

    static let keys = ["whatsapp.bridge_url", "whatsapp.bridge_secret", "whatsapp.bridge_secret_file"]
}

extension ServerConfiguration {
    /// Sets one `whatsapp.*` setting.
    mutating func setWhatsApp(_ key: String, _ value: String, source: String) throws(Problem) {
        switch key {
        case "whatsapp.bridge_url":
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil, url.query == nil else {
                throw Problem(description: "\(source) must be the bridge's http address, like http://127.0.0.1:8786")
            }
            whatsApp.bridgeURL = value
        case "whatsapp.bridge_secret":
            guard value.utf8.count >= 32 else { throw Problem(description: "\(source) must be at least 32 characters long") }
            whatsApp.bridgeSecret = Secret(value)
        case "whatsapp.bridge_secret_file":
            guard !value.isEmpty else { throw Problem(description: "\(source) must not be empty") }
            whatsApp.bridgeSecretFile = value
        default:
            throw Problem(description: "\(source) is not a setting; known: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// The WhatsApp settings checked together.
    func validateWhatsApp() throws(Problem) {
        let secrets = [whatsApp.bridgeSecret != nil, whatsApp.bridgeSecretFile != nil].filter { $0 }.count
        if secrets > 1 { throw Problem(description: "set whatsapp.bridge_secret or whatsapp.bridge_secret_file, not both") }
        if (whatsApp.bridgeURL != nil) != (secrets == 1) {
            throw Problem(description: "the WhatsApp bridge needs whatsapp.bridge_url and a secret (whatsapp.bridge_secret or whatsapp.bridge_secret_file) together")
        }
    }

    /// The bridge's address and secret (read from its file), or `nil` when none is configured.
    public func whatsAppBridge() throws(Problem) -> (url: String, secret: String)? {
        guard let url = whatsApp.bridgeURL else { return nil }
        if let secret = whatsApp.bridgeSecret { return (url, secret.value) }
        guard let file = whatsApp.bridgeSecretFile, let text = try? String(contentsOfFile: file, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first.map(String.init), line.utf8.count >= 32 else {
            throw Problem(description: "cannot read whatsapp.bridge_secret_file \(whatsApp.bridgeSecretFile ?? ""): its first line must be a secret of 32 characters or more")
        }
        return (url, line)
    }
}
