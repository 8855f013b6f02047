import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Judges conversations by asking a model behind an OpenAI-compatible chat-completions
/// endpoint (OpenAI, or a local server such as llama.cpp, vLLM or Ollama).
///
/// The model gets the statuses, the event's shape and the conventions of the labelled chats
/// as the system message, and the recent chat with the current date and time as the user
/// message. Its reply is checked strictly (see ``LLMExtractionError/invalidReply(_:)``).
///
/// Timeouts, broken connections, HTTP 429 and 5xx are retried with exponential back-off
/// (honouring `Retry-After` up to ``ChatCompletionsConfiguration/maxRetryAfter``) until
/// ``ChatCompletionsConfiguration/maxAttempts`` requests were made; an invalid reply is asked
/// for once more; other HTTP errors fail at once. Errors are ``LLMExtractionError``s, or
/// `CancellationError` when the calling task is cancelled.
public struct ChatCompletionsExtractor: EventExtractor {
    /// Waits between attempts; tests pass one that returns at once.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    public let configuration: ChatCompletionsConfiguration
    private let sleep: Sleep

    /// The longest response body read as a reply; a judgement is a few hundred bytes.
    static let maxReplyBytes = 1 << 20

    public var name: String { "llm" }

    /// - Parameters:
    ///   - configuration: the endpoint, model, key, timeout and retry limits.
    ///   - sleep: waits out the back-off between attempts; the default sleeps the task.
    public init(configuration: ChatCompletionsConfiguration, sleep: @escaping Sleep = { try await Task.sleep(for: $0) }) {
        self.configuration = configuration
        self.sleep = sleep
    }

    /// Asks the model about `conversation`, retrying as described above.
    ///
    /// - Throws: ``LLMExtractionError``, or `CancellationError`.
    public func judge(_ conversation: Conversation) async throws -> Judgement {
        let request = try makeRequest(for: conversation)
        let attempts = max(1, configuration.maxAttempts)
        var invalidReplies = 0
        var attempt = 1
        while true {
            let failure: FailedAttempt
            do {
                return try await exchange(request)
            } catch let failed as FailedAttempt {
                failure = failed
            }
            try Task.checkCancellation()

            let delay: Duration?
            switch failure.error {
            case .invalidReply:
                // Models are not quite deterministic even at temperature 0: one more try.
                invalidReplies += 1
                delay = invalidReplies < 2 ? .zero : nil
            case let error where error.isTransient:
                delay = failure.retryAfter.map { min($0, configuration.maxRetryAfter) } ?? backoff(after: attempt)
            default:
                delay = nil
            }
            guard let delay, attempt < attempts else { throw failure.error.redacting(configuration.apiKey) }
            if delay > .zero { try await sleep(delay) }
            attempt += 1
        }
    }

    /// The wait after failed attempt number `attempt`: the initial back-off, doubled for each
    /// attempt before it.
    func backoff(after attempt: Int) -> Duration {
        configuration.initialBackoff * (1 << min(attempt - 1, 16))
    }

    func makeRequest(for conversation: Conversation) throws(LLMExtractionError) -> HTTPClientRequest {
        guard let scheme = configuration.endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest("the base URL is not an http or https URL")
        }
        let body: Data
        do {
            body = try JSONEncoder().encode(ChatCompletionsRequest(judging: conversation, configuration: configuration))
        } catch {
            throw .invalidRequest("the request could not be encoded")
        }
        var request = HTTPClientRequest(url: configuration.endpoint.absoluteString)
        request.method = .POST
        request.body = .bytes(ByteBuffer(data: body))
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let key = configuration.apiKey, !key.isEmpty {
            request.headers.add(name: "Authorization", value: "Bearer \(key)")
        }
        return request
    }

    /// One request and its reply within the timeout. Throws `FailedAttempt` or
    /// `CancellationError`.
    ///
    /// The client's deadline covers the reply's head; a body trickling in byte by byte would
    /// outlast it, so the whole exchange races the deadline as well.
    private func exchange(_ request: HTTPClientRequest) async throws -> Judgement {
        let timeout = configuration.timeout
        return try await withThrowingTaskGroup(of: Judgement.self) { group in
            group.addTask { try await self.exchangeWithoutDeadline(request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw FailedAttempt(error: .timedOut)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private func exchangeWithoutDeadline(_ request: HTTPClientRequest) async throws -> Judgement {
        let response: HTTPClientResponse
        // nil when the body is longer than any reply this reads.
        let body: Data?
        do {
            response = try await completionsClient.execute(request, timeout: TimeAmount(configuration.timeout))
            do { body = Data(buffer: try await response.body.collect(upTo: Self.maxReplyBytes)) } catch is NIOTooManyBytesError { body = nil }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw FailedAttempt(error: Self.classify(error))
        }
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            throw FailedAttempt(error: .httpStatus(status, message: body.flatMap(Self.errorMessage(in:))),
                                retryAfter: Self.retryAfter(in: response.headers))
        }
        guard let body else {
            throw FailedAttempt(error: .invalidReply("the response body is larger than \(Self.maxReplyBytes) bytes"))
        }
        do {
            return try ChatCompletionsReply.judgement(fromResponseBody: body)
        } catch {
            throw FailedAttempt(error: error)
        }
    }

    /// What went wrong below HTTP, in words for a log.
    static func classify(_ error: any Error) -> LLMExtractionError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timedOut
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidRequest("the base URL is not one that can be requested")
            case .remoteConnectionClosed:
                return .connectionFailed("the connection was lost")
            default:
                return .connectionFailed(error.description)
            }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED {
            return .connectionFailed("the connection was refused")
        }
        return .connectionFailed(String(describing: error))
    }

    /// The server's own explanation in an error body: OpenAI's `{"error": {"message": …}}`,
    /// the plainer shapes other servers use, or the start of a text body.
    static func errorMessage(in body: Data) -> String? {
        var message: String?
        if let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] {
            message = ((object["error"] as? [String: Any])?["message"] as? String)
                ?? object["error"] as? String ?? object["message"] as? String ?? object["detail"] as? String
        } else if let text = String(data: body.prefix(1024), encoding: .utf8) {
            message = text
        }
        let words = (message ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { return nil }
        return words.count > 200 ? words.prefix(200) + "…" : words
    }

    /// How long the server asked to wait: `retry-after-ms` (OpenAI's) or `Retry-After` in
    /// seconds. The HTTP-date form is not honoured; back-off applies instead.
    static func retryAfter(in headers: HTTPHeaders) -> Duration? {
        if let text = headers.first(name: "retry-after-ms"), let milliseconds = Double(text), milliseconds >= 0 {
            return .milliseconds(milliseconds)
        }
        if let text = headers.first(name: "Retry-After"), let seconds = Double(text), seconds >= 0 {
            return .seconds(seconds)
        }
        return nil
    }
}

/// The client every extractor in the process shares, as `HTTPClient.shared` would be, except
/// that a request fails at once when no connection can be made (a local model server that is
/// down) instead of waiting out its deadline while the pool retries, and no redirect is followed.
/// Like `HTTPClient.shared`, it lives as long as the process.
private let completionsClient: HTTPClient = {
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)),
                                                 decompression: .disabled)
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

/// A failed request, and how long the server asked to wait before the next.
private struct FailedAttempt: Error {
    var error: LLMExtractionError
    var retryAfter: Duration?
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
