import Foundation

/// Reads a chat-completions response as a judgement, refusing anything outside the agreed
/// shape: a judgement that is half right would put a wrong event in someone's calendar.
///
/// Lenient only about form: a ```` ```json ```` fence around the object, blank strings for
/// null, `H:MM` for `HH:MM`, a missing `end_date` (the start date), and an end time earlier
/// than the start time on the same day (the event crosses midnight).
enum ChatCompletionsReply {
    static let maxTitleLength = 200
    static let maxLocationLength = 200
    /// The longest event an agreement may span: a trip, not a season.
    static let maxEventDays = 31

    /// The judgement in a response body: `choices[0].message.content`.
    static func judgement(fromResponseBody body: Data) throws(LLMExtractionError) -> Judgement {
        guard let envelope = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw .invalidReply("the response body is not a JSON object")
        }
        guard let choices = envelope["choices"] as? [Any], let choice = choices.first as? [String: Any],
              let message = choice["message"] as? [String: Any] else {
            throw .invalidReply("the response has no choices[0].message")
        }
        // A refusal or a tool call has no text content.
        guard let content = message["content"] as? String else {
            throw .invalidReply("choices[0].message has no text content")
        }
        return try judgement(fromContent: content)
    }

    /// The judgement in the model's text.
    static func judgement(fromContent content: String) throws(LLMExtractionError) -> Judgement {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(unfenced(content).utf8))) as? [String: Any] else {
            throw .invalidReply("the content is not a JSON object")
        }
        guard let statusText = object["status"] as? String else { throw .invalidReply("the content has no status") }
        guard let status = Judgement.Status(rawValue: statusText.trimmingCharacters(in: .whitespaces)) else {
            throw .invalidReply("status \(quoted(statusText)) is not one of \(Judgement.Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // Only an agreement carries an event; whatever else came along is not looked at.
        guard status == .agreed else { return Judgement(status: status) }
        guard let fields = object["event"] as? [String: Any] else {
            throw .invalidReply("HAS_EVENT_AGREED without an event object")
        }
        return Judgement(status: .agreed, event: try event(from: fields))
    }

    static func event(from fields: [String: Any]) throws(LLMExtractionError) -> ExtractedEvent {
        guard let title = try string(fields, "title") else { throw .invalidReply("the event has no title") }
        guard title.count <= maxTitleLength else { throw .invalidReply("the title is longer than \(maxTitleLength) characters") }

        guard let startText = try string(fields, "start_date") else { throw .invalidReply("the event has no start_date") }
        guard let startDate = LocalDate(iso8601: startText) else { throw .invalidReply("start_date \(quoted(startText)) is not a YYYY-MM-DD date") }
        var endDate = startDate
        if let endText = try string(fields, "end_date") {
            guard let date = LocalDate(iso8601: endText) else { throw .invalidReply("end_date \(quoted(endText)) is not a YYYY-MM-DD date") }
            endDate = date
        }
        guard endDate >= startDate else { throw .invalidReply("end_date \(endDate) is before start_date \(startDate)") }
        guard endDate.dayNumber - startDate.dayNumber <= maxEventDays else {
            throw .invalidReply("the event lasts more than \(maxEventDays) days")
        }

        let startTime = try time(fields, "start_time")
        let endTime = try time(fields, "end_time")
        if let startTime, let endTime, endTime < startTime, endDate == startDate {
            endDate = startDate.adding(days: 1) // "10pm till 1am" ends the next day
        }

        let location = try string(fields, "location")
        if let location, location.count > maxLocationLength {
            throw .invalidReply("the location is longer than \(maxLocationLength) characters")
        }
        return ExtractedEvent(title: title, startDate: startDate, endDate: endDate, startTime: startTime, endTime: endTime, location: location)
    }

    /// A string field, trimmed; nil when missing, null or blank.
    static func string(_ fields: [String: Any], _ key: String) throws(LLMExtractionError) -> String? {
        switch fields[key] {
        case nil, is NSNull:
            return nil
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        default:
            throw .invalidReply("\(key) is neither a string nor null")
        }
    }

    /// A time field as `HH:MM` (or `H:MM`), or nil.
    static func time(_ fields: [String: Any], _ key: String) throws(LLMExtractionError) -> ClockTime? {
        guard let text = try string(fields, key) else { return nil }
        let padded = text.count == 4 && text.dropFirst().first == ":" ? "0" + text : text
        guard let time = ClockTime(padded) else { throw .invalidReply("\(key) \(quoted(text)) is not an HH:MM time") }
        return time
    }

    /// The JSON inside the first ```` ``` ```` fence of `content`, or all of it when there is none.
    static func unfenced(_ content: String) -> String {
        guard let open = content.range(of: "```") else { return content }
        let afterFence = content[open.upperBound...]
        // The rest of the opening line names the language ("json"), if anything.
        let body = afterFence.firstIndex(of: "\n").map { afterFence[afterFence.index(after: $0)...] }
            ?? (afterFence.hasPrefix("json") ? afterFence.dropFirst(4) : afterFence)
        guard let close = body.range(of: "```") else { return String(body) }
        return String(body[..<close.lowerBound])
    }

    /// A value from the reply for an error message, cut short.
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }
}
