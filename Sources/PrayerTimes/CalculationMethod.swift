/// The conventions of the authorities that publish prayer times.
///
/// Parameters as listed by praytimes.org ("Calculation Methods", PrayTimes.js v2.3) for the
/// first seven and by the AlAdhan prayer-times API (Islamic Network, `Method.php`, method ids
/// 8 to 15) for the others; each case names the authority whose figures they are.
public enum CalculationMethod: String, CaseIterable, Sendable, Hashable, Codable {
    /// Muslim World League: Fajr 18°, Isha 17°. Europe, the Far East, parts of the Americas.
    case muslimWorldLeague
    /// Islamic Society of North America: Fajr 15°, Isha 15°.
    case isna
    /// Egyptian General Authority of Survey: Fajr 19.5°, Isha 17.5°.
    case egyptian
    /// Umm al-Qura University, Makkah: Fajr 18.5° (19° before 1430 AH), Isha 90 minutes
    /// after Maghrib, 120 minutes in Ramadan of the Umm al-Qura calendar (the 30 extra
    /// minutes as the AlAdhan API applies them).
    case ummAlQura
    /// University of Islamic Sciences, Karachi: Fajr 18°, Isha 18°.
    case karachi
    /// Institute of Geophysics, University of Tehran: Fajr 17.7°, Maghrib 4.5°, Isha 14°,
    /// midnight from sunset to Fajr.
    case tehran
    /// Shia Ithna-Ashari, Leva Institute, Qum: Fajr 16°, Maghrib 4°, Isha 14°, midnight from
    /// sunset to Fajr.
    case jafari
    /// Gulf region (AlAdhan method 8): Fajr 19.5°, Isha 90 minutes after Maghrib.
    case gulf
    /// Kuwait (AlAdhan method 9): Fajr 18°, Isha 17.5°.
    case kuwait
    /// Qatar (AlAdhan method 10): Fajr 18°, Isha 90 minutes after Maghrib.
    case qatar
    /// Majlis Ugama Islam Singapura (AlAdhan method 11): Fajr 20°, Isha 18°. Also used in
    /// Malaysia (JAKIM), Indonesia (KEMENAG) and Brunei.
    case singapore
    /// Diyanet İşleri Başkanlığı, Turkey (AlAdhan method 13): Fajr 18°, Isha 17°. Diyanet's
    /// own tables add a few minutes of safety margin (temkin) per time; add them with
    /// ``Adjustments`` where wanted.
    case turkey
    /// Moonsighting Committee Worldwide (moonsighting.com; AlAdhan method 15, shafaq
    /// general): Fajr and Isha at 18°, bounded by the committee's seasonal curves of minutes
    /// before sunrise and after sunset (one seventh of the night beyond 55° of latitude),
    /// Dhuhr 5 minutes after the transit, Maghrib 3 minutes after sunset.
    case moonsightingCommittee
    /// Union des Organisations Islamiques de France (AlAdhan method 12): Fajr 12°, Isha 12°.
    case france
    /// Spiritual Administration of Muslims of Russia (AlAdhan method 14): Fajr 16°, Isha 15°.
    case russia

    /// The parameters the authority publishes.
    public var parameters: MethodParameters {
        switch self {
        case .muslimWorldLeague: MethodParameters(fajrAngle: 18, isha: .angle(17))
        case .isna: MethodParameters(fajrAngle: 15, isha: .angle(15))
        case .egyptian: MethodParameters(fajrAngle: 19.5, isha: .angle(17.5))
        case .ummAlQura: MethodParameters(fajrAngle: 18.5, isha: .minutesAfterMaghrib(90, ramadan: 120))
        case .karachi: MethodParameters(fajrAngle: 18, isha: .angle(18))
        case .tehran: MethodParameters(fajrAngle: 17.7, maghrib: .angle(4.5), isha: .angle(14), midnight: .jafari)
        case .jafari: MethodParameters(fajrAngle: 16, maghrib: .angle(4), isha: .angle(14), midnight: .jafari)
        case .gulf: MethodParameters(fajrAngle: 19.5, isha: .minutesAfterMaghrib(90, ramadan: nil))
        case .kuwait: MethodParameters(fajrAngle: 18, isha: .angle(17.5))
        case .qatar: MethodParameters(fajrAngle: 18, isha: .minutesAfterMaghrib(90, ramadan: nil))
        case .singapore: MethodParameters(fajrAngle: 20, isha: .angle(18))
        case .turkey: MethodParameters(fajrAngle: 18, isha: .angle(17))
        case .moonsightingCommittee:
            MethodParameters(
                fajrAngle: 18, maghrib: .minutesAfterSunset(3), isha: .angle(18),
                dhuhrMinutes: 5, seasonalTwilight: true
            )
        case .france: MethodParameters(fajrAngle: 12, isha: .angle(12))
        case .russia: MethodParameters(fajrAngle: 16, isha: .angle(15))
        }
    }

    /// The short name used on the command line and in settings, e.g. `MWL` or `Makkah`.
    public var shortName: String {
        switch self {
        case .muslimWorldLeague: "MWL"
        case .isna: "ISNA"
        case .egyptian: "Egypt"
        case .ummAlQura: "Makkah"
        case .karachi: "Karachi"
        case .tehran: "Tehran"
        case .jafari: "Jafari"
        case .gulf: "Gulf"
        case .kuwait: "Kuwait"
        case .qatar: "Qatar"
        case .singapore: "Singapore"
        case .turkey: "Turkey"
        case .moonsightingCommittee: "MoonsightingCommittee"
        case .france: "France"
        case .russia: "Russia"
        }
    }

    /// The authority's name.
    public var displayName: String {
        switch self {
        case .muslimWorldLeague: "Muslim World League"
        case .isna: "Islamic Society of North America"
        case .egyptian: "Egyptian General Authority of Survey"
        case .ummAlQura: "Umm al-Qura University, Makkah"
        case .karachi: "University of Islamic Sciences, Karachi"
        case .tehran: "Institute of Geophysics, University of Tehran"
        case .jafari: "Shia Ithna-Ashari, Leva Institute, Qum"
        case .gulf: "Gulf Region"
        case .kuwait: "Kuwait"
        case .qatar: "Qatar"
        case .singapore: "Majlis Ugama Islam Singapura"
        case .turkey: "Diyanet İşleri Başkanlığı, Turkey"
        case .moonsightingCommittee: "Moonsighting Committee Worldwide"
        case .france: "Union des Organisations Islamiques de France"
        case .russia: "Spiritual Administration of Muslims of Russia"
        }
    }

    /// The method with this short name or raw value, ignoring case (`mwl`, `Makkah`,
    /// `ummAlQura`, `moonsighting-committee` ...), or `nil`.
    public init?(name: String) {
        let key = CalculationMethod.normalized(name)
        guard let method = CalculationMethod.allCases.first(where: { method in
            CalculationMethod.normalized(method.shortName) == key
                || CalculationMethod.normalized(method.rawValue) == key
                || method.aliases.contains(key)
        }) else { return nil }
        self = method
    }

    /// Other names people use for a method, already normalized.
    private var aliases: [String] {
        switch self {
        case .muslimWorldLeague: ["muslimworldleague"]
        case .isna: ["northamerica"]
        case .egyptian: ["egyptian"]
        case .ummAlQura: ["ummalqura"]
        case .singapore: ["muis"]
        case .turkey: ["diyanet"]
        case .moonsightingCommittee: ["moonsighting", "msc"]
        case .france: ["uoif"]
        default: []
        }
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
