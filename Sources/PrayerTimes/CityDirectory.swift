import Foundation

/// The built-in list of cities a user can pick a place from, by English or Arabic name.
///
/// It holds the capital of every country and territory, every city of a million people or
/// more, and every city of 300,000 or more in Muslim-majority countries and the Gulf
/// (`scripts/gen-cities.py` builds it from GeoNames, Arabic Wikipedia and CLDR).
///
/// ```swift
/// CityDirectory.named("Mecca")?.arabicName        // "مكة المكرمة"
/// CityDirectory.named("القاهره")?.name            // "Cairo"
/// CityDirectory.named("Hyderabad, PK")?.latitude // 25.3969, in Sindh, not India
/// ```
public enum CityDirectory {
    /// Every place, sorted by English name then country.
    public static let all: [City] = table

    /// Places whose English name, Arabic name or a common alias matches `query`, best first.
    ///
    /// Matching ignores case, accents ("zurich" finds Zürich), Arabic diacritics, the spelling
    /// variants of hamza, taa marbuta and alef maksura ("القاهره" finds القاهرة), and a leading
    /// "ال". Exact matches come first, then names that start with the query, then names with
    /// a word that starts with it, then names that contain it; within each, larger places
    /// first. A query may end with a country code after a comma, "Paris, FR" or
    /// "الإسكندرية، EG", to keep only that country's places.
    /// - Parameters:
    ///   - query: A name, in English or Arabic, optionally followed by ", CC".
    ///   - limit: The most places to return.
    /// - Returns: Up to `limit` places; none for an empty query.
    public static func search(_ query: String, limit: Int = 10) -> [City] {
        guard limit > 0 else { return [] }
        let (name, country) = parse(query)
        let needles = SearchKey.variants(of: name)
        guard !needles.isEmpty else { return [] }
        var matches: [(rank: Int, city: City)] = []
        for entry in entries where country == nil || entry.city.countryCode == country {
            let ranks = entry.keys.flatMap { key in needles.compactMap { key.rank(matching: $0) } }
            if let rank = ranks.min() { matches.append((rank, entry.city)) }
        }
        matches.sort { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.city.population != rhs.city.population { return lhs.city.population > rhs.city.population }
            if lhs.city.isCapital != rhs.city.isCapital { return lhs.city.isCapital }
            return (lhs.city.name, lhs.city.countryCode) < (rhs.city.name, rhs.city.countryCode)
        }
        return matches.prefix(limit).map(\.city)
    }

    /// The one place `query` most likely means: the first result of ``search(_:limit:)``, so
    /// the largest of several exact matches ("Alexandria" is the Egyptian city).
    /// - Returns: `nil` for an empty query or when nothing matches.
    public static func named(_ query: String) -> City? {
        search(query, limit: 1).first
    }

    /// Splits "Name, CC" (or "Name، CC") into the name and the upper-cased country code. Any
    /// other text after the last comma ("Washington, D.C.") is dropped.
    static func parse(_ query: String) -> (name: Substring, country: String?) {
        guard let comma = query.lastIndex(where: { $0 == "," || $0 == "،" }) else {
            return (query[...], nil)
        }
        let name = query[..<comma]
        let suffix = query[query.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        let isCode = suffix.count == 2
            && suffix.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        return (name, isCode ? suffix.uppercased() : nil)
    }

    /// A place with its names folded once for matching.
    private struct Entry: Sendable {
        let city: City
        let keys: [SearchKey]
    }

    private static let entries: [Entry] = table.map { city in
        let names = [city.name, city.arabicName] + (aliasTable["\(city.name), \(city.countryCode)"] ?? [])
        var keys: [SearchKey] = []
        for name in names {
            for key in SearchKey.variants(of: name[...]) where !keys.contains(key) {
                keys.append(key)
            }
        }
        return Entry(city: city, keys: keys)
    }
}

/// A name folded for matching: lower case, no accents or Arabic diacritics, one spelling of
/// each Arabic letter family, punctuation as spaces.
struct SearchKey: Sendable, Hashable {
    let text: String

    init(folding name: some StringProtocol) {
        var folded = ""
        var pendingSpace = false
        for scalar in String(name).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            guard let replacement = Self.replacement(for: scalar) else { continue }
            if replacement == " " {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            folded.append(replacement)
        }
        text = folded
    }

    /// The folded name, and without its leading Arabic article ("الرياض" and "رياض").
    static func variants(of name: Substring) -> [SearchKey] {
        let key = SearchKey(folding: name)
        guard !key.text.isEmpty else { return [] }
        guard key.text.hasPrefix("ال"), key.text.count > 3 else { return [key] }
        return [key, SearchKey(text: String(key.text.dropFirst(2)))]
    }

    private init(text: String) {
        self.text = text
    }

    /// 0 when the names are equal, 1 when this one starts with `needle`, 2 when one of its
    /// words does, 3 when it contains `needle`; `nil` otherwise.
    func rank(matching needle: SearchKey) -> Int? {
        if text == needle.text { return 0 }
        if text.hasPrefix(needle.text) { return 1 }
        if text.contains(" " + needle.text) { return 2 }
        if text.contains(needle.text) { return 3 }
        return nil
    }

    /// What a scalar (already lower case and decomposed) becomes: itself, a spelling shared
    /// by its letter family, a space for punctuation, or `nil` to drop it.
    private static func replacement(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        // Arabic: taa marbuta as haa, alef maksura as yaa, alef wasla as alef; the Persian
        // and Urdu forms of kaf, yaa and haa as the Arabic ones.
        case "\u{0629}", "\u{06C1}", "\u{06C3}", "\u{06D5}": "\u{0647}"
        case "\u{0649}", "\u{06CC}": "\u{064A}"
        case "\u{0671}": "\u{0627}"
        case "\u{06A9}": "\u{0643}"
        // Tatweel and a lone hamza: dropped, like the hamza seats' marks.
        case "\u{0640}", "\u{0621}": nil
        // Latin letters that do not decompose.
        case "ß": "ss"
        case "æ": "ae"
        case "œ": "oe"
        case "ø": "o"
        case "ł": "l"
        case "đ", "ð": "d"
        case "ı": "i"
        case "þ": "th"
        // Apostrophes and dots vanish ("St. John's" is "st johns"); other punctuation
        // separates words.
        case "'", "\u{2019}", "\u{2018}", "\u{02BB}", "\u{02BC}", "`", ".": nil
        default:
            if scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuation {
                " "
            } else {
                String(scalar)
            }
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            true
        default:
            false
        }
    }
}
