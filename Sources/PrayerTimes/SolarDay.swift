/// A place on the earth as the sun-angle formulas see it.
struct Site: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
    /// Depression of the sun's centre at sunrise and sunset, in degrees: 0.833 (refraction
    /// plus the sun's semi-diameter) plus the dip of the horizon seen from the elevation.
    var horizonDepression: Double

    /// Standard refraction at the horizon (34') plus the sun's semi-diameter (16').
    static let standardHorizonDepression = 0.833

    init(latitude: Double, longitude: Double, elevation: Double) {
        self.latitude = latitude
        self.longitude = longitude
        // Dip of the horizon, 0.0347° × √(metres): the approximation praytimes.org uses
        // (the exact geometric dip is acos(R / (R + h)) for an earth radius R).
        self.horizonDepression = Site.standardHorizonDepression + 0.0347 * max(0, elevation).squareRoot()
    }
}

/// The sun's daily motion at one site on one solar day.
///
/// Times are in hours of local mean time from the day's local mean midnight (the time
/// scale of praytimes.org); ``unixSeconds(hours:)`` turns them into instants. Each time is
/// found by evaluating the sun at the current estimate and iterating; three rounds bring
/// every time to well under a second of its fixed point.
struct SolarDay: Sendable {
    let site: Site
    /// Julian date of local mean midnight: 0h UT of the date shifted by the longitude.
    let base: Double

    init(site: Site, date: LocalDate) {
        self.site = site
        self.base = Double(date.julianDayNumber) - 0.5 - site.longitude / 360
    }

    private static let rounds = 3

    func unixSeconds(hours: Double) -> Double {
        (base + hours / 24 - 2_440_587.5) * 86_400
    }

    private func sun(atHours hours: Double) -> SolarPosition {
        SolarPosition(julianDate: base + hours / 24)
    }

    /// The sun's transit (solar noon).
    func noon() -> Double {
        var t = 12.0
        for _ in 0..<2 { t = 12 - sun(atHours: t).equationOfTime }
        return t
    }

    /// When the sun's centre is `depression` degrees below the horizon (negative: above),
    /// before noon when `morning`; `nil` when it never gets there that day.
    func time(depression: Double, morning: Bool, guess: Double) -> Double? {
        var t = guess
        for _ in 0..<SolarDay.rounds {
            let sun = sun(atHours: t)
            guard let h = hourAngle(altitude: -depression, declination: sun.declination) else { return nil }
            let noon = 12 - sun.equationOfTime
            t = morning ? noon - h : noon + h
        }
        return t
    }

    /// Start of Asr: the sun's altitude at which a shadow is its noon length plus
    /// `shadowFactor` times the object's height (formula of praytimes.org, "Asr").
    func asr(shadowFactor: Double, guess: Double = 13) -> Double? {
        var t = guess
        for _ in 0..<SolarDay.rounds {
            let sun = sun(atHours: t)
            let noonZenith = abs(site.latitude - sun.declination)
            // The sun must stand above the horizon at noon for a noon shadow to exist.
            guard noonZenith < 90 else { return nil }
            let altitude = DegreeMath.acot(shadowFactor + DegreeMath.tan(noonZenith))
            guard let h = hourAngle(altitude: altitude, declination: sun.declination) else { return nil }
            t = 12 - sun.equationOfTime + h
        }
        return t
    }

    /// Hour angle (hours) at which the sun has `altitude`, or `nil` if it never has.
    private func hourAngle(altitude: Double, declination: Double) -> Double? {
        let cosH = (DegreeMath.sin(altitude) - DegreeMath.sin(site.latitude) * DegreeMath.sin(declination))
            / (DegreeMath.cos(site.latitude) * DegreeMath.cos(declination))
        guard cosH >= -1, cosH <= 1 else { return nil }  // also rejects NaN at the poles
        return DegreeMath.acos(cosH) / 15
    }
}
