/// Why a signer could not be set up or a profile not signed. OpenSSL's own reasons, read
/// from its error queue, are in ``detail``.
public struct ProfileSigningError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        case unreadableFile
        case fileTooLarge
        case invalidCertificate
        case invalidPrivateKey
        case invalidChain
        case keyDoesNotMatchCertificate
        case inputTooLarge
        case signingFailed
    }

    public let kind: Kind
    /// The file concerned, when there is one.
    public let path: String?
    /// OpenSSL's reasons or a short explanation.
    public let detail: String

    init(_ kind: Kind, path: String? = nil, detail: String = "") {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    public var description: String {
        let what = switch kind {
        case .unreadableFile: "cannot read the file"
        case .fileTooLarge: "the file is too large for a PEM file"
        case .invalidCertificate: "no PEM certificate could be read"
        case .invalidPrivateKey: "no unencrypted PEM private key could be read"
        case .invalidChain: "no PEM certificates could be read from the chain file"
        case .keyDoesNotMatchCertificate: "the private key does not belong to the certificate"
        case .inputTooLarge: "the profile is too large to sign"
        case .signingFailed: "signing failed"
        }
        let prefix = path.map { "\($0): " } ?? ""
        return prefix + what + (detail.isEmpty ? "" : " (\(detail))")
    }
}
