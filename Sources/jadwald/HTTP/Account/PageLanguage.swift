import Foundation
import Hummingbird
import Jadwal

/// The language a person's page, mail and messages are written in: their own choice when
/// they made one, else the first language of the request's `Accept-Language` the server
/// speaks, else English. Arabic pages are right to left and write numbers and dates as
/// the person's locale does (`ar-SA` with Arabic-Indic digits).
struct PageLanguage: Sendable, Equatable {
    /// `en` or `ar`.
    let code: String
    /// The tag numbers and dates are formatted by (`ar-SA`, `en-GB`).
    let locale: Locale

    static let english = PageLanguage(code: "en", locale: Locale(identifier: "en_GB"))

    init(code: String, locale: Locale) {
        self.code = code
        self.locale = locale
    }

    /// The language for a person with `preference` (their stored tag, if any) asking with `request`.
    init(preference: String?, request: Request) {
        self.init(preference: preference, otherwise: PageLanguage(acceptLanguage: request.headers[.acceptLanguage] ?? ""))
    }

    /// The language of `preference` when the server speaks it, else `fallback`.
    init(preference: String?, otherwise fallback: PageLanguage) {
        if let preference, let code = AccountPreferences.supportedLanguage(of: preference) {
            self.init(code: code, locale: AccountPreferences.locale(of: preference))
        } else {
            self = fallback
        }
    }

    /// The first language of an `Accept-Language` value the server speaks, else English.
    init(acceptLanguage: String) {
        for tag in Self.acceptedTags(acceptLanguage) {
            if let code = AccountPreferences.supportedLanguage(of: tag) {
                self.init(code: code, locale: AccountPreferences.locale(of: tag))
                return
            }
        }
        self = .english
    }

    /// The tags of an `Accept-Language` value, most wanted first (RFC 9110 §12.5.4).
    static func acceptedTags(_ header: String) -> [String] {
        let entries = header.split(separator: ",").prefix(20).compactMap { entry -> (String, Double)? in
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*", tag.utf8.count <= 35 else { return nil }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0 ? (tag, weight) : nil
        }
        return entries.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element.0)
    }

    var isArabic: Bool { code == "ar" }

    /// `english` in this language; `{1}`, `{2}` are replaced by `values` (already escaped where HTML).
    func callAsFunction(_ english: String, _ values: String...) -> String {
        callAsFunction(english, values: values)
    }

    func callAsFunction(_ english: String, values: [String]) -> String {
        var text = isArabic ? (PageTexts.arabic[english] ?? english) : english
        for (index, value) in values.enumerated() { text = text.replacingOccurrences(of: "{\(index + 1)}", with: value) }
        return text
    }

    /// A number as this language writes it.
    func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// A time of day as this language writes it, in `zone`.
    func time(_ seconds: Int, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        formatter.setLocalizedDateFormatFromTemplate("jmm")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// A date and time as this language writes it, in `zone`.
    func dateTime(_ seconds: Int, zone: TimeZone = .current, time: Bool = true) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        // Gregorian also where the locale's own calendar is another (ar-SA's is Umm al-Qura):
        // these are the dates of the person's devices and data, as their calendars show them.
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.setLocalizedDateFormatFromTemplate(time ? "yMMMdjmm" : "yMMMd")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

extension PageLanguage {
    /// The language the request being answered is answered in, for pages that speak several
    /// (bound around their handlers); English elsewhere.
    @TaskLocal static var current = PageLanguage.english
}

/// `english` in the language of the request being answered (``PageLanguage/current``).
func tr(_ english: String, _ values: String...) -> String {
    PageLanguage.current(english, values: values)
}
