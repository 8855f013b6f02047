import Foundation
import Jadwal
import Testing
@testable import jadwald

/// The files the Debian package and the image install, checked against the code on every
/// run: the slow installs themselves are scripts/test-packaging's.
struct PackagingFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the packaged configuration is valid and names the package's folders")
    func packagedConfiguration() throws {
        var settings = ServerConfiguration()
        try settings.apply(file: Self.text("packaging/jadwald.toml"), source: "jadwald.toml")
        try settings.validate()
        #expect(settings.data == "/var/lib/jadwal" && settings.secretKeyFile == "/etc/jadwal/secret.key")
        #expect(settings.host == "127.0.0.1" && settings.port == 8080)
    }

    @Test("every setting the packaged configuration offers commented out is one jadwald knows")
    func commentedSettingsExist() throws {
        var section: String?
        var offered: [String] = []
        for line in try Self.text("packaging/jadwald.toml").split(separator: "\n").map(String.init) {
            let bare = line.hasPrefix("# ") ? String(line.dropFirst(2)) : line
            if bare.hasPrefix("[") {
                section = bare.dropFirst().prefix { $0 != "]" }.description
            } else if let equals = bare.range(of: " = "), bare.first?.isLetter == true {
                let name = String(bare[..<equals.lowerBound])
                if name.allSatisfy({ $0.isLetter || $0 == "_" }) { offered.append(section.map { "\($0).\(name)" } ?? name) }
            }
        }
        #expect(offered.count > 15)
        for key in offered { #expect(ServerConfiguration.keys.contains(key), "\(key) is not a setting") }
    }

    @Test("every JADWAL_ variable the compose example sets is a setting")
    func composeVariablesExist() throws {
        let compose = try Self.text("packaging/compose.yaml")
        let names = compose.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init).filter { $0.hasPrefix("JADWAL_") }
        #expect(names.count >= 3)
        #expect(ServerConfiguration.unknownEnvironmentNames(in: Dictionary(uniqueKeysWithValues: Set(names).map { ($0, "") })).isEmpty)
    }

    @Test("the README shows the systemd unit the package installs")
    func readmeUnitIsThePackaged() throws {
        let unit = try Self.text("packaging/jadwald.service")
        #expect(try Self.text("README.md").contains("```ini\n" + unit + "```"))
    }

    @Test("the health check asks the loopback address when the server listens on every address")
    func readinessURL() {
        var settings = ServerConfiguration()
        #expect(HealthCommand.readinessURL(settings) == "http://127.0.0.1:8080/readyz")
        settings.host = "0.0.0.0"
        settings.port = 8443
        settings.tlsCertificate = "/c.pem"
        #expect(HealthCommand.readinessURL(settings) == "https://127.0.0.1:8443/readyz")
        settings.host = "::1"
        #expect(HealthCommand.readinessURL(settings) == "https://[::1]:8443/readyz")
    }

    @Test("a developer's build says so, and reads no configuration unasked")
    func developerBuild() {
        #expect(BuildInfo.description == "\(BuildInfo.sourceVersion) (development build)")
        #expect(BuildInfo.systemConfiguration == nil)
    }
}
