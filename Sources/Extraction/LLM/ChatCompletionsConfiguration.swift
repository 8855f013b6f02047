import Foundation

/// Where and how ``ChatCompletionsExtractor`` asks an OpenAI-compatible chat-completions
/// endpoint.
///
/// The description names the key only as set or not, so a configuration can be logged.
public struct ChatCompletionsConfiguration: Sendable, CustomStringConvertible {
    /// The API root, such as `https://api.openai.com/v1`; requests go to
    /// `{baseURL}/chat/completions`.
    public var baseURL: URL
    public var model: String
    /// Sent as `Authorization: Bearer …` when set; local servers often need none.
    public var apiKey: String?
    /// How long one request may take, from sending it to the end of the reply.
    public var timeout: Duration
    /// How many requests one judgement may make in all, retries included (at least 1).
    public var maxAttempts: Int
    /// Sampling temperature; `nil` leaves it out for models that accept only their default.
    public var temperature: Double?
    /// The longest reply asked for (`max_tokens`), so a model that rambles on, as small local
    /// ones do, stops within it rather than generating to the end of its context long after
    /// the request has timed out; `nil` leaves it out. A judgement takes a few hundred tokens.
    public var maxReplyTokens: Int?
    /// Whether to ask for `response_format: {"type": "json_object"}`; a few compatible servers
    /// refuse the field.
    public var requestsJSONObject: Bool
    /// The wait before the first retry; it doubles with every further one.
    public var initialBackoff: Duration
    /// The longest wait a `Retry-After` header is honoured for.
    public var maxRetryAfter: Duration
    /// The most recent messages shown to the model, at most this many…
    public var maxMessages: Int
    /// …and at most this many bytes of transcript, so a long chat cannot exceed the context.
    public var maxTranscriptBytes: Int

    public init(
        baseURL: URL,
        model: String,
        apiKey: String? = nil,
        timeout: Duration = .seconds(30),
        maxAttempts: Int = 3,
        temperature: Double? = 0,
        maxReplyTokens: Int? = 1024,
        requestsJSONObject: Bool = true,
        initialBackoff: Duration = .milliseconds(500),
        maxRetryAfter: Duration = .seconds(30),
        maxMessages: Int = 200,
        maxTranscriptBytes: Int = 32 * 1024
    ) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.maxAttempts = maxAttempts
        self.temperature = temperature
        self.maxReplyTokens = maxReplyTokens
        self.requestsJSONObject = requestsJSONObject
        self.initialBackoff = initialBackoff
        self.maxRetryAfter = maxRetryAfter
        self.maxMessages = maxMessages
        self.maxTranscriptBytes = maxTranscriptBytes
    }

    /// `{baseURL}/chat/completions`, with or without a trailing slash on the base.
    public var endpoint: URL { baseURL.appendingPathComponent("chat/completions") }

    public var description: String {
        "\(endpoint.absoluteString) model \(model), API key \(apiKey?.isEmpty == false ? "set" : "not set")"
    }
}
