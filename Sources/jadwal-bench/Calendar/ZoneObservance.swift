/// One observance of a VTIMEZONE: name, offsets, first onset and yearly rule.
struct ZoneObservance {
    /// `STANDARD` or `DAYLIGHT`.
    let kind: String
    let from: String
    let to: String
    let name: String
    let start: String
    let rule: String?
}
