/// How an export writes the header of each message, as detected from the whole file.
public struct WhatsAppLayout: Hashable, Sendable {
    /// Which app wrote the export, told apart by the shape of the header.
    public enum Platform: Hashable, Sendable {
        /// `[22/11/2026, 14:05:33] Name: text`
        case iOS
        /// `22/11/2026, 14:05 - Name: text`
        case android
    }

    /// The order of the numbers in a header's date.
    public enum DateOrder: Hashable, Sendable {
        /// `22/11/2026`: most of the world.
        case dayMonthYear
        /// `11/22/26`: phones set to US English.
        case monthDayYear
        /// `2026-11-22`: a few locales; recognised by the four-digit year in front.
        case yearMonthDay
    }

    public var platform: Platform
    public var dateOrder: DateOrder
    /// Whether times carry AM/PM (or ص/م) rather than running 0 to 23.
    public var usesTwelveHourClock: Bool

    public init(platform: Platform, dateOrder: DateOrder, usesTwelveHourClock: Bool) {
        self.platform = platform
        self.dateOrder = dateOrder
        self.usesTwelveHourClock = usesTwelveHourClock
    }
}
