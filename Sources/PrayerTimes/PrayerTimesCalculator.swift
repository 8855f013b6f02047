import Foundation

/// Computes the daily prayer times for one place, time zone and set of parameters.
///
/// ```swift
/// let calculator = PrayerTimesCalculator(
///     coordinates: .init(latitude: 21.4225, longitude: 39.8262),
///     timeZone: TimeZone(identifier: "Asia/Riyadh")!,
///     parameters: .init(method: .ummAlQura)
/// )
/// let day = calculator.times(on: LocalDate(year: 2026, month: 11, day: 23))
/// print(day[.fajr], day.isha)
/// ```
///
/// ## Conventions
/// - Sun position: the U.S. Naval Observatory's approximate solar coordinates, as used by
///   praytimes.org (PrayTimes.js v2.3), which takes its Julian days from *Astronomical
///   Algorithms* (Willmann-Bell, 1991); here the equivalent integer algorithm of
///   *Communications of the ACM* 11 (1968).
///   Each time is iterated to the sun's position at that time, so results agree with
///   praytimes.org to a few seconds (its single pass from fixed first guesses differs by that).
/// - Sunrise and sunset: the sun's centre 0.833° below the horizon (34' refraction, 16'
///   semi-diameter), plus the dip of the horizon from the elevation, 0.0347° × √metres. The
///   elevation changes sunrise, sunset and so Maghrib; the twilight angles are left alone.
/// - Rounding: none. Times are exact instants (`Date`); format them to the second as needed.
/// - The day: times belong to the solar day whose noon is nearest to the local date's noon
///   (on standard time), so zones far from their longitude still get the right day. Each
///   instant is independent of daylight-saving time; render it in the zone's offset for
///   that instant.
/// - The night: from sunset to the next day's sunrise. Fajr is bounded within the night
///   before it, Isha within the night after sunset (praytimes.org uses the same day's sunset
///   and sunrise for both; the difference is below a minute under 48° of latitude), so Isha
///   never passes the next day's Fajr under the middle-of-the-night rule.
/// - High latitudes: see ``HighLatitudeRule``. A Maghrib angle (Tehran, Jafari) that is not
///   reached is bounded by the angle-based rule whatever the rule, and Maghrib always stays in
///   the first half of the interval from sunset to an Isha found by angle.
///   A fixed Isha interval (Umm al-Qura, Gulf, Qatar) is capped at the middle of the night
///   unless the rule is ``HighLatitudeRule/none``.
/// - Polar days and nights: when the sun does not rise or set, or does not climb high enough
///   for an Asr shadow, the whole day is computed at the nearest latitude where it does,
///   65° on the same side of the equator (see ``PrayerDay/Fallbacks/nearestLatitude``).
/// - A method's fixed delay after the transit (the Moonsighting Committee's Dhuhr, 5 minutes)
///   is shortened to half the interval to Asr on the few days, next to polar night, too short
///   for it.
/// - Adjustments are added last. If one puts a time at or before the previous one, that time
///   is moved to a minute after it (``PrayerDay/Fallbacks/reordered``).
public struct PrayerTimesCalculator: Sendable {
    public let coordinates: Coordinates
    public let timeZone: TimeZone
    public let parameters: PrayerParameters

    public init(coordinates: Coordinates, timeZone: TimeZone, parameters: PrayerParameters) {
        self.coordinates = coordinates
        self.timeZone = timeZone
        self.parameters = parameters
    }

    /// The latitude (north or south) used when the sun does not rise or set at the place. The
    /// sun, whose declination stays within ±23.44°, rises, sets and casts an Asr shadow on
    /// every day of the year up to about 65.7°; 65° is the round latitude just inside that.
    public static let nearestLatitudeFallback = 65.0

    /// The times for one local date.
    public func times(on date: LocalDate) -> PrayerDay {
        var days = DayCache()
        return compute(date, ramadan: ramadanCalendar(covering: date...date), days: &days)
    }

    /// The times for the year, month and day of `components`, or `nil` if one is missing.
    public func times(on components: DateComponents) -> PrayerDay? {
        LocalDate(components).map { times(on: $0) }
    }

    /// The times for the local date that contains `instant` in the calculator's time zone.
    public func times(on instant: Date) -> PrayerDay {
        times(on: LocalDate(instant, in: timeZone))
    }

    /// The times for `days` consecutive dates from `start`.
    public func times(from start: LocalDate, days: Int) -> [PrayerDay] {
        guard days > 0 else { return [] }
        let dates = start...start.adding(days: days - 1)
        let ramadan = ramadanCalendar(covering: dates)
        var cache = DayCache()
        return dates.map { compute($0, ramadan: ramadan, days: &cache) }
    }

    /// The times for every date in `dates`.
    public func times(in dates: ClosedRange<LocalDate>) -> [PrayerDay] {
        times(from: dates.lowerBound, days: dates.lowerBound.distance(to: dates.upperBound) + 1)
    }

    // MARK: - Computation

    private func ramadanCalendar(covering dates: ClosedRange<LocalDate>) -> RamadanCalendar? {
        guard case .minutesAfterMaghrib(_, ramadan: .some) = parameters.methodParameters.isha else { return nil }
        return RamadanCalendar(covering: dates, timeZone: timeZone)
    }

    /// Coordinates made safe for the formulas (they never see NaN or out-of-range values).
    private var sanitized: Coordinates {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        var longitude = finite(coordinates.longitude)
        longitude = DegreeMath.wrap(longitude + 180, modulo: 360) - 180
        return Coordinates(
            latitude: min(90, max(-90, finite(coordinates.latitude))),
            longitude: longitude,
            elevation: min(Coordinates.elevationRange.upperBound, max(0, finite(coordinates.elevation)))
        )
    }

    /// The solar date computed for a local date: the one whose mean noon at the longitude is
    /// nearest to noon on the zone's standard-time clock. Equal to `date` except in zones more
    /// than 12 hours from their longitude's mean time (Pacific islands, the South Pole on New
    /// Zealand time). Standard time, not daylight-saving time, so that a clock change cannot
    /// make two dates share a solar day.
    private func solarDate(for date: LocalDate, longitude: Double) -> LocalDate {
        let utcNoon = Date(timeIntervalSince1970: date.unixMidnightUTC + 43_200)
        let standardOffset = Double(timeZone.secondsFromGMT(for: utcNoon)) - timeZone.daylightSavingTimeOffset(for: utcNoon)
        let shift = ((longitude * 240 - standardOffset) / 86_400).rounded()
        return shift == 0 ? date : date.adding(days: Int(shift))
    }

    /// The sun's events that must exist for a day to be computed at a site.
    private struct CoreEvents {
        var day: SolarDay
        var noon: Double
        var sunrise: Double
        var sunset: Double
        var asr: Double
        /// Whether `day.site` is the nearest latitude rather than the place.
        var nearestLatitude: Bool

        var site: Site { day.site }
    }

    /// Core events of solar dates already resolved, by Julian day number: consecutive dates
    /// share their neighbours, so a range resolves each date once.
    private struct DayCache {
        var days: [Int: CoreEvents] = [:]
    }

    private func coreEvents(at site: Site, on date: LocalDate, nearestLatitude: Bool) -> CoreEvents? {
        let day = SolarDay(site: site, date: date)
        guard let sunrise = day.time(depression: site.horizonDepression, morning: true, guess: 6),
              let sunset = day.time(depression: site.horizonDepression, morning: false, guess: 18),
              let asr = day.asr(shadowFactor: parameters.asrSchool.shadowFactor)
        else { return nil }
        return CoreEvents(
            day: day, noon: day.unixSeconds(hours: day.noon()), sunrise: day.unixSeconds(hours: sunrise),
            sunset: day.unixSeconds(hours: sunset), asr: day.unixSeconds(hours: asr), nearestLatitude: nearestLatitude
        )
    }

    /// The solar date at the place itself or, when the sun does not rise, set or cast an Asr
    /// shadow there, at the nearest latitude where it does.
    private func resolve(_ solarDate: LocalDate, place: Coordinates, cache: inout DayCache) -> CoreEvents {
        if let known = cache.days[solarDate.julianDayNumber] { return known }
        let observer = Site(latitude: place.latitude, longitude: place.longitude, elevation: place.elevation)
        let nearestLatitude = place.latitude.sign == .minus
            ? -min(-place.latitude, Self.nearestLatitudeFallback)
            : min(place.latitude, Self.nearestLatitudeFallback)
        let nearest = Site(latitude: nearestLatitude, longitude: place.longitude, elevation: 0)
        let equator = Site(latitude: 0, longitude: place.longitude, elevation: 0)
        // At the equator the sun rises, sets and casts an Asr shadow every day; the nearest
        // latitude (at most 65°, at sea level) already does, so this is never reached.
        let events = coreEvents(at: observer, on: solarDate, nearestLatitude: false)
            ?? coreEvents(at: nearest, on: solarDate, nearestLatitude: true)
            ?? coreEvents(at: equator, on: solarDate, nearestLatitude: true)!
        cache.days[solarDate.julianDayNumber] = events
        return events
    }

    private func compute(_ date: LocalDate, ramadan: RamadanCalendar?, days cache: inout DayCache) -> PrayerDay {
        let place = sanitized
        let method = parameters.methodParameters
        let solarDate = solarDate(for: date, longitude: place.longitude)
        let core = resolve(solarDate, place: place, cache: &cache)
        let previous = resolve(solarDate.adding(days: -1), place: place, cache: &cache)
        let next = resolve(solarDate.adding(days: 1), place: place, cache: &cache)
        var fallbacks: PrayerDay.Fallbacks = core.nearestLatitude ? [.nearestLatitude] : []

        let day = core.day
        let site = day.site
        let seconds = { (hours: Double) in day.unixSeconds(hours: hours) }
        let noon = core.noon
        let sunrise = core.sunrise
        let sunset = core.sunset
        let asr = core.asr

        // The nights around the day run from one day's sunset to the next day's sunrise, each
        // day at its own site, so that the night after this day is the very night before the
        // next one even where one of them is computed at the nearest latitude.
        let nightBefore = sunrise - previous.sunset > 0 ? sunrise - previous.sunset : 86_400 - (sunset - sunrise)
        let night = next.sunrise - sunset > 0 ? next.sunrise - sunset : 86_400 - (sunset - sunrise)
        let nextSunrise = sunset + night

        // Fajr
        let fajrAngleTime = day.time(depression: method.fajrAngle, morning: true, guess: 5).map(seconds)
        let (fajrTime, fajrEstimated) = fajr(
            angleTime: fajrAngleTime, sunrise: sunrise, night: nightBefore,
            latitude: site.latitude, date: date, lowestPoint: noon - 43_200
        )
        if fajrEstimated { fallbacks.insert(.fajr) }

        // Isha by angle does not depend on Maghrib, so it comes first.
        var ishaByAngle: Double?
        if case .angle(let angle) = method.isha {
            let angleTime = day.time(depression: angle, morning: false, guess: 18).map(seconds)
            let (time, estimated) = isha(
                angleTime: angleTime, angle: angle, sunset: sunset, night: night,
                latitude: site.latitude, date: date, lowestPoint: noon + 43_200
            )
            ishaByAngle = time
            if estimated { fallbacks.insert(.isha) }
        }

        // Maghrib
        var maghrib: Double
        switch method.maghrib {
        case .minutesAfterSunset(let minutes):
            maghrib = sunset + minutes * 60
        case .angle(let angle):
            let limit = sunset + angle / 60 * night
            if let time = day.time(depression: angle, morning: false, guess: 18).map(seconds), time <= limit {
                maghrib = time
            } else {
                maghrib = limit
                fallbacks.insert(.maghrib)
            }
        }
        // On the shortest nights, Maghrib's delay or bound could reach an Isha that comes soon
        // after sunset: keep it in the first half of that interval.
        if let ishaByAngle, maghrib > sunset + (ishaByAngle - sunset) / 2 {
            maghrib = sunset + (ishaByAngle - sunset) / 2
            fallbacks.insert(.maghrib)
        }

        // Isha
        let isha: Double
        switch method.isha {
        case .angle:
            isha = ishaByAngle!
        case .minutesAfterMaghrib(let minutes, let ramadanMinutes):
            let inRamadan = ramadan?.isRamadan(date) ?? false
            let interval = (inRamadan ? ramadanMinutes : nil) ?? minutes
            if parameters.highLatitudeRule != .none, maghrib + interval * 60 > sunset + night / 2 {
                isha = sunset + night / 2
                fallbacks.insert(.isha)
            } else {
                isha = maghrib + interval * 60
            }
        }

        // Midnight and the last third of the night
        let nightEnd: Double
        switch method.midnight {
        case .standard:
            nightEnd = nextSunrise
        case .jafari:
            // The next day's Fajr, as that day computes it.
            let nextFajrAngle = next.day.time(depression: method.fajrAngle, morning: true, guess: 5)
                .map(next.day.unixSeconds(hours:))
            nightEnd = fajr(
                angleTime: nextFajrAngle, sunrise: nextSunrise, night: night,
                latitude: next.site.latitude, date: date.adding(days: 1), lowestPoint: next.noon - 43_200
            ).time
        }
        let midnight = sunset + (nightEnd - sunset) / 2
        let lastThird = sunset + (nightEnd - sunset) * 2 / 3

        // Dhuhr: a method's delay after the transit (Moonsighting Committee: 5 minutes) is
        // shortened to half the time to Asr on days so short that Asr follows within minutes.
        let dhuhr = noon + min(method.dhuhrMinutes * 60, (asr - noon) / 2)

        // Adjustments, then keep the order.
        let adjust = parameters.adjustments
        var ordered = [
            fajrTime + adjust.fajr * 60,
            sunrise + adjust.sunrise * 60,
            dhuhr + adjust.dhuhr * 60,
            asr + adjust.asr * 60,
            maghrib + adjust.maghrib * 60,
            isha + adjust.isha * 60,
        ]
        for index in ordered.indices.dropFirst() where !(ordered[index] > ordered[index - 1]) {
            ordered[index] = ordered[index - 1] + 60
            fallbacks.insert(.reordered)
        }

        func instant(_ unixSeconds: Double) -> Date { Date(timeIntervalSince1970: unixSeconds) }
        return PrayerDay(
            date: date,
            fajr: instant(ordered[0]), sunrise: instant(ordered[1]), dhuhr: instant(ordered[2]),
            asr: instant(ordered[3]), sunset: instant(sunset), maghrib: instant(ordered[4]),
            isha: instant(ordered[5]), midnight: instant(midnight), lastThird: instant(lastThird),
            fallbacks: fallbacks
        )
    }

    /// Fajr from its angle time, bounded by the high-latitude rule or the seasonal curve.
    /// `night` is the night that ends at `sunrise`; `lowestPoint` the solar midnight before it.
    private func fajr(
        angleTime: Double?, sunrise: Double, night: Double, latitude: Double, date: LocalDate, lowestPoint: Double
    ) -> (time: Double, estimated: Bool) {
        let method = parameters.methodParameters
        if method.seasonalTwilight {
            // Moonsighting Committee: the angle (one seventh of the night beyond 55°), but
            // never earlier than the seasonal number of minutes before sunrise.
            let beyond55 = abs(latitude) >= 55
            let candidate = beyond55 ? sunrise - night / 7 : angleTime
            let seasonal = sunrise - MoonsightingCommitteeSeason.fajrMinutesBeforeSunrise(latitude: latitude, date: date) * 60
            if let candidate, candidate >= seasonal { return (candidate, beyond55) }
            return (seasonal, true)
        }
        guard let portion = parameters.highLatitudeRule.nightPortion(angle: method.fajrAngle) else {
            return angleTime.map { ($0, false) } ?? (lowestPoint, true)
        }
        let limit = sunrise - portion * night
        if let angleTime, angleTime >= limit { return (angleTime, false) }
        return (limit, true)
    }

    /// Isha from its angle time, bounded by the high-latitude rule or the seasonal curve.
    /// `night` is the night that starts at `sunset`; `lowestPoint` the solar midnight after it.
    private func isha(
        angleTime: Double?, angle: Double, sunset: Double, night: Double, latitude: Double, date: LocalDate,
        lowestPoint: Double
    ) -> (time: Double, estimated: Bool) {
        if parameters.methodParameters.seasonalTwilight {
            let beyond55 = abs(latitude) >= 55
            let candidate = beyond55 ? sunset + night / 7 : angleTime
            let seasonal = sunset + MoonsightingCommitteeSeason.ishaMinutesAfterSunset(latitude: latitude, date: date) * 60
            if let candidate, candidate <= seasonal { return (candidate, beyond55) }
            return (seasonal, true)
        }
        guard let portion = parameters.highLatitudeRule.nightPortion(angle: angle) else {
            return angleTime.map { ($0, false) } ?? (lowestPoint, true)
        }
        let limit = sunset + portion * night
        if let angleTime, angleTime <= limit { return (angleTime, false) }
        return (limit, true)
    }
}
