import Foundation
import SQLStorage
import PrayerTimes

/// Prayer settings, one row per account in the accounts' database. A user without a row
/// has the defaults (no place yet) and a feed token made on first save.
public struct PrayerSettingsStore: Sendable {
    let database: any SQLDatabase

    /// The settings of `name`; defaults when none were saved.
    public func settings(of name: String) async throws -> PrayerSettings {
        try await database.read { session in try await Self.read(name, session) } ?? PrayerSettings()
    }

    /// The account whose feed token this is, with its settings.
    public func settings(forFeedToken token: String) async throws -> (account: String, settings: PrayerSettings)? {
        guard !token.isEmpty else { return nil }
        return try await database.read { session in
            guard let account = try await session.scalar(String.self, "SELECT account FROM prayer_settings WHERE feed_token = ?", [token]),
                  let settings = try await Self.read(account, session) else { return nil }
            return (account, settings)
        }
    }

    /// Changes the settings of `name` with `change`, bumping the version; returns the result.
    @discardableResult
    public func update(_ name: String, now: Int = Int(Date().timeIntervalSince1970),
                       _ change: @escaping @Sendable (inout PrayerSettings) throws -> Void) async throws -> PrayerSettings {
        try await database.write { session in
            // The account's row is locked until commit, so concurrent updates (the first save,
            // which makes the settings row, included) run one after another and each sees the
            // version the one before wrote.
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?\(session.dialect.forUpdate)", [name]) == true else {
                throw AccountStore.AccountError("no user \(name)", missing: true)
            }
            var settings = try await Self.read(name, session) ?? PrayerSettings()
            try change(&settings)
            try Self.check(settings)
            settings.version += 1
            settings.updatedAt = now
            if settings.feedToken.isEmpty { settings.feedToken = PrayerSettings.newFeedToken() }
            let place = settings.place
            try await session.execute("""
                INSERT INTO prayer_settings (account, place_name, latitude, longitude, elevation, time_zone, method,
                    asr_school, high_latitude_rule, block_minutes, jumuah_minutes, reminder_minutes, enabled, version, updated_at, feed_token)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (account) DO UPDATE SET place_name = excluded.place_name, latitude = excluded.latitude, longitude = excluded.longitude, elevation = excluded.elevation, time_zone = excluded.time_zone, method = excluded.method, asr_school = excluded.asr_school, high_latitude_rule = excluded.high_latitude_rule, block_minutes = excluded.block_minutes, jumuah_minutes = excluded.jumuah_minutes, reminder_minutes = excluded.reminder_minutes, enabled = excluded.enabled, version = excluded.version, updated_at = excluded.updated_at, feed_token = excluded.feed_token
                """, [name, place?.name, place?.latitude, place?.longitude, place?.elevation ?? 0, place?.timeZone,
                                 settings.method?.shortName, settings.asrSchool.rawValue, settings.highLatitudeRule.rawValue,
                                 settings.blockMinutes, settings.jumuahMinutes, settings.reminderMinutes, settings.isEnabled,
                                 settings.version, settings.updatedAt, settings.feedToken])
            return settings
        }
    }

    /// Refuses settings that would give no calendar or a broken one.
    static func check(_ settings: PrayerSettings) throws {
        if let place = settings.place {
            do { try Coordinates(latitude: place.latitude, longitude: place.longitude, elevation: place.elevation).validate() } catch {
                throw AccountStore.AccountError(error.description)
            }
            guard TimeZone(identifier: place.timeZone) != nil else { throw AccountStore.AccountError("unknown time zone \(place.timeZone)") }
        }
        for (label, minutes) in [("block", settings.blockMinutes), ("Jumu'ah", settings.jumuahMinutes), ("reminder", settings.reminderMinutes ?? 1)]
        where !PrayerSettings.minuteRange.contains(minutes) {
            throw AccountStore.AccountError("\(label) minutes must be from \(PrayerSettings.minuteRange.lowerBound) to \(PrayerSettings.minuteRange.upperBound)")
        }
    }

    private static func read(_ name: String, _ session: any SQLSession) async throws -> PrayerSettings? {
        guard let row = try await session.queryRow("SELECT * FROM prayer_settings WHERE account = ?", [name]) else { return nil }
        var settings = PrayerSettings()
        if let latitude: Double = row["latitude"], let longitude: Double = row["longitude"], let zone: String = row["time_zone"] {
            settings.place = PrayerSettings.Place(name: row["place_name"], latitude: latitude, longitude: longitude,
                                                  elevation: row["elevation"], timeZone: zone)
        }
        settings.method = (row["method"] as String?).flatMap { CalculationMethod(name: $0) }
        settings.asrSchool = AsrSchool(rawValue: row["asr_school"]) ?? .standard
        settings.highLatitudeRule = HighLatitudeRule(rawValue: row["high_latitude_rule"]) ?? .middleOfNight
        settings.blockMinutes = row["block_minutes"]
        settings.jumuahMinutes = row["jumuah_minutes"]
        settings.reminderMinutes = row["reminder_minutes"]
        settings.isEnabled = row["enabled"]
        settings.version = row["version"]
        settings.updatedAt = row["updated_at"]
        settings.feedToken = row["feed_token"]
        return settings
    }
}

extension ApplicationDatabase {
    /// The prayer settings kept beside the accounts.
    public var prayerSettings: PrayerSettingsStore { PrayerSettingsStore(database: database) }
}
