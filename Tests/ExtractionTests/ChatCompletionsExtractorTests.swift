import NetworkTestSupport
import Foundation
import NIOHTTP1
import Synchronization
import Testing
@testable import Extraction

/// The LLM extractor against a real HTTP server on 127.0.0.1 that answers from a script.
struct ChatCompletionsExtractorTests {
    static let apiKey = "sk-test-5ecret-k3y"

    /// Karim (the owner) agrees to help Zaid move on Saturday; with a system line, a photo and
    /// a location pin among the messages.
    static let conversation = Conversation(
        messages: [
            ChatMessage(sender: "Zaid", fromOwner: false, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 18, minute: 40, second: 5),
                        text: "Messages and calls are end-to-end encrypted.", kind: .system),
            ChatMessage(sender: "Zaid", fromOwner: false, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 18, minute: 40, second: 12),
                        text: "Moving out this Saturday, can you help from 9 till 1?\nI'll do breakfast"),
            ChatMessage(sender: "Zaid", fromOwner: false, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 18, minute: 41),
                        text: "image omitted", kind: .media),
            ChatMessage(sender: "Karim", fromOwner: true, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 2, second: 44),
                        text: "Yeah I'm free. Where do I show up?"),
            ChatMessage(sender: "Zaid", fromOwner: false, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 4, second: 20),
                        text: "Al Olaya, near the Panda https://maps.google.com/?q=24.6937,46.6855", kind: .location),
            ChatMessage(sender: "Karim", fromOwner: true, sent: LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 6, second: 50),
                        text: "Cool, Saturday 9 to 1 👍"),
        ],
        timeZone: "Asia/Riyadh",
        now: LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 7, second: 12)
    )

    static let agreed = #"{"status": "HAS_EVENT_AGREED", "event": {"title": "Help Zaid move", "start_date": "2026-11-28", "end_date": "2026-11-28", "start_time": "09:00", "end_time": "13:00", "location": "Al Olaya, near the Panda", "notes": null}}"#

    static let movingDay = ExtractedEvent(title: "Help Zaid move", startDate: LocalDate(year: 2026, month: 11, day: 28),
                                          startTime: ClockTime(hour: 9), endTime: ClockTime(hour: 13), location: "Al Olaya, near the Panda")

    /// Records the back-off waits instead of sleeping.
    final class Waits: Sendable {
        private let recorded = Mutex<[Duration]>([])
        var all: [Duration] { recorded.withLock { $0 } }
        var sleep: ChatCompletionsExtractor.Sleep { { duration in self.recorded.withLock { $0.append(duration) } } }
    }

    static func extractor(_ baseURL: URL, apiKey: String? = apiKey, timeout: Duration = .seconds(10), maxAttempts: Int = 3,
                          waits: Waits = Waits()) -> ChatCompletionsExtractor {
        let configuration = ChatCompletionsConfiguration(baseURL: baseURL, model: "test-model", apiKey: apiKey,
                                                         timeout: timeout, maxAttempts: maxAttempts)
        return ChatCompletionsExtractor(configuration: configuration, sleep: waits.sleep)
    }

    /// The error `body` throws, which must be an ``LLMExtractionError``.
    static func failure(_ body: () async throws -> Judgement) async -> LLMExtractionError? {
        do {
            let judgement = try await body()
            Issue.record("expected a failure, got \(judgement)")
            return nil
        } catch {
            guard let error = error as? LLMExtractionError else {
                Issue.record("expected an LLMExtractionError, got \(error)")
                return nil
            }
            return error
        }
    }

    @Test("an agreed reply becomes the event; the request carries the model, key, transcript and current date and time")
    func agreedReply() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion(Self.agreed))
        defer { Task { await server.close() } }
        let judgement = try await Self.extractor(server.baseURL).judge(Self.conversation)
        #expect(judgement == Judgement(status: .agreed, event: Self.movingDay))

        let requests = server.requests
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request.method == "POST")
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["Authorization"] == ["Bearer \(Self.apiKey)"])
        #expect(request.headers["Content-Type"].first?.hasPrefix("application/json") == true)
        let json = request.json
        #expect(json["model"] as? String == "test-model")
        #expect((json["temperature"] as? NSNumber)?.doubleValue == 0)
        #expect((json["max_tokens"] as? NSNumber)?.intValue == 1024)
        #expect((json["response_format"] as? [String: Any])?["type"] as? String == "json_object")
        let roles = (json["messages"] as? [[String: Any]])?.map { $0["role"] as? String }
        #expect(roles == ["system", "user"])

        let system = try #require(request.messageContent(0))
        for status in Judgement.Status.allCases { #expect(system.contains(status.rawValue)) }
        #expect(system.contains("start_date") && system.contains("end_time") && system.contains("location"))

        let user = try #require(request.messageContent(1))
        #expect(user.contains("<messages>") && user.contains("</messages>"))
        #expect(user.contains("Zaid (2026-11-25 18:40): Moving out this Saturday, can you help from 9 till 1?\n  I'll do breakfast"))
        #expect(user.contains("Karim (2026-11-25 19:06): Cool, Saturday 9 to 1 👍"))
        #expect(user.contains("Zaid (2026-11-25 19:04): [location] Al Olaya, near the Panda"))
        #expect(user.contains("<date>2026-11-25</date>"))
        #expect(user.contains("<time>19:07</time>"))
        #expect(user.contains("<timezone>Asia/Riyadh</timezone>"))
        #expect(user.contains("<owner>Karim</owner>"))
        #expect(user.contains("2026-11-28 Saturday"))
        #expect(!user.contains("end-to-end encrypted"))
        #expect(!user.contains("image omitted"))
    }

    @Test("with no reply limit configured, max_tokens is left out")
    func noReplyLimit() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion(#"{"status": "NO_EVENT", "event": null}"#))
        defer { Task { await server.close() } }
        let configuration = ChatCompletionsConfiguration(baseURL: server.baseURL, model: "test-model", maxReplyTokens: nil)
        _ = try await ChatCompletionsExtractor(configuration: configuration).judge(Self.conversation)
        let json = try #require(server.requests.first).json
        #expect(json["max_tokens"] == nil && json["model"] as? String == "test-model")
    }

    @Test("a base URL that is not http or https fails at once, without a request")
    func unsupportedScheme() async throws {
        let waits = Waits()
        let error = await Self.failure { try await Self.extractor(URL(string: "ftp://127.0.0.1/v1")!, waits: waits).judge(Self.conversation) }
        #expect(error == .invalidRequest("the base URL is not an http or https URL"))
        #expect(waits.all.isEmpty)
    }

    @Test("no Authorization header without a key")
    func noKey() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion(#"{"status": "NO_EVENT", "event": null}"#))
        defer { Task { await server.close() } }
        _ = try await Self.extractor(server.baseURL, apiKey: nil).judge(Self.conversation)
        #expect(server.requests.first?.headers["Authorization"] == [])
    }

    @Test("the other statuses come back without an event, whatever event the reply carries", arguments: [
        Judgement.Status.noEvent, .notConfirmed, .denied,
    ])
    func otherStatuses(status: Judgement.Status) async throws {
        let content = #"{"status": "\#(status.rawValue)", "event": {"title": "", "start_date": "someday"}}"#
        let server = try await ScriptedChatCompletionsServer(.completion(content))
        defer { Task { await server.close() } }
        let judgement = try await Self.extractor(server.baseURL).judge(Self.conversation)
        #expect(judgement == Judgement(status: status))
        #expect(server.requests.count == 1)
    }

    @Test("a reply in a ```json fence is read")
    func fencedReply() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion("Here you go:\n```json\n\(Self.agreed)\n```\n"))
        defer { Task { await server.close() } }
        let judgement = try await Self.extractor(server.baseURL).judge(Self.conversation)
        #expect(judgement.event == Self.movingDay)
    }

    @Test("an invalid reply is asked for once more, then fails", arguments: [
        "Sure! They agreed to meet on Saturday.",
        #"{"status": "PROBABLY_AGREED", "event": null}"#,
        #"{"status": "HAS_EVENT_AGREED", "event": {"title": "Help Zaid move", "start_date": null}}"#,
        #"{"status": "HAS_EVENT_AGREED", "event": null}"#,
        #"{"status": "HAS_EVENT_AGREED", "event": {"title": "Help Zaid move", "start_date": "2026-11-28", "start_time": "25:00"}}"#,
        #"{"status": "HAS_EVENT_AGREED", "event": {"title": "Help Zaid move", "start_date": "2026-11-28", "end_date": "2026-11-27"}}"#,
    ])
    func invalidReply(content: String) async throws {
        let server = try await ScriptedChatCompletionsServer(.completion(content))
        defer { Task { await server.close() } }
        let waits = Waits()
        let error = await Self.failure { try await Self.extractor(server.baseURL, waits: waits).judge(Self.conversation) }
        guard case .invalidReply = error else {
            Issue.record("expected invalidReply, got \(String(describing: error))")
            return
        }
        #expect(server.requests.count == 2)
        #expect(waits.all.allSatisfy { $0 == .zero })
    }

    @Test("a reply body over the limit is no judgement; an error body over it still retries by its status")
    func oversizedBody() async throws {
        let huge = String(repeating: "x", count: ChatCompletionsExtractor.maxReplyBytes + 1)
        let server = try await ScriptedChatCompletionsServer(.init(status: 200, body: huge))
        defer { Task { await server.close() } }
        let error = await Self.failure { try await Self.extractor(server.baseURL).judge(Self.conversation) }
        #expect(error == .invalidReply("the response body is larger than \(ChatCompletionsExtractor.maxReplyBytes) bytes"))

        let failing = try await ScriptedChatCompletionsServer(.init(status: 503, body: huge))
        defer { Task { await failing.close() } }
        let waits = Waits()
        let unavailable = await Self.failure { try await Self.extractor(failing.baseURL, maxAttempts: 2, waits: waits).judge(Self.conversation) }
        #expect(unavailable == .httpStatus(503, message: nil))
        #expect(failing.requests.count == 2 && waits.all.count == 1)
    }

    @Test("an invalid reply followed by a good one succeeds")
    func invalidThenGood() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion("not JSON"), .completion(Self.agreed))
        defer { Task { await server.close() } }
        #expect(try await Self.extractor(server.baseURL).judge(Self.conversation).event == Self.movingDay)
        #expect(server.requests.count == 2)
    }

    @Test("a 500 is retried after the back-off")
    func serverErrorThenSuccess() async throws {
        let server = try await ScriptedChatCompletionsServer(.error(500, "The server had an error"), .completion(Self.agreed))
        defer { Task { await server.close() } }
        let waits = Waits()
        let judgement = try await Self.extractor(server.baseURL, waits: waits).judge(Self.conversation)
        #expect(judgement.event == Self.movingDay)
        #expect(server.requests.count == 2)
        #expect(waits.all == [.milliseconds(500)])
    }

    @Test("server errors are retried with doubling waits up to maxAttempts")
    func serverErrorsExhaustAttempts() async throws {
        let server = try await ScriptedChatCompletionsServer(.error(503, "overloaded"))
        defer { Task { await server.close() } }
        let waits = Waits()
        let error = await Self.failure { try await Self.extractor(server.baseURL, maxAttempts: 3, waits: waits).judge(Self.conversation) }
        #expect(error == .httpStatus(503, message: "overloaded"))
        #expect(server.requests.count == 3)
        #expect(waits.all == [.milliseconds(500), .seconds(1)])
    }

    @Test("a 429 waits as long as Retry-After asks, up to the cap")
    func rateLimited() async throws {
        let server = try await ScriptedChatCompletionsServer(
            .error(429, "Rate limit reached", headers: [("Retry-After", "2")]),
            .error(429, "Rate limit reached", headers: [("Retry-After", "3600")]),
            .completion(Self.agreed)
        )
        defer { Task { await server.close() } }
        let waits = Waits()
        let judgement = try await Self.extractor(server.baseURL, waits: waits).judge(Self.conversation)
        #expect(judgement.event == Self.movingDay)
        #expect(server.requests.count == 3)
        #expect(waits.all == [.seconds(2), .seconds(30)])
    }

    @Test("a 401 fails at once, and the message the server echoes has the key taken out")
    func unauthorized() async throws {
        let server = try await ScriptedChatCompletionsServer(.error(401, "Incorrect API key provided: \(Self.apiKey)."))
        defer { Task { await server.close() } }
        let waits = Waits()
        let error = await Self.failure { try await Self.extractor(server.baseURL, waits: waits).judge(Self.conversation) }
        #expect(error == .httpStatus(401, message: "Incorrect API key provided: [redacted]."))
        #expect(server.requests.count == 1)
        #expect(waits.all.isEmpty)
        #expect(!String(describing: try #require(error)).contains(Self.apiKey))
    }

    @Test("400 and 404 are permanent too", arguments: [400, 404])
    func clientErrors(status: Int) async throws {
        let server = try await ScriptedChatCompletionsServer(.init(status: status, body: "<html>Not here</html>"))
        defer { Task { await server.close() } }
        let error = await Self.failure { try await Self.extractor(server.baseURL).judge(Self.conversation) }
        #expect(error == .httpStatus(status, message: "<html>Not here</html>"))
        #expect(server.requests.count == 1)
    }

    @Test("a server that never answers times out")
    func timeout() async throws {
        let server = try await ScriptedChatCompletionsServer { _, _ in nil }
        defer { Task { await server.close() } }
        let error = await Self.failure {
            try await Self.extractor(server.baseURL, timeout: .seconds(1), maxAttempts: 2).judge(Self.conversation)
        }
        #expect(error == .timedOut)
        #expect(server.requests.count == 2)
    }

    @Test("a reply that trickles in slower than the timeout times out")
    func tricklingReply() async throws {
        var slow = ScriptedChatCompletionsServer.Response.completion(Self.agreed)
        slow.trickle = .milliseconds(100)
        let server = try await ScriptedChatCompletionsServer(slow)
        defer { Task { await server.close() } }
        let error = await Self.failure {
            try await Self.extractor(server.baseURL, timeout: .seconds(1), maxAttempts: 1).judge(Self.conversation)
        }
        #expect(error == .timedOut)
    }

    @Test("a closed port is a connection failure, retried")
    func closedPort() async throws {
        let refusing = try RefusingPort()
        let baseURL = URL(string: "http://127.0.0.1:\(refusing.port)/v1")!
        let waits = Waits()
        let error = await Self.failure { try await Self.extractor(baseURL, waits: waits).judge(Self.conversation) }
        guard case .connectionFailed = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(waits.all == [.milliseconds(500), .seconds(1)])
        withExtendedLifetime(refusing) {}
    }
}

/// The fallback extractor around the LLM extractor, with each way the LLM can fail.
struct FallbackExtractorTests {
    /// Answers every conversation the same.
    struct FixedExtractor: EventExtractor {
        var name: String { "fixed" }
        var judgement: Judgement
        func judge(_ conversation: Conversation) async throws -> Judgement { judgement }
    }

    static let fallbackJudgement = Judgement(status: .notConfirmed)

    enum Failure: String, CaseIterable {
        case unauthorized, serverError, invalidReply, timeout, closedPort
    }

    @Test("the fallback answers whenever the LLM fails, and the failure is reported without the key", arguments: Failure.allCases)
    func fallsBack(failure: Failure) async throws {
        let server: ScriptedChatCompletionsServer = switch failure {
        case .unauthorized: try await .init(.error(401, "bad key \(ChatCompletionsExtractorTests.apiKey)"))
        case .serverError: try await .init(.error(502, "bad gateway"))
        case .invalidReply: try await .init(.completion(#"{"status": "MAYBE"}"#))
        case .timeout, .closedPort: try await .init { _, _ in nil }
        }
        if failure == .closedPort { await server.close() }
        defer { Task { await server.close() } }

        let llm = ChatCompletionsExtractorTests.extractor(server.baseURL, timeout: .seconds(1), maxAttempts: failure == .timeout ? 1 : 3)
        let extractor = FallbackExtractor(primary: llm, fallback: FixedExtractor(judgement: Self.fallbackJudgement))
        let outcome = try await extractor.judgeReportingSource(ChatCompletionsExtractorTests.conversation)
        #expect(outcome.judgement == Self.fallbackJudgement)
        #expect(outcome.usedFallback)
        let error = try #require(outcome.error)
        #expect(!error.isEmpty)
        #expect(!error.contains(ChatCompletionsExtractorTests.apiKey))
        #expect(outcome.primaryError is LLMExtractionError)
    }

    @Test("the LLM's judgement is used when it answers")
    func primaryAnswers() async throws {
        let server = try await ScriptedChatCompletionsServer(.completion(ChatCompletionsExtractorTests.agreed))
        defer { Task { await server.close() } }
        let extractor = FallbackExtractor(primary: ChatCompletionsExtractorTests.extractor(server.baseURL),
                                          fallback: FixedExtractor(judgement: Self.fallbackJudgement))
        #expect(extractor.name == "llm+fixed")
        let outcome = try await extractor.judgeReportingSource(ChatCompletionsExtractorTests.conversation)
        #expect(outcome.judgement.event == ChatCompletionsExtractorTests.movingDay)
        #expect(!outcome.usedFallback)
        #expect(outcome.error == nil)
        #expect(try await extractor.judge(ChatCompletionsExtractorTests.conversation).status == .agreed)
    }
}
