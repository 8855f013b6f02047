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

    /// The Hijri month at `index`, and how many tokens (hyphens included) name it.
    static func hijriMonthAt(_ tokens: [Token], _ index: Int) -> (month: Int, length: Int)? {
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

    /// "١٥ رجب", "5 Sha'ban 1447 AH", "28 جمادى الآخرة ١٤٤٧هـ": a day of a Hijri month.
    static func hijriAt(_ tokens: [Token], _ index: Int, weekday: Int? = nil) -> (DateExpression, Int)? {
        guard let day = plainNumber(tokens, index), (1...30).contains(day),
              let (month, monthLength) = hijriMonthAt(tokens, index + 1) else { return nil }
        var length = 1 + monthLength
        var year: Int?
        if let written = plainNumber(tokens, index + length), (1400...1500).contains(written) {
            year = written
            length += 1
        }
        return (.hijri(month: month, day: day, year: year, weekday: weekday), length)
    }
}
