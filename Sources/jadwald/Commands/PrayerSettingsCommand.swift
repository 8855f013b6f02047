import ArgumentParser
import Foundation
import Jadwal
import PrayerTimes

extension PrayerCommand {
    /// `jadwald prayer settings USER ...`: the place and options of a user's prayer-times
    /// calendar. The calendar and feed follow at once, also while the server runs.
    struct SettingsCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings",
            abstract: "Show or change a user's prayer-times calendar settings.",
            discussion: """
                Without options, shows the settings. The method defaults to the one used in the \
                place's country. Every change moves the calendar's sync token, so clients fetch \
                the new times.
                """)

        @Argument(help: "The user.") var user: String
        @Option(help: "A city from the built-in list, in English or Arabic (\"Riyadh\", \"الرياض\", \"Alexandria, EG\").")
        var city: String?
        @Option(parsing: .unconditional, help: "Latitude in degrees (north positive).") var lat: Double?
        @Option(parsing: .unconditional, help: "Longitude in degrees (east positive).") var lon: Double?
        @Option(help: "IANA time zone of the place, e.g. Asia/Riyadh.") var tz: String?
        @Option(parsing: .unconditional, help: "Elevation in metres.") var elevation: Double?
        @Option(help: "A name for the place, shown in the events.") var placeName: String?
        @Option(help: "Calculation method (MWL, ISNA, Egypt, Makkah, Karachi, Tehran, Jafari, Gulf, Kuwait, Qatar, Singapore, Turkey, MoonsightingCommittee, France, Russia) or 'default'.")
        var method: String?
        @Option(help: "Asr school: standard or hanafi.") var asr: PrayerCommand.AsrOption?
        @Option(help: "High-latitude rule: middle-of-night, one-seventh, angle-based or none.") var highLat: PrayerCommand.HighLatitudeOption?
        @Option(help: "Length of each prayer's block in minutes (default 20).") var blockMinutes: Int?
        @Option(help: "Length of Jumu'ah (Friday's Dhuhr) in minutes (default 45).") var jumuahMinutes: Int?
        @Option(help: "A reminder this many minutes before each prayer.") var reminderMinutes: Int?
        @Flag(help: "No reminders.") var noReminder = false
        @Flag(inversion: .prefixedEnableDisable, help: "Show or hide the calendar.") var calendar: Bool?
        @Flag(help: "Make a new secret feed URL; the old one stops working.") var rotateFeedToken = false
        @OptionGroup var data: DataDirectoryOptions

        func validate() throws {
            if (lat == nil) != (lon == nil) || (lat != nil && tz == nil) {
                throw ValidationError("give --lat, --lon and --tz together")
            }
            if let city {
                guard lat == nil else { throw ValidationError("give --city or --lat/--lon/--tz, not both") }
                guard PrayerSettings.place(city: city) != nil else {
                    let suggestions = CityDirectory.search(city, limit: 5).map { "\($0.name), \($0.countryCode)" }
                    throw ValidationError("no city named \(city) in the built-in list" + (suggestions.isEmpty ? "; give --lat, --lon and --tz" : "; did you mean \(suggestions.joined(separator: "; "))?"))
                }
            }
            if let method, method.lowercased() != "default", CalculationMethod(name: method) == nil {
                throw ValidationError("unknown method \(method)")
            }
            if noReminder && reminderMinutes != nil { throw ValidationError("--reminder-minutes and --no-reminder exclude each other") }
        }

        var changesSomething: Bool {
            city != nil || lat != nil || elevation != nil || placeName != nil || method != nil || asr != nil || highLat != nil || blockMinutes != nil
                || jumuahMinutes != nil || reminderMinutes != nil || noReminder || calendar != nil || rotateFeedToken
        }

        func run() async throws {
            let store = try await Storage.open(data).application.prayerSettings
            let result: PrayerSettings
            if changesSomething {
                let options = self
                result = try await UserCommand.refusing {
                    try await store.update(user) { settings in options.apply(to: &settings) }
                }
            } else {
                guard try await Storage.open(data).accounts.account(named: user) != nil else {
                    throw CommandFailure("no user \(user)")
                }
                result = try await store.settings(of: user)
            }
            print(Self.describe(result))
        }

        func apply(to settings: inout PrayerSettings) {
            if let city, let place = PrayerSettings.place(city: city) {
                settings.place = place
                if let placeName { settings.place?.name = placeName }
                if let elevation { settings.place?.elevation = elevation }
            } else if let lat, let lon, let tz {
                settings.place = PrayerSettings.Place(name: placeName, latitude: lat, longitude: lon, elevation: elevation ?? 0, timeZone: tz)
            } else if var place = settings.place {
                if let elevation { place.elevation = elevation }
                if let placeName { place.name = placeName }
                settings.place = place
            }
            if let method { settings.method = method.lowercased() == "default" ? nil : CalculationMethod(name: method) }
            if let asr { settings.asrSchool = asr.school }
            if let highLat { settings.highLatitudeRule = highLat.rule }
            if let blockMinutes { settings.blockMinutes = blockMinutes }
            if let jumuahMinutes { settings.jumuahMinutes = jumuahMinutes }
            if let reminderMinutes { settings.reminderMinutes = reminderMinutes }
            if noReminder { settings.reminderMinutes = nil }
            if let calendar { settings.isEnabled = calendar }
            if rotateFeedToken { settings.feedToken = PrayerSettings.newFeedToken() }
        }

        static func describe(_ settings: PrayerSettings) -> String {
            var lines: [String] = []
            if let place = settings.place {
                lines.append("place:     \(place.name.map { "\($0), " } ?? "")\(place.latitude), \(place.longitude)"
                             + (place.elevation != 0 ? ", \(place.elevation) m" : "") + " (\(place.timeZone))")
            } else {
                lines.append("place:     not set (the calendar stays empty until one is)")
            }
            lines.append("method:    \(settings.effectiveMethod.shortName) (\(settings.effectiveMethod.displayName))\(settings.method == nil ? ", the place's default" : "")")
            lines.append("asr:       \(settings.asrSchool.rawValue)")
            lines.append("high-lat:  \(settings.highLatitudeRule.rawValue)")
            lines.append("blocks:    \(settings.blockMinutes) min, Jumu'ah \(settings.jumuahMinutes) min")
            lines.append("reminder:  \(settings.reminderMinutes.map { "\($0) min before" } ?? "none")")
            lines.append("calendar:  \(settings.isEnabled ? "shown" : "hidden")")
            if !settings.feedToken.isEmpty { lines.append("feed:      /feeds/prayer/\(settings.feedToken).ics") }
            return lines.joined(separator: "\n")
        }
    }
}
