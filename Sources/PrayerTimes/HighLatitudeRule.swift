/// How Fajr and Isha are bounded where twilight lasts long or all night.
///
/// Each rule gives a portion of the night (sunset to the next sunrise). Fajr is never
/// earlier than that portion before sunrise, and Isha never later than that portion after
/// sunset; when the sun does not reach the method's angle at all, the bound is the time.
/// This is the scheme of praytimes.org ("Higher Latitudes").
public enum HighLatitudeRule: String, CaseIterable, Sendable, Hashable, Codable {
    /// Half of the night.
    case middleOfNight = "middle-of-night"
    /// One seventh of the night.
    case oneSeventh = "one-seventh"
    /// `angle / 60` of the night (e.g. 18° gives 18/60 = 0.3 of the night).
    case angleBased = "angle-based"
    /// No bound. Where the angle is never reached, the time is the sun's lowest point
    /// (solar midnight): the moment the sky comes closest to the method's twilight.
    case none

    /// The portion of the night for a twilight `angle`, or `nil` for ``none``.
    public func nightPortion(angle: Double) -> Double? {
        switch self {
        case .middleOfNight: 1.0 / 2
        case .oneSeventh: 1.0 / 7
        case .angleBased: angle / 60
        case .none: nil
        }
    }
}
