import Foundation
import Synchronization

/// Finds the ``ZoneRules`` a TZID names.
///
/// In order: an IANA identifier from the system database; a Windows zone name as Outlook
/// and Exchange send them ("W. Europe Standard Time"), mapped through CLDR's table; the
/// VTIMEZONE of that TZID in the calendar, evaluated from its observances; and finally
/// an IANA identifier embedded in a longer TZID ("/mozilla.org/20050126_1/Europe/Berlin").
public final class TimeZoneResolver: Sendable {
    private let definitions: [String: Component]
    private let cache = Mutex<[String: (any ZoneRules)?]>([:])

    /// A resolver for a calendar's TZIDs; its VTIMEZONE components are the definitions.
    public init(calendar: Component) {
        var definitions: [String: Component] = [:]
        for component in calendar.components where component.name == ComponentName.timeZone {
            if let tzid = component[PropertyName.timeZoneID]?.value { definitions[tzid] = component }
        }
        self.definitions = definitions
    }

    /// A resolver that knows only the IANA database and Windows names.
    public init() {
        definitions = [:]
    }

    /// The rules for `tzid`, or `nil` when nothing defines it.
    public func rules(for tzid: String) -> (any ZoneRules)? {
        if let cached = cache.withLock({ $0[tzid] }) { return cached }
        let resolved = resolve(tzid)
        cache.withLock { $0[tzid] = resolved }
        return resolved
    }

    /// Whether the calendar carries a VTIMEZONE for `tzid`.
    public func hasDefinition(for tzid: String) -> Bool { definitions[tzid] != nil }

    private func resolve(_ tzid: String) -> (any ZoneRules)? {
        let name = tzid.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if name == "UTC" || name == "Etc/UTC" || name == "GMT" || name == "Z" { return FixedOffsetZone.utc }
        if name.contains("/"), let rules = SystemZoneRules.named(name) { return rules }
        if let iana = WindowsZoneTable.ianaIdentifierByWindowsName[name], let rules = SystemZoneRules.named(iana) {
            return rules
        }
        if let definition = definitions[tzid], let rules = try? VTimeZoneRules(definition) { return rules }
        // The last one, two or three path components may be an IANA identifier.
        let parts = name.split(separator: "/")
        for length in stride(from: min(3, parts.count), through: 1, by: -1) {
            let candidate = parts.suffix(length).joined(separator: "/")
            if candidate.contains("/") || length == parts.count, let rules = SystemZoneRules.named(candidate) { return rules }
        }
        return nil
    }
}
