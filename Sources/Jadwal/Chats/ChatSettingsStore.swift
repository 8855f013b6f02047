import Foundation
import SQLStorage

/// Per-user chat settings: the bridge token a WhatsApp bridge posts with, where
/// notifications go, and the waking hours conflict suggestions keep to.
public struct ChatSettingsStore: Sendable {
    let database: any SQLDatabase
    let cipher: SealingKey

    public struct Settings: Sendable, Equatable {
        public var webhookURL: String?
        public var notifyByEmail: Bool
        /// Minutes after midnight; suggestions start no earlier and end no later.
        public var wakingStart: Int
        public var wakingEnd: Int
        public var hasBridgeToken: Bool

        public static let defaults = Settings(webhookURL: nil, notifyByEmail: true, wakingStart: 8 * 60, wakingEnd: 22 * 60, hasBridgeToken: false)
    }

    public func settings(of account: String) async throws -> Settings {
        try await database.read { session in
            try await session.queryRow("SELECT * FROM chat_settings WHERE account = ?", [account])
        }.map(Self.settings) ?? .defaults
    }

    private static func settings(_ row: SQLRow) -> Settings {
        Settings(webhookURL: row["webhook_url"], notifyByEmail: row["notify_by_email"], wakingStart: row["waking_start"],
                 wakingEnd: row["waking_end"], hasBridgeToken: (row["bridge_token_digest"] as String?) != nil)
    }

    /// Changes what is given. A new webhook URL gets a new signing secret, returned once.
    public func update(_ account: String, webhookURL: String?? = nil, notifyByEmail: Bool? = nil, waking: (start: Int, end: Int)? = nil,
                       rotateSecret: Bool = false) async throws -> (settings: Settings, newSecret: String?) {
        let cipher = cipher
        let waking = waking.map { [$0.start, $0.end] }
        return try await database.write { session in
            try await session.execute("INSERT INTO chat_settings (account) VALUES (?) ON CONFLICT DO NOTHING", [account])
            // Read in the write and locked until commit, so that a concurrent update (another
            // process) changing other fields is not undone by this one.
            let current = try await session.queryRow("SELECT * FROM chat_settings WHERE account = ?\(session.dialect.forUpdate)", [account])
                .map(Self.settings) ?? .defaults
            var next = current
            if let webhookURL { next.webhookURL = webhookURL }
            if let notifyByEmail { next.notifyByEmail = notifyByEmail }
            if let waking { (next.wakingStart, next.wakingEnd) = (waking[0], waking[1]) }
            let secret = next.webhookURL != nil && (next.webhookURL != current.webhookURL || rotateSecret) ? "whsec_" + SecretToken.generate() : nil
            let sealed = try secret.map { try cipher.seal($0, context: "webhook_secret:\(account)") }
            try await session.execute("""
                UPDATE chat_settings SET webhook_url = ?, notify_by_email = ?, waking_start = ?, waking_end = ?,
                webhook_secret = CASE WHEN ? = 0 THEN NULL ELSE coalesce(?, webhook_secret) END WHERE account = ?
                """, [next.webhookURL, next.notifyByEmail, next.wakingStart, next.wakingEnd,
                      next.webhookURL != nil, sealed, account])
            return UpdateResult(settings: next, newSecret: secret)
        }.tuple
    }

    /// ``update(_:webhookURL:notifyByEmail:waking:rotateSecret:)``'s result, out of the write.
    private struct UpdateResult: Sendable {
        var settings: Settings
        var newSecret: String?
        var tuple: (settings: Settings, newSecret: String?) { (settings, newSecret) }
    }

    /// The webhook URL and its secret, when set.
    func webhook(of account: String) async throws -> (url: String, secret: String)? {
        try await database.read { session in
            try await session.queryRow("SELECT webhook_url, webhook_secret FROM chat_settings WHERE account = ? AND webhook_url IS NOT NULL", [account])
        }.flatMap { row in
            guard let url: String = row["webhook_url"], let sealed: Data = row["webhook_secret"] else { return nil }
            return (url, try cipher.openString(sealed, context: "webhook_secret:\(account)"))
        }
    }

    /// A new bridge token for `account`, replacing any earlier one. Only its digest is kept.
    public func issueBridgeToken(for account: String) async throws -> String {
        let token = "jb_" + SecretToken.generate()
        try await database.write { session in
            try await session.execute("""
                INSERT INTO chat_settings (account, bridge_token_digest) VALUES (?, ?)
                ON CONFLICT (account) DO UPDATE SET bridge_token_digest = excluded.bridge_token_digest
                """, [account, SecretToken.digest(token)])
        }
        return token
    }

    public func revokeBridgeToken(of account: String) async throws {
        try await database.write { session in
            try await session.execute("UPDATE chat_settings SET bridge_token_digest = NULL WHERE account = ?", [account])
        }
    }

    /// The account a bridge token belongs to, or nil.
    public func account(forBridgeToken token: String) async throws -> String? {
        guard token.hasPrefix("jb_"), SecretToken.isWellFormed(String(token.dropFirst(3))) else { return nil }
        return try await database.read { session in
            try await session.scalar(String.self, "SELECT account FROM chat_settings WHERE bridge_token_digest = ?", [SecretToken.digest(token)])
        }
    }
}
