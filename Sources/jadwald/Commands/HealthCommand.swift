import ArgumentParser
import AsyncHTTPClient
import Foundation
import Jadwal
import NIOCore
import NIOHTTP1
import NIOSSL

/// `jadwald health`: asks the server on this machine whether it is ready (`/readyz`), for a
/// container's health check or a monitoring script; exits 0 when it is, 1 when not.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask the server running here whether it is ready (exit 0) or not (exit 1).",
        discussion: """
            Reads the same configuration as `jadwald serve` (file, JADWAL_* variables) to find \
            the port and whether TLS is on, and asks /readyz on the loopback address, or on \
            --url. The server's certificate is not checked: only its answer counts.
            """)

    @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
    var config: String?
    @Option(help: ArgumentHelp("Ask this URL instead (as http://127.0.0.1:8080/readyz).", valueName: "url"))
    var url: String?
    @Option(help: "Seconds to wait for the answer.") var timeout: Int64 = 5

    func run() async throws {
        let target = try url ?? Self.readinessURL(ServerConfiguration.resolved(config: config))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
        let answer: (status: UInt, text: String)
        do {
            let response = try await client.execute(HTTPClientRequest(url: target), timeout: .seconds(timeout))
            let body = try await response.body.collect(upTo: 4096)
            answer = (response.status.code, String(buffer: body).trimmingCharacters(in: .whitespacesAndNewlines))
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            print("not ready: \(target) does not answer (\(error))")
            throw ExitCode(1)
        }
        print(answer.status == 200 ? answer.text : "not ready: \(answer.status) \(answer.text)")
        if answer.status != 200 { throw ExitCode(1) }
    }

    /// The server's readiness URL on this machine: the loopback address when it listens on
    /// every address, else the address it listens on.
    static func readinessURL(_ settings: ServerConfiguration) -> String {
        let host = ["0.0.0.0", "::", "", "*"].contains(settings.host) ? "127.0.0.1" : settings.host
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "\(settings.tlsCertificate == nil ? "http" : "https")://\(bracketed):\(settings.port)/readyz"
    }
}
