extension Weekday {
    /// Parses an RFC 5545 weekday code, `MO`, `TU`, ... `SU` (case-insensitive).
    public init?(code: some StringProtocol) {
        switch code.uppercased() {
        case "MO": self = .monday
        case "TU": self = .tuesday
        case "WE": self = .wednesday
        case "TH": self = .thursday
        case "FR": self = .friday
        case "SA": self = .saturday
        case "SU": self = .sunday
        default: return nil
        }
    }

    /// The two-letter RFC 5545 code (`MO` ... `SU`).
    public var code: String {
        ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue]
    }
}
