import ArgumentParser
import Foundation
import Provisioning
import WebDAV

/// `jadwald profile`: iOS configuration profiles (.mobileconfig) from the command line.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Make and sign iOS configuration profiles (.mobileconfig).",
        subcommands: [CalDAV.self, Sign.self])

    /// Signing options shared by the subcommands.
    struct SigningOptions: ParsableArguments {
        @Option(help: "PEM certificate to sign with (e.g. the server's TLS certificate).") var certificate: String?
        @Option(help: "PEM private key of the certificate (unencrypted).") var key: String?
        @Option(help: "PEM file of intermediate certificates to include.") var chain: String?

        /// A signer when a certificate and key are given, `nil` when neither is.
        func signer() throws -> ProfileSigner? {
            switch (certificate, key) {
            case (nil, nil):
                guard chain == nil else { throw ValidationError("--chain needs --certificate and --key") }
                return nil
            case let (certificate?, key?):
                do {
                    return try ProfileSigner(certificatePath: certificate, keyPath: key, chainPath: chain)
                } catch {
                    throw CommandFailure(error.description)
                }
            default:
                throw ValidationError("give both --certificate and --key")
            }
        }
    }

    static let maximumProfileBytes = 1 << 20

    static func write(_ data: Data, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw CommandFailure("\(path): cannot write the file")
        }
    }
}

extension ProfileCommand {
    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign a profile file (CMS, DER) so iOS shows it as verified.")
        @OptionGroup var signing: SigningOptions
        @Argument(help: "The unsigned profile.") var input: String
        @Argument(help: "Where to write the signed profile.") var output: String

        func validate() throws {
            if signing.certificate == nil || signing.key == nil { throw ValidationError("give --certificate and --key") }
        }

        func run() throws {
            guard let signer = try signing.signer() else { return }
            let bytes = try StandardStreams.read(input)
            guard bytes.count <= ProfileCommand.maximumProfileBytes else {
                throw CommandFailure("\(input): larger than \(ProfileCommand.maximumProfileBytes) bytes")
            }
            let signed: Data
            do { signed = try signer.sign(Data(bytes)) } catch { throw CommandFailure(error.description) }
            try ProfileCommand.write(signed, to: output)
        }
    }

    struct CalDAV: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "caldav",
            abstract: "Write a profile with a CalDAV account; the password is read from standard input.",
            discussion: """
                Give the password of one device (an app password from `jadwald user app-password`), \
                not the account's own. With --certificate and --key the profile is signed.
                """)
        @Option(help: "The server's public host name, optionally with :port.") var host: String
        @Option(help: "The port clients connect to (default: the one in --host, else 443 or 80).") var port: Int?
        @Flag(help: "The server is reached over plain HTTP (no TLS).") var noSSL = false
        @Option(help: "The user name.") var user: String
        @Option(help: "The principal path (default /dav/principals/USER/).") var principal: String?
        @OptionGroup var signing: SigningOptions
        @Argument(help: "Where to write the profile.") var output: String

        func run() throws {
            let password = try PasswordInput.read(fromStandardInput: true)
            let signer = try signing.signer()
            let profile: ConfigurationProfile
            do {
                profile = try SetupProfile.calDAVAccount(
                    publicHost: host, port: port, useSSL: !noSSL, principalPath: principal ?? ServerPath.principalHref(user),
                    userName: user, appPassword: password)
            } catch {
                throw CommandFailure(error.description)
            }
            var data = profile.propertyList()
            if let signer {
                do { data = try signer.sign(data) } catch { throw CommandFailure(error.description) }
            }
            try ProfileCommand.write(data, to: output)
        }
    }
}
