/// Days of the Hijri calendar: "١٥ رجب", "5 Sha'ban 1447", "28 جمادى الآخرة", "1 Dhul Hijjah".
extension TemporalRecognizer {
    /// Month names in folded spelling, as one or two words, with their number.
    static let hijriMonths: [[String]: Int] = {
        let names: [(Int, [String])] = [
            (1, ["محرم", "muharram", "muharam", "mo7arram"]),
            (2, ["صفر", "safar"]),
            (3, ["ربيع الاول", "ربيع اول", "rabi al-awwal", "rabi al awwal", "rabi' al-awwal", "rabi al-awal", "rabi1"]),
            (4, ["ربيع الاخر", "ربيع الثاني", "ربيع ثاني", "rabi al-thani", "rabi al thani", "rabi al-akhir", "rabi' al-thani", "rabi2"]),
            (5, ["جمادي الاولي", "جمادي الاول", "جماد الاول", "jumada al-ula", "jumada al ula", "jumada al-awwal", "jumada i"]),
            (6, ["جمادي الاخره", "جمادي الاخر", "جمادي الثانيه", "جماد الثاني", "jumada al-akhirah", "jumada al akhirah", "jumada al-thani",
                 "jumada ii", "jumada al-akhira"]),
            (7, ["رجب", "rajab"]),
            (8, ["شعبان", "shaban", "sha'ban", "shaaban", "sha3ban"]),
            (9, ["رمضان", "ramadan", "ramadhan", "ramazan"]),
            (10, ["شوال", "shawwal", "shawal"]),
            (11, ["ذو القعده", "ذي القعده", "ذو القعدة", "dhul qadah", "dhul qa'dah", "dhu al-qadah", "dhu al-qa'dah", "dhul qidah",
                  "dhul qi'dah", "zul qadah", "thul qi'dah"]),
            (12, ["ذو الحجه", "ذي الحجه", "dhul hijjah", "dhu al-hijjah", "dhul hijja", "zul hijjah", "thul hijjah", "dhu'l-hijjah"]),
        ]
        var table: [[String]: Int] = [:]
        for (month, spellings) in names {
            for spelling in spellings {
                // The same folding and splitting as the messages: "al-thani" is "al", "thani".
                table[Tokenizer.tokenize(spelling).filter { $0.kind == .word }.map(\.norm)] = month
            }
        }
        return table
    }()

    /// The words Hijri month names start with, to pass over other words without building any.
    static let hijriMonthFirstWords = Set(hijriMonths.keys.compactMap(\.first))

    /// The Hijri month at `index`, and how many tokens (hyphens included) name it.
    static func hijriMonthAt(_ tokens: [Token], _ index: Int) -> (month: Int, length: Int)? {
        guard hijriMonthFirstWords.contains(tokens.norm(at: index)) else { return nil }
        var words: [String] = []
        var index = index
        var length = 0
        while index < tokens.count, words.count < 3 {
            let token = tokens[index]
            if token.kind == .punct, token.norm == "-" || token.norm == "'", !words.isEmpty { index += 1; length += 1; continue }
            guard token.kind == .word else { break }
            words.append(token.norm)
            index += 1
            length += 1
            if let month = hijriMonths[words] { return (month, length) }
        }
        return nil
    }

    static let eidFitr = DateExpression.HijriDay(month: 10, day: 1)
    static let eidAdha = DateExpression.HijriDay(month: 12, day: 10)
    static let ordinals: [String: Int] = [
        "اول": 1, "ثاني": 2, "تاني": 2, "ثالث": 3, "تالت": 3, "رابع": 4, "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
        "fourth": 4, "4th": 4, "awel": 1, "awal": 1, "awwal": 1, "tani": 2, "thani": 2, "talet": 3, "thalith": 3,
    ]
    static let eidWords: Set<String> = ["العيد", "عيد", "eid", "3eed", "el3eed", "3id"]

    /// "يوم العيد", "ثاني أيام العيد", "أول يوم عيد الأضحى", "2nd day of Eid", "ليلة العيد", "يوم
    /// عرفة", "عاشوراء", "النص من شعبان", "أول رمضان": an Islamic occasion named without its date.
    /// A plain "العيد" names none ("بعد العيد" puts a plan off).
    static func occasionAt(_ tokens: [Token], _ index: Int) -> (DateExpression, Int)? {
        func word(_ k: Int) -> String { tokens.norm(at: k) }
        /// The Eid named at `k` ("العيد", "عيد الأضحى", "el 3eed el kbeer") and the tokens it takes.
        func eid(_ k: Int) -> ([DateExpression.HijriDay], Int)? {
            var k = k, used = 0
            if ["el", "al"].contains(word(k)) { k += 1; used += 1 }
            guard eidWords.contains(word(k)) else { return nil }
            let next = word(k + 1), after = word(k + 2)
            if ["الفطر", "fitr", "el-fitr"].contains(next) || ["al", "el"].contains(next) && after == "fitr" {
                return ([eidFitr], used + (next == "al" || next == "el" ? 3 : 2))
            }
            if ["الاضحي", "الكبير", "adha", "al-adha"].contains(next) || ["al", "el"].contains(next) && ["adha", "kbeer", "kbir"].contains(after) {
                return ([eidAdha], used + (next == "al" || next == "el" ? 3 : 2))
            }
            return ([eidFitr, eidAdha], used + 1)
        }
        let first = word(index)
        // "ثاني أيام العيد", "tani yom el 3eed", "second day of Eid".
        if let n = ordinals[first] {
            var k = index + 1
            if ["ايام", "يوم", "yom", "youm", "day"].contains(word(k)) { k += 1 } else { return ramadanStart(tokens, index) }
            if word(k) == "of" { k += 1 }
            if let (days, length) = eid(k) { return (.occasion(days: days, after: n - 1), k - index + length) }
            return ramadanStart(tokens, index)
        }
        // "يوم العيد", "Eid day", "ليلة العيد".
        if ["يوم", "yom", "youm"].contains(first), let (days, length) = eid(index + 1) { return (.occasion(days: days, after: 0), 1 + length) }
        if ["ليله", "leilet", "lelt"].contains(first), let (days, length) = eid(index + 1) { return (.occasion(days: days, after: -1), 1 + length) }
        if eidWords.contains(first), word(index + 1) == "day" { return (.occasion(days: [eidFitr, eidAdha], after: 0), 2) }
        // "يوم عرفة", "عاشوراء", "النص من شعبان".
        if ["عرفه", "arafah", "arafa", "3arafa"].contains(first) { return (.occasion(days: [.init(month: 12, day: 9)], after: 0), 1) }
        if ["عاشوراء", "عاشورا", "ashura", "ashoura", "3ashoora"].contains(first) { return (.occasion(days: [.init(month: 1, day: 10)], after: 0), 1) }
        if ["النص", "نص", "منتصف"].contains(first) {
            let k = word(index + 1) == "من" ? index + 2 : index + 1
            if word(k) == "شعبان" { return (.occasion(days: [.init(month: 8, day: 15)], after: 0), k - index + 1) }
        }
        return nil
    }

    /// "15th", "1st": a number with an English ordinal ending.
    static func ordinalNumber(_ tokens: [Token], _ index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .number else { return nil }
        let w = tokens[index].norm
        for suffix in ["th", "st", "nd", "rd"] where w.hasSuffix(suffix) { return Int(w.dropLast(2)) }
        return nil
    }

    /// Arabic ordinal days: "الأول", "الخامس عشر", "العشرين", "الحادي والعشرين", "غرة"; the day
    /// and how many tokens it takes.
    static let ordinalUnits: [String: Int] = [
        "الاول": 1, "الحادي": 1, "الثاني": 2, "الثالث": 3, "الرابع": 4, "الخامس": 5, "السادس": 6, "السابع": 7, "الثامن": 8, "التاسع": 9,
        "العاشر": 10, "غره": 1,
    ]
    static let ordinalTens: [String: Int] = ["العشرين": 20, "العشرون": 20, "الثلاثين": 30, "الثلاثون": 30, "والعشرين": 20, "والعشرون": 20]

    static func arabicOrdinalDay(_ tokens: [Token], _ index: Int) -> (Int, Int)? {
        let first = tokens.norm(at: index)
        if let ten = ordinalTens[first], !first.hasPrefix("و") { return (ten, 1) }
        guard let unit = ordinalUnits[first] else { return nil }
        let next = tokens.norm(at: index + 1)
        if next == "عشر", unit < 10 { return (unit + 10, 2) }
        if let ten = ordinalTens[next], next.hasPrefix("و"), unit < 10 { return (ten + unit, 2) }
        return (unit, 1)
    }

    /// "أول رمضان", "أول يوم رمضان", "first day of Ramadan".
    private static func ramadanStart(_ tokens: [Token], _ index: Int) -> (DateExpression, Int)? {
        guard ordinals[tokens.norm(at: index)] == 1 else { return nil }
        var k = index + 1
        if ["يوم", "ايام", "day"].contains(tokens.norm(at: k)) { k += 1 }
        if tokens.norm(at: k) == "of" { k += 1 }
        guard hijriMonthAt(tokens, k)?.month == 9 else { return nil }
        return (.occasion(days: [.init(month: 9, day: 1)], after: 0), k - index + 1)
    }

    /// "١٥ رجب", "5 Sha'ban 1447 AH", "28 جمادى الآخرة ١٤٤٧هـ": a day of a Hijri month.
    static func hijriAt(_ tokens: [Token], _ index: Int, weekday: Int? = nil) -> (DateExpression, Int)? {
        // "رمضان ١٥", "Shawwal 20": the month first, then a day that is no count of days.
        if let (month, monthLength) = hijriMonthAt(tokens, index), let day = plainNumber(tokens, index + monthLength), (1...30).contains(day),
           !dayUnits.contains(tokens.norm(at: index + monthLength + 1)) {
            return (.hijri(month: month, day: day, year: nil, weekday: weekday), monthLength + 1)
        }
        // "١٥ رمضان", "15th of Ramadan", "الخامس عشر من رمضان", "غرة رمضان".
        var dayLength = 1
        var found = plainNumber(tokens, index) ?? ordinalNumber(tokens, index)
        if found == nil, let (spelled, length) = arabicOrdinalDay(tokens, index) { found = spelled; dayLength = length }
        guard let day = found, (1...30).contains(day) else { return nil }
        if ["of", "من"].contains(tokens.norm(at: index + dayLength)) { dayLength += 1 }
        guard let (month, monthLength) = hijriMonthAt(tokens, index + dayLength) else { return nil }
        var length = dayLength + monthLength
        var year: Int?
        if let written = plainNumber(tokens, index + length), (1400...1500).contains(written) {
            year = written
            length += 1
        }
        return (.hijri(month: month, day: day, year: year, weekday: weekday), length)
    }
}
