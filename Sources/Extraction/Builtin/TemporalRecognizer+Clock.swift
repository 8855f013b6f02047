/// Readers of one clock time or one duration at a token position, for
/// ``TemporalRecognizer/recognize(_:)``.
extension TemporalRecognizer {
    /// An hour being read at a position, before it becomes a ``ClockMention``.
    private struct ClockReading {
        var hour: Int
        var minute = 0
        var meridiem = ClockMention.Meridiem.unknown
        /// Tokens read so far, from the hour's position.
        var length = 1
        /// Whether something marks the number as a clock time rather than a count or a day: a
        /// colon, "pm", "at", "ونص", a range it ends.
        var isMarked: Bool
    }

    // MARK: - Clock times

    /// A clock time at `index` and how many tokens it takes: "7pm", "19:30", "at 8",
    /// "الساعة ٧ ونص", "٩ الصبح", "noon", "الساعة العاشرة صباحاً". `dates` are the positions of the
    /// days named in the message: a bare number beside one is an hour ("el jum3a 9"). After a
    /// range word (`afterRange`) a number is taken as a time.
    static func clockAt(_ tokens: [Token], _ index: Int, consumed: Set<Int>, dates: [Int], afterRange: Bool = false) -> (ClockMention, Int)? {
        guard index < tokens.count, !consumed.contains(index) else { return nil }
        if let named = namedClockAt(tokens, index) {
            return (named, 1)
        }
        guard var reading = hourAt(tokens, index, afterRange: afterRange) else { return nil }
        if isClockLead(before: index, in: tokens) {
            reading.isMarked = true
        }
        if let (minute, hourShift, length) = minutesAfterHour(tokens, at: index + reading.length) {
            reading.hour += hourShift
            reading.minute = minute
            reading.length += length
            reading.isMarked = true
        } else if reading.minute == 0, reading.hour <= 12, let (minute, hourShift) = minutesBeforeHour(tokens, at: index) {
            reading.hour += hourShift
            reading.minute = minute
            reading.isMarked = true
        }
        var saidPartOfDay = false
        if reading.meridiem == .unknown, let (meridiem, length) = meridiemAfterHour(tokens, at: index + reading.length) {
            reading.meridiem = meridiem
            // "١٢ ونص بالليل", "2 at night": past midnight.
            if meridiem == .pm, reading.hour == 12 || reading.hour <= 3,
               nightWords.contains(tokens.norm(at: index + reading.length + length - 1)) {
                reading.meridiem = .am
            }
            reading.length += length
            reading.isMarked = true
            saidPartOfDay = meridiem != .unknown
        }
        // "١١ الصبح ساعة": after the part of the day, an hour word is how long, not a count.
        if !saidPartOfDay, isCountOrLabel(tokens, index, length: reading.length) {
            return nil
        }
        if !reading.isMarked, (1...12).contains(reading.hour), isProposedOrConfirmed(tokens, index, length: reading.length) {
            reading.isMarked = true
        }
        if !reading.isMarked, !isBareHourTime(tokens, index, hour: reading.hour, length: reading.length, dates: dates) {
            return nil
        }
        guard (0...24).contains(reading.hour), (0..<60).contains(reading.minute) else { return nil }
        if reading.hour == 24 {
            reading.hour = 0
        }
        if reading.hour == 0 && reading.minute == 0 && !reading.isMarked {
            return nil
        }
        let meridiem = reading.hour > 12 ? .unknown : reading.meridiem
        return (ClockMention(hour: reading.hour, minute: reading.minute, meridiem: meridiem, at: index), reading.length)
    }

    /// "noon", "midday", "الظهيرة", "midnight".
    private static func namedClockAt(_ tokens: [Token], _ index: Int) -> ClockMention? {
        let word = tokens.norm(at: index)
        if word == "noon" || word == "midday" || word == "الظهيره" {
            return ClockMention(hour: 12, minute: 0, meridiem: .pm, at: index)
        }
        if word == "midnight" {
            return ClockMention(hour: 0, minute: 0, meridiem: .am, at: index)
        }
        return nil
    }

    /// The hour at `index`, written in digits ("7", "7pm", "19:30", "7.30") or, after "at" or
    /// "الساعة", in words ("seven", "العاشرة"); nil when the token is no hour.
    private static func hourAt(_ tokens: [Token], _ index: Int, afterRange: Bool) -> ClockReading? {
        if tokens[index].kind == .number {
            return digitHourAt(tokens, index, afterRange: afterRange)
        }
        return spelledHourAt(tokens, index)
    }

    /// "7", "7pm", "7p", "7ish", "19:30", "7.30" (only after "at" or with a meridiem); not "9/12".
    private static func digitHourAt(_ tokens: [Token], _ index: Int, afterRange: Bool) -> ClockReading? {
        var text = Substring(tokens[index].norm)
        var meridiem = ClockMention.Meridiem.unknown
        var isMarked = afterRange
        for suffix in ["am", "pm", "a", "p", "ish"] where text.hasSuffix(suffix) && text.count > suffix.count {
            let head = text.dropLast(suffix.count)
            if head.last.map({ ("0"..."9").contains($0) }) == true {
                text = head
                if suffix == "am" || suffix == "a" {
                    meridiem = .am
                } else if suffix == "pm" || suffix == "p" {
                    meridiem = .pm
                }
                isMarked = true
                break
            }
        }
        if text.contains(":") {
            let parts = text.split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute),
                  parts[1].count == 2 else { return nil }
            return ClockReading(hour: hour, minute: minute, meridiem: meridiem, isMarked: true)
        }
        if text.contains(".") {
            let parts = text.split(separator: ".")
            guard isMarked || clockMarkers.contains(tokens.norm(at: index - 1)), parts.count == 2, let hour = Int(parts[0]),
                  let minute = Int(parts[1]), (0...23).contains(hour), (0..<60).contains(minute), parts[1].count == 2 else { return nil }
            return ClockReading(hour: hour, minute: minute, meridiem: meridiem, isMarked: true)
        }
        if text.contains("/") {
            return nil
        }
        guard let hour = Int(text), (0...24).contains(hour), text.count <= 2 else { return nil }
        return ClockReading(hour: hour, meridiem: meridiem, isMarked: isMarked)
    }

    /// An hour in words after a lead: "at seven", "الساعة العاشرة", "الساعة الحادية عشرة".
    private static func spelledHourAt(_ tokens: [Token], _ index: Int) -> ClockReading? {
        let word = tokens.norm(at: index)
        let previous = tokens.norm(at: index - 1)
        let ordinalLead = previous == "الساعه" || ordinalHourLeads.contains(previous) || ordinalHourLeads.contains(tokens.base(at: index - 1))
        guard let hour = hourWords[word], spelledHourLeads.contains(previous) || (word.hasPrefix("ال") && ordinalLead) else {
            return nil
        }
        let next = tokens.norm(at: index + 1)
        // "at one of the new cafés", "at one point": a number, not an hour.
        if next == "of" || next == "point" || next == "another" { return nil }
        var reading = ClockReading(hour: hour, isMarked: true)
        if word == "الحاديه" || word == "الثانيه", next == "عشر" || next == "عشره" {
            reading.hour = word == "الحاديه" ? 11 : 12
            reading.length += 1
        }
        return reading
    }

    /// Whether the words before `index` say a clock time follows: "at 7", "الساعة ٧", "el sa3a 7",
    /// "till 10". "from", "about" and their like are not enough on their own.
    private static func isClockLead(before index: Int, in tokens: [Token]) -> Bool {
        let previous = tokens.norm(at: index - 1)
        let beforePrevious = tokens.norm(at: index - 2)
        // "can we do 9", "make it 9", "نخليها ٩": another hour for the plan.
        let counterLead = previous == "do" && ["we", "can", "could", "let's", "lets"].contains(beforePrevious)
            || previous == "it" && ["make", "push", "move"].contains(beforePrevious)
            || ["نخليها", "خليها", "نخليه", "خليه", "خله", "خلها", "خلوها", "نخلها", "نخله", "khaliha", "nkhaliha", "5aleeha", "n5aleeha",
                "5alha", "5alleha", "5alliha", "khalliha", "khalleha", "khalha", "5aleha", "5alih", "5alli"].contains(previous)
        let isLead = clockLeads.contains(previous) || counterLead
            || (previous == "sa3a" || previous == "sa3ah") && latinArticles.contains(beforePrevious)
            || previous == "el-sa3a"
        return isLead && !weakClockLeads.contains(previous)
    }

    /// Minutes said after the hour, at `index`: half past ("ونص", "w nos", "and a half"), a
    /// quarter past ("وربع", "w rub3") or a quarter to ("الا ربع", which moves the hour back).
    private static func minutesAfterHour(_ tokens: [Token], at index: Int) -> (minute: Int, hourShift: Int, length: Int)? {
        let first = tokens.norm(at: index)
        let second = tokens.norm(at: index + 1)
        if let minute = joinedFractions[first] { return (minute, 0, 1) }
        if ["w", "u", "و"].contains(first), let minute = fractionWords[second] { return (minute, 0, 2) }
        // "٩ إلا ربع", "9 illa rob3", "٨ الا ثلث": before the hour.
        if ["الا", "illa", "ila", "ela", "ella", "2illa"].contains(first), let minute = fractionWords[second] {
            return (60 - minute, -1, 2)
        }
        if first == "and" && second == "a" && tokens.norm(at: index + 2) == "half" {
            return (30, 0, 3)
        }
        return nil
    }

    /// "half past 8", "quarter to 9", British "half 8": the minutes said before the hour.
    private static func minutesBeforeHour(_ tokens: [Token], at index: Int) -> (minute: Int, hourShift: Int)? {
        let previous = tokens.norm(at: index - 1)
        let second = tokens.norm(at: index - 2)
        if previous == "past", second == "half" { return (30, 0) }
        if previous == "past", second == "quarter" { return (15, 0) }
        if previous == "to", second == "quarter" { return (45, -1) }
        if previous == "half", !["a", "and", "the", "for"].contains(second) { return (30, 0) }
        return nil
    }

    /// The half of the day said after the hour, at `index`: "am", "الصبح", "9 el sob7", "7 in
    /// the evening", "1 الظهر", "10 at night"; or only a marker that it is a time ("7 o'clock",
    /// "8 sharp"), with the meridiem left unknown.
    private static func meridiemAfterHour(_ tokens: [Token], at index: Int) -> (meridiem: ClockMention.Meridiem, length: Int)? {
        let first = tokens.norm(at: index)
        let second = tokens.norm(at: index + 1)
        if dayPartArticles.contains(first) || first == "in" && second == "the" {
            let articleLength = first == "in" ? 2 : 1
            let noun = tokens.norm(at: index + articleLength)
            if morningNounsAfterArticle.contains(noun) {
                return (.am, articleLength + 1)
            }
            if eveningNounsAfterArticle.contains(noun) {
                return (.pm, articleLength + 1)
            }
            if noonNounsAfterArticle.contains(noun) {
                return (.noon, 2)
            }
            return nil
        }
        // "a" is "am" only as "a.m" or "a m", not as the article in "8 a day".
        let isArticleA = first == "a" && tokens.indices.contains(index) && tokens[index].kind == .word && second != "." && second != "m"
        if amWords.contains(first) && !isArticleA {
            return (.am, 1)
        }
        if pmWords.contains(first) && !eveningNouns.contains(first) {
            return (.pm, 1)
        }
        if noonWords.contains(first) {
            return (.noon, 1)
        }
        if first == "at" && second == "night" {
            return (.pm, 2)
        }
        // "الواحدة بعد منتصف الليل", "1 after midnight".
        if (first == "بعد" && second == "منتصف") || (first == "after" && second == "midnight") {
            return (.am, tokens.norm(at: index + 2) == "الليل" ? 3 : 2)
        }
        if oclockWords.contains(first) {
            return (.unknown, 1)
        }
        return nil
    }

    /// Whether the number at `index` is a count or a label rather than a time: a unit follows ("3
    /// days", "4 - 5 people") or a price or a name goes before ("SAR 50", "room 7").
    private static func isCountOrLabel(_ tokens: [Token], _ index: Int, length: Int) -> Bool {
        let previous = tokens.norm(at: index - 1)
        let following = tokens.norm(at: index + length)
        // After "الساعة" the hour is a time and an hour word after it starts a duration:
        // "الساعة ٤ ساعة ونص".
        let durationFollows = clockMarkers.contains(previous) && hourCountWords.contains(following)
        if !durationFollows, unitWords.contains(following) || following == "-" && unitWords.contains(tokens.norm(at: index + length + 2)) {
            return true
        }
        return nonClockLeads.contains(previous)
    }

    /// Whether a bare hour is proposed or confirmed as the time: "make it 8", "let's say 6:30",
    /// "8 is fine", "9?", "٨ تمام".
    private static func isProposedOrConfirmed(_ tokens: [Token], _ index: Int, length: Int) -> Bool {
        let previous = tokens.norm(at: index - 1)
        if proposalPhrases.contains(tokens.norm(at: index - 2) + " " + previous) || proposalWords.contains(previous) {
            return true
        }
        let following = tokens.norm(at: index + length)
        guard index + length < tokens.count, confirmationFollowers.contains(following) else { return false }
        return !(following == "is" && !approvalWords.contains(tokens.norm(at: index + length + 1)))
    }

    /// Whether a bare number with no marker is still an hour: beside a day ("el jum3a 9",
    /// "bokra 9 el sob7"), at the start of a range of times ("Saturday 9 to 1", "from 4 to 6"),
    /// or after "around", "before" and their like.
    private static func isBareHourTime(_ tokens: [Token], _ index: Int, hour: Int, length: Int, dates: [Int]) -> Bool {
        let previous = tokens.norm(at: index - 1)
        let isHourOfClock = (1...12).contains(hour)
        let nearDate = dates.contains { position in
            position == index - 1 || position == index - 2 && (previous == "," || previous == "at") || position == index + length
        }
        let rangeWord = index + length
        let beforeRange = rangeWord + 1 < tokens.count && rangeWords.contains(tokens.norm(at: rangeWord)) && tokens.norm(at: rangeWord) != "and"
            && looksLikeTime(tokens, rangeEndStart(tokens, after: rangeWord))
        let afterFrom = rangeStartLeads.contains(previous) && beforeRange
        // "between 2 and 4", "بين ٢ و ٤".
        let between = ["between", "بين", "ben", "bein"].contains(previous) && isHourOfClock
            && ["and", "و", "w"].contains(tokens.norm(at: rangeWord)) && looksLikeTime(tokens, rangeWord + 1)
        let rangeEndIsCount = unitWords.contains(tokens.norm(at: rangeWord + 2))
        return nearDate && isHourOfClock || between
            || beforeRange && !rangeEndIsCount && (isHourOfClock || afterFrom || nearDate)
            || approximateLeads.contains(previous) && isHourOfClock
    }

    /// The word for the hour, before one: "الساعة ٢", "el sa3a 2".
    static let hourNouns: Set<String> = ["الساعه", "ساعه", "el", "sa3a"]

    /// Where the end of a range begins after its range word, past a hedge or the word for
    /// the hour: "till about 2", "لين الساعة ٢", "لين تقريباً ٢".
    static func rangeEndStart(_ tokens: [Token], after rangeWord: Int) -> Int {
        var at = rangeWord + 1
        while at < tokens.count, approximateWords.contains(tokens.norm(at: at)) || hourNouns.contains(tokens.norm(at: at)) {
            at += 1
        }
        return at
    }

    /// Whether the token at `index` (in the message) is digits, or a number with a colon or
    /// "am"/"pm": the end of a range of times.
    private static func looksLikeTime(_ tokens: [Token], _ index: Int) -> Bool {
        if plainNumber(tokens, index) != nil {
            return true
        }
        // "من ١١ لين الفجر", "from 10 till late": an hour that runs into a part of the night.
        if prayerWords.contains(tokens.norm(at: index)) || ["midnight", "late", "dawn", "الصبح", "الصباح", "fajr"].contains(tokens.norm(at: index)) {
            return true
        }
        let token = tokens[index]
        return token.kind == .number && (token.norm.contains(":") || token.norm.hasSuffix("am") || token.norm.hasSuffix("pm"))
    }

    // MARK: - Durations

    /// Minutes of a duration at `index` and how many tokens it takes: "2 hours", "an hour", "an
    /// hour and a half", "90 minutes", "2hrs", "ساعتين", "ساعة ونص", "sa3atain".
    static func durationAt(_ tokens: [Token], _ index: Int) -> (Int, Int)? {
        let word = tokens.norm(at: index)
        let previous = tokens.norm(at: index - 1)
        let next = tokens.norm(at: index + 1)
        // Arabic and Arabizi words.
        if word == "ساعتين" || word == "sa3atain" || word == "sa3tain" || word == "sa3atein" || word == "sa3ten" || tokens.base(at: index) == "ساعتين" {
            return withHalfOrQuarter(tokens, minutes: 120, length: 1, from: index)
        }
        if (word == "ساعه" || word == "sa3a" || word == "sa3ah") && !(index > 0 && latinArticles.contains(previous)) {
            // "ساعة ٧", "ساعة سبعة" name the hour; "نص ساعة" is half an hour; "ساعة واحدة" is one hour.
            if next == "واحده" { return (60, 2) }
            if plainNumber(tokens, index + 1) != nil || hourWords[next] != nil {
                return nil
            }
            if index > 0, previous == "نص" || previous == "nos" {
                return nil
            }
            return withHalfOrQuarter(tokens, minutes: 60, length: 1, from: index)
        }
        if word == "نص" || word == "nos" || word == "half", next == "ساعه" || next == "sa3a" || next == "an" && tokens.norm(at: index + 2) == "hour" || next == "hour" {
            return (30, next == "an" ? 3 : 2)
        }
        if word == "ربع", next == "ساعه" {
            return (15, 2)
        }
        // A count and a unit.
        let count: Double
        if let value = plainNumber(tokens, index) {
            count = Double(value)
        } else if index < tokens.count, tokens[index].kind == .number, let value = Double(tokens[index].norm) {
            count = value
        } else if let value = numberWords[word] {
            count = Double(value)
        } else {
            return unitSuffixedDuration(tokens, index)
        }
        if hourUnits.contains(next) {
            return withHalfOrQuarter(tokens, minutes: Int(count * 60), length: 2, from: index)
        }
        if minuteUnits.contains(next) {
            guard word != "a" && word != "an" else { return nil }
            return (Int(count), 2)
        }
        return nil
    }

    /// A number with its unit written onto it: "2hrs", "1.5h", "90min".
    private static func unitSuffixedDuration(_ tokens: [Token], _ index: Int) -> (Int, Int)? {
        guard index < tokens.count, tokens[index].kind == .number else { return nil }
        let text = tokens[index].norm
        for (suffix, factor) in [("hrs", 60.0), ("hr", 60.0), ("h", 60.0), ("mins", 1.0), ("min", 1.0)] where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)) {
                return (Int(value * factor), 1)
            }
        }
        return nil
    }

    /// `minutes` over `length` tokens from `index`, with a half or a quarter hour said after them
    /// added: "ساعة ونص", "sa3a w nos", "ساعتين وربع", "2 hours and a half".
    private static func withHalfOrQuarter(_ tokens: [Token], minutes: Int, length: Int, from index: Int) -> (Int, Int) {
        let first = tokens.norm(at: index + length)
        let second = tokens.norm(at: index + length + 1)
        if first == "ونص" || first == "ونصف" || first == "wnos" {
            return (minutes + 30, length + 1)
        }
        if first == "w" && second == "nos" || first == "و" && second == "نص" {
            return (minutes + 30, length + 2)
        }
        if first == "وربع" {
            return (minutes + 15, length + 1)
        }
        if first == "w" && second == "rub3" {
            return (minutes + 15, length + 2)
        }
        if first == "and" && second == "a" && tokens.norm(at: index + length + 2) == "half" {
            return (minutes + 30, length + 3)
        }
        return (minutes, length)
    }
}
