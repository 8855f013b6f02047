/// The JSON body of a `POST /chat/completions` request.
struct ChatCompletionsRequest: Encodable, Sendable {
    struct Message: Encodable, Sendable {
        var role: String
        var content: String
    }

    struct ResponseFormat: Encodable, Sendable {
        var type: String
    }

    var model: String
    var messages: [Message]
    /// Left out of the JSON when nil (synthesised `Encodable` skips nil optionals).
    var temperature: Double?
    var maxTokens: Int?
    var responseFormat: ResponseFormat?

    enum CodingKeys: String, CodingKey {
        case model, messages, temperature, maxTokens = "max_tokens", responseFormat = "response_format"
    }

    /// The request that asks `configuration.model` to judge `conversation`.
    init(judging conversation: Conversation, configuration: ChatCompletionsConfiguration) {
        let transcript = ConversationTranscript(maxMessages: configuration.maxMessages, maxBytes: configuration.maxTranscriptBytes)
        model = configuration.model
        messages = [
            Message(role: "system", content: ExtractionPrompt.instructions),
            Message(role: "user", content: transcript.render(conversation)),
        ]
        temperature = configuration.temperature
        maxTokens = configuration.maxReplyTokens
        responseFormat = configuration.requestsJSONObject ? ResponseFormat(type: "json_object") : nil
    }
}
