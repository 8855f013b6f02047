import Crypto
import Foundation
import Jadwal

/// The keys a command works with: the server's secret key, from the settings or a key file
/// in the data folder, and the keys it seals in the store (signing keys, the chat key).
///
/// A data folder from before the keys moved into the store still has them as files
/// (`keys/jwt-*.pem`, `keys/chats.key`): they are copied into the store the first time, so
/// tokens already issued and chat messages already sealed keep working, and the plain
/// files are then removed.
struct ServerKeys {
    let vault: KeyVault
    /// Where the secret key came from, for messages: `secret_key` or its file.
    let secretSource: String
    /// The data folder's `keys`, where older versions kept their key files.
    private let legacyFolder: String

    /// The vault of `application`, sealed with `secret_key`, else the key in `secret_key_file`,
    /// else `DATA/keys/secret.key` (made, owner-only, at first start).
    init(settings: ServerConfiguration, application: ApplicationDatabase) throws {
        let folder = (settings.data as NSString).appendingPathComponent("keys")
        let secret: SealingKey
        do {
            if let key = settings.secretKey {
                secret = try SealingKey(base64: key.value)
                secretSource = "secret_key"
            } else {
                let file = settings.secretKeyFile ?? (folder as NSString).appendingPathComponent("secret.key")
                secret = try SealingKey.loadOrCreate(keyFile: file)
                secretSource = file
            }
        } catch {
            throw CommandFailure("the secret key cannot be had: \(error)")
        }
        vault = application.keyVault(secret: secret)
        legacyFolder = folder
    }

    /// The signers of access tokens, after copying in older key files.
    func accessTokens(issuer: String) async throws -> AccessTokens {
        do {
            try await importSigningKeyFiles()
            return try await AccessTokens(vault: vault, issuer: issuer)
        } catch let error as KeyVault.VaultError {
            throw CommandFailure(error.description)
        }
    }

    /// `chats.key`, else the key in `chats.key_file`, else the store's chat key (an older
    /// data folder's `keys/chats.key` becomes it).
    func chatKey(_ settings: ServerConfiguration) async throws -> SealingKey {
        do {
            if let key = settings.chatsKey { return try SealingKey(base64: key.value) }
            if let file = settings.chatsKeyFile { return try SealingKey.loadOrCreate(keyFile: file) }
            let legacy = (legacyFolder as NSString).appendingPathComponent("chats.key")
            let fromFile = FileManager.default.fileExists(atPath: legacy) ? try SealingKey.loadOrCreate(keyFile: legacy).bytes : nil
            let stored = try await vault.key("chats", purpose: "chats") { fromFile ?? SealingKey.random().bytes }
            // Sealed in the store now: the plain copy goes.
            if fromFile == stored.bytes { try? FileManager.default.removeItem(atPath: legacy) }
            return try SealingKey(key: SymmetricKey(data: stored.bytes))
        } catch {
            throw CommandFailure("chat messages cannot be sealed: \(error)")
        }
    }

    /// The key that seals the answer links of invitation mails (made in the store at first use).
    func invitationKey() async throws -> SealingKey {
        do {
            let stored = try await vault.key("invitations", purpose: "invitations") { SealingKey.random().bytes }
            return try SealingKey(key: SymmetricKey(data: stored.bytes))
        } catch {
            throw CommandFailure("invitation links cannot be sealed: \(error)")
        }
    }

    /// The key that seals queued mail (made in the store at first use), set on `application`.
    func sealMail(of application: ApplicationDatabase) async throws {
        do {
            let stored = try await vault.key("mail", purpose: "mail") { SealingKey.random().bytes }
            application.sealMail(with: try SealingKey(key: SymmetricKey(data: stored.bytes)))
        } catch {
            throw CommandFailure("queued mail cannot be sealed: \(error)")
        }
    }

    /// Moves `keys/jwt-<created ms>-<random>.pem` files into the vault, keeping their ids
    /// (a key already there is left as it is).
    private func importSigningKeyFiles() async throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: legacyFolder) else { return }
        for name in names where name.hasPrefix("jwt-") && name.hasSuffix(".pem") {
            let id = String(name.dropFirst(4).dropLast(4))
            guard let created = id.split(separator: "-").first.flatMap({ Int($0) }),
                  let pem = FileManager.default.contents(atPath: (legacyFolder as NSString).appendingPathComponent(name)) else { continue }
            try await vault.add(KeyVault.StoredKey(id: id, createdMilliseconds: created, bytes: pem), purpose: AccessTokens.keyPurpose)
            try? FileManager.default.removeItem(atPath: (legacyFolder as NSString).appendingPathComponent(name))
        }
    }
}
