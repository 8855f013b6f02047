import Crypto
import Foundation

/// An AES-256-GCM key that seals values at rest: chat messages and webhook secrets with
/// the chat key, and the keys kept in the store (``KeyVault``) with the server's secret key.
///
/// A key comes from configuration (base64) or from a key file that is made, owner-only, at
/// first start. A sealed value is `nonce ‖ ciphertext ‖ tag`, bound to a context string
/// (the table and row it belongs to), so a value copied to another row does not open there.
public struct SealingKey: Sendable {
    /// Why a key could not be had or a value not opened.
    public struct CipherError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let key: SymmetricKey

    public init(key: SymmetricKey) throws(CipherError) {
        guard key.bitCount == 256 else { throw CipherError(description: "sealing keys are 32 bytes (AES-256), got \(key.bitCount / 8)") }
        self.key = key
    }

    /// A new random key.
    public static func random() -> SealingKey {
        // 256 bits by construction, so the size check cannot fail.
        try! SealingKey(key: SymmetricKey(size: .bits256))
    }

    /// The key's 32 bytes, to be kept sealed by another key (see ``KeyVault``).
    public var bytes: Data { key.withUnsafeBytes { Data($0) } }

    /// A key given as base64 text (43 or 44 characters).
    public init(base64 text: String) throws(CipherError) {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CipherError(description: "the key is not base64")
        }
        try self.init(key: SymmetricKey(data: bytes))
    }

    /// The key in `path`, made there (mode 0600) when the file does not exist yet.
    public static func loadOrCreate(keyFile path: String) throws -> SealingKey {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            let text = random().bytes.base64EncodedString() + "\n"
            // Exclusive create: two processes starting at once keep whichever key was first.
            if manager.createFile(atPath: path + ".new-\(getpid())", contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) {
                if link(path + ".new-\(getpid())", path) != 0 && errno != EEXIST {
                    throw CipherError(description: "cannot write the key \(path): \(String(cString: strerror(errno)))")
                }
                try? manager.removeItem(atPath: path + ".new-\(getpid())")
            }
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CipherError(description: "cannot read the key \(path)")
        }
        return try SealingKey(base64: text)
    }

    public func seal(_ plaintext: some DataProtocol, context: String) throws -> Data {
        let box = try AES.GCM.seal(plaintext, using: key, authenticating: Data(context.utf8))
        return box.combined!
    }

    public func open(_ sealed: Data, context: String) throws -> Data {
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key, authenticating: Data(context.utf8))
        } catch {
            throw CipherError(description: "a sealed value does not open with this key (was the key changed?)")
        }
    }

    public func seal(_ text: String, context: String) throws -> Data { try seal(Data(text.utf8), context: context) }

    public func openString(_ sealed: Data, context: String) throws -> String {
        String(decoding: try open(sealed, context: context), as: UTF8.self)
    }
}
