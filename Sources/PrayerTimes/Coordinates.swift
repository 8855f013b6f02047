/// Where the prayer times are computed.
public struct Coordinates: Sendable, Hashable, Codable {
    /// Degrees, north positive: -90 ... 90.
    public var latitude: Double
    /// Degrees, east positive: -180 ... 180.
    public var longitude: Double
    /// Metres above the surrounding terrain or sea level. It lowers the visible horizon,
    /// so sunrise comes earlier and sunset later (see ``PrayerTimesCalculator``).
    public var elevation: Double

    public init(latitude: Double, longitude: Double, elevation: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    /// Throws when a value is out of range or not a number.
    ///
    /// The calculator accepts anything and clamps it (so it never produces NaN);
    /// validate input that comes from users before computing with it.
    public func validate() throws(CoordinatesError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitude(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitude(longitude) }
        guard elevation.isFinite, (Coordinates.elevationRange).contains(elevation) else { throw .elevation(elevation) }
    }

    /// Accepted elevations in metres: from the shore of the Dead Sea to above the highest summit.
    public static let elevationRange: ClosedRange<Double> = -500...9_000
}

/// A coordinate outside its range.
public enum CoordinatesError: Error, Sendable, Hashable, CustomStringConvertible {
    case latitude(Double)
    case longitude(Double)
    case elevation(Double)

    public var description: String {
        switch self {
        case .latitude(let value): "latitude \(value) is not between -90 and 90 degrees"
        case .longitude(let value): "longitude \(value) is not between -180 and 180 degrees"
        case .elevation(let value):
            "elevation \(value) m is not between \(Int(Coordinates.elevationRange.lowerBound)) and \(Int(Coordinates.elevationRange.upperBound)) metres"
        }
    }
}
