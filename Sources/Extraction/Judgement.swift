/// What an extractor decided about a conversation: the seed's four statuses, and the event
/// when one was agreed.
public struct Judgement: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case noEvent = "NO_EVENT"
        case notConfirmed = "HAS_EVENT_BUT_NOT_CONFIRMED"
        case agreed = "HAS_EVENT_AGREED"
        case denied = "HAS_EVENT_DENIED"

        /// Agreed and denied conversations are done with: their messages are purged.
        public var isSettled: Bool { self == .agreed || self == .denied }
    }

    public var status: Status
    /// Present exactly when `status` is ``Status/agreed``.
    public var event: ExtractedEvent?

    public init(status: Status, event: ExtractedEvent? = nil) {
        self.status = status
        self.event = status == .agreed ? event : nil
    }

    enum CodingKeys: String, CodingKey { case status, event }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(event, forKey: .event) // null when absent: readers rely on the key
    }
}

/// An event agreed in a chat, in the owner's local time, in the shape `jadwald extract`
/// prints and LLMs are asked for.
public struct ExtractedEvent: Hashable, Sendable, Codable {
    public var title: String
    public var startDate: LocalDate
    /// Equals `startDate` for an event within one day; the next day for one crossing midnight.
    public var endDate: LocalDate
    /// Minutes since midnight, or nil for an all-day or vaguely timed event.
    public var startTime: ClockTime?
    public var endTime: ClockTime?
    public var location: String?

    public init(title: String, startDate: LocalDate, endDate: LocalDate? = nil, startTime: ClockTime? = nil,
                endTime: ClockTime? = nil, location: String? = nil) {
        self.title = title
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.startTime = startTime
        self.endTime = endTime
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case title, startDate = "start_date", endDate = "end_date", startTime = "start_time", endTime = "end_time", location
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        startDate = try container.decode(LocalDate.self, forKey: .startDate)
        endDate = try container.decodeIfPresent(LocalDate.self, forKey: .endDate) ?? startDate
        startTime = try container.decodeIfPresent(ClockTime.self, forKey: .startTime)
        endTime = try container.decodeIfPresent(ClockTime.self, forKey: .endTime)
        location = try container.decodeIfPresent(String.self, forKey: .location)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(startDate, forKey: .startDate)
        try container.encode(endDate, forKey: .endDate)
        try container.encode(startTime, forKey: .startTime)
        try container.encode(endTime, forKey: .endTime)
        try container.encode(location, forKey: .location)
    }
}

/// A time of day to the minute, written `HH:MM` in 24-hour form.
public struct ClockTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// 0..<1440.
    public var minuteOfDay: Int

    public init(hour: Int, minute: Int = 0) { minuteOfDay = hour * 60 + minute }

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }
    public var description: String {
        let digits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return digits(hour) + ":" + digits(minute)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = ClockTime(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an HH:MM time: \(text)"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
