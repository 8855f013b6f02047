import Foundation
import SQLStorage

/// What a person chooses for themselves: the language the server speaks to them in (web
/// pages, mail, API messages, push alerts) and their time zone. `nil` means "not chosen":
/// the language then follows the request's `Accept-Language`, the time zone the device's.
public struct AccountPreferences: Sendable, Hashable {
    /// A BCP 47 tag whose language the server speaks (``supportedLanguages``): `ar`, `en-GB`.
    public var language: String?
    /// An IANA time zone: `Asia/Riyadh`.
    public var timeZone: String?

    /// The languages the server's pages and messages are written in.
    public static let supportedLanguages = ["en", "ar"]

    public init(language: String? = nil, timeZone: String? = nil) {
        self.language = language
        self.timeZone = timeZone
    }

    /// The primary language of `tag` when the server speaks it: `ar-SA` gives `ar`.
    public static func supportedLanguage(of tag: String) -> String? {
        guard let primary = tag.split(separator: "-").first?.lowercased(), supportedLanguages.contains(primary) else { return nil }
        return primary
    }

    /// The locale numbers and dates are written in for `tag`; Arabic without a region is
    /// written as in the product's first market, Saudi Arabia (Arabic-Indic digits).
    public static func locale(of tag: String) -> Locale {
        Locale(identifier: tag.lowercased() == "ar" ? "ar-SA" : tag)
    }

    /// Why `language` cannot be stored, or `nil`.
    static func problem(language: String) -> String? {
        let shaped = language.utf8.count <= 35 && language.split(separator: "-", omittingEmptySubsequences: false).allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        guard shaped, supportedLanguage(of: language) != nil else {
            return "language is one of \(supportedLanguages.joined(separator: ", ")) (a BCP 47 tag such as ar-SA)"
        }
        return nil
    }

    /// Why `timeZone` cannot be stored, or `nil`.
    static func problem(timeZone: String) -> String? {
        timeZone.utf8.count <= 64 && TimeZone(identifier: timeZone) != nil ? nil : "'\(timeZone.prefix(64))' is not an IANA time zone such as Asia/Riyadh"
    }
}

extension AccountStore {
    /// The preferences of `name`, or `nil` when there is no such account.
    public func preferences(of name: String) async throws -> AccountPreferences? {
        try await database.read { session in
            try await session.queryRow("SELECT language, time_zone FROM account WHERE name = ?", [name]).map {
                AccountPreferences(language: $0["language"], timeZone: $0["time_zone"])
            }
        }
    }

    /// Changes the preferences given (`.some(nil)` clears one, `nil` leaves it as it is).
    /// - Throws: ``AccountError`` for a language the server does not speak, an unknown time
    ///   zone or a missing account; nothing is changed then.
    public func updatePreferences(name: String, language: String?? = .none, timeZone: String?? = .none) async throws {
        if case .some(.some(let language)) = language, let problem = AccountPreferences.problem(language: language) { throw AccountError(problem) }
        if case .some(.some(let zone)) = timeZone, let problem = AccountPreferences.problem(timeZone: zone) { throw AccountError(problem) }
        let changed = try await database.write { session in
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [name]) == true else { return false }
            if case .some(let language) = language {
                try await session.execute("UPDATE account SET language = ? WHERE name = ?", [language, name])
            }
            if case .some(let zone) = timeZone {
                try await session.execute("UPDATE account SET time_zone = ? WHERE name = ?", [zone, name])
            }
            return true
        }
        if !changed { throw AccountError.missingUser }
    }
}
