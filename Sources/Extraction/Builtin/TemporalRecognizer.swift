/// Finds dates, clock times, ranges, durations, prayer-relative times and time zones in tokens.
///
/// ``recognize(_:)`` reads a message in four passes: words about the week and the past, then
/// the days it names (with ranges of days), then clock times, durations and the words around
/// them (prayers, parts of the day, zones), and last the start and end among the clock times.
/// The word lists are in TemporalRecognizer+Words.swift, the readers of one date or one clock
/// time at a position in TemporalRecognizer+Dates.swift and TemporalRecognizer+Clock.swift.
enum TemporalRecognizer {
    /// A clock time found in a message, and whether it ends a range ("to 6" in "from 4 to 6").
    /// A clock time found, whether it ends a range, and whether it stands alone after "till"
    /// ("I have class till 8").
    private typealias FoundClock = (mention: ClockMention, isEnd: Bool, onlyUntil: Bool)

    /// What the message in `tokens` says about days and times.
    static func recognize(_ tokens: [Token]) -> TemporalMentions {
        var mentions = TemporalMentions()
        let (nextWeek, lastWeek) = readWeekWords(tokens, into: &mentions)
        let dateTokens = readDates(tokens, nextWeek: nextWeek, lastWeek: lastWeek, into: &mentions)
        mentions.lastsDays = readLength(tokens)
        let clocks = readClocksAndContext(tokens, skipping: dateTokens, into: &mentions)
        readTonight(tokens, among: dateTokens, into: &mentions)
        chooseStartAndEnd(clocks, into: &mentions)
        scopeDayPart(tokens, into: &mentions)
        return mentions
    }

    // MARK: - Pass 1: the week and the past

    /// Reads "next week", words for the past ("yesterday", "last week") and vague days ("this
    /// weekend") anywhere in the message; returns whether "next week" was said, and "last week"
    /// without it.
    private static func readWeekWords(_ tokens: [Token], into mentions: inout TemporalMentions) -> (next: Bool, last: Bool) {
        var saysNextWeek = false
        var saysLastWeek = false
        var speaksOfPast = false
        for index in tokens.indices {
            if isNextWeek(tokens, at: index) {
                saysNextWeek = true
            }
            if isLastWeek(tokens, at: index) {
                saysLastWeek = true
                speaksOfPast = true
            } else if isPastMarker(tokens, at: index) {
                speaksOfPast = true
            }
            if isVagueDay(tokens, at: index) {
                mentions.vagueDay = true
            }
        }
        mentions.pastDay = speaksOfPast
        return (saysNextWeek, saysLastWeek && !saysNextWeek)
    }

    /// "next week", "next wk", "الأسبوع الجاي", "esboo3 el jay".
    private static func isNextWeek(_ tokens: [Token], at index: Int) -> Bool {
        let word = tokens.norm(at: index)
        let next = tokens.norm(at: index + 1)
        if word == "next" && (next == "week" || next == "wk") {
            return true
        }
        if tokens.base(at: index) == "اسبوع" && (arabicNextWords.contains(next) || next == "اللي" && arabicNextWords.contains(tokens.norm(at: index + 2))) {
            return true
        }
        return arabiziWeekWords.contains(word) && next == "el" && tokens.norm(at: index + 2) == "jay"
    }

    /// "last night", "yesterday", "أمس", "ago" (and "last week", read by ``isLastWeek(_:at:)``).
    private static func isPastMarker(_ tokens: [Token], at index: Int) -> Bool {
        let word = tokens.norm(at: index)
        let next = tokens.norm(at: index + 1)
        if word == "last" && lastPeriodNouns.contains(next) {
            return true
        }
        return pastDayWords.contains(word)
    }

    /// "last week", "الأسبوع الماضي", "الأسبوع اللي فات" ("الأسبوع اللي جاي" is next week).
    private static func isLastWeek(_ tokens: [Token], at index: Int) -> Bool {
        let next = tokens.norm(at: index + 1)
        if tokens.norm(at: index) == "last" {
            return ["week", "wk", "weekend"].contains(next)
        }
        guard tokens.base(at: index) == "اسبوع" else { return false }
        return next == "الماضي" || next == "اللي" && ["فات", "راح", "مضى", "طاف", "مر"].contains(tokens.norm(at: index + 2))
    }

    /// "this weekend", "next weekend", "weekend", "ويكند".
    private static func isVagueDay(_ tokens: [Token], at index: Int) -> Bool {
        let word = tokens.norm(at: index)
        if (word == "this" || word == "next") && tokens.norm(at: index + 1) == "weekend" {
            return true
        }
        return word == "weekend" || tokens.base(at: index) == "ويكند"
    }

    // MARK: - Pass 2: days

    /// Reads the days the message names, each with the end of its range if it has one, into
    /// `mentions.dates`; returns the positions of the tokens they took.
    private static func readDates(_ tokens: [Token], nextWeek: Bool, lastWeek: Bool, into mentions: inout TemporalMentions) -> Set<Int> {
        var dateTokens = Set<Int>()
        var index = 0
        while index < tokens.count {
            guard let (expression, length) = dateAt(tokens, index, nextWeek: nextWeek, lastWeek: lastWeek, into: &mentions) else {
                index += 1
                continue
            }
            dateTokens.formUnion(index..<(index + length))
            var next = index + length
            var end: DateExpression?
            if let (endExpression, endLength) = dateRangeEnd(tokens, at: next, after: expression, nextWeek: nextWeek)
                ?? followingDay(tokens, at: next, after: expression, nextWeek: nextWeek) {
                end = endExpression
                dateTokens.formUnion(next..<(next + endLength))
                next += endLength
                // "الخميس والجمعة والسبت": each day joined on extends it.
                while let (later, laterLength) = followingDay(tokens, at: next, after: end!, nextWeek: nextWeek) {
                    end = later
                    dateTokens.formUnion(next..<(next + laterLength))
                    next += laterLength
                }
            }
            mentions.dates.append(DateMention(expr: expression, at: index, end: end))
            index = next
        }
        joinReturns(tokens, into: &mentions)
        if !mentions.dates.isEmpty {
            mentions.vagueDay = false
        }
        return dateTokens
    }

    /// "for 3 days", "٣ أيام", "يومين", "two nights": how many days after its first a plan lasts
    /// (a night ends the next day); not "in 3 days" nor "3 days ago".
    private static func readLength(_ tokens: [Token]) -> Int? {
        for index in tokens.indices {
            let word = tokens.norm(at: index)
            if inDaysLeads.contains(tokens.norm(at: index - 1)) || agoWords.contains(tokens.norm(at: index + 1)) { continue }
            if twoDaysWords.contains(word) { return 1 }
            if twoNightsWords.contains(word) { return 2 }
            guard let n = plainNumber(tokens, index) ?? numberWords[word], (2...14).contains(n),
                  !agoWords.contains(tokens.norm(at: index + 2)) else { continue }
            let unit = tokens.norm(at: index + 1)
            if dayUnits.contains(unit), unit != "day", unit != "يوم" { return n - 1 }
            if nightUnits.contains(unit) { return n }
        }
        return nil
    }

    /// "el jum3a 27 Feb, w nirja3 el sabt 28", "leave Thursday, back on Sunday": the day of the
    /// return ends the range the day before it starts.
    private static func joinReturns(_ tokens: [Token], into mentions: inout TemporalMentions) {
        var k = 1
        while k < mentions.dates.count {
            let day = mentions.dates[k]
            let returning = (max(0, day.at - 3)..<day.at).contains { returnWords.containsJoined(tokens.norm(at: $0)) }
            if returning, mentions.dates[k - 1].end == nil {
                mentions.dates[k - 1].end = day.expr
                mentions.dates.remove(at: k)
            } else {
                k += 1
            }
        }
    }

    /// The day named at `index` and how many tokens name it. A weekday said of the past ("last
    /// Friday", "الجمعة الماضية") names no day but marks the message as speaking of the past.
    private static func dateAt(
        _ tokens: [Token], _ index: Int, nextWeek: Bool, lastWeek: Bool, into mentions: inout TemporalMentions
    ) -> (DateExpression, Int)? {
        if todayWords.contains(tokens.norm(at: index)), thatWords.contains(tokens.norm(at: index - 1)) {
            // "فاضي ذاك اليوم", "نفس اليوم": the day already spoken of, not today.
            mentions.thatDay = true
            return nil
        }
        if let relative = relativeDayAt(tokens, index) {
            return relative
        }
        if let weekday = weekdayAt(tokens, index) {
            if thatWords.contains(tokens.norm(at: index - 1)) || tokens.norm(at: index - 1) == "that", dayOfMonthAt(tokens, index + 1) == nil, dayNumberAfterWeekday(tokens, index + 1) == nil {
                // "the review got moved to that friday": the day already spoken of.
                mentions.thatDay = true
                return nil
            }
            if isPastWeekday(tokens, at: index) {
                mentions.pastDay = true
                return nil
            }
            if let (hijri, length) = hijriAt(tokens, index + 1, weekday: weekday) {
                return (hijri, 1 + length)
            }
            if let (dayOfMonth, length) = dayOfMonthAt(tokens, index + 1) {
                return (.dayOfMonth(dayOfMonth, weekday: weekday), 1 + length)
            }
            if let (expression, length) = numericAt(tokens, skipping: index + 1, weekday: weekday) {
                return (expression, 1 + length)
            }
            if let day = dayNumberAfterWeekday(tokens, index + 1) {
                return (.dayOfMonth(day, weekday: weekday), 2)
            }
            if lastWeek {
                // "من الأحد للثلاثاء الأسبوع اللي راح", "on Tuesday last week": days gone by.
                mentions.pastDay = true
                return nil
            }
            return (.weekday(weekday, nextWeek: nextWeek), 1)
        }
        if let found = hijriAt(tokens, index) {
            return found
        }
        if let found = occasionAt(tokens, index) {
            return found
        }
        if let found = calendarAt(tokens, index) {
            return found
        }
        if let found = numericAt(tokens, skipping: index, weekday: nil) {
            return found
        }
        if let (dayOfMonth, length) = dayOfMonthAt(tokens, index) {
            return (.dayOfMonth(dayOfMonth, weekday: nil), length)
        }
        if let (day, length) = numberedDayAt(tokens, index) {
            return (.dayOfMonth(day, weekday: nil), length)
        }
        return nil
    }

    /// A day counted from today: "today", "el yom", "el lela", "tomorrow", "بعد بكرة",
    /// "بعد غد", "in 3 days", "بعد يومين".
    private static func relativeDayAt(_ tokens: [Token], _ index: Int) -> (DateExpression, Int)? {
        let word = tokens.norm(at: index)
        let previous = tokens.norm(at: index - 1)
        let next = tokens.norm(at: index + 1)
        if todayWords.contains(word) {
            return (.relative(0), 1)
        }
        // "this afternoon": today; the part of the day is read again by the clock pass.
        if word == "this", ["morning", "afternoon", "evening"].contains(next) {
            return (.relative(0), 1)
        }
        if latinArticles.contains(word) && arabiziDayNouns.contains(next) && weekdayAt(tokens, index + 2) == nil {
            // "el yom" is today, but "el yom el 5amees" names Thursday.
            let third = tokens.norm(at: index + 2)
            if !(third == "el" || third == "al") {
                return (.relative(0), 2)
            }
        }
        // "el lela" is tonight; "fe el lail" is at night, any night.
        if (word == "el" || word == "al") && arabiziNightNouns.contains(next), !["fe", "fi", "bel", "bil", "in"].contains(tokens.norm(at: index - 1)) {
            return (.relative(0), 2)
        }
        let base = tokens.base(at: index)
        if tomorrowWords.contains(word) || base == "بكره" || base == "بكرا" {
            // "بعد بكرة", "ba3d bokra" and "day after tomorrow" are in two days; "after tomorrow's
            // meeting" is not.
            if index > 0, afterWords.contains(previous), !(previous == "after" && tokens.norm(at: index - 2) != "day") {
                return (.relative(2), 1)
            }
            return (.relative(1), 1)
        }
        if word == "غد" && index > 0 && previous == "بعد" {
            return (.relative(2), 1)
        }
        if let count = countAt(tokens, index), dayUnits.contains(next), index > 0, inDaysLeads.contains(previous) {
            return (.relative(count), 2)
        }
        if twoDaysWords.contains(word) && index > 0 && arabicAfterWords.contains(previous) {
            return (.relative(2), 1)
        }
        return nil
    }

    /// Whether the weekday at `index` is one that passed: "last Friday", "الجمعة الماضية",
    /// "الجمعة اللي فاتت", "الجمعة الفايتة".
    private static func isPastWeekday(_ tokens: [Token], at index: Int) -> Bool {
        let next = tokens.norm(at: index + 1)
        return tokens.norm(at: index - 1) == "last" || next == "الماضي" || next == "اللي" && tokens.norm(at: index + 2) == "فات"
            || next == "الفايت"
    }

    /// The day after `start` joined to it by "and" ("Thursday and Friday", "الخميس والجمعة",
    /// "5 w 6 March"): two days in a row are one plan over both. Returns the second day and how
    /// many tokens it takes.
    private static func followingDay(
        _ tokens: [Token], at index: Int, after start: DateExpression, nextWeek: Bool
    ) -> (DateExpression, Int)? {
        let joined = ["and", "w", "و", "&", "+"].contains(tokens.norm(at: index))
        var dayAt = joined ? index + 1 : index
        // "el 5amees w el jum3a": the article before the second day.
        if joined, ["el", "al"].contains(tokens.norm(at: dayAt)) { dayAt += 1 }
        switch start {
        case .weekday(let day, _):
            // "والخميس": the conjunction is part of the day's token.
            guard joined || tokens.norm(at: index).hasPrefix("و"), let next = weekdayAt(tokens, dayAt), next == day % 7 + 1 else { return nil }
            return (.weekday(next, nextWeek: nextWeek), dayAt - index + 1)
        case .dayOfMonth(let day, let weekday):
            if joined, let (endDay, length) = dayOfMonthAt(tokens, dayAt), endDay == day + 1 {
                return (.dayOfMonth(endDay, weekday: nil), dayAt - index + length)
            }
            // "الخميس ١٦ والجمعة ١٧", "Thursday 16 and Friday the 17th": the next weekday with its day.
            if let weekday, joined || tokens.norm(at: index).hasPrefix("و"), weekdayAt(tokens, dayAt) == weekday % 7 + 1 {
                let numberAt = tokens.norm(at: dayAt + 1) == "the" ? dayAt + 2 : dayAt + 1
                let endDay = plainNumber(tokens, numberAt) ?? dayOfMonthAt(tokens, numberAt)?.0
                guard endDay == day + 1 else { return nil }
                return (.dayOfMonth(day + 1, weekday: weekday % 7 + 1), numberAt - index + 1)
            }
            // "يوم ١٦ و١٧", "the 16th and 17": the next day by its number alone.
            guard joined, plainNumber(tokens, dayAt) == day + 1 else { return nil }
            return (.dayOfMonth(day + 1, weekday: nil), dayAt - index + 1)
        default:
            return nil
        }
    }

    /// The end of a range of days that starts with `start` and continues at `index` ("Sunday to
    /// Tuesday", "10 to 13 Dec", "12-14 March", "the 3rd to the 5th"), and how many tokens, the
    /// range word included, it takes.
    private static func dateRangeEnd(
        _ tokens: [Token], at index: Int, after start: DateExpression, nextWeek: Bool
    ) -> (DateExpression, Int)? {
        // "من الخميس للسبت": the range word is joined to the day.
        if case .weekday = start, tokens.norm(at: index).hasPrefix("ل"),
           !rangeWords.contains(tokens.norm(at: index)), let weekday = weekdayAt(tokens, index) {
            return (.weekday(weekday, nextWeek: nextWeek), 1)
        }
        guard index < tokens.count, rangeWords.contains(tokens.norm(at: index)), tokens.norm(at: index) != "and" else {
            return nil
        }
        if let weekday = weekdayAt(tokens, index + 1), case .weekday = start {
            return (.weekday(weekday, nextWeek: nextWeek), 2)
        }
        if case .dayOfMonth = start, let weekday = weekdayAt(tokens, index + 1) {
            // "Tuesday 20 to Thursday 22 April", "من الأحد ١٤ لين الثلاثاء ١٦".
            if let (end, length) = calendarAt(tokens, index + 2) { return (end, 2 + length) }
            if let day = dayNumberAfterWeekday(tokens, index + 2) { return (.dayOfMonth(day, weekday: weekday), 3) }
            if let (day, length) = dayOfMonthAt(tokens, index + 2) { return (.dayOfMonth(day, weekday: weekday), 2 + length) }
        }
        if let (end, length) = calendarAt(tokens, index + 1) {
            return (end, 1 + length)
        }
        let afterDay = tokens.norm(at: index + 2)
        if case .calendar(let month, _, let year) = start, let endDay = plainNumber(tokens, index + 1), (1...31).contains(endDay),
           !afterDay.hasPrefix(":"), !amWords.contains(afterDay), !pmWords.contains(afterDay) {
            return (.calendar(month: month, day: endDay, year: year), 2)
        }
        if case .dayOfMonth = start, let (endDay, length) = dayOfMonthAt(tokens, index + 1) {
            return (.dayOfMonth(endDay, weekday: nil), 1 + length)
        }
        return nil
    }

    /// Makes the day part evening when no other word set it and a day word says tonight
    /// ("tonight", "الليلة", "el lela"); the clock pass skips day words.
    private static func readTonight(_ tokens: [Token], among dateTokens: Set<Int>, into mentions: inout TemporalMentions) {
        guard mentions.dayPart == nil else { return }
        let saysTonight = dateTokens.contains { index in
            let word = tokens.norm(at: index)
            return tonightWords.contains(word) || arabiziTonightNouns.contains(word)
        }
        if saysTonight {
            mentions.dayPart = .evening
        }
    }

    // MARK: - Pass 3: clock times, durations and the words around them

    /// Reads, outside the day words, durations ("2 hours"), clock times and ranges of them,
    /// and the words that place a time (prayers, parts of the day, zones); returns the clock
    /// times in message order.
    private static func readClocksAndContext(
        _ tokens: [Token], skipping dateTokens: Set<Int>, into mentions: inout TemporalMentions
    ) -> [FoundClock] {
        var clocks: [FoundClock] = []
        var index = 0
        while index < tokens.count {
            if dateTokens.contains(index) {
                index += 1
                continue
            }
            if let length = readDuration(tokens, at: index, into: &mentions) {
                index += length
                continue
            }
            let datePositions = mentions.dates.map(\.at)
            if replacementWords.contains(tokens.norm(at: index)),
               let (_, length) = clockAt(tokens, index + 1, consumed: dateTokens, dates: datePositions, afterRange: true) {
                // "٧ بدل ٥", "7:30 mesh 7": the time being replaced is no time of the plan.
                index += 1 + length
                continue
            }
            let restates = restatingWords.contains(tokens.norm(at: index))
                || tokens.norm(at: index) == "is" && ["which", "that"].contains(tokens.norm(at: index - 1))
            // "١ الظهر بتوقيتهم يعني ٤ العصر عندنا", "6 to 7am UK time, which is 9 to 10am for us":
            // the time said again for where the two of them are is the one meant; said again for
            // someone elsewhere ("at 12, that's 8 PM her time"), it is not.
            if restates, let last = clocks.last, index - last.mention.at <= 8,
               clockAt(tokens, index + 1, consumed: dateTokens, dates: datePositions, afterRange: true) != nil,
               (index + 2...index + 7).contains(where: { localWords.contains(tokens.norm(at: $0)) }) {
                clocks.removeLast()
                if last.isEnd, !clocks.isEmpty { clocks.removeLast() }
                mentions.zone = nil
            }
            let replaces = tokens[index].kind == .number && replacementWords.contains(tokens.norm(at: index + 1))
                && clockAt(tokens, index + 2, consumed: dateTokens, dates: datePositions, afterRange: true) != nil
            if let (start, length) = clockAt(tokens, index, consumed: dateTokens, dates: datePositions, afterRange: replaces) {
                let rangeWord = index + length
                if let (end, endLength) = clockRangeEnd(tokens, at: rangeWord, startingAt: index, skipping: dateTokens) {
                    clocks.append((sharingHalfOfDay(start, with: end), false, false))
                    clocks.append((end, true, false))
                    index = rangeWord + 1 + endLength
                } else {
                    clocks.append((start, false, untilWords.contains(tokens.norm(at: index - 1)) || saysFinish(tokens, before: index)))
                    index = rangeWord
                }
                continue
            }
            readPrayerReference(tokens, at: index, into: &mentions)
            readDayPart(tokens, at: index, into: &mentions)
            readTimeZone(tokens, at: index, after: clocks, into: &mentions)
            index += 1
        }
        return clocks
    }

    /// "ونخلص على ١ ونص", "we finish by 10": the clock at `index` ends the plan.
    private static func saysFinish(_ tokens: [Token], before index: Int) -> Bool {
        if finishWords.containsJoined(tokens.norm(at: index - 1)) { return true }
        return ["علي", "ع", "at", "by", "around", "الساعه", "el", "3al"].contains(tokens.norm(at: index - 1))
            && finishWords.containsJoined(tokens.norm(at: index - 2))
    }

    /// A duration at `index`: keeps the first one that says how long the event lasts (not "2
    /// hours late" or "in 2 hours") and returns how many tokens it takes, or nil when there is
    /// none. A number after "at" or "الساعة" is a clock time, never a duration.
    private static func readDuration(_ tokens: [Token], at index: Int, into mentions: inout TemporalMentions) -> Int? {
        let previous = tokens.norm(at: index - 1)
        guard !clockMarkers.contains(previous) || tokens[index].kind != .number,
              let (minutes, length) = durationAt(tokens, index) else { return nil }
        let following = tokens.norm(at: index + length)
        let beforePrevious = tokens.norm(at: index - 2)
        // "بعد ساعتين" is a wait, unless "بعد" opens the message or a clause.
        let isOffset = durationOffsetFollowers.contains(following)
            || durationOffsetLeads.contains(previous)
            || (previous == "بعد" && !(beforePrevious == "" || beforePrevious == ","))
        if !isOffset && mentions.durationMinutes == nil {
            mentions.durationMinutes = minutes
        }
        return length
    }

    /// The end of a range of clock times at `index`, after a range word: "from 4 to 6", "9 till
    /// 1", "من ٤ إلى ٦", "between 10 and 12" ("and" only after "between"). Returns the end and
    /// how many tokens it takes after the range word.
    private static func clockRangeEnd(
        _ tokens: [Token], at index: Int, startingAt start: Int, skipping dateTokens: Set<Int>
    ) -> (ClockMention, Int)? {
        let saidBetween = tokens[0..<start].contains { $0.norm == "between" || $0.norm == "بين" }
        guard index < tokens.count, rangeWords.contains(tokens.norm(at: index)) || saidBetween && ["و", "w"].contains(tokens.norm(at: index)) else { return nil }
        guard tokens.norm(at: index) != "and" || saidBetween else { return nil }
        let at = rangeEndStart(tokens, after: index)
        guard let (end, length) = clockAt(tokens, at, consumed: dateTokens, dates: [], afterRange: true) else { return nil }
        return (end, length + at - index - 1)
    }

    /// The start of a range with its half of the day taken from the end when it has none: "7:30
    /// to 10am", "12:30 حتى 1:30 ظهراً". The start keeps an open half when sharing the end's would
    /// put it after the end (then 12 is noon).
    private static func sharingHalfOfDay(_ start: ClockMention, with end: ClockMention) -> ClockMention {
        guard start.meridiem == .unknown, start.hour <= 12, end.meridiem != .unknown, end.meridiem != .noon || start.hour < 12,
              let endTime = end.fixed else { return start }
        var shared = start
        shared.meridiem = end.meridiem == .noon ? .pm : end.meridiem
        if let startTime = shared.fixed, startTime < endTime {
            return shared
        }
        var result = start
        if start.hour == 12 {
            result.meridiem = .pm
        }
        return result
    }

    /// A prayer named as a time: "بعد العصر", "after Maghrib", "وقت المغرب", "maghrib"; and
    /// iftar, which is at Maghrib unless the message speaks of suhoor.
    private static func readPrayerReference(_ tokens: [Token], at index: Int, into mentions: inout TemporalMentions) {
        let word = tokens.norm(at: index)
        if prayerWords.contains(word) || prayerWords.contains(tokens.base(at: index)) {
            let previous = tokens.norm(at: index - 1)
            let beforePrevious = tokens.norm(at: index - 2)
            let ledInArabic = arabicPrayerLeads.contains(previous)
            // A bare "el"/"al" leads only after another lead: "ba3d el maghrib".
            let ledInLatin = prayerLeads.contains(previous) && (previous != "el" && previous != "al" || prayerLeads.contains(beforePrevious))
            // "عشا" alone is dinner; after "بعد" or "وقت" it is the Isha prayer.
            let isDinner = (word == "عشا" || word == "العشا" || word == "العشاء") && !ledInArabic
            let isLatinPrayerName = word == "maghrib" || word == "asr" || word == "isha" || word == "fajr" || word == "dhuhr"
            if !isDinner && (ledInArabic || ledInLatin || tokens[index].base == "صلاه" || isLatinPrayerName) {
                mentions.prayerRelative = true
                if let part = prayerDayPart(tokens.base(at: index)) { noteDayPart(part, at: index, into: &mentions) }
            }
        }
        if word == "iftar" || word == "افطار" || word == "الافطار", !tokens.contains(where: { $0.norm == "suhoor" }) {
            mentions.prayerRelative = true
        }
    }

    /// The part of the day a prayer falls in: a clock time beside "after Isha" is in the evening.
    private static func prayerDayPart(_ prayer: String) -> DayPart? {
        switch prayer {
        case "فجر", "fajr": return .morning
        case "ظهر", "عصر", "dhuhr", "zuhr", "duhr", "dohr", "asr", "3asr", "el3asr": return .afternoon
        case "مغرب", "عشا", "عشاء", "تراويح", "maghrib", "maghreb", "elmaghrib", "isha", "3isha", "taraweeh", "tarawih", "taraweh", "المغربيه":
            return .evening
        default: return nil
        }
    }

    /// A part of the day a word names (also read among the day words, see `recognize`).
    private static func readDayPart(_ tokens: [Token], at index: Int, into mentions: inout TemporalMentions) {
        let word = tokens.norm(at: index)
        // "Morning sweetheart", "good morning": a greeting, not the time of the plan.
        let greeting = word == "morning" && (index == 0 || tokens.norm(at: index - 1) == "good")
        if morningWords.contains(word), !greeting {
            noteDayPart(.morning, at: index, into: &mentions)
        } else if afternoonWords.contains(word) {
            noteDayPart(.afternoon, at: index, into: &mentions)
        } else if eveningWords.contains(word) || eveningStems.contains(tokens.base(at: index)), !isVerb(tokens, at: index) {
            noteDayPart(.evening, at: index, into: &mentions)
        }
    }

    /// "the agent can show us the flat", "I'll show you": a word of the evening used as a verb.
    private static func isVerb(_ tokens: [Token], at index: Int) -> Bool {
        tokens.norm(at: index) == "show" && (verbLeads.contains(tokens.norm(at: index - 1)) || verbObjects.contains(tokens.norm(at: index + 1)))
    }
    private static let verbLeads: Set<String> = ["can", "could", "will", "would", "to", "i'll", "ill", "she'll", "he'll", "we'll", "they'll", "you'll", "gonna", "wanna", "pls", "please"]
    private static let verbObjects: Set<String> = ["us", "you", "u", "me", "them", "him", "her", "around", "up"]

    /// The first part of the day named is the message's; every one is kept with its place for
    /// ``scopeDayPart(_:into:)``.
    private static func noteDayPart(_ part: DayPart, at index: Int, into mentions: inout TemporalMentions) {
        if mentions.dayPart == nil { mentions.dayPart = part }
        mentions.dayPartsNamed.append(DayPartMention(part: part, at: index))
    }

    /// With a clock time, the part of the day said in its own clause places it ("من الصبح للعصر،
    /// صعبة. خليها ٣١ ونتعشى الساعة ٨": the morning is another day's); one said only in
    /// another clause is marked as such.
    private static func scopeDayPart(_ tokens: [Token], into mentions: inout TemporalMentions) {
        guard let start = mentions.start else { return }
        let clause = tokens.clause(around: start.at)
        mentions.startClause = clause
        guard !mentions.dayPartsNamed.isEmpty else { return }
        // The first of its clause, not one after the end ("سهرة من ١١ لين الفجر" is in the evening).
        let own = mentions.dayPartsNamed.filter { clause.contains($0.at) && $0.at < mentions.end.map { $0.at } ?? Int.max }
        if let first = own.first {
            mentions.dayPart = first.part
        } else {
            mentions.dayPartInOtherClause = true
        }
    }

    /// A zone named for the time: "3pm UK time", "بتوقيت مكة", "9am EST" (an abbreviation only
    /// right after a clock time), "New York time".
    private static func readTimeZone(_ tokens: [Token], at index: Int, after clocks: [FoundClock], into mentions: inout TemporalMentions) {
        let word = tokens.norm(at: index)
        let previous = tokens.norm(at: index - 1)
        let next = tokens.norm(at: index + 1)
        if let zone = zones[word] {
            let isAbbreviation = zoneAbbreviations.contains(word)
            let followsClock = clocks.last.map { $0.mention.at >= index - 2 } ?? false
            if next == "time" || previous == "بتوقيت" || previous == "توقيت" || (isAbbreviation && followsClock) {
                mentions.zone = zone
            }
        }
        if word == "new", next == "york", tokens.norm(at: index + 2) == "time" || tokens.norm(at: index + 2) == "" {
            mentions.zone = "America/New_York"
        }
    }

    // MARK: - Pass 4: start and end

    /// The start is the first clock time not after "till"; a time after "till" later in the
    /// message ends it ("from 10, but I'll stay till 2"), or, alone, only ends the plan ("يعني
    /// لحد ١ ونص"). When a range was found, its two ends are the start and the end.
    private static func chooseStartAndEnd(_ clocks: [FoundClock], into mentions: inout TemporalMentions) {
        let start = clocks.first { !$0.isEnd && !$0.onlyUntil }?.mention
        mentions.start = start
        if let until = clocks.first(where: { $0.onlyUntil && $0.mention.at > (start?.at ?? -1) }) {
            mentions.end = until.mention
        }
        if let endIndex = clocks.firstIndex(where: { $0.isEnd }), endIndex > 0 {
            mentions.start = clocks[endIndex - 1].mention
            mentions.end = clocks[endIndex].mention
        }
    }
}

extension [Token] {
    /// The folded word at `index`, or "" outside the message.
    func norm(at index: Int) -> String {
        indices.contains(index) ? self[index].norm : ""
    }

    /// The folded word at `index` without Arabic clitics, or "" outside the message.
    func base(at index: Int) -> String {
        indices.contains(index) ? self[index].base : ""
    }
}
