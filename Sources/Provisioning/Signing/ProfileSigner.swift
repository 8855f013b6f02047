import COpenSSLCrypto
import Foundation

/// Signs configuration profiles so iOS shows them as verified: a DER CMS SignedData
/// (RFC 5652) with the profile inside, made by OpenSSL's `CMS_sign`.
///
/// The certificate should be one iOS trusts for its host name, such as the server's TLS
/// certificate from a public CA, with its intermediate certificates as the chain.
/// The signer loads and checks its files once; it keeps the parsed objects read-only and
/// frees them when released.
public final class ProfileSigner: @unchecked Sendable {
    // @unchecked: the certificate, key and chain are never changed after init; libcrypto
    // lets threads share such objects, taking references with atomic counts.
    private let certificate: OpaquePointer
    private let privateKey: OpaquePointer
    private let chain: OpaquePointer?

    /// The largest PEM file read.
    public static let maximumPEMBytes = 1 << 20
    /// The largest profile signed.
    public static let maximumInputBytes = 4 << 20

    /// Loads a PEM certificate, its PEM private key (unencrypted) and optionally a PEM
    /// file of intermediate certificates, and checks that the key belongs to the certificate.
    public convenience init(certificatePath: String, keyPath: String, chainPath: String? = nil) throws(ProfileSigningError) {
        try self.init(certificatePEM: Self.read(certificatePath), keyPEM: Self.read(keyPath),
                      chainPEM: chainPath.map { path throws(ProfileSigningError) in try Self.read(path) },
                      paths: (certificatePath, keyPath, chainPath))
    }

    /// The same from PEM text already in memory.
    public convenience init(certificatePEM: [UInt8], keyPEM: [UInt8], chainPEM: [UInt8]? = nil) throws(ProfileSigningError) {
        try self.init(certificatePEM: certificatePEM, keyPEM: keyPEM, chainPEM: chainPEM, paths: (nil, nil, nil))
    }

    private init(certificatePEM: [UInt8], keyPEM: [UInt8], chainPEM: [UInt8]?,
                 paths: (certificate: String?, key: String?, chain: String?)) throws(ProfileSigningError) {
        ERR_clear_error()
        let certificate = try OpenSSL.withMemoryBIO(certificatePEM, { bio throws(ProfileSigningError) in
            guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else {
                throw ProfileSigningError(.invalidCertificate, path: paths.certificate, detail: OpenSSL.drainErrors())
            }
            return certificate
        }, failing: .invalidCertificate)
        var ownsCertificate = true
        defer { if ownsCertificate { X509_free(certificate) } }

        let privateKey = try OpenSSL.withMemoryBIO(keyPEM, { bio throws(ProfileSigningError) in
            // A callback that gives no passphrase, so an encrypted key fails instead of
            // prompting on the terminal.
            guard let key = PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil) else {
                throw ProfileSigningError(.invalidPrivateKey, path: paths.key, detail: OpenSSL.drainErrors())
            }
            return key
        }, failing: .invalidPrivateKey)
        var ownsKey = true
        defer { if ownsKey { EVP_PKEY_free(privateKey) } }

        guard X509_check_private_key(certificate, privateKey) == 1 else {
            _ = OpenSSL.drainErrors()
            throw ProfileSigningError(.keyDoesNotMatchCertificate, path: paths.key)
        }

        let chain = try chainPEM.map { pem throws(ProfileSigningError) in
            try Self.readChain(pem, path: paths.chain, leaf: certificate)
        }
        ownsCertificate = false
        ownsKey = false
        self.certificate = certificate
        self.privateKey = privateKey
        self.chain = chain
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(privateKey)
        if let chain { copenssl_x509_stack_free(chain) }
    }

    /// The number of intermediate certificates the signature carries.
    public var chainLength: Int { chain.map { Int(copenssl_x509_stack_count($0)) } ?? 0 }

    /// Signs `data`: DER CMS SignedData, the content attached, binary (no MIME
    /// canonicalization), the signer's certificate and the chain included.
    public func sign(_ data: Data) throws(ProfileSigningError) -> Data {
        guard data.count <= Self.maximumInputBytes else { throw ProfileSigningError(.inputTooLarge) }
        ERR_clear_error()
        let signed = try OpenSSL.withMemoryBIO([UInt8](data), { input throws(ProfileSigningError) in
            guard let cms = CMS_sign(certificate, privateKey, chain, input, UInt32(CMS_BINARY)) else {
                throw ProfileSigningError(.signingFailed, detail: OpenSSL.drainErrors())
            }
            defer { CMS_ContentInfo_free(cms) }
            guard let output = BIO_new(BIO_s_mem()) else {
                throw ProfileSigningError(.signingFailed, detail: OpenSSL.drainErrors())
            }
            defer { BIO_free(output) }
            guard i2d_CMS_bio(output, cms) == 1 else {
                throw ProfileSigningError(.signingFailed, detail: OpenSSL.drainErrors())
            }
            return OpenSSL.contents(of: output)
        }, failing: .signingFailed)
        return Data(signed)
    }

    /// Every certificate in a PEM chain file, at least one. The signing certificate and
    /// repeats are left out (CMS_sign refuses a certificate twice), so a "full chain"
    /// file that starts with the leaf works as the chain.
    private static func readChain(_ pem: [UInt8], path: String?, leaf: OpaquePointer) throws(ProfileSigningError) -> OpaquePointer {
        guard let stack = copenssl_x509_stack_new() else {
            throw ProfileSigningError(.invalidChain, path: path, detail: OpenSSL.drainErrors())
        }
        var ownsStack = true
        defer { if ownsStack { copenssl_x509_stack_free(stack) } }
        var certificatesRead = 0
        try OpenSSL.withMemoryBIO(pem, { bio throws(ProfileSigningError) in
            var kept = [leaf]
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                certificatesRead += 1
                if kept.contains(where: { X509_cmp($0, certificate) == 0 }) {
                    X509_free(certificate)
                    continue
                }
                kept.append(certificate)
                guard copenssl_x509_stack_push(stack, certificate) > 0 else {
                    X509_free(certificate)
                    throw ProfileSigningError(.invalidChain, path: path, detail: OpenSSL.drainErrors())
                }
            }
            // The loop ends on "no start line" at the end of the input; anything else is
            // a damaged certificate.
            let last = ERR_peek_last_error()
            if last != 0, copenssl_error_is_pem_no_start_line(last) == 0 {
                throw ProfileSigningError(.invalidChain, path: path, detail: OpenSSL.drainErrors())
            }
            ERR_clear_error()
        }, failing: .invalidChain)
        guard certificatesRead > 0 else { throw ProfileSigningError(.invalidChain, path: path) }
        ownsStack = false
        return stack
    }

    private static func read(_ path: String) throws(ProfileSigningError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw ProfileSigningError(.unreadableFile, path: path) }
        guard size <= maximumPEMBytes else { throw ProfileSigningError(.fileTooLarge, path: path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ProfileSigningError(.unreadableFile, path: path) }
        guard data.count <= maximumPEMBytes else { throw ProfileSigningError(.fileTooLarge, path: path) }
        return [UInt8](data)
    }
}
