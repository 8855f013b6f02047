import Foundation
import PrayerTimes

/// A change to prayer settings as the JSON API receives it: only the fields present
/// change, `null` clears what may be cleared, and unknown fields or wrong types are
/// refused with the field's name, so a typo never passes silently.
///
/// ```json
/// {"place": {"name": "Riyadh", "latitude": 24.7136, "longitude": 46.6753, "timeZone": "Asia/Riyadh"},
///  "method": "Makkah", "asrSchool": "standard", "highLatitudeRule": "middle-of-night",
///  "blockMinutes": 20, "jumuahMinutes": 45, "reminderMinutes": 10, "enabled": true}
/// ```
public struct PrayerSettingsPatch: Sendable {
    /// Why a body was refused: a stable code and a message for people.
    public struct Problem: Error, Sendable, Equatable {
        public let code: String
        public let message: String
    }

    private var changes: [@Sendable (inout PrayerSettings) -> Void] = []
    /// Set when the body asks to rotate the feed token.
    public private(set) var rotatesFeedToken = false

    static let fields: Set = ["place", "city", "method", "asrSchool", "highLatitudeRule", "blockMinutes", "jumuahMinutes",
                              "reminderMinutes", "enabled", "rotateFeedToken"]
    static let placeFields: Set = ["name", "latitude", "longitude", "elevation", "timeZone"]

    /// Decodes a JSON object body; `resolveCity` turns a `city` field into a place.
    public init(json: [UInt8], resolveCity: (String) -> PrayerSettings.Place? = { _ in nil }) throws(Problem) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else {
            throw Problem(code: "malformed_json", message: "the body must be one JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw Problem(code: "unknown_field", message: "unknown field \(unknown); known: \(Self.fields.sorted().joined(separator: ", "))")
        }
        if object["place"] != nil && object["city"] != nil { throw Problem(code: "conflict", message: "give place or city, not both") }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            try decode(key, value, resolveCity: resolveCity)
        }
    }

    /// Applies the change.
    public func apply(to settings: inout PrayerSettings) {
        for change in changes { change(&settings) }
        if rotatesFeedToken { settings.feedToken = PrayerSettings.newFeedToken() }
    }

    private mutating func decode(_ key: String, _ value: Any, resolveCity: (String) -> PrayerSettings.Place?) throws(Problem) {
        func wrongType(_ expected: String) -> Problem { Problem(code: "wrong_type", message: "\(key) must be \(expected)") }
        func integer() throws(Problem) -> Int {
            guard let number = value as? NSNumber, !number.isJSONBoolean, let int = Int(exactly: number.doubleValue) else { throw wrongType("a whole number") }
            guard PrayerSettings.minuteRange.contains(int) else {
                throw Problem(code: "out_of_range", message: "\(key) must be from \(PrayerSettings.minuteRange.lowerBound) to \(PrayerSettings.minuteRange.upperBound)")
            }
            return int
        }
        switch key {
        case "place":
            if value is NSNull { changes.append { $0.place = nil }; return }
            let place = try Self.place(value)
            changes.append { $0.place = place }
        case "city":
            guard let name = value as? String else { throw wrongType("a city name") }
            guard let place = resolveCity(name) else { throw Problem(code: "unknown_city", message: "no city named \(name) in the built-in list") }
            changes.append { $0.place = place }
        case "method":
            if value is NSNull { changes.append { $0.method = nil }; return }
            guard let name = value as? String else { throw wrongType("a method name or null for the place's default") }
            guard let method = CalculationMethod(name: name) else {
                throw Problem(code: "unknown_method", message: "unknown method \(name); use one of \(CalculationMethod.allCases.map(\.shortName).joined(separator: ", "))")
            }
            changes.append { $0.method = method }
        case "asrSchool":
            guard let name = value as? String, let school = AsrSchool(rawValue: name) else { throw wrongType("standard or hanafi") }
            changes.append { $0.asrSchool = school }
        case "highLatitudeRule":
            guard let name = value as? String, let rule = HighLatitudeRule(rawValue: name) else {
                throw wrongType(HighLatitudeRule.allCases.map(\.rawValue).joined(separator: ", "))
            }
            changes.append { $0.highLatitudeRule = rule }
        case "blockMinutes":
            let minutes = try integer()
            changes.append { $0.blockMinutes = minutes }
        case "jumuahMinutes":
            let minutes = try integer()
            changes.append { $0.jumuahMinutes = minutes }
        case "reminderMinutes":
            if value is NSNull { changes.append { $0.reminderMinutes = nil }; return }
            let minutes = try integer()
            changes.append { $0.reminderMinutes = minutes }
        case "enabled":
            guard let number = value as? NSNumber, number.isJSONBoolean else { throw wrongType("true or false") }
            let enabled = number.boolValue
            changes.append { $0.isEnabled = enabled }
        case "rotateFeedToken":
            guard let number = value as? NSNumber, number.isJSONBoolean else { throw wrongType("true or false") }
            rotatesFeedToken = number.boolValue
        default:
            throw Problem(code: "unknown_field", message: "unknown field \(key)")
        }
    }

    private static func place(_ value: Any) throws(Problem) -> PrayerSettings.Place {
        guard let object = value as? [String: Any] else { throw Problem(code: "wrong_type", message: "place must be an object") }
        if let unknown = object.keys.sorted().first(where: { !placeFields.contains($0) }) {
            throw Problem(code: "unknown_field", message: "unknown field place.\(unknown)")
        }
        func number(_ key: String) throws(Problem) -> Double? {
            guard let raw = object[key] else { return nil }
            guard let value = raw as? NSNumber, !value.isJSONBoolean else { throw Problem(code: "wrong_type", message: "place.\(key) must be a number") }
            return value.doubleValue
        }
        guard let latitude = try number("latitude"), let longitude = try number("longitude"), let zone = object["timeZone"] as? String else {
            throw Problem(code: "missing_field", message: "place needs latitude, longitude and timeZone")
        }
        let elevation = try number("elevation") ?? 0
        do { try Coordinates(latitude: latitude, longitude: longitude, elevation: elevation).validate() } catch {
            throw Problem(code: "out_of_range", message: error.description)
        }
        guard TimeZone(identifier: zone) != nil else { throw Problem(code: "unknown_time_zone", message: "unknown time zone \(zone)") }
        if let name = object["name"], !(name is String) { throw Problem(code: "wrong_type", message: "place.name must be a string") }
        return PrayerSettings.Place(name: object["name"] as? String, latitude: latitude, longitude: longitude, elevation: elevation, timeZone: zone)
    }
}

extension PrayerSettings {
    /// The settings as the JSON API shows them.
    public func jsonObject() -> [String: Any] {
        var object: [String: Any] = [
            "method": method?.shortName ?? NSNull(),
            "effectiveMethod": effectiveMethod.shortName,
            "asrSchool": asrSchool.rawValue,
            "highLatitudeRule": highLatitudeRule.rawValue,
            "blockMinutes": blockMinutes,
            "jumuahMinutes": jumuahMinutes,
            "reminderMinutes": reminderMinutes ?? NSNull(),
            "enabled": isEnabled,
            "version": version,
            "feedPath": feedToken.isEmpty ? NSNull() : "/feeds/prayer/\(feedToken).ics",
        ]
        if let place {
            object["place"] = ["name": place.name ?? NSNull(), "latitude": place.latitude, "longitude": place.longitude,
                               "elevation": place.elevation, "timeZone": place.timeZone] as [String: Any]
        } else {
            object["place"] = NSNull()
        }
        return object
    }
}
