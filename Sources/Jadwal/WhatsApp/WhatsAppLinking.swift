import Foundation

/// What a person does with their WhatsApp link, whether from the API or their page:
/// start linking by pairing code, see where the link stands, unlink. The bridge is given a
/// bridge token of the person's for their messages; unlinking revokes it.
public struct WhatsAppLinking: Sendable {
    public let bridge: WhatsAppBridgeClient
    let settings: ChatSettingsStore
    /// Pairing codes asked per person (WhatsApp limits them too).
    let attempts: RateLimiter

    public init(bridge: WhatsAppBridgeClient, settings: ChatSettingsStore, application: ApplicationDatabase) {
        self.bridge = bridge
        self.settings = settings
        attempts = application.rateLimiter("whatsapp-connect", limit: 10, per: 3600)
    }

    /// Why a step did not happen; in every case nothing was changed.
    public enum Refusal: Error, Sendable, Equatable {
        case invalidPhone
        case tooManyAttempts(retryAfter: Int)
        /// The bridge does not answer.
        case unavailable
        /// The bridge refused (its status and message).
        case refused(Int, String)
        case notLinked
    }

    /// Starts linking `account` to the number a person typed: the pairing code to type into WhatsApp.
    public func connect(_ account: String, phone typed: String) async throws(Refusal) -> WhatsAppBridgeClient.Link {
        guard let phone = Self.phoneNumber(typed) else { throw .invalidPhone }
        guard await attempts.allow(account) else { throw .tooManyAttempts(retryAfter: await attempts.retryAfter(account)) }
        // Asked first so that a bridge that is down leaves the person's current bridge token working.
        guard await bridge.isReachable() else { throw .unavailable }
        let token: String
        do { token = try await settings.issueBridgeToken(for: account) } catch { throw .unavailable }
        return try await step { () async throws(WhatsAppBridgeClient.Failure) in try await bridge.link(account, phone: phone, token: token) }
    }

    /// Where the link of `account` stands; `nil` when there is none.
    public func status(of account: String) async throws(Refusal) -> WhatsAppBridgeClient.Link? {
        try await step { () async throws(WhatsAppBridgeClient.Failure) in try await bridge.status(of: account) }
    }

    /// Unlinks `account`: the bridge deletes its session, the bridge token is revoked.
    public func unlink(_ account: String) async throws(Refusal) {
        guard try await step({ () async throws(WhatsAppBridgeClient.Failure) in try await bridge.unlink(account) }) else { throw .notLinked }
        do { try await settings.revokeBridgeToken(of: account) } catch { throw .unavailable }
    }

    /// `+` and 8 to 15 digits (E.164), from what a person types: spaces, dashes, brackets, a leading 00.
    public static func phoneNumber(_ typed: String) -> String? {
        guard typed.utf8.count <= 32 else { return nil }
        var digits = typed.filter { !" -().".contains($0) }
        if digits.hasPrefix("+") { digits.removeFirst() } else if digits.hasPrefix("00") { digits.removeFirst(2) }
        guard (8...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), !digits.hasPrefix("0") else { return nil }
        return "+" + digits
    }

    private func step<T>(_ call: () async throws(WhatsAppBridgeClient.Failure) -> T) async throws(Refusal) -> T {
        do { return try await call() } catch {
            switch error {
            case .unavailable: throw .unavailable
            case .refused(let status, let message): throw .refused(status, message)
            }
        }
    }
}
