import PrayerTimes
import Testing
@testable import Jadwal

/// The JSON API's settings changes: what is present changes, mistakes are named.
struct PrayerSettingsPatchTests {
    func patched(_ json: String, from settings: PrayerSettings = PrayerSettings()) throws -> PrayerSettings {
        var result = settings
        try PrayerSettingsPatch(json: Array(json.utf8)).apply(to: &result)
        return result
    }

    @Test("fields present change, null clears, the rest stays")
    func applies() throws {
        let settings = try patched("""
            {"place": {"name": "Riyadh", "latitude": 24.7136, "longitude": 46.6753, "timeZone": "Asia/Riyadh"},
             "method": "makkah", "asrSchool": "hanafi", "blockMinutes": 25, "reminderMinutes": 10, "enabled": false}
            """)
        #expect(settings.place?.timeZone == "Asia/Riyadh" && settings.method == .ummAlQura && settings.asrSchool == .hanafi)
        #expect(settings.blockMinutes == 25 && settings.reminderMinutes == 10 && !settings.isEnabled && settings.jumuahMinutes == 45)
        let cleared = try patched(#"{"reminderMinutes": null, "method": null, "enabled": true}"#, from: settings)
        #expect(cleared.reminderMinutes == nil && cleared.method == nil && cleared.isEnabled && cleared.blockMinutes == 25)
    }

    @Test("mistakes are refused with a code", arguments: [
        ("[1]", "malformed_json"), ("{", "malformed_json"), (#"{"blockMinute": 5}"#, "unknown_field"),
        (#"{"blockMinutes": "5"}"#, "wrong_type"), (#"{"blockMinutes": true}"#, "wrong_type"), (#"{"blockMinutes": 2.5}"#, "wrong_type"),
        (#"{"blockMinutes": 0}"#, "out_of_range"), (#"{"enabled": 1}"#, "wrong_type"), (#"{"method": "Sundial"}"#, "unknown_method"),
        (#"{"place": {"latitude": 95, "longitude": 0, "timeZone": "UTC"}}"#, "out_of_range"),
        (#"{"place": {"latitude": 1, "longitude": 0, "timeZone": "Mars/Olympus"}}"#, "unknown_time_zone"),
        (#"{"place": {"latitude": 1, "longitude": 0}}"#, "missing_field"),
        (#"{"place": {"latitude": 1, "longitude": 0, "timeZone": "UTC", "zone": "x"}}"#, "unknown_field"),
        (#"{"city": "Nowhere"}"#, "unknown_city"),
    ])
    func refused(_ json: String, _ code: String) {
        #expect {
            _ = try PrayerSettingsPatch(json: Array(json.utf8))
        } throws: { error in
            (error as? PrayerSettingsPatch.Problem)?.code == code
        }
    }
}
