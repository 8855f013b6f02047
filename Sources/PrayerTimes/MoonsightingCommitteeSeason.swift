/// The Moonsighting Committee Worldwide's seasonal curves for Fajr and Isha.
///
/// Source: moonsighting.com, "Functions of latitude and seasons for Fajr and Isha" (section 11
/// of its method description). For each latitude four values A, B, C, D (minutes) are joined
/// by straight lines over the year, counted from the winter solstice of the observer's
/// hemisphere (December 21 in the north, June 21 in the south): A at the solstice, B after
/// 91 days, C after 137, D after 183 (the summer solstice), then back through C, B and A.
/// Isha uses the "general" shafaq curve (a blend of the red and white twilights).
public enum MoonsightingCommitteeSeason: Sendable {
    /// Minutes before sunrise at which Fajr begins at the latest.
    public static func fajrMinutesBeforeSunrise(latitude: Double, date: LocalDate) -> Double {
        let l = abs(latitude) / 55
        return interpolate(
            a: 75 + 28.65 * l, b: 75 + 19.44 * l, c: 75 + 32.74 * l, d: 75 + 48.10 * l,
            daysSinceSolstice: daysSinceWinterSolstice(latitude: latitude, date: date)
        )
    }

    /// Minutes after sunset at which Isha begins at the latest (shafaq general).
    public static func ishaMinutesAfterSunset(latitude: Double, date: LocalDate) -> Double {
        let l = abs(latitude) / 55
        return interpolate(
            a: 75 + 25.60 * l, b: 75 + 2.05 * l, c: 75 - 9.21 * l, d: 75 + 6.14 * l,
            daysSinceSolstice: daysSinceWinterSolstice(latitude: latitude, date: date)
        )
    }

    /// Days since December 21 (north) or June 21 (south), 0 on the solstice day.
    static func daysSinceWinterSolstice(latitude: Double, date: LocalDate) -> Int {
        let daysInYear = date.isInLeapYear ? 366 : 365
        if latitude >= 0 {
            // December 21 is day 355 (356 in a leap year): 10 days before the year ends.
            let days = date.dayOfYear + 10
            return days >= daysInYear ? days - daysInYear : days
        } else {
            let june21 = date.isInLeapYear ? 173 : 172
            let days = date.dayOfYear - june21
            return days < 0 ? days + daysInYear : days
        }
    }

    private static func interpolate(a: Double, b: Double, c: Double, d: Double, daysSinceSolstice dyy: Int) -> Double {
        let t = Double(dyy)
        switch dyy {
        case ..<91: return a + (b - a) / 91 * t
        case ..<137: return b + (c - b) / 46 * (t - 91)
        case ..<183: return c + (d - c) / 46 * (t - 137)
        case ..<229: return d + (c - d) / 46 * (t - 183)
        case ..<275: return c + (b - c) / 46 * (t - 229)
        default: return b + (a - b) / 91 * (t - 275)
        }
    }
}
