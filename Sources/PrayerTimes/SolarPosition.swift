/// The sun's declination and the equation of time at one instant.
///
/// Uses the low-precision solar coordinates published by the U.S. Naval Observatory
/// ("Approximate Solar Coordinates", Astronomical Applications Department), the same
/// formulas the praytimes.org calculator uses. They are good to about one arcminute
/// between the years 1800 and 2200, which moves a prayer time by a few seconds at most.
struct SolarPosition: Sendable {
    /// Declination of the sun, in degrees (north positive).
    let declination: Double
    /// Equation of time, in hours: apparent minus mean solar time, in `-12 ..< 12`.
    let equationOfTime: Double

    /// The sun's position at a Julian date (days, UT; the difference to TT, about a
    /// minute, is far below the precision of the formulas).
    init(julianDate: Double) {
        let d = julianDate - 2_451_545.0  // days since J2000.0
        let meanAnomaly = DegreeMath.wrap(357.529 + 0.985_600_28 * d, modulo: 360)
        let meanLongitude = DegreeMath.wrap(280.459 + 0.985_647_36 * d, modulo: 360)
        let eclipticLongitude = meanLongitude
            + 1.915 * DegreeMath.sin(meanAnomaly)
            + 0.020 * DegreeMath.sin(2 * meanAnomaly)
        let obliquity = 23.439 - 0.000_000_36 * d

        let rightAscensionHours = DegreeMath.wrap(
            DegreeMath.atan2(
                DegreeMath.cos(obliquity) * DegreeMath.sin(eclipticLongitude),
                DegreeMath.cos(eclipticLongitude)
            ) / 15,
            modulo: 24
        )
        var equation = meanLongitude / 15 - rightAscensionHours
        // Both terms were reduced separately, so the difference can be off by a whole day.
        if equation >= 12 { equation -= 24 } else if equation < -12 { equation += 24 }

        self.declination = DegreeMath.asin(DegreeMath.sin(obliquity) * DegreeMath.sin(eclipticLongitude))
        self.equationOfTime = equation
    }
}
