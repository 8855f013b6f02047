import Crypto
import Foundation
import SQLStorage

/// A generated password for one device or app, so the account password never has to be
/// typed into a phone, and one lost device can be cut off alone.
///
/// It reads as six groups of five characters (150 random bits) from an alphabet without
/// look-alikes. The first two groups are its public id, stored in clear to find the row;
/// the whole is stored only as a bcrypt hash.
public struct AppPassword: Sendable, Hashable {
    public var id: String
    public var label: String
    public var createdAt: Int
    public var lastUsedAt: Int?

    /// The device's id as the person's API and pages show it: derived from the public id,
    /// so neither logs of URLs that name it nor its page hold any part of the password.
    public var deviceID: String {
        "d_" + SHA256.hash(data: Data(("app-password:" + id).utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    static let groups = 6
    static let groupLength = 5
    static let maxLabelLength = 100

    /// A new random password, as the user will type it.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<groups).map { _ in
            String((0..<groupLength).map { _ in alphabet.randomElement(using: &generator)! })
        }.joined(separator: "-")
    }

    /// Whether `text` has the shape of an app password (which says nothing of whether it is one).
    public static func isAppPasswordShaped(_ text: String) -> Bool { Parsed(text) != nil }

    /// A password typed in the app-password shape, split into id and whole.
    struct Parsed {
        let id: String
        let whole: String

        init?(_ text: String) {
            let groups = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)
            guard groups.count == AppPassword.groups,
                  groups.allSatisfy({ $0.count == AppPassword.groupLength && $0.allSatisfy(AppPassword.alphabet.contains) }) else { return nil }
            id = groups[0..<2].joined(separator: "-")
            whole = groups.joined(separator: "-")
        }
    }
}

extension AccountStore {
    /// Creates an app password for `name` and returns it; it is shown this once only.
    public func createAppPassword(name: String, label: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> String {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !label.isEmpty, label.count <= AppPassword.maxLabelLength else {
            throw AccountError("an app password needs a label of 1 to \(AppPassword.maxLabelLength) characters")
        }
        let password = AppPassword.generate()
        guard let parsed = AppPassword.Parsed(password) else { preconditionFailure("a generated password has the app-password shape") }
        let hash = await PasswordHashing.hash(parsed.whole, cost: cost)
        try await database.write { session in
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [name]) == true else {
                throw AccountError("no user \(name)", missing: true)
            }
            // The unique label decides, so the same label created twice at once is refused once.
            let inserted = try await session.execute("""
                INSERT INTO app_password (account, id, label, password_hash, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, label) DO NOTHING
                """, [name, parsed.id, label, hash, now])
            if inserted == 0 { throw AccountError("\(name) already has an app password labelled '\(label)'", conflict: true) }
        }
        return password
    }

    /// The app passwords of `name`, without their secrets.
    public func appPasswords(name: String) async throws -> [AppPassword] {
        try await database.read { session in
            try await session.query("SELECT id, label, created_at, last_used_at FROM app_password WHERE account = ? ORDER BY created_at, label", [name]).map {
                AppPassword(id: $0["id"], label: $0["label"], createdAt: $0["created_at"], lastUsedAt: $0["last_used_at"])
            }
        }
    }

    /// Revokes the app password with this label; it stops working at once for new checks.
    public func revokeAppPassword(name: String, label: String) async throws {
        let changed = try await database.write { session in
            return try await session.execute("DELETE FROM app_password WHERE account = ? AND label = ?", [name, label])
        }
        if changed == 0 { throw AccountError("\(name) has no app password labelled '\(label)'", missing: true) }
    }

    /// Revokes the app password of `name` whose ``AppPassword/deviceID`` is `deviceID`.
    /// - Returns: its label, or `nil` when the person has no such device.
    public func revokeAppPassword(name: String, deviceID: String) async throws -> String? {
        guard let device = try await appPasswords(name: name).first(where: { $0.deviceID == deviceID }) else { return nil }
        let changed = try await database.write { session in
            try await session.execute("DELETE FROM app_password WHERE account = ? AND id = ?", [name, device.id])
        }
        return changed == 0 ? nil : device.label
    }

    func verifyAppPassword(name: String, _ password: AppPassword.Parsed, now: Int) async -> Bool {
        let hash = try? await database.read { session in
            try await session.scalar(String.self, "SELECT password_hash FROM app_password WHERE account = ? AND id = ?", [name, password.id])
        }
        guard let stored = hash.flatMap({ $0 }) else {
            _ = await PasswordHashing.verify(password.whole, hash: decoyHash)
            return false
        }
        guard await PasswordHashing.verify(password.whole, hash: stored) else { return false }
        _ = try? await database.write { session in
            try await session.execute("UPDATE app_password SET last_used_at = ? WHERE account = ? AND id = ?", [now, name, password.id])
        }
        return true
    }
}
