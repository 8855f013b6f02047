/// Everything besides place and date that decides the times.
public struct PrayerParameters: Sendable, Hashable, Codable {
    /// The method the parameters come from.
    public var method: CalculationMethod
    /// The method's astronomical definitions; ``CalculationMethod/parameters`` unless changed.
    public var methodParameters: MethodParameters
    /// Shadow length for Asr.
    public var asrSchool: AsrSchool
    /// Bound for Fajr and Isha where twilight lasts long. Not used by the Moonsighting
    /// Committee method, which has its own (``MethodParameters/seasonalTwilight``).
    public var highLatitudeRule: HighLatitudeRule
    /// Minutes added to each time at the end.
    public var adjustments: Adjustments

    public init(
        method: CalculationMethod,
        asrSchool: AsrSchool = .standard,
        highLatitudeRule: HighLatitudeRule = .middleOfNight,
        adjustments: Adjustments = .none
    ) {
        self.method = method
        self.methodParameters = method.parameters
        self.asrSchool = asrSchool
        self.highLatitudeRule = highLatitudeRule
        self.adjustments = adjustments
    }
}
