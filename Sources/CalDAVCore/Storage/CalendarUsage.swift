/// What one calendar holds, for administrators.
public struct CalendarUsage: Sendable, Equatable {
    public let name: String
    public let displayName: String?
    public let objects: Int
    /// The stored calendar data, in bytes.
    public let bytes: Int

    public init(name: String, displayName: String?, objects: Int, bytes: Int) {
        self.name = name
        self.displayName = displayName
        self.objects = objects
        self.bytes = bytes
    }
}
