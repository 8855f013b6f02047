import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting

/// Request/response fixtures in Fixtures/protocol, one folder per client: each folder's
/// exchanges run in order against one handler, with the request bodies those clients send.
///
/// A fixture file is an HTTP request (request line, headers, blank line, body), then a
/// line `### expect`, then one expectation per line:
/// `status: 207`, `contains: TEXT`, `absent: TEXT`, `header: Name: TEXT`, `no-header: Name`.
struct ProtocolFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/protocol")

    static var clients: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    struct Exchange {
        let name: String
        let request: DAVRequest
        let expectations: [(kind: String, value: String)]

        init(name: String, text: String) throws {
            self.name = name
            let parts = text.components(separatedBy: "\n### expect\n")
            guard parts.count == 2 else { throw FixtureError("\(name): no '### expect' line") }
            let lines = parts[0].components(separatedBy: "\n")
            let start = lines.firstIndex { !$0.hasPrefix("#") } ?? 0
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
            if headers["content-type"]?.hasPrefix("text/calendar") == true {
                body = body.replacingOccurrences(of: "\n", with: "\r\n")
            }
            request = DAVRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Array(body.utf8))
            expectations = parts[1].components(separatedBy: "\n").filter { !$0.isEmpty }.map { line in
                let pair = line.split(separator: ":", maxSplits: 1)
                return (String(pair[0]), pair.count > 1 ? String(pair[1].dropFirst()) : "")
            }
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Each sequence runs with and without the response cache: a cached answer must never
    /// differ from a computed one, however the calendar changed in between.
    @Test("client exchanges answer as the fixtures expect", arguments: clients, [false, true])
    func client(_ client: String, cached: Bool) async throws {
        let handler = DAVHandler(store: InMemoryCalendarStore(), responseCache: cached ? ResponseCache() : nil)
        let context = DAVContext(principal: "amal", now: 1_800_000_000, emailAddresses: ["amal@example.org"])
        let directory = Self.folder.appendingPathComponent(client)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".http") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let exchange = try Exchange(name: "\(client)/\(name)", text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            let response = await handler.handle(exchange.request, in: context)
            let body = String(decoding: response.body, as: UTF8.self)
            for (kind, value) in exchange.expectations {
                switch kind {
                case "status": #expect(String(response.status) == value, "\(exchange.name): \(body)")
                case "contains": #expect(body.contains(value), "\(exchange.name): expected \(value) in \(body)")
                case "absent": #expect(!body.contains(value), "\(exchange.name): did not expect \(value) in \(body)")
                case "header":
                    let pair = value.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    #expect(response.header(pair[0])?.contains(pair.count > 1 ? pair[1] : "") == true, "\(exchange.name): header \(value)")
                case "no-header": #expect(response.header(value) == nil, "\(exchange.name): header \(value) present")
                default: Issue.record("\(exchange.name): unknown expectation \(kind)")
                }
            }
        }
    }
}
