import Foundation
import HummingbirdBcrypt
import SQLStorage

/// User accounts, kept in the application's database (``ApplicationDatabase``). Passwords
/// are stored only as bcrypt hashes.
public final class AccountStore: Sendable {
    /// One account as listed to administrators: never its password hash.
    public struct Account: Sendable, Hashable {
        public var name: String
        public var email: String?
        /// The person's name as calendar apps show it (DAV:displayname of their principal).
        public var displayName: String?
        public var isAdmin: Bool
        public var createdAt: Int
        /// Never reused: a deleted account's tokens name an id no later account has.
        public var id: String?
        /// Raised by every password change: sessions started before it end.
        public var passwordGeneration: Int = 0

        /// The columns ``init(row:)`` reads.
        static let columns = "name, email, display_name, is_admin, created_at, id, password_generation"

        init(row: SQLRow) {
            self.init(name: row["name"], email: row["email"], isAdmin: row["is_admin"], createdAt: row["created_at"],
                      id: row["id"], passwordGeneration: row["password_generation"], displayName: row["display_name"])
        }

        public init(name: String, email: String?, isAdmin: Bool, createdAt: Int, id: String? = nil, passwordGeneration: Int = 0,
                    displayName: String? = nil) {
            self.name = name
            self.email = email
            self.displayName = displayName
            self.isAdmin = isAdmin
            self.createdAt = createdAt
            self.id = id
            self.passwordGeneration = passwordGeneration
        }
    }

    /// Why an account operation was refused.
    public struct AccountError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// Whether it was refused because the user (or their app password) does not exist.
        public var isMissing: Bool
        /// Whether it was refused because the name or address belongs to another account.
        public var isConflict: Bool
        init(_ description: String, missing: Bool = false, conflict: Bool = false) {
            self.description = description
            isMissing = missing
            isConflict = conflict
        }

        /// A user that does not exist.
        public static let missingUser = AccountError("no such user", missing: true)
    }

    let database: any SQLDatabase
    let cost: UInt8
    /// A hash of no one's password at the same cost, checked for unknown names.
    let decoyHash: String

    /// The accounts in a database whose tables are already up to date (opened through
    /// ``ApplicationDatabase``).
    init(database: any SQLDatabase, bcryptCost: UInt8) {
        self.database = database
        cost = bcryptCost
        decoyHash = Bcrypt.hash(UUID().uuidString, cost: bcryptCost)
    }

    /// Account names are principal path segments: letters, digits and `._@+-`, 1 to 64.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._@+-".unicodeScalars.contains($0) }
    }

    /// A plausible address: one `@` with text either side, no spaces, at most 254 bytes.
    public static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return email.utf8.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !email.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    /// Creates an account; fails if the name is invalid or taken, also in another
    /// normalization or case (``AccountIdentity``), if the email address belongs to another
    /// account, or if the password is too short. The name and address are stored in NFC.
    public func create(name: String, password: String, email: String? = nil, isAdmin: Bool = false,
                       now: Int = Int(Date().timeIntervalSince1970)) async throws {
        let (name, email) = try Self.validated(name: name, email: email)
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        try await insert(name: name, credential: await PasswordHashing.hash(password, cost: cost), email: email, isAdmin: isAdmin, now: now)
    }

    /// Creates an account whose password another server kept as HTTP Digest's
    /// `md5(name:realm:password)` (Baïkal's `digesta1`), with the checks of
    /// ``create(name:password:email:isAdmin:now:)``. The first sign-in with the password
    /// stores a bcrypt hash in its place.
    ///
    /// With `arriving`, the account cannot sign in until ``finishArrival(name:)``: a
    /// migration makes its users so, fills their calendars, and lets them in at the end.
    public func createInherited(name: String, digest: String, realm: String, email: String? = nil, displayName: String? = nil,
                                arriving: Bool = false, now: Int = Int(Date().timeIntervalSince1970)) async throws {
        let (name, email) = try Self.validated(name: name, email: email)
        guard InheritedDigest.isDigest(digest), !realm.contains("$") else { throw AccountError("the password digest of \(name) is not an MD5 digest") }
        let credential = InheritedDigest.stored(realm: realm, hex: digest)
        try await insert(name: name, credential: arriving ? InheritedDigest.arriving + credential : credential, email: email, isAdmin: false, now: now)
        if let displayName { try await setDisplayName(name: name, displayName) }
    }

    /// Sets (or with `nil` removes) the name calendar apps show for the account; at most 200 characters.
    public func setDisplayName(name: String, _ displayName: String?) async throws {
        let cleaned = displayName.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200)) }.flatMap { $0.isEmpty ? nil : $0 }
        let changed = try await database.write { session in
            try await session.execute("UPDATE account SET display_name = ? WHERE name = ?", [cleaned, name])
        }
        guard changed == 1 else { throw AccountError.missingUser }
    }

    /// Lets an account made `arriving` sign in; `false` when it is not (any more) arriving.
    @discardableResult
    public func finishArrival(name: String) async throws -> Bool {
        try await database.write { session in
            guard let stored = try await session.scalar(String.self, "SELECT password_hash FROM account WHERE name = ?", [name]),
                  stored.hasPrefix(InheritedDigest.arriving) else { return false }
            return try await session.execute("UPDATE account SET password_hash = ? WHERE name = ? AND password_hash = ?",
                                             [String(stored.dropFirst(InheritedDigest.arriving.count)), name, stored]) == 1
        }
    }

    /// Whether the account was made `arriving` by a migration that has not finished (one
    /// that was stopped midway leaves such accounts behind).
    public func isArriving(name: String) async throws -> Bool {
        try await database.read { session in
            try await session.scalar(String.self, "SELECT password_hash FROM account WHERE name = ?", [name])?.hasPrefix(InheritedDigest.arriving) ?? false
        }
    }

    /// The name and address as stored (NFC), or why they cannot be.
    private static func validated(name: String, email: String?) throws -> (name: String, email: String?) {
        let name = AccountIdentity.canonical(name)
        let email = email.map(AccountIdentity.canonical)
        guard isValidName(name) else { throw AccountError("'\(name)' is not a valid user name: use letters, digits and . _ @ + -") }
        if let email, !isValidEmail(email) { throw AccountError("'\(email)' is not an email address") }
        return (name, email)
    }

    private func insert(name: String, credential hash: String, email: String?, isAdmin: Bool, now: Int) async throws {
        let nameKey = AccountIdentity.key(name)
        let emailKey = email.map(AccountIdentity.key)
        try await database.write { session in
            if let taken = try await session.scalar(String.self, "SELECT name FROM account WHERE name_key = ? OR name = ?", [nameKey, name]) {
                throw AccountError(taken.utf8.elementsEqual(name.utf8) ? "user \(name) exists already" : "the name \(name) is taken: it is the same as \(taken)",
                                   conflict: true)
            }
            if let emailKey, let holder = try await session.scalar(String.self, "SELECT name FROM account WHERE email_key = ?", [emailKey]) {
                throw AccountError("\(email ?? "") is already the address of user \(holder)", conflict: true)
            }
            // The unique keys decide, so two processes creating the same name at once get
            // one account and one refusal, not a constraint error.
            let inserted = try await session.execute("""
                INSERT INTO account (name, password_hash, email, is_admin, created_at, name_key, email_key, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, [name, hash, email, isAdmin, now, nameKey, emailKey, AccountIdentity.newID()])
            if inserted == 0 { throw AccountError("user \(name) exists already", conflict: true) }
        }
    }

    /// The stored name of the account `typed` names: the same bytes in NFC, or failing
    /// that the one account whose key matches (another case or normalization); `nil` when
    /// there is none.
    public func resolve(_ typed: String) async throws -> String? {
        let name = AccountIdentity.canonical(typed)
        guard name.utf8.count <= 256 else { return nil }
        return try await database.read { session in
            if try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [name]) == true { return name }
            return try await session.scalar(String.self, "SELECT name FROM account WHERE name_key = ?", [AccountIdentity.key(name)])
        }
    }

    /// Accounts an administrator must settle: made before names were compared by key,
    /// their name is not in NFC or collides with an older account's, or their email address
    /// is another account's. Nothing was merged; each line says what to do.
    public func identityProblems() async throws -> [String] {
        try await database.read { session in
            try await session.query("SELECT name, email, name_key, email_key FROM account WHERE name_key IS NULL OR (email IS NOT NULL AND email_key IS NULL) ORDER BY created_at").map { row in
                let name: String = row["name"]
                let nameKey: String? = row["name_key"]
                let email: String? = row["email"]
                if nameKey == nil {
                    return "user \(name.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "<U+%04X>", $0.value) }.joined()) has a name that is not in canonical form or is the same as an older user's after normalization; it cannot sign in until renamed: delete it (jadwald user delete) and add it again under another name"
                }
                return "user \(name) has the email address \(email ?? "") of an older user; change one of them (jadwald user email, or the admin API)"
            }
        }
    }

    /// Replaces an account's password.
    public func setPassword(name: String, password: String) async throws {
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        let hash = await PasswordHashing.hash(password, cost: cost)
        let changed = try await database.write { session in
            // Browser sessions started before the change end with it.
            return try await session.execute("UPDATE account SET password_hash = ?, password_generation = password_generation + 1 WHERE name = ?", [hash, name])
        }
        if changed == 0 { throw AccountError("no user \(name)", missing: true) }
    }

    /// Deletes an account (its calendars are the calendar store's to delete).
    public func delete(name: String) async throws {
        let changed = try await database.write { session in
            return try await session.execute("DELETE FROM account WHERE name = ?", [name])
        }
        if changed == 0 { throw AccountError("no user \(name)", missing: true) }
    }

    /// Every account, by name.
    public func list() async throws -> [Account] {
        try await database.read { session in
            try await session.query("SELECT \(Account.columns) FROM account ORDER BY name").map(Account.init(row:))
        }
    }

    /// One account by its stored name, or `nil`.
    public func account(named name: String) async throws -> Account? {
        try await database.read { session in
            try await session.queryRow("SELECT \(Account.columns) FROM account WHERE name = ?", [name]).map(Account.init(row:))
        }
    }

    /// The stored hash `password` would be checked against (the account's, or an app
    /// password's) with the account's email address and display name, or `nil` when there
    /// is no such hash. It changes when the password is changed or revoked, the account
    /// deleted or its name or address changed, so a cache of successful checks (and of who
    /// signed in) keyed by it is invalidated at once. One indexed read, no bcrypt.
    public func credentialStamp(name: String, password: String) async -> String? {
        // One statement, on every authenticated request: no snapshot needed.
        let row = try? await database.read { session in
            if let appPassword = AppPassword.Parsed(password) {
                return try await session.queryRow("""
                    SELECT p.password_hash, a.email, a.display_name FROM app_password p JOIN account a ON a.name = p.account
                    WHERE p.account = ? AND p.id = ?
                    """, [name, appPassword.id])
            }
            return try await session.queryRow("SELECT password_hash, email, display_name FROM account WHERE name = ?", [name])
        }
        guard let row = row.flatMap({ $0 }) else { return nil }
        let (hash, email, displayName): (String, String?, String?) = (row["password_hash"], row["email"], row["display_name"])
        return [hash, email ?? "", displayName ?? ""].joined(separator: "\u{0}")
    }

    /// Whether `password` is the account's password or one of its app passwords; `false`
    /// for unknown names too. Unknown names still cost one bcrypt check, so timing does not
    /// tell which names exist.
    public func verify(name: String, password: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Bool {
        if let appPassword = AppPassword.Parsed(password) {
            return await verifyAppPassword(name: name, appPassword, now: now)
        }
        let hash = try? await database.read { session in
            try await session.scalar(String.self, "SELECT password_hash FROM account WHERE name = ?", [name])
        }
        guard let stored = hash.flatMap({ $0 }) else {
            _ = await PasswordHashing.verify(password, hash: decoyHash)
            return false
        }
        if stored.hasPrefix(InheritedDigest.arriving) {
            _ = await PasswordHashing.verify(password, hash: decoyHash)
            return false
        }
        if let inherited = InheritedDigest.parse(stored) {
            return await verifyInherited(name: name, password: password, stored: stored, inherited)
        }
        return await PasswordHashing.verify(password, hash: stored)
    }

    /// A password still kept as another server's digest: checked against it and, when
    /// right, stored as a bcrypt hash from then on (the digest is dropped). A wrong one
    /// costs a bcrypt check too, as everywhere else.
    private func verifyInherited(name: String, password: String, stored: String, _ inherited: (realm: String, hex: String)) async -> Bool {
        guard InheritedDigest.matches(name: name, password: password, realm: inherited.realm, hex: inherited.hex) else {
            _ = await PasswordHashing.verify(password, hash: decoyHash)
            return false
        }
        let hash = await PasswordHashing.hash(password, cost: cost)
        _ = try? await database.write { session in
            try await session.execute("UPDATE account SET password_hash = ? WHERE name = ? AND password_hash = ?", [hash, name, stored])
        }
        return true
    }
}
