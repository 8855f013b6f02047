/// Readers of one day at a token position, for ``TemporalRecognizer/recognize(_:)``.
extension TemporalRecognizer {
    /// The weekday named at `i`, 1 = Sunday ... 7 = Saturday. An Arabic name counts with an
    /// article or a conjunction, after "يوم", or bare unless it is "احد" (also "one") or
    /// "اربع" (also "four"); Egyptian "حد" and "تلات" with the article only.
    static func weekdayAt(_ t: [Token], _ i: Int) -> Int? {
        guard i >= 0, i < t.count, t[i].kind == .word else { return nil }
        if let day = weekdays[t[i].norm] {
            return day
        }
        // "el 7ad" is Sunday, "7ad" alone someone; "on sun", "till sat" are days, "the sun" is not.
        let previous = i > 0 ? t[i - 1].norm : ""
        if t[i].norm == "7ad", ["el", "al", "yom", "youm", "l"].contains(previous) { return 1 }
        if ["sun", "sat"].contains(t[i].norm), ["on", "this", "next", "till", "until", "to", "by", "-"].contains(previous) {
            return t[i].norm == "sun" ? 1 : 7
        }
        if t[i].arabic, let day = arabicWeekdays[t[i].base] {
            // Egyptian "الحد", "التلات": bare or behind a clitic these are "someone"/"until"
            // ("لحد") and "three", so only the article makes them days.
            if articleOnlyWeekdays.contains(t[i].base) { return t[i].norm.hasSuffix("ال" + t[i].base) ? day : nil }
            if t[i].norm != t[i].base { return day } // with article or conjunction
            if i > 0, t[i - 1].base == "يوم" { return day }
            if day != 1, t[i].norm != "اربع" { return day }
        }
        return nil
    }

    /// The number at `i` when it is ASCII digits only.
    static func plainNumber(_ t: [Token], _ i: Int) -> Int? {
        guard i >= 0, i < t.count, t[i].kind == .number, t[i].norm.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(t[i].norm)
    }

    /// A count at `i`: digits or a number word ("3", "three", "couple").
    static func countAt(_ t: [Token], _ i: Int) -> Int? {
        if let value = plainNumber(t, i) { return value }
        guard i >= 0, i < t.count else { return nil }
        return numberWords[t[i].norm]
    }

    /// A bare day of the month right after a weekday ("الخميس ١٦", "Thursday 16"): from 13 on,
    /// which no clock hour said with a weekday reaches, and with no hour word after it.
    static func dayNumberAfterWeekday(_ t: [Token], _ i: Int) -> Int? {
        // "Friday 20 March" is the calendar's to read.
        guard let day = plainNumber(t, i), (13...31).contains(day), calendarAt(t, i) == nil else { return nil }
        let next = t.norm(at: i + 1)
        if amWords.contains(next) || pmWords.contains(next) || ["o'clock", "oclock", "ونص", "وربع", "الا", "h", "hrs", ":"].contains(next) { return nil }
        return day
    }

    /// Nouns an English ordinal counts when it is no day: "3rd floor", "2nd time".
    static let ordinalNouns: Set<String> = [
        "floor", "fl", "street", "st", "avenue", "ave", "round", "time", "times", "grade", "year", "row", "gate", "exit", "level", "place",
        "birthday", "anniversary", "child", "kid", "attempt", "try", "semester", "term", "week", "weeks", "month", "edition", "ring", "lap",
        "period", "half", "quarter", "set", "game", "cup", "coffee", "one",
    ]

    /// "12th", "the 12th", "15th of March" (the month case is handled by `calendarAt`).
    static func dayOfMonthAt(_ t: [Token], _ i: Int) -> (Int, Int)? {
        var j = i
        if j < t.count, t[j].norm == "the" { j += 1 }
        guard j < t.count, t[j].kind == .number else { return nil }
        // "her 25th", "our 10th": a birthday or an anniversary, not a day of the month.
        if j == i, i > 0, ["her", "his", "my", "your", "their", "our"].contains(t[i - 1].norm) { return nil }
        let w = t[j].norm
        for suffix in ["th", "st", "nd", "rd"] where w.hasSuffix(suffix) {
            if let day = Int(w.dropLast(2)), (1...31).contains(day) {
                if j + 1 < t.count, months[t[j + 1].norm] != nil || (t[j + 1].norm == "of" && j + 2 < t.count && months[t[j + 2].norm] != nil) { return nil }
                // "3rd floor", "2nd round", "5th birthday": an ordinal of something else.
                if j + 1 < t.count, ordinalNouns.contains(t[j + 1].norm) { return nil }
                return (day, j - i + 1)
            }
        }
        return nil
    }

    /// "12 March", "12th of March", "March 12", "١٥ ديسمبر", "Dec 12 2026", "10 to 13 Dec" (the start).
    static func calendarAt(_ t: [Token], _ i: Int) -> (DateExpression, Int)? {
        guard i < t.count else { return nil }
        func dayValue(_ k: Int) -> Int? {
            guard k >= 0, k < t.count, t[k].kind == .number else { return nil }
            var w = Substring(t[k].norm)
            for suffix in ["th", "st", "nd", "rd"] where w.hasSuffix(suffix) { w = w.dropLast(2) }
            guard let d = Int(w), (1...31).contains(d), w.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return d
        }
        func monthValue(_ k: Int) -> Int? {
            guard k >= 0, k < t.count else { return nil }
            return months[t[k].norm] ?? (t[k].arabic ? months[t[k].base] : nil) ?? pairedMonth(t, k)
        }
        /// Tokens a month name takes: "كانون الأول" two.
        func monthLength(_ k: Int) -> Int { pairedMonth(t, k) != nil && months[t[k].norm] == nil ? 2 : 1 }
        func yearValue(_ k: Int) -> Int? {
            guard let y = plainNumber(t, k), (2000...2100).contains(y) else { return nil }
            return y
        }
        if dayValue(i) == nil, let (day, length) = arabicOrdinalDay(t, i) {
            // "الخامس عشر من ديسمبر", "الأول من ديسمبر".
            var k = i + length
            if ["من", "of"].contains(t[k < t.count ? k : i].norm) { k += 1 }
            if let month = monthValue(k) {
                let m = monthLength(k)
                return (.calendar(month: month, day: day, year: yearValue(k + m)), k - i + m + (yearValue(k + m) == nil ? 0 : 1))
            }
        }
        if let day = dayValue(i) {
            var k = i + 1
            if k < t.count, t[k].norm == "of" { k += 1 }
            if let month = monthValue(k) {
                let m = monthLength(k)
                let year = yearValue(k + m)
                return (.calendar(month: month, day: day, year: year), k - i + m + (year == nil ? 0 : 1))
            }
            // "10 to 13 Dec": the start of a range whose month comes at the end.
            if i + 3 < t.count, rangeWords.contains(t[i + 1].norm), t[i + 1].norm != "and", dayValue(i + 2) != nil, let month = monthValue(i + 3) {
                return (.calendar(month: month, day: day, year: yearValue(i + 4)), 1)
            }
            return nil
        }
        if let month = monthValue(i) {
            // Month names that are also words need a day right after them.
            if t[i].norm == "may" || t[i].norm == "mar" || t[i].norm == "jan" || t[i].norm == "sat" {
                guard dayValue(i + 1) != nil || dayValue(i + 2) != nil && t[i + 1].norm == "the" else { return nil }
            }
            var k = i + 1
            if k < t.count, t[k].norm == "the" { k += 1 }
            if let day = dayValue(k), !(k + 1 < t.count && t[k + 1].norm.hasPrefix("pm")) {
                var used = k - i + 1
                var year: Int?
                if k + 1 < t.count, t[k + 1].norm == "," {
                    if let y = yearValue(k + 2) {
                        year = y
                        used += 2
                    }
                } else if let y = yearValue(k + 1) {
                    year = y
                    used += 1
                }
                return (.calendar(month: month, day: day, year: year), used)
            }
        }
        return nil
    }

    /// The Levantine months named in two words: "كانون الأول" (December), "كانون الثاني"
    /// (January), "تشرين الأول" (October), "تشرين الثاني" (November).
    static func pairedMonth(_ t: [Token], _ k: Int) -> Int? {
        guard k + 1 < t.count else { return nil }
        let first = t[k].norm, second = t[k + 1].norm
        let isFirst = ["الاول", "اول"].contains(second), isSecond = ["الثاني", "ثاني", "التاني", "تاني"].contains(second)
        guard isFirst || isSecond else { return nil }
        switch first {
        case "كانون": return isFirst ? 12 : 1
        case "تشرين": return isFirst ? 10 : 11
        default: return nil
        }
    }

    /// "يوم ٣٠", "٢٩ الشهر", "٢ الشهر الجاي", "أول الشهر الجاي": a day of this month or the next,
    /// named by its number. Returns the day and how many tokens name it.
    static let thisMonthWords: Set<String> = ["الشهر", "shahr"]
    static let nextMonthWords: Set<String> = ["الجاي", "الياي", "القادم", "الجايه", "el-gay", "eljay"]

    static func numberedDayAt(_ t: [Token], _ i: Int) -> (Int, Int)? {
        guard i < t.count else { return nil }
        func monthTail(_ k: Int) -> Int? {
            guard k < t.count, thisMonthWords.contains(t[k].norm) || t[k].norm == "el" && k + 1 < t.count && t[k + 1].norm == "shahr" else { return nil }
            let used = t[k].norm == "el" ? 2 : 1
            return used + (k + used < t.count && nextMonthWords.contains(t[k + used].norm) ? 1 : 0)
        }
        if ["يوم", "yom", "youm"].contains(t[i].norm), let day = plainNumber(t, i + 1), (1...31).contains(day) {
            // Not "يوم ٣ ساعات" nor a clock: the next word is no unit; "يوم ١٥ رمضان" is read at the number.
            let after = i + 2 < t.count ? t[i + 2].norm : ""
            if dayUnits.contains(after) || hourWords[after] != nil || ["ساعه", "ساعات", "ساعتين", "دقيقه", "دقايق", ":"].contains(after) { return nil }
            if months[after] != nil || hijriMonthAt(t, i + 2) != nil || pairedMonth(t, i + 2) != nil { return nil }
            return (day, 2 + (monthTail(i + 2) ?? 0))
        }
        if let day = plainNumber(t, i), (1...31).contains(day), let tail = monthTail(i + 1) { return (day, 1 + tail) }
        if ["اول", "awal", "awwal"].contains(t[i].norm), let tail = monthTail(i + 1) { return (1, 1 + tail) }
        return nil
    }

    /// "9/12", "14/04", "15/3/2026", optionally after one filler token ("يوم الأربعاء ٩/١٢", "Tuesday 14/04").
    static func numericAt(_ t: [Token], skipping i: Int, weekday: Int?) -> (DateExpression, Int)? {
        var j = i
        if weekday != nil, j < t.count, t[j].norm == "," || t[j].norm == "الموافق" || t[j].norm == "the" { j += 1 }
        // "١٥-١٢-٢٠٢٦": with dashes only when the year is written (else "4-6" is a range of hours).
        if j + 4 < t.count, t[j + 1].norm == "-", t[j + 3].norm == "-", let a = plainNumber(t, j), let b = plainNumber(t, j + 2),
           let y = plainNumber(t, j + 4), (2000...2100).contains(y) || (1400...1500).contains(y), (1...31).contains(a), (1...12).contains(b) {
            if (1400...1500).contains(y) { return (.hijri(month: b, day: a, year: y, weekday: weekday), j - i + 5) }
            return (.numeric(a, b, year: y, weekday: weekday), j - i + 5)
        }
        guard j < t.count, t[j].kind == .number, t[j].norm.contains("/") else { return nil }
        let parts = t[j].norm.split(separator: "/").map { Int($0) }
        guard parts.count == 2 || parts.count == 3, !parts.contains(nil) else { return nil }
        let a = parts[0]!, b = parts[1]!
        var year = parts.count == 3 ? parts[2]! : nil
        if let hijriYear = year, (1400...1500).contains(hijriYear), (1...30).contains(a), (1...12).contains(b) {
            // "١٥/٩/١٤٤٨هـ": a Hijri date, day first.
            return (.hijri(month: b, day: a, year: hijriYear, weekday: weekday), j - i + 1)
        }
        if let y = year, y < 100 { year = 2000 + y }
        guard (1...31).contains(a), (1...31).contains(b), a <= 12 || b <= 12 else { return nil }
        if j > 0, nonDateFractionLeads.contains(t[j - 1].norm) { return nil }
        return (.numeric(a, b, year: year, weekday: weekday), j - i + 1)
    }
}
