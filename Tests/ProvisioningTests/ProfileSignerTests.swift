import Foundation
import Provisioning
import Testing

/// Certificates made by the `openssl` command in a fresh folder: a CA, a leaf it signed,
/// and an unrelated key.
struct SigningFiles {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jadwal-signer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                    "-subj", "/CN=Jadwal Test CA", "-keyout", path("ca.key"), "-out", path("ca.pem"))
        try openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=cal.example.org",
                    "-keyout", path("leaf.key"), "-out", path("leaf.csr"))
        try openssl("x509", "-req", "-in", path("leaf.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                    "-CAcreateserial", "-days", "2", "-out", path("leaf.pem"))
        try openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path("other.key"))
        try openssl("pkey", "-in", path("leaf.key"), "-aes256", "-passout", "pass:secret", "-out", path("encrypted.key"))
        try openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                    "-subj", "/CN=Other CA", "-keyout", path("other-ca.key"), "-out", path("other-ca.pem"))
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    @discardableResult
    func openssl(_ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct ProfileSignerTests {
    @Test func signedProfileVerifiesAndHoldsTheContent() throws {
        let files = try SigningFiles()
        defer { files.remove() }
        let signer = try ProfileSigner(certificatePath: files.path("leaf.pem"), keyPath: files.path("leaf.key"),
                                       chainPath: files.path("ca.pem"))
        #expect(signer.chainLength == 1)
        let profile = try SetupProfile.calDAVAccount(publicHost: "cal.example.org", useSSL: true, principalPath: "/principals/amal/",
                                                     userName: "amal", appPassword: "app-pass-1234").propertyList()
        let signed = try signer.sign(profile)
        #expect(signed.first == 0x30)  // a DER SEQUENCE
        #expect(signed.range(of: profile) != nil)  // the content is attached
        try signed.write(to: files.folder.appendingPathComponent("signed.der"))
        let status = try files.openssl("cms", "-verify", "-inform", "DER", "-in", files.path("signed.der"),
                                       "-CAfile", files.path("ca.pem"), "-out", files.path("content.plist"))
        #expect(status == 0)
        #expect(FileManager.default.contents(atPath: files.path("content.plist")) == profile)
        // Against another CA, the same signature does not verify.
        #expect(try files.openssl("cms", "-verify", "-inform", "DER", "-in", files.path("signed.der"),
                                  "-CAfile", files.path("other-ca.pem"), "-out", "/dev/null") != 0)
    }

    @Test func keyOfAnotherCertificateIsRefused() throws {
        let files = try SigningFiles()
        defer { files.remove() }
        let error = #expect(throws: ProfileSigningError.self) {
            try ProfileSigner(certificatePath: files.path("leaf.pem"), keyPath: files.path("other.key"))
        }
        #expect(error?.kind == .keyDoesNotMatchCertificate)
        #expect(error?.description.contains("does not belong to the certificate") == true)
    }

    @Test func missingAndGarbageFilesAreRefused() throws {
        let files = try SigningFiles()
        defer { files.remove() }
        func kind(_ certificate: String, _ key: String, _ chain: String? = nil) -> ProfileSigningError.Kind? {
            #expect(throws: ProfileSigningError.self) {
                try ProfileSigner(certificatePath: certificate, keyPath: key, chainPath: chain)
            }?.kind
        }
        let garbage = try files.write("garbage.pem", "-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n")
        let text = try files.write("text.pem", "hello\n")
        #expect(kind(files.path("missing.pem"), files.path("leaf.key")) == .unreadableFile)
        #expect(kind(files.path("leaf.pem"), files.path("missing.key")) == .unreadableFile)
        #expect(kind(garbage, files.path("leaf.key")) == .invalidCertificate)
        #expect(kind(text, files.path("leaf.key")) == .invalidCertificate)
        #expect(kind(files.path("leaf.pem"), text) == .invalidPrivateKey)
        #expect(kind(files.path("leaf.pem"), files.path("leaf.pem")) == .invalidPrivateKey)
        // An encrypted key fails at once rather than prompting for a passphrase.
        #expect(kind(files.path("leaf.pem"), files.path("encrypted.key")) == .invalidPrivateKey)
        #expect(kind(files.path("leaf.pem"), files.path("leaf.key"), text) == .invalidChain)
        #expect(kind(files.path("leaf.pem"), files.path("leaf.key"), garbage) == .invalidChain)
        #expect(kind(files.path("leaf.pem"), files.path("leaf.key"), files.path("missing.pem")) == .unreadableFile)
        #expect(kind(files.folder.path, files.path("leaf.key")) == .unreadableFile)
        let huge = try files.write("huge.pem", String(repeating: "a", count: ProfileSigner.maximumPEMBytes + 1))
        #expect(kind(huge, files.path("leaf.key")) == .fileTooLarge)
    }

    @Test func signerFromMemoryAndChainOfSeveral() throws {
        let files = try SigningFiles()
        defer { files.remove() }
        let certificate = try #require(FileManager.default.contents(atPath: files.path("leaf.pem")))
        let key = try #require(FileManager.default.contents(atPath: files.path("leaf.key")))
        let ca = try #require(FileManager.default.contents(atPath: files.path("ca.pem")))
        let otherCA = try #require(FileManager.default.contents(atPath: files.path("other-ca.pem")))
        let signer = try ProfileSigner(certificatePEM: [UInt8](certificate), keyPEM: [UInt8](key),
                                       chainPEM: [UInt8](ca) + [UInt8](otherCA))
        #expect(signer.chainLength == 2)
        #expect(try signer.sign(Data("x".utf8)).count > 100)
        // A full-chain file (leaf first) and repeats: only the other certificates are kept.
        let fullChain = try ProfileSigner(certificatePEM: [UInt8](certificate), keyPEM: [UInt8](key),
                                          chainPEM: [UInt8](certificate) + [UInt8](ca) + [UInt8](ca))
        #expect(fullChain.chainLength == 1)
        #expect(try fullChain.sign(Data("x".utf8)).count > 100)
        let leafOnly = try ProfileSigner(certificatePEM: [UInt8](certificate), keyPEM: [UInt8](key), chainPEM: [UInt8](certificate))
        #expect(leafOnly.chainLength == 0)
        #expect(throws: ProfileSigningError.self) { try signer.sign(Data(count: ProfileSigner.maximumInputBytes + 1)) }
    }
}
