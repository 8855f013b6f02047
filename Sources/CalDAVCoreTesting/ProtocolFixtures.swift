import CalDAVCore
import DAVTesting
import Foundation
import WebDAV

/// Request/response fixtures, one folder per client (`Fixtures/protocol/<client>/NN-*.http`,
/// `Fixtures/carddav-protocol/<client>/NN-*.http`),
/// each folder's exchanges run in order against one responder, so that any handler stack
/// (a plain handler, caching decorators, any store) can be held to them.
///
/// A fixture file is an HTTP request (request line, headers, blank line, body), then a
/// line `### expect`, then one expectation per line:
/// `status: 207`, `contains: TEXT`, `absent: TEXT`, `header: Name: TEXT`, `no-header: Name`.
/// A comment line `# as: NAME` before the request line sends it as another user (one of
/// the `others` a run is given), for exchanges between users such as scheduling.
public struct ProtocolFixtures: Sendable {
    /// The folder holding one folder per client.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The client folders, sorted.
    public var clients: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// The users of the fixtures' server, each with an address `NAME@example.org`: `amal`
    /// sends the requests, the others those marked `# as: NAME`.
    public static let emails = ["amal": "amal@example.org", "karim": "karim@example.org", "lina": "lina@example.org"]

    /// The fixtures' users as scheduling finds them.
    public struct Users: CalendarUserDirectory {
        public init() {}
        public func user(withEmail email: String) async throws -> String? { ProtocolFixtures.emails.first { $0.value == email.lowercased() }?.key }
        public func userExists(_ name: String) async throws -> Bool { ProtocolFixtures.emails[name] != nil }
        public func emailAddresses(of name: String) async throws -> [String] { ProtocolFixtures.emails[name].map { [$0] } ?? [] }
    }

    /// Scheduling among the fixtures' users, for the adapter under test.
    public static let scheduling = CalendarScheduling(directory: Users())

    /// The fixtures' server: the adapter `make` builds, given sharing among the fixtures'
    /// users, delegation between them over one fresh share store, and principal searches
    /// that find them by their whole user name or address.
    public static func server(_ make: (CalendarSharing) -> any DAVAdapter) -> DAVServer {
        let shares = InMemoryShareStore()
        let lookup = PrincipalLookup { text in
            guard let user = emails[text] != nil ? text : emails.first(where: { $0.value == text.lowercased() })?.key else { return nil }
            return FoundPrincipal(user: user, displayName: user.capitalized, emailAddresses: emails[user].map { [$0] } ?? [])
        }
        return DAVServer([make(CalendarSharing(shares: shares, directory: Users()))],
                         delegation: Delegation(shares: shares, accountExists: { ProtocolFixtures.emails[$0] != nil },
                                                emailAddresses: { ProtocolFixtures.emails[$0].map { [$0] } ?? [] }),
                         lookup: lookup)
    }

    /// Runs one client's exchanges in order as the fixtures' users, at `now`.
    public func run(_ client: String, on responder: any DAVResponding, now: Int = 1_800_000_000) async throws -> [String] {
        let contexts = Dictionary(uniqueKeysWithValues: Self.emails.map { ($0.key, DAVContext(principal: $0.key, now: now, emailAddresses: [$0.value])) })
        return try await run(client, on: responder, as: contexts["amal"]!, others: contexts)
    }

    /// Runs one client's exchanges in order; returns what did not answer as expected.
    public func run(_ client: String, on responder: any DAVResponding, as context: DAVContext,
                    others: [String: DAVContext] = [:]) async throws -> [String] {
        let directory = folder.appendingPathComponent(client)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".http") }.sorted()
        guard !names.isEmpty else { return ["\(client): no exchanges"] }
        var failures: [String] = []
        for name in names {
            let exchange = try Exchange(name: "\(client)/\(name)", text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            guard let sender = exchange.user.map({ others[$0] }) ?? context else {
                failures.append("\(exchange.name): no user \(exchange.user ?? "")")
                continue
            }
            let response = await responder.handle(exchange.request, in: sender)
            failures += exchange.failures(of: response)
        }
        return failures
    }

    /// One request and what its response must show.
    struct Exchange {
        let name: String
        let request: DAVRequest
        let expectations: [(kind: String, value: String)]
        /// Who sends it, when not the run's user (`# as: NAME`).
        let user: String?

        init(name: String, text: String) throws {
            self.name = name
            let parts = text.components(separatedBy: "\n### expect\n")
            guard parts.count == 2 else { throw FixtureError("\(name): no '### expect' line") }
            let lines = parts[0].components(separatedBy: "\n")
            let start = lines.firstIndex { !$0.hasPrefix("#") } ?? 0
            user = lines[..<start].last { $0.hasPrefix("# as: ") }.map { String($0.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
            let requestLine = lines[start].split(separator: " ")
            guard requestLine.count == 2 else { throw FixtureError("\(name): request line is 'METHOD PATH'") }
            var headers: [String: String] = [:]
            var index = start + 1
            while index < lines.count, !lines[index].isEmpty {
                let header = lines[index].split(separator: ":", maxSplits: 1)
                headers[String(header[0]).lowercased()] = header.count > 1 ? String(header[1]).trimmingCharacters(in: .whitespaces) : ""
                index += 1
            }
            var body = lines.count > index + 1 ? lines[(index + 1)...].joined(separator: "\n") : ""
            if let type = headers["content-type"], type.hasPrefix("text/calendar") || type.hasPrefix("text/vcard") {
                body = body.replacingOccurrences(of: "\n", with: "\r\n")
            }
            request = DAVRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Array(body.utf8))
            expectations = parts[1].components(separatedBy: "\n").filter { !$0.isEmpty }.map { line in
                let pair = line.split(separator: ":", maxSplits: 1)
                return (String(pair[0]), pair.count > 1 ? String(pair[1].dropFirst()) : "")
            }
        }

        func failures(of response: DAVResponse) -> [String] {
            let body = String(decoding: response.bodyBytes, as: UTF8.self)
            var failures: [String] = []
            for (kind, value) in expectations {
                switch kind {
                case "status" where String(response.status) != value: failures.append("\(name): status \(response.status), not \(value): \(body)")
                case "contains" where !body.contains(value): failures.append("\(name): expected \(value) in \(body)")
                case "absent" where body.contains(value): failures.append("\(name): did not expect \(value) in \(body)")
                case "header":
                    let pair = value.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if response.header(pair[0])?.contains(pair.count > 1 ? pair[1] : "") != true { failures.append("\(name): header \(value)") }
                case "no-header" where response.header(value) != nil: failures.append("\(name): header \(value) present")
                case "status", "contains", "absent", "no-header": break
                default: failures.append("\(name): unknown expectation \(kind)")
                }
            }
            return failures
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
