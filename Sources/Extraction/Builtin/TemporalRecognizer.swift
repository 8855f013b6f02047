import Foundation

/// A day as a message names it, before it is resolved against "now".
enum DateExpression: Hashable, Sendable {
    /// Today plus this many days ("tomorrow" = 1, "بعد بكرة" = 2); negative for the past.
    case relative(Int)
    /// A weekday, 1 = Sunday ... 7 = Saturday; `nextWeek` when "next week"/"الأسبوع الجاي" goes with it.
    case weekday(Int, nextWeek: Bool)
    /// A month and day ("12 March", "٩/١٢"), with the year when written.
    case calendar(month: Int, day: Int, year: Int?)
    /// A day of the month alone ("the 12th"), optionally with the weekday said beside it.
    case dayOfMonth(Int, weekday: Int?)
    /// Digits "a/b[/y]" whose order (day-first or month-first) is decided with the time zone.
    case numeric(Int, Int, year: Int?, weekday: Int?)

    /// The day this names, said on `today`, in a zone whose numeric dates are month-first when `monthFirst`.
    func resolve(today: LocalDate, monthFirst: Bool) -> LocalDate? {
        switch self {
        case .relative(let n):
            return today.adding(days: n)
        case .weekday(let w, let nextWeek):
            if nextWeek {
                // Weeks start on Sunday: the Sunday strictly after today opens next week.
                let nextSunday = today.adding(days: 8 - today.weekday)
                return nextSunday.adding(days: w - 1)
            }
            var k = (w - today.weekday + 7) % 7
            if k == 0 { k = 7 }
            return today.adding(days: k)
        case .calendar(let month, let day, let year):
            if let year { return LocalDate.isValid(year: year, month: month, day: day) ? LocalDate(year: year, month: month, day: day) : nil }
            for y in [today.year, today.year + 1] where LocalDate.isValid(year: y, month: month, day: day) {
                let date = LocalDate(year: y, month: month, day: day)
                if date.dayNumber >= today.dayNumber - 7 { return date }
            }
            return nil
        case .dayOfMonth(let day, let weekday):
            var year = today.year, month = today.month
            var fallback: LocalDate?
            for _ in 0..<14 {
                if LocalDate.isValid(year: year, month: month, day: day) {
                    let date = LocalDate(year: year, month: month, day: day)
                    if date >= today {
                        if weekday == nil || date.weekday == weekday { return date }
                        if fallback == nil { fallback = date }
                    }
                }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            return fallback
        case .numeric(let a, let b, let year, let weekday):
            var readings: [(month: Int, day: Int)] = []
            let dayFirst = (month: b, day: a), monthFirstReading = (month: a, day: b)
            readings = monthFirst ? [monthFirstReading, dayFirst] : [dayFirst, monthFirstReading]
            var candidates: [LocalDate] = []
            for r in readings where (1...12).contains(r.month) && (1...31).contains(r.day) {
                if let date = DateExpression.calendar(month: r.month, day: r.day, year: year).resolve(today: today, monthFirst: monthFirst) {
                    candidates.append(date)
                }
            }
            if let weekday, let match = candidates.first(where: { $0.weekday == weekday }) { return match }
            if let future = candidates.first(where: { $0 >= today }) { return future }
            return candidates.first
        }
    }
}

/// A clock time as written: the hour may lack AM/PM.
struct ClockMention: Hashable, Sendable {
    enum Meridiem: Hashable, Sendable { case am, pm, noon, unknown }
    var hour: Int
    var minute: Int
    var meridiem: Meridiem
    var at: Int

    /// 24-hour clock for a known meridiem, or nil when it must come from context.
    var fixed: ClockTime? {
        if hour > 12 || hour == 0 { return ClockTime(hour: hour % 24, minute: minute) }
        switch meridiem {
        case .am: return ClockTime(hour: hour == 12 ? 0 : hour, minute: minute)
        case .pm: return ClockTime(hour: hour == 12 ? 12 : hour + 12, minute: minute)
        case .noon: return ClockTime(hour: hour == 12 || hour < 6 ? (hour == 12 ? 12 : hour + 12) : hour, minute: minute)
        case .unknown: return nil
        }
    }
}

/// The broad part of the day a message speaks of, used to place hours without AM/PM.
enum DayPart: Hashable, Sendable { case morning, afternoon, evening }

/// A day named at a token position, possibly the start of a range of days.
struct DateMention: Hashable, Sendable {
    var expr: DateExpression
    var at: Int
    var end: DateExpression?
}

/// What a message says about days and times.
struct TemporalMentions: Hashable, Sendable {
    var dates: [DateMention] = []
    var start: ClockMention?
    var end: ClockMention?
    var durationMinutes: Int?
    /// A time given relative to a prayer ("بعد العصر", "after Maghrib").
    var prayerRelative = false
    var dayPart: DayPart?
    /// An IANA zone named for the time ("3pm UK time").
    var zone: String?
    /// Speaks of the past ("yesterday", "last week", "أمس").
    var pastDay = false
    /// "this weekend", "next week" without a day.
    var vagueDay = false
}

/// Finds dates, clock times, ranges, durations, prayer-relative times and time zones in tokens.
enum TemporalRecognizer {
    // Word lists used in the scanning loops, built once.
    static let lit0: Set<String> = ["الجاي", "القادم", "المقبل", "الجايه", "جاي"]
    static let lit1: Set<String> = ["week", "weekend", "night", "time", "month", "year"]
    static let lit2: Set<String> = ["days", "day", "ايام", "يوم", "ayam", "iyam"]
    static let lit3: Set<String> = ["in", "بعد", "ba3d", "ba3ad", "within", "خلال"]
    static let lit4: Set<String> = ["بعد", "ba3d", "ba3ad"]
    static let lit5: Set<String> = ["الساعه", "at", "@"]
    static let lit6: Set<String> = ["late", "early", "ago", "away", "left", "drive", "walk", "before", "later", "متاخر", "متاخره", "بدري", "قبل", "من"]
    static let lit7: Set<String> = ["in", "within", "every", "each", "خلال", "كل", "ba3d", "b3d"]
    static let lit8: Set<String> = ["بعد", "قبل", "مع", "وقت", "صلاه", "اذان", "بين"]
    static let lit9: Set<String> = ["morning", "الصبح", "الصباح", "صباحا", "sob7", "breakfast", "فطور", "الفطور", "fajr", "الفجر", "brunch"]
    static let lit10: Set<String> = ["afternoon", "العصر", "عصرا", "العصريه", "lunch", "غدا", "الغدا", "الغداء", "ظهرا"]
    static let lit11: Set<String> = ["evening", "tonight", "night", "dinner", "الليله", "بالليل", "الليل", "المسا", "المساء", "مساء", "مساءا", "masa", "عشا", "العشا", "العشاء",
                "3asha", "party", "drinks", "movie", "cinema", "سينما", "سهره", "حفله", "sahra", "7afla", "bowling", "بولنج", "بولينج", "iftar", "افطار", "الافطار",
                "بلوت", "game", "concert", "show"]
    static let lit12: Set<String> = ["سهره", "حفله", "عشا"]
    static let lit13: Set<String> = ["gmt", "bst", "est", "edt", "pst", "pdt", "cst", "cdt", "jst", "gst", "cet", "cest", "utc", "ist"]
    static let lit14: Set<String> = ["tonight", "الليله", "illela", "ellela", "ellila", "2nite", "tonite"]
    static let lit15: Set<String> = ["$", "sar", "aed", "ريال", "out", "of"]
    static let lit16: Set<String> = ["el", "al", "il"]
    static let lit17: Set<String> = ["hour", "hours", "hrs", "hr", "ساعات", "ساعه", "sa3at", "sa3a"]
    static let lit18: Set<String> = ["minutes", "minute", "min", "mins", "دقيقه", "دقايق", "دقائق", "da8ee8a", "dagiga", "d"]
    static let lit19: Set<String> = ["at", "@", "الساعه"]
    static let lit20: Set<String> = ["at", "الساعه", "sa3a", "by"]
    static let lit21: Set<String> = ["at", "@", "الساعه", "3ala", "3la", "around", "by", "approx", "حوالي", "about", "before", "after", "starting", "starts", "from", "mn", "من", "till", "until", "til", "لين", "الي", "حتي", "ساعه"]
    static let lit22: Set<String> = ["from", "mn", "من", "before", "after", "about", "by", "around"]
    static let lit23: Set<String> = ["sob7", "morning", "fajr"]
    static let lit24: Set<String> = ["masa", "lail", "lel", "3asr", "evening", "afternoon", "maghrib", "layl"]
    static let lit25: Set<String> = ["dohr", "duhr", "zuhr"]
    static let lit26: Set<String> = ["ساعه", "ساعتين", "sa3a", "sa3atain", "hour"]
    static let lit27: Set<String> = ["$", "sar", "aed", "court", "lane", "room", "#", "number", "no", "رقم", "page", "chapter", "gate", "table", "floor", "level", "x", "*"]
    static let lit28: Set<String> = ["make it", "say", "let's say", "lets say", "move it", "push it", "change it", "how about", "what about", "خليها", "خلها", "خلوها", "5aliha", "5alaha", "khaliha"]
    static let lit29: Set<String> = ["say", "خليها", "خلها", "5aliha", "5alaha"]
    static let lit30: Set<String> = ["is", "works", "then", "fine", "ok", "okay", "?", "يناسبني", "مناسب", "تمام", "اوكي"]
    static let lit31: Set<String> = ["fine", "good", "ok", "okay", "better", "perfect", "great"]
    static let lit32: Set<String> = ["from", "mn", "من", "between", "بين"]
    static let lit33: Set<String> = ["before", "after", "about", "by", "around"]
    static let weekdays: [String: Int] = {
        var map: [String: Int] = [:]
        let table: [(Int, [String])] = [
            (1, ["sunday", "sun.", "a7ad", "ahad", "el7ad", "al7ad", "l7ad"]),
            (2, ["monday", "mon", "ithnain", "ethnain", "ithnayn", "itnain", "etnen", "ethnen", "tneen", "ithnein", "el2ithnain", "ethnein"]),
            (3, ["tuesday", "tue", "tues", "thulatha", "thalatha", "tholatha", "talat", "tlata", "thlatha", "tholatha2"]),
            (4, ["wednesday", "wed", "weds", "arba3a", "arb3a", "arbi3a", "arbe3a", "arba3"]),
            (5, ["thursday", "thu", "thur", "thurs", "5amees", "5amis", "khamees", "khamis", "5ames", "el5amees", "5mees"]),
            (6, ["friday", "fri", "jum3a", "jom3a", "jim3a", "juma", "jumaa", "jum3ah", "jom3ah", "jumu3a", "eljum3a", "jum'a"]),
            (7, ["saturday", "sabt", "elsabt", "sat."]),
        ]
        for (day, names) in table { for name in names { map[name] = day } }
        return map
    }()

    /// Arabic weekday names without the article.
    static let arabicWeekdays: [String: Int] = [
        "احد": 1, "اثنين": 2, "اتنين": 2, "ثلاثاء": 3, "ثلاثا": 3, "ثلوث": 3, "اربعاء": 4, "اربعا": 4, "اربع": 4, "خميس": 5, "جمعه": 6, "سبت": 7,
    ]

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6,
        "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
        "يناير": 1, "فبراير": 2, "مارس": 3, "ابريل": 4, "مايو": 5, "يونيو": 6, "يونيه": 6, "يوليو": 7, "يوليه": 7, "اغسطس": 8,
        "سبتمبر": 9, "اكتوبر": 10, "نوفمبر": 11, "ديسمبر": 12,
    ]

    static let todayWords: Set<String> = ["today", "tonight", "tonite", "2day", "2nite", "اليوم", "الليله", "الليلة", "هالليله", "elyom", "elyoum", "alyoum", "alyom", "illela", "ellela", "ellila", "el-yom"]
    static let tomorrowWords: Set<String> = ["tomorrow", "tmrw", "tmr", "tmrrw", "tomoz", "2morrow", "2moro", "tomorow", "tommorow", "tommorrow", "بكره", "بكرا", "باكر", "غدا", "غدوه", "bokra", "bukra", "bokrah", "bukrah", "boukra", "bkra", "bokrah"]
    static let afterWords: Set<String> = ["بعد", "ba3d", "ba3ad", "b3d", "ba3", "after"]
    static let rangeWords: Set<String> = ["to", "till", "til", "until", "untill", "-", "through", "thru", "الي", "لين", "لحد", "حتي", "للساعه", "la", "l", "ila", "ela", "lain", "lin", "lean", "7ata", "and"]
    static let atWords: Set<String> = ["at", "@", "around", "by", "about", "3ala", "3la", "ala", "approx", "approximately", "حوالي", "تقريبا", "before", "after", "from", "mn", "من", "starting", "starts", "start", "like"]
    static let unitWords: Set<String> = [
        "day", "days", "week", "weeks", "month", "months", "hour", "hours", "hrs", "hr", "min", "mins", "minutes", "minute", "people",
        "persons", "person", "goals", "goal", "sar", "riyal", "riyals", "ريال", "aed", "usd", "dollars", "$", "%", "ايام", "يوم", "ساعات",
        "ساعه", "دقيقه", "دقايق", "دقائق", "اشخاص", "نفر", "km", "k", "kg", "pages", "times", "years", "year", "sa3at", "ayam", "da8ayi8",
        "lanes", "kids", "tickets", "dirhams", "qr", "bd", "jd", "egp", "pounds", "%", "plus", "سنه", "سنين", "اسابيع", "اسبوع", "شهر", "مره",
    ]
    static let amWords: Set<String> = ["am", "a.m", "a", "ص", "صباحا", "صباح", "الصبح", "الصباح", "صبح", "sob7", "el sob7", "elsob7", "morning", "فجرا", "الفجر"]
    static let pmWords: Set<String> = ["pm", "p.m", "p", "م", "مساء", "مساءا", "المسا", "المساء", "مسا", "بالليل", "الليل", "بليل", "ليلا", "masa", "el masa", "evening", "night", "tonight", "العصر", "عصرا", "عصر", "3asr", "afternoon", "العصريه"]
    static let noonWords: Set<String> = ["الظهر", "ظهرا", "ظهر", "dohr", "duhr", "zuhr", "noon", "7:00noon"]
    static let hourWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
        "الواحده": 1, "الثانيه": 2, "الثالثه": 3, "الرابعه": 4, "الخامسه": 5, "السادسه": 6, "السابعه": 7, "الثامنه": 8, "التاسعه": 9,
        "العاشره": 10, "الحاديه": 11, "واحده": 1, "ثنتين": 2, "ثلاث": 3, "اربع": 4, "خمس": 5, "ست": 6, "سبع": 7, "ثمان": 8, "تسع": 9, "عشر": 10,
    ]
    static let numberWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "couple": 2, "ثلاث": 3, "ثلاثه": 3, "اربع": 4, "اربعه": 4, "خمس": 5, "خمسه": 5,
    ]
    static let prayerWords: Set<String> = [
        "العصر", "عصر", "المغرب", "مغرب", "العشا", "العشاء", "عشا", "الظهر", "ظهر", "الفجر", "فجر", "maghrib", "maghreb", "asr", "isha",
        "dhuhr", "zuhr", "duhr", "fajr", "3asr", "3isha", "dohr", "el3asr", "elmaghrib", "المغربيه",
    ]
    static let prayerLeads: Set<String> = ["بعد", "قبل", "مع", "وقت", "صلاه", "after", "before", "at", "ba3d", "ba3ad", "b3d", "gabl", "2abl", "qabl", "ma3", "salat", "salah", "prayer", "el", "al", "اذان", "أذان", "بين"]
    static let zones: [String: String] = [
        "uk": "Europe/London", "london": "Europe/London", "gmt": "Europe/London", "bst": "Europe/London", "british": "Europe/London",
        "ny": "America/New_York", "nyc": "America/New_York", "est": "America/New_York", "edt": "America/New_York", "eastern": "America/New_York",
        "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "pacific": "America/Los_Angeles", "california": "America/Los_Angeles",
        "cst": "America/Chicago", "cdt": "America/Chicago", "central": "America/Chicago", "chicago": "America/Chicago",
        "tokyo": "Asia/Tokyo", "japan": "Asia/Tokyo", "jst": "Asia/Tokyo", "dubai": "Asia/Dubai", "uae": "Asia/Dubai", "gst": "Asia/Dubai",
        "riyadh": "Asia/Riyadh", "ksa": "Asia/Riyadh", "saudi": "Asia/Riyadh", "مكه": "Asia/Riyadh", "الرياض": "Asia/Riyadh",
        "السعوديه": "Asia/Riyadh", "cairo": "Africa/Cairo", "egypt": "Africa/Cairo", "مصر": "Africa/Cairo", "القاهره": "Africa/Cairo",
        "paris": "Europe/Paris", "cet": "Europe/Paris", "cest": "Europe/Paris", "berlin": "Europe/Berlin", "germany": "Europe/Berlin",
        "india": "Asia/Kolkata", "ist": "Asia/Kolkata", "sydney": "Australia/Sydney", "utc": "UTC", "lisbon": "Europe/Lisbon",
        "doha": "Asia/Qatar", "qatar": "Asia/Qatar", "kuwait": "Asia/Kuwait", "bahrain": "Asia/Bahrain", "amman": "Asia/Amman",
        "istanbul": "Europe/Istanbul", "turkey": "Europe/Istanbul", "singapore": "Asia/Singapore", "toronto": "America/Toronto",
        "لندن": "Europe/London", "دبي": "Asia/Dubai", "الامارات": "Asia/Dubai", "بريطانيا": "Europe/London",
    ]

    // MARK: - Recognition

    static func recognize(_ t: [Token]) -> TemporalMentions {
        var m = TemporalMentions()
        let n = t.count
        func norm(_ i: Int) -> String { i >= 0 && i < n ? t[i].norm : "" }
        func base(_ i: Int) -> String { i >= 0 && i < n ? t[i].base : "" }

        var nextWeek = false, pastWeek = false
        for i in 0..<n {
            let w = norm(i)
            if (w == "next" && (norm(i + 1) == "week" || norm(i + 1) == "wk")) || (base(i) == "اسبوع" && Self.lit0.contains(norm(i + 1)))
                || ((w == "esboo3" || w == "usbu3" || w == "isbo3" || w == "esbo3") && norm(i + 1) == "el" && norm(i + 2) == "jay") {
                nextWeek = true
            }
            if (w == "last" && Self.lit1.contains(norm(i + 1)))
                || (base(i) == "اسبوع" && ["الماضي", "اللي"].contains(norm(i + 1))) || w == "yesterday" || w == "yesterday's" || w == "امس"
                || w == "البارحه" || w == "ams" || w == "embare7" || w == "ago" {
                pastWeek = true
            }
            if (w == "this" || w == "next") && norm(i + 1) == "weekend" || w == "weekend" || base(i) == "ويكند" { m.vagueDay = true }
        }
        m.pastDay = pastWeek

        var consumed = Set<Int>()
        // Dates.
        var i = 0
        while i < n {
            let w = norm(i), b = base(i)
            var found: (DateExpression, Int)? // expression, tokens used
            if todayWords.contains(w) {
                found = (.relative(0), 1)
            } else if (w == "el" || w == "al" || w == "il") && (norm(i + 1) == "yom" || norm(i + 1) == "youm" || norm(i + 1) == "yoom")
                        && weekdayAt(t, i + 2) == nil && !(norm(i + 2) == "el" || norm(i + 2) == "al") {
                found = (.relative(0), 2)
            } else if (w == "el" || w == "al") && (norm(i + 1) == "lela" || norm(i + 1) == "leila" || norm(i + 1) == "laila" || norm(i + 1) == "lail") {
                found = (.relative(0), 2)
            } else if tomorrowWords.contains(w) || b == "بكره" || b == "بكرا" {
                if i > 0, afterWords.contains(norm(i - 1)), !(norm(i - 1) == "after" && norm(i - 2) != "day") {
                    found = (.relative(2), 1)
                } else {
                    found = (.relative(1), 1)
                }
            } else if w == "غد" && i > 0 && norm(i - 1) == "بعد" {
                found = (.relative(2), 1)
            } else if let count = countAt(t, i), Self.lit2.contains(norm(i + 1)),
                      i > 0, Self.lit3.contains(norm(i - 1)) {
                found = (.relative(count), 2)
            } else if (w == "يومين" || w == "yomain" || w == "yomen" || w == "yumain") && i > 0 && Self.lit4.contains(norm(i - 1)) {
                found = (.relative(2), 1)
            } else if let day = weekdayAt(t, i) {
                let prev = norm(i - 1), next = norm(i + 1)
                let past = prev == "last" || next == "الماضي" || next == "اللي" && norm(i + 2) == "فات" || next == "الفايت"
                if past {
                    m.pastDay = true
                } else if let (dom, used) = dayOfMonthAt(t, i + 1) {
                    found = (.dayOfMonth(dom, weekday: day), 1 + used)
                } else if let (expr, used) = numericAt(t, skipping: i + 1, weekday: day) {
                    found = (expr, 1 + used)
                } else {
                    found = (.weekday(day, nextWeek: nextWeek), 1)
                }
            } else if let (expr, used) = calendarAt(t, i) {
                found = (expr, used)
            } else if let (expr, used) = numericAt(t, skipping: i, weekday: nil) {
                found = (expr, used)
            } else if let (dom, used) = dayOfMonthAt(t, i) {
                found = (.dayOfMonth(dom, weekday: nil), used)
            }
            guard let (expr, used) = found else { i += 1; continue }
            for k in i..<(i + used) { consumed.insert(k) }
            var endExpr: DateExpression?
            var j = i + used
            if j < n, rangeWords.contains(norm(j)), norm(j) != "and" {
                if let day = weekdayAt(t, j + 1), case .weekday = expr {
                    endExpr = .weekday(day, nextWeek: nextWeek); consumed.insert(j); consumed.insert(j + 1); j += 2
                } else if let (e2, used2) = calendarAt(t, j + 1) {
                    endExpr = e2; for k in j..<(j + 1 + used2) { consumed.insert(k) }; j += 1 + used2
                } else if case .calendar(let month, _, let year) = expr, let d2 = plainNumber(t, j + 1), (1...31).contains(d2),
                          !(norm(j + 2).hasPrefix(":")), !amWords.contains(norm(j + 2)), !pmWords.contains(norm(j + 2)) {
                    endExpr = .calendar(month: month, day: d2, year: year); consumed.insert(j); consumed.insert(j + 1); j += 2
                } else if case .dayOfMonth = expr, let (dom2, used2) = dayOfMonthAt(t, j + 1) {
                    endExpr = .dayOfMonth(dom2, weekday: nil); for k in j..<(j + 1 + used2) { consumed.insert(k) }; j += 1 + used2
                }
            }
            m.dates.append(DateMention(expr: expr, at: i, end: endExpr))
            i = j
        }
        if !m.dates.isEmpty { m.vagueDay = false }

        // Clock times, ranges, durations.
        var clocks: [(ClockMention, isEnd: Bool)] = []
        i = 0
        while i < n {
            if consumed.contains(i) { i += 1; continue }
            let w = norm(i)
            // Durations.
            if !Self.lit5.contains(norm(i - 1)) || t[i].kind != .number, let (minutes, used) = durationAt(t, i) {
                let after = norm(i + used)
                let before = norm(i - 1)
                let notDuration = Self.lit6.contains(after)
                    || Self.lit7.contains(before)
                    || (before == "بعد" && !(norm(i - 2) == "" || norm(i - 2) == ","))
                if !notDuration && m.durationMinutes == nil { m.durationMinutes = minutes }
                i += used
                continue
            }
            if let (clock, used) = clockAt(t, i, consumed: consumed, dates: m.dates.map(\.at)) {
                var clockStart = clock
                // A range: "from 4 to 6", "9 till 1", "من ٤ إلى ٦", "between 10 and 12".
                var j = i + used
                if j < n, rangeWords.contains(norm(j)), norm(j) != "and" || t[0..<i].contains(where: { $0.norm == "between" || $0.norm == "بين" }) {
                    if let (endClock, used2) = clockAt(t, j + 1, consumed: consumed, dates: [], afterRange: true) {
                        if clockStart.meridiem == .unknown, clockStart.hour <= 12, endClock.meridiem != .unknown, endClock.meridiem != .noon || clockStart.hour < 12 {
                            // "7:30 to 10am", "12:30 حتى 1:30 ظهراً": the start shares the end's half unless that puts it after the end.
                            if let endFixed = endClock.fixed {
                                let sameHalf = ClockMention(hour: clockStart.hour, minute: clockStart.minute, meridiem: endClock.meridiem == .noon ? .pm : endClock.meridiem, at: clockStart.at)
                                if let s = sameHalf.fixed, s < endFixed { clockStart.meridiem = sameHalf.meridiem }
                                else if clockStart.hour == 12 { clockStart.meridiem = .pm }
                            }
                        }
                        clocks.append((clockStart, false))
                        clocks.append((endClock, true))
                        j += 1 + used2
                        i = j
                        continue
                    }
                }
                clocks.append((clockStart, false))
                i = j
                continue
            }
            // Prayer-relative.
            if prayerWords.contains(w) || prayerWords.contains(base(i)) {
                let prev = norm(i - 1), prev2 = norm(i - 2)
                let leadsArabic = Self.lit8.contains(prev)
                let leadsLatin = prayerLeads.contains(prev) && (prev != "el" && prev != "al" || prayerLeads.contains(prev2))
                let isDinner = (w == "عشا" || w == "العشا" || w == "العشاء") && !leadsArabic
                if !isDinner && (leadsArabic || leadsLatin || t[i].base == "صلاه") {
                    m.prayerRelative = true
                } else if !isDinner, w == "maghrib" || w == "asr" || w == "isha" || w == "fajr" || w == "dhuhr" {
                    m.prayerRelative = true
                }
            }
            if w == "iftar" || w == "افطار" || w == "الافطار" || w == "fu6oor" && false { m.prayerRelative = m.prayerRelative || !t.contains { $0.norm == "suhoor" } }
            // Parts of the day (also read below for consumed tokens).
            if Self.lit9.contains(w) { m.dayPart = m.dayPart ?? .morning }
            if Self.lit10.contains(w) { m.dayPart = m.dayPart ?? .afternoon }
            if Self.lit11.contains(w) || Self.lit12.contains(base(i)) {
                m.dayPart = m.dayPart ?? .evening
            }
            // Time zones: "3pm UK time", "بتوقيت مكة", "9am EST".
            if let zone = zones[w] {
                let next = norm(i + 1), prev = norm(i - 1)
                let isAbbrev = Self.lit13.contains(w)
                if next == "time" || prev == "بتوقيت" || prev == "توقيت" || (isAbbrev && !clocks.isEmpty && clocks.last!.0.at >= i - 2)
                    || (next == "york" && false) {
                    m.zone = zone
                }
            }
            if w == "new", norm(i + 1) == "york", norm(i + 2) == "time" || norm(i + 2) == "" { m.zone = "America/New_York" }
            i += 1
        }
        for k in consumed.sorted() where m.dayPart == nil {
            let w = norm(k)
            if Self.lit14.contains(w) { m.dayPart = .evening }
            if w == "lela" || w == "leila" || w == "laila" { m.dayPart = .evening }
        }
        let starts = clocks.filter { !$0.isEnd }.map(\.0)
        // Prefer a time with a known half of the day when a message names several.
        m.start = starts.first
        if let endIndex = clocks.firstIndex(where: { $0.isEnd }), endIndex > 0 {
            m.start = clocks[endIndex - 1].0
            m.end = clocks[endIndex].0
        }
        return m
    }

    static func weekdayAt(_ t: [Token], _ i: Int) -> Int? {
        guard i >= 0, i < t.count, t[i].kind == .word else { return nil }
        let w = t[i].norm
        if let day = weekdays[w] {
            if w == "mon" || w == "wed" || w == "fri" || w == "thu" || w == "tue" {
                // Abbreviations only beside something that makes them dates.
                return day
            }
            return day
        }
        if t[i].arabic, let day = arabicWeekdays[t[i].base] {
            if t[i].norm != t[i].base { return day } // with article or conjunction
            if i > 0, t[i - 1].base == "يوم" { return day }
            if day != 1, t[i].norm != "اربع" { return day }
        }
        return nil
    }

    static func plainNumber(_ t: [Token], _ i: Int) -> Int? {
        guard i >= 0, i < t.count, t[i].kind == .number, t[i].norm.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(t[i].norm)
    }

    static func countAt(_ t: [Token], _ i: Int) -> Int? {
        if let value = plainNumber(t, i) { return value }
        guard i >= 0, i < t.count else { return nil }
        return numberWords[t[i].norm]
    }

    /// "12th", "the 12th", "15th of March" (the month case is handled by `calendarAt`).
    static func dayOfMonthAt(_ t: [Token], _ i: Int) -> (Int, Int)? {
        var j = i
        if j < t.count, t[j].norm == "the" { j += 1 }
        guard j < t.count, t[j].kind == .number else { return nil }
        let w = t[j].norm
        for suffix in ["th", "st", "nd", "rd"] where w.hasSuffix(suffix) {
            if let day = Int(w.dropLast(2)), (1...31).contains(day) {
                if j + 1 < t.count, months[t[j + 1].norm] != nil || (t[j + 1].norm == "of" && j + 2 < t.count && months[t[j + 2].norm] != nil) { return nil }
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
            return months[t[k].norm] ?? (t[k].arabic ? months[t[k].base] : nil)
        }
        func yearValue(_ k: Int) -> Int? {
            guard let y = plainNumber(t, k), (2000...2100).contains(y) else { return nil }
            return y
        }
        if let day = dayValue(i) {
            var k = i + 1
            if k < t.count, t[k].norm == "of" { k += 1 }
            if let month = monthValue(k) {
                let year = yearValue(k + 1)
                return (.calendar(month: month, day: day, year: year), k - i + 1 + (year == nil ? 0 : 1))
            }
            // "10 to 13 Dec": the start of a range whose month comes at the end.
            if i + 3 < t.count, rangeWords.contains(t[i + 1].norm), t[i + 1].norm != "and", dayValue(i + 2) != nil, let month = monthValue(i + 3) {
                return (.calendar(month: month, day: day, year: yearValue(i + 4)), 1)
            }
            return nil
        }
        if let month = monthValue(i) {
            if t[i].norm == "may" || t[i].norm == "mar" || t[i].norm == "jan" || t[i].norm == "sat" {
                guard dayValue(i + 1) != nil || dayValue(i + 2) != nil && t[i + 1].norm == "the" else { return nil }
            }
            var k = i + 1
            if k < t.count, t[k].norm == "the" { k += 1 }
            if let day = dayValue(k), !(k + 1 < t.count && t[k + 1].norm.hasPrefix("pm")) {
                var used = k - i + 1
                var year: Int?
                if k + 1 < t.count, t[k + 1].norm == "," { if let y = yearValue(k + 2) { year = y; used += 2 } } else if let y = yearValue(k + 1) { year = y; used += 1 }
                return (.calendar(month: month, day: day, year: year), used)
            }
        }
        return nil
    }

    /// "9/12", "14/04", "15/3/2026", optionally after one filler token ("يوم الأربعاء ٩/١٢", "Tuesday 14/04").
    static func numericAt(_ t: [Token], skipping i: Int, weekday: Int?) -> (DateExpression, Int)? {
        var j = i
        if weekday != nil, j < t.count, t[j].norm == "," || t[j].norm == "الموافق" || t[j].norm == "the" { j += 1 }
        guard j < t.count, t[j].kind == .number, t[j].norm.contains("/") else { return nil }
        let parts = t[j].norm.split(separator: "/").map { Int($0) }
        guard parts.count == 2 || parts.count == 3, !parts.contains(nil) else { return nil }
        let a = parts[0]!, b = parts[1]!
        var year = parts.count == 3 ? parts[2]! : nil
        if let y = year, y < 100 { year = 2000 + y }
        guard (1...31).contains(a), (1...31).contains(b), a <= 12 || b <= 12 else { return nil }
        if j > 0, Self.lit15.contains(t[j - 1].norm) { return nil }
        return (.numeric(a, b, year: year, weekday: weekday), j - i + 1)
    }

    /// Minutes of a duration at `i`: "2 hours", "an hour", "an hour and a half", "90 minutes", "ساعتين", "ساعة ونص", "sa3atain".
    static func durationAt(_ t: [Token], _ i: Int) -> (Int, Int)? {
        let n = t.count
        func norm(_ k: Int) -> String { k >= 0 && k < n ? t[k].norm : "" }
        let w = norm(i)
        func withHalf(_ minutes: Int, _ used: Int) -> (Int, Int) {
            let a = norm(i + used), b = norm(i + used + 1), c = norm(i + used + 2)
            if a == "ونص" || a == "ونصف" || a == "w" && b == "nos" || a == "wnos" || a == "و" && b == "نص" { return (minutes + 30, used + (a == "w" || a == "و" ? 2 : 1)) }
            if a == "وربع" || a == "w" && b == "rub3" { return (minutes + 15, used + (a == "w" ? 2 : 1)) }
            if a == "and" && b == "a" && c == "half" { return (minutes + 30, used + 3) }
            return (minutes, used)
        }
        // Arabic and Arabizi words.
        if w == "ساعتين" || w == "sa3atain" || w == "sa3tain" || w == "sa3atein" || w == "sa3ten" || t.indices.contains(i) && t[i].base == "ساعتين" { return withHalf(120, 1) }
        if (w == "ساعه" || w == "sa3a" || w == "sa3ah") && !(i > 0 && Self.lit16.contains(norm(i - 1))) {
            if plainNumber(t, i + 1) != nil || hourWords[norm(i + 1)] != nil { return nil }
            if i > 0, norm(i - 1) == "نص" || norm(i - 1) == "nos" { return nil }
            return withHalf(60, 1)
        }
        if w == "نص" || w == "nos" || w == "half", norm(i + 1) == "ساعه" || norm(i + 1) == "sa3a" || norm(i + 1) == "an" && norm(i + 2) == "hour" || norm(i + 1) == "hour" {
            return (30, norm(i + 1) == "an" ? 3 : 2)
        }
        if w == "ربع", norm(i + 1) == "ساعه" { return (15, 2) }
        // A count and a unit.
        var count: Double?
        var used = 1
        if let value = plainNumber(t, i) { count = Double(value) }
        else if i < n, t[i].kind == .number, let value = Double(t[i].norm) { count = value }
        else if let value = numberWords[w] { count = Double(value) }
        else if i < n, t[i].kind == .number {
            let text = t[i].norm
            for (suffix, factor) in [("hrs", 60.0), ("hr", 60.0), ("h", 60.0), ("mins", 1.0), ("min", 1.0)] where text.hasSuffix(suffix) {
                if let value = Double(text.dropLast(suffix.count)) { return (Int(value * factor), 1) }
            }
        }
        guard let count else { return nil }
        let unit = norm(i + used)
        if Self.lit17.contains(unit) {
            used += 1
            return withHalf(Int(count * 60), used)
        }
        if Self.lit18.contains(unit) {
            guard w != "a" && w != "an" else { return nil }
            return (Int(count), used + 1)
        }
        return nil
    }

    /// A clock time at `i`: "7pm", "19:30", "at 8", "الساعة ٧ ونص", "٩ الصبح", "noon", "الساعة العاشرة صباحاً".
    static func clockAt(_ t: [Token], _ i: Int, consumed: Set<Int>, dates: [Int], afterRange: Bool = false) -> (ClockMention, Int)? {
        let n = t.count
        guard i < n, !consumed.contains(i) else { return nil }
        func norm(_ k: Int) -> String { k >= 0 && k < n ? t[k].norm : "" }
        let w = norm(i)
        if w == "noon" || w == "midday" || w == "الظهيره" { return (ClockMention(hour: 12, minute: 0, meridiem: .pm, at: i), 1) }
        if w == "midnight" { return (ClockMention(hour: 0, minute: 0, meridiem: .am, at: i), 1) }
        var hour: Int?, minute = 0, meridiem = ClockMention.Meridiem.unknown
        var used = 1
        var strong = afterRange // a marker says this is a time
        if t[i].kind == .number {
            var text = Substring(w)
            for suffix in ["am", "pm", "a", "p", "ish"] where text.hasSuffix(suffix) && text.count > suffix.count {
                let head = text.dropLast(suffix.count)
                if head.last.map({ ("0"..."9").contains($0) }) == true {
                    text = head
                    if suffix == "am" || suffix == "a" { meridiem = .am } else if suffix == "pm" || suffix == "p" { meridiem = .pm }
                    strong = true
                    break
                }
            }
            if text.contains(":") {
                let parts = text.split(separator: ":")
                guard parts.count == 2, let h = Int(parts[0]), let mi = Int(parts[1]), (0...24).contains(h), (0..<60).contains(mi), parts[1].count == 2 else { return nil }
                hour = h; minute = mi; strong = true
            } else if text.contains(".") {
                let parts = text.split(separator: ".")
                guard strong || Self.lit19.contains(norm(i - 1)), parts.count == 2, let h = Int(parts[0]), let mi = Int(parts[1]), (0...23).contains(h), (0..<60).contains(mi), parts[1].count == 2 else { return nil }
                hour = h; minute = mi; strong = true
            } else if text.contains("/") {
                return nil
            } else {
                guard let h = Int(text), (0...24).contains(h), text.count <= 2 else { return nil }
                hour = h
            }
        } else if let h = hourWords[w], Self.lit20.contains(norm(i - 1)) || (w.hasPrefix("ال") && norm(i - 1) == "الساعه") {
            hour = h; strong = true
            if w == "الحاديه" || w == "الثانيه", norm(i + 1) == "عشر" || norm(i + 1) == "عشره" { hour = w == "الحاديه" ? 11 : 12; used += 1 }
        } else {
            return nil
        }
        guard var h = hour else { return nil }
        let prev = norm(i - 1), prev2 = norm(i - 2)
        if Self.lit21.contains(prev)
            || (prev == "sa3a" || prev == "sa3ah") && Self.lit16.contains(prev2) || prev == "el-sa3a" {
            if Self.lit22.contains(prev) {
                // Needs more evidence below unless it already has it.
            } else {
                strong = true
            }
        }
        // Minutes after the hour.
        let a = norm(i + used), b = norm(i + used + 1), c = norm(i + used + 2)
        if a == "ونص" || a == "ونصف" || a == "والنصف" || a == "wnos" || (a == "w" || a == "u") && (b == "nos" || b == "nus" || b == "nu9") || a == "و" && (b == "نص" || b == "النصف") {
            minute = 30; used += (a == "w" || a == "u" || a == "و") ? 2 : 1; strong = true
        } else if a == "وربع" || a == "والربع" || (a == "w" && b == "rub3") {
            minute = 15; used += a == "w" ? 2 : 1; strong = true
        } else if (a == "الا" || a == "illa" || a == "ila") && (b == "ربع" || b == "rub3") {
            h -= 1; minute = 45; used += 2; strong = true
        } else if a == "and" && b == "a" && c == "half" {
            minute = 30; used += 3; strong = true
        }
        // The half of the day after it.
        let m1 = norm(i + used), m2 = norm(i + used + 1)
        if meridiem == .unknown {
            if m1 == "el" || m1 == "al" || m1 == "fel" || m1 == "bil" || m1 == "bel" || m1 == "in" && m2 == "the" {
                let word = m1 == "in" ? norm(i + used + 2) : m2
                if Self.lit23.contains(word) { meridiem = .am; used += m1 == "in" ? 3 : 2; strong = true }
                else if Self.lit24.contains(word) { meridiem = .pm; used += m1 == "in" ? 3 : 2; strong = true }
                else if Self.lit25.contains(word) { meridiem = .noon; used += 2; strong = true }
            } else if amWords.contains(m1) && !(m1 == "a" && t.indices.contains(i + used) && t[i + used].kind == .word && m2 != "." && m2 != "m") {
                meridiem = .am; used += 1; strong = true
            } else if pmWords.contains(m1) && m1 != "night" && m1 != "tonight" && m1 != "evening" && m1 != "afternoon" || m1 == "in" && m2 == "the" {
                meridiem = .pm; used += 1; strong = true
            } else if noonWords.contains(m1) {
                meridiem = .noon; used += 1; strong = true
            } else if m1 == "at" && m2 == "night" {
                meridiem = .pm; used += 2; strong = true
            } else if m1 == "o'clock" || m1 == "oclock" || m1 == "sharp" || m1 == "ish" {
                used += 1; strong = true
            }
            if meridiem == .unknown, m1 == "a" || m1 == "p", m2 == "." { meridiem = m1 == "a" ? .am : .pm; used += 2; strong = true }
        }
        // A following unit makes it a count, not a time.
        let following = norm(i + used)
        // ("الساعة ٤ ساعة ونص": after "الساعة" the hour is a time and what follows is a duration.)
        let oclock = Self.lit5.contains(prev) && Self.lit26.contains(following)
        if !oclock, unitWords.contains(following) || following == "-" && unitWords.contains(norm(i + used + 2)) { return nil }
        if Self.lit27.contains(prev) { return nil }
        if !strong, (1...12).contains(h) {
            // "make it 8", "let's say 6:30", "8 is fine", "9?"
            let prevTwo = norm(i - 2) + " " + prev
            if Self.lit28.contains(prevTwo) || Self.lit29.contains(prev) {
                strong = true
            } else if i + used < n, Self.lit30.contains(norm(i + used)), !(norm(i + used) == "is" && !Self.lit31.contains(norm(i + used + 1))) {
                strong = true
            }
        }
        if !strong {
            // A bare number beside a day ("el jum3a 9", "Saturday 9 to 1", "bokra 9 el sob7") or before a range.
            let nearDate = dates.contains { $0 == i - 1 || $0 == i - 2 && (norm(i - 1) == "," || norm(i - 1) == "at") || $0 == i + used }
            let beforeRange = i + used + 1 < n && rangeWords.contains(norm(i + used)) && norm(i + used) != "and"
                && (plainNumber(t, i + used + 1) != nil || t[i + used + 1].kind == .number && (t[i + used + 1].norm.contains(":") || t[i + used + 1].norm.hasSuffix("am") || t[i + used + 1].norm.hasSuffix("pm")))
            let afterFrom = Self.lit32.contains(prev) && beforeRange
            let endIsCount = unitWords.contains(norm(i + used + 2))
            guard nearDate && (1...12).contains(h) || beforeRange && !endIsCount && ((1...12).contains(h) || afterFrom || nearDate)
                    || Self.lit33.contains(prev) && (1...12).contains(h) else { return nil }
        }
        guard (0...24).contains(h), (0..<60).contains(minute) else { return nil }
        if h == 24 { h = 0 }
        if h == 0 && minute == 0 && !strong { return nil }
        return (ClockMention(hour: h, minute: minute, meridiem: h > 12 ? .unknown : meridiem, at: i), used)
    }
}
