import Foundation

/// Why an LLM-backed extractor gave no judgement.
///
/// Messages are meant for logs: they name the failure and never carry the API key (texts
/// that come from the server are scrubbed of it before they are kept here).
public enum LLMExtractionError: Error, Hashable, CustomStringConvertible {
    /// The server did not answer within the configured timeout.
    case timedOut
    /// No connection could be made, or it broke before a whole reply arrived.
    case connectionFailed(String)
    /// The server answered with an HTTP error status; `message` is its own explanation, if any.
    case httpStatus(Int, message: String?)
    /// The server answered, but not with a judgement in the agreed shape.
    case invalidReply(String)
    /// The request could not be made at all (for example a base URL that is not http or
    /// https).
    case invalidRequest(String)

    /// Whether trying again later may help: timeouts, broken connections, rate limits and
    /// server errors. Other client errors (bad key, unknown model, malformed request) will not
    /// heal by themselves.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed: true
        case .httpStatus(let status, _): status == 429 || (500...599).contains(status)
        case .invalidReply, .invalidRequest: false
        }
    }

    public var description: String {
        switch self {
        case .timedOut:
            "the LLM server did not answer in time"
        case .connectionFailed(let reason):
            "could not reach the LLM server: \(reason)"
        case .httpStatus(let status, let message?):
            "the LLM server answered HTTP \(status): \(message)"
        case .httpStatus(let status, nil):
            "the LLM server answered HTTP \(status)"
        case .invalidReply(let reason):
            "the LLM's reply is not a usable judgement: \(reason)"
        case .invalidRequest(let reason):
            "could not send a request to the LLM server: \(reason)"
        }
    }
}

extension LLMExtractionError {
    /// The same error with every occurrence of `secret` in its texts replaced, so that a
    /// server echoing the key back cannot put it in a log.
    func redacting(_ secret: String?) -> LLMExtractionError {
        guard let secret, !secret.isEmpty else { return self }
        let scrub = { (text: String) in text.replacingOccurrences(of: secret, with: "[redacted]") }
        switch self {
        case .timedOut: return self
        case .connectionFailed(let reason): return .connectionFailed(scrub(reason))
        case .httpStatus(let status, let message): return .httpStatus(status, message: message.map(scrub))
        case .invalidReply(let reason): return .invalidReply(scrub(reason))
        case .invalidRequest(let reason): return .invalidRequest(scrub(reason))
        }
    }
}
