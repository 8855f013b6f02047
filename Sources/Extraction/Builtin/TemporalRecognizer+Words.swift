/// The words ``TemporalRecognizer`` reads, folded as ``TextNormalizer`` folds them (Arabic
/// without diacritics, ة as ه, ى as ي, أ/إ/آ as ا; Arabizi with its digits).
extension TemporalRecognizer {
    // MARK: Days

    /// Words that name today (tonight included).
    static let todayWords: Set<String> = ["today", "tonight", "tonite", "2day", "2nite", "اليوم", "الليله", "الليلة", "هالليله", "النهارده", "النهارد", "انهارده", "elyom", "elyoum", "alyoum", "alyom", "illela", "ellela", "ellila", "el-yom", "naharda", "elnaharda", "ennaharda", "innaharda", "هالمسا", "هالمساء"]
    /// Words that name tomorrow, in every spelling the chats use.
    static let tomorrowWords: Set<String> = ["tomorrow", "tmrw", "tmr", "tmrrw", "tomoz", "2morrow", "2moro", "tomorow", "tommorow", "tommorrow", "بكره", "بكرا", "باكر", "باجر", "غدا", "غدوه", "bacher", "bachir", "bokra", "bukra", "bokrah", "bukrah", "boukra", "bkra", "tomoro", "tomorro", "tmorrow", "tmoro", "2morow"]
    /// "after" before "tomorrow": "بعد بكرة", "ba3d bokra", "day after tomorrow".
    static let afterWords: Set<String> = ["بعد", "عقب", "ba3d", "ba3ad", "b3d", "ba3", "after"]
    /// Units of "in N days" (`inDaysLeads` comes before the number).
    static let dayUnits: Set<String> = ["days", "day", "ايام", "يوم", "ayam", "iyam"]
    /// Words before "N days" that count days from today: "in 3 days", "بعد ٣ أيام", "خلال يومين".
    static let inDaysLeads: Set<String> = ["in", "بعد", "عقب", "ba3d", "ba3ad", "within", "خلال", "كمان", "kaman", "kamaan", "kman"]
    /// "after" in Arabic and Arabizi, before يومين: "بعد يومين" is the day after tomorrow.
    static let arabicAfterWords: Set<String> = ["بعد", "ba3d", "ba3ad", "كمان", "kaman", "kamaan", "kman"]
    /// "two days" as one word (Arabic dual, Arabizi).
    static let twoDaysWords: Set<String> = ["يومين", "yomain", "yomen", "yumain", "yomein", "yomeen", "youmen"]
    /// "day" in Arabizi, after "el": "el yom" is today.
    static let arabiziDayNouns: Set<String> = ["yom", "youm", "yoom"]
    /// "night" in Arabizi after "el"/"al" that also make the day part evening: "el lela" is tonight.
    static let arabiziTonightNouns: Set<String> = ["lela", "leila", "laila", "lele", "leile", "leileh", "lelah"]
    /// "night" in Arabizi after "el"/"al", naming today: "el lela", "el lail".
    static let arabiziNightNouns: Set<String> = arabiziTonightNouns.union(["lail"])
    /// Words that name tonight; read among the day words to make the day part evening.
    static let tonightWords: Set<String> = ["tonight", "الليله", "illela", "ellela", "ellila", "ellele", "2nite", "tonite", "هالمسا", "هالمساء"]

    // MARK: Weeks and the past

    /// "next" or "coming" after اسبوع: "الأسبوع الجاي", "الأسبوع القادم".
    static let arabicNextWords: Set<String> = ["الجاي", "القادم", "المقبل", "الجايه", "جاي", "الياي", "اليايه", "ياي"]
    /// "week" in Arabizi, before "el jay" (next week).
    static let arabiziWeekWords: Set<String> = ["esboo3", "usbu3", "isbo3", "esbo3"]
    /// Nouns after "last" that put a message in the past: "last night", "last month" ("last
    /// week" is read apart, since its weekdays are gone by too).
    static let lastPeriodNouns: Set<String> = ["night", "time", "month", "year"]
    /// Words that put a message in the past on their own: "yesterday", "أمس", "ago".
    static let pastDayWords: Set<String> = ["yesterday", "yesterday's", "امس", "البارحه", "ams", "embare7", "ago"]

    // MARK: Weekdays and months

    /// Weekday names and abbreviations in English and Arabizi, 1 = Sunday ... 7 = Saturday.
    static let weekdays: [String: Int] = {
        var map: [String: Int] = [:]
        let table: [(Int, [String])] = [
            (1, ["sunday", "sun.", "a7ad", "ahad", "el7ad", "al7ad", "l7ad"]),
            (2, ["monday", "mon", "ithnain", "ethnain", "ithnayn", "itnain", "etnen", "ethnen", "tneen", "ithnein", "el2ithnain", "ethnein", "itnein", "etnein", "tnen", "etneen", "itneen"]),
            (3, ["tuesday", "tue", "tues", "thulatha", "thalatha", "tholatha", "talat", "tlata", "thlatha", "tholatha2", "tala2", "talata"]),
            (4, ["wednesday", "wed", "weds", "arba3a", "arb3a", "arbi3a", "arbe3a", "arba3", "rboo3", "rbo3", "arb3aa"]),
            (5, ["thursday", "thu", "thur", "thurs", "5amees", "5amis", "khamees", "khamis", "5ames", "el5amees", "5mees"]),
            (6, ["friday", "fri", "jum3a", "jom3a", "jim3a", "juma", "jumaa", "jum3ah", "jom3ah", "jumu3a", "eljum3a", "jum'a", "gom3a", "gum3a", "gom3ah", "jm3a", "jumuah", "jummah", "jumua", "jumah", "jumma"]),
            (7, ["saturday", "sabt", "elsabt", "sat."]),
        ]
        for (day, names) in table { for name in names { map[name] = day } }
        return map
    }()

    /// Egyptian weekday names that are other words without the article: "حد" (someone,
    /// "لحد": until), "تلات" (three).
    static let articleOnlyWeekdays: Set<String> = ["حد", "تلات", "تنين", "ربوع"]

    /// Arabic weekday names without the article.
    static let arabicWeekdays: [String: Int] = [
        "احد": 1, "حد": 1, "اثنين": 2, "اتنين": 2, "تنين": 2, "ربوع": 4, "ثلاثاء": 3, "ثلاثا": 3, "ثلوث": 3, "تلات": 3, "تلاتاء": 3, "تلاتا": 3, "اربعاء": 4, "اربعا": 4, "اربع": 4, "خميس": 5, "جمعه": 6, "سبت": 7,
    ]

    /// Month names and abbreviations in English and Arabic, 1 = January.
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6,
        "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
        "يناير": 1, "فبراير": 2, "مارس": 3, "ابريل": 4, "مايو": 5, "يونيو": 6, "يونيه": 6, "يوليو": 7, "يوليه": 7, "اغسطس": 8,
        "سبتمبر": 9, "اكتوبر": 10, "نوفمبر": 11, "ديسمبر": 12,
        // Levantine and Iraqi names (كانون and تشرين take الأول/الثاني and are read apart).
        "شباط": 2, "اذار": 3, "نيسان": 4, "ايار": 5, "حزيران": 6, "تموز": 7, "اب": 8, "ايلول": 9,
    ]

    /// Words between the two ends of a range of days or times: "4 to 6", "٤ إلى ٦", "9 lain 1".
    static let rangeWords: Set<String> = ["to", "till", "til", "until", "untill", "-", "through", "thru", "الي", "لين", "لحد", "حتي", "للساعه", "la", "l", "ila", "ela", "lain", "lin", "lean", "7ata", "and", "ل", "le", "le7ad", "la7ad", "lel"]
    /// Words of time that begin with the article, told apart from other definite nouns.
    static let timeWordsWithArticle: Set<String> = [
        "اليوم", "الليله", "الحين", "الصبح", "الصباح", "العصر", "المغرب", "العشا", "العشاء", "الظهر", "الفجر", "المسا", "المساء", "الاسبوع",
        "الجمعه", "الخميس", "السبت", "الاحد", "الاثنين", "الاتنين", "الثلاثاء", "الثلاثا", "التلات", "الاربعاء", "الاربعا", "الساعه", "الشهر",
    ]
    /// Words that hedge an hour without changing what it is: "till about 2", "لين تقريباً ٢".
    static let approximateWords: Set<String> = [
        "about", "around", "abt", "approx", "approximately", "roughly", "like", "maybe", "حوالي", "تقريبا", "يمكن", "7awali", "ta2riban", "taqreeban",
    ]
    /// Words before a time that make it the end of something: "till 8", "لين ٨".
    static let untilWords: Set<String> = ["till", "til", "until", "untill", "لين", "لحد", "حتي", "lain", "lin", "7ata", "للساعه"]
    /// Words before a time ("at", "around", "from"...). Nothing reads this list at present.
    static let atWords: Set<String> = ["at", "@", "around", "by", "about", "3ala", "3la", "ala", "approx", "approximately", "حوالي", "تقريبا", "before", "after", "from", "mn", "من", "starting", "starts", "start", "like"]
    /// Units and counted things after a number that make it a count, not a clock time:
    /// "3 days", "4 people", "50 riyals".
    static let unitWords: Set<String> = [
        "day", "days", "week", "weeks", "month", "months", "hour", "hours", "hrs", "hr", "min", "mins", "minutes", "minute", "people",
        "persons", "person", "goals", "goal", "sar", "riyal", "riyals", "ريال", "aed", "usd", "dollars", "$", "%", "ايام", "يوم", "ساعات",
        "ساعه", "دقيقه", "دقايق", "دقائق", "اشخاص", "نفر", "km", "k", "kg", "pages", "times", "years", "year", "sa3at", "ayam", "da8ayi8",
        "lanes", "kids", "tickets", "dirhams", "qr", "bd", "jd", "egp", "pounds", "%", "plus", "سنه", "سنين", "اسابيع", "اسبوع", "شهر", "مره",
    ]
    /// Words after an hour that put it in the morning: "9 am", "٩ الصبح", "9 sob7".
    static let amWords: Set<String> = ["am", "a.m", "a", "ص", "صباحا", "صباح", "الصبح", "الصباح", "صبح", "sob7", "el sob7", "elsob7", "morning", "فجرا", "الفجر"]
    /// Words between a new time and the one it replaces: "٧ بدل ٥", "7:30 mesh 7", "8 not 7".
    /// "that is": the time after it says the one before again, in the owner's terms.
    static let restatingWords: Set<String> = ["يعني", "ya3ni", "yaani", "i.e", "ie", "aka", "that's", "thats", "="]
    /// "for us", "عندنا", "عندك": where the people in the chat are, after a time said again.
    static let localWords: Set<String> = [
        "us", "our", "here", "local", "عندنا", "بتوقيتنا", "توقيتنا", "عندك", "عندكم", "عندكو", "عندج", "hna", "3indna", "3andna", "3ndna",
        "3indak", "3andak", "3ndak", "3ndkom",
    ]
    static let replacementWords: Set<String> = ["بدل", "بدال", "مش", "مو", "mesh", "mish", "msh", "badal", "not", "instead"]
    /// Words after an hour that put it in the afternoon or evening: "7 pm", "٧ المساء".
    /// "ذاك اليوم", "نفس اليوم": before "day", the day already spoken of.
    static let thatWords: Set<String> = ["ذاك", "هذاك", "ذلك", "نفس", "داك", "هداك", "هذيك"]
    /// Nights as a length ("3 nights", "٣ ليالي"), and two of them as one word.
    static let nightUnits: Set<String> = ["nights", "night", "ليالي", "ليال", "layali"]
    static let twoNightsWords: Set<String> = ["ليلتين", "leltein", "lailtain"]
    /// After a length, words that make it a time ago ("3 days ago", "يومين قبل").
    static let agoWords: Set<String> = ["ago", "قبل", "بعدها"]
    /// Words for coming back, before the last day of a trip.
    static let returnWords: Set<String> = [
        "back", "return", "returning", "نرجع", "راجعين", "برجع", "بنرجع", "نعود", "العوده", "الرجوع", "الرجعه", "nirja3", "nerja3",
        "nrja3", "nerga3", "raj3een", "rag3een",
    ]
    /// Verbs that say when a plan ends, before its hour.
    static let finishWords: Set<String> = [
        "نخلص", "بنخلص", "هنخلص", "يخلص", "نطلع", "ننتهي", "ينتهي", "تنتهي", "finish", "finishes", "finished", "ends", "end", "done",
        "wrap", "over", "nkhalis", "nekhlas", "bnkhalis", "hanekhlas", "hnekhlas", "ne5las", "hane5las", "bnekhlas", "هنخلص", "نخلّص",
    ]
    /// Words for the night, after which 12 and the small hours are past midnight.
    static let nightWords: Set<String> = ["بالليل", "الليل", "بليل", "ليلا", "night", "leil", "lail", "layl", "lel"]
    static let pmWords: Set<String> = ["pm", "p.m", "p", "م", "مساء", "مساءا", "المسا", "المساء", "مسا", "بالليل", "الليل", "بليل", "ليلا", "masa", "el masa", "evening", "night", "tonight", "العصر", "عصرا", "عصر", "3asr", "afternoon", "العصريه"]
    /// Words after an hour that put it around midday: "1 الظهر", "12 noon".
    static let noonWords: Set<String> = ["الظهر", "ظهرا", "ظهر", "dohr", "duhr", "zuhr", "noon", "7:00noon"]
    /// Hours spelled out in English and Arabic: "seven", "السابعة".
    /// Parts of an hour after "and": "و نص", "w rob3", "و ثلث".
    static let fractionWords: [String: Int] = [
        "نص": 30, "النص": 30, "نصف": 30, "النصف": 30, "ربع": 15, "الربع": 15, "ربعا": 15, "ثلث": 20, "الثلث": 20, "تلت": 20,
        "nos": 30, "nus": 30, "nu9": 30, "nuss": 30, "nis": 30, "rub3": 15, "rob3": 15, "ruba": 15, "rubu3": 15, "tilt": 20, "telt": 20,
        "thilth": 20, "thelth": 20, "tult": 20,
    ]
    /// The same with "and" joined to them: "ونص", "وربع", "وثلث", "wnos".
    static let joinedFractions: [String: Int] = [
        "ونص": 30, "ونصف": 30, "والنصف": 30, "والنص": 30, "وربع": 15, "والربع": 15, "وثلث": 20, "والثلث": 20, "وتلت": 20, "wnos": 30, "wrob3": 15,
    ]
    static let hourWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
        "الواحده": 1, "الثانيه": 2, "الثالثه": 3, "الرابعه": 4, "الخامسه": 5, "السادسه": 6, "السابعه": 7, "الثامنه": 8, "التاسعه": 9,
        "العاشره": 10, "الحاديه": 11, "واحده": 1, "ثنتين": 2, "ثلاث": 3, "اربع": 4, "خمس": 5, "ست": 6, "سبع": 7, "ثمان": 8, "تسع": 9, "عشر": 10,
        "وحده": 1, "ثلاثه": 3, "تلاته": 3, "اربعه": 4, "خمسه": 5, "سته": 6, "سبعه": 7, "ثمانيه": 8, "تمانيه": 8, "تسعه": 9, "عشره": 10,
        "حداشر": 11, "احداشر": 11, "احدعش": 11, "اتناشر": 12, "اثنعش": 12, "طنعش": 12,
    ]
    /// Small counts spelled out: "an hour", "two days", "ثلاث ساعات".
    static let numberWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "couple": 2, "ثلاث": 3, "ثلاثه": 3, "اربع": 4, "اربعه": 4, "خمس": 5, "خمسه": 5,
    ]
    /// The names of the five prayers in Arabic, Arabizi and English.
    static let prayerWords: Set<String> = [
        "العصر", "عصر", "المغرب", "مغرب", "العشا", "العشاء", "عشا", "الظهر", "ظهر", "الفجر", "فجر", "maghrib", "maghreb", "asr", "isha",
        "dhuhr", "zuhr", "duhr", "fajr", "3asr", "3isha", "dohr", "el3asr", "elmaghrib", "المغربيه",
        "التراويح", "تراويح", "taraweeh", "tarawih", "taraweh", "el taraweeh",
    ]
    /// Words before a prayer name that make it a time: "after Maghrib", "ba3d el 3asr", "بعد العصر".
    static let prayerLeads: Set<String> = ["بعد", "قبل", "مع", "وقت", "صلاه", "after", "before", "at", "ba3d", "ba3ad", "b3d", "gabl", "2abl", "qabl", "ma3", "salat", "salah", "prayer", "el", "al", "اذان", "أذان", "بين"]
    /// Places and zone abbreviations, and the IANA zone each names: "3pm UK time", "بتوقيت مكة".
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

    // MARK: Numbers that are not dates

    /// Words before "a/b" that make it a price or a score, not a date: "SAR 3/4", "out of 10".
    static let nonDateFractionLeads: Set<String> = ["$", "sar", "aed", "ريال", "out", "of"]

    // MARK: Durations

    /// Units of a duration in hours.
    static let hourUnits: Set<String> = ["hour", "hours", "hrs", "hr", "ساعات", "ساعه", "sa3at", "sa3a"]
    /// Units of a duration in minutes.
    static let minuteUnits: Set<String> = ["minutes", "minute", "min", "mins", "دقيقه", "دقايق", "دقائق", "da8ee8a", "dagiga", "d"]
    /// Words after a duration that make it a delay, a distance or a remainder rather than how
    /// long the event lasts: "2 hours late", "10 minutes away", "ساعة قبل".
    static let durationOffsetFollowers: Set<String> = ["late", "early", "ago", "away", "left", "drive", "walk", "before", "later", "متاخر", "متاخره", "بدري", "قبل", "من"]
    /// Words before a duration that make it a wait or a repetition rather than a length:
    /// "in 2 hours", "every 2 hours", "خلال ساعة".
    static let durationOffsetLeads: Set<String> = [
        "in", "within", "every", "each", "خلال", "كل", "ba3d", "b3d", "الفرق", "فرق", "difference", "ahead", "behind", "قبلها", "قبله", "بعدها", "بنص", "بربع",
        "before", "early", "earlier",
    ]
    /// Hour words that, after "الساعة N", begin a duration instead of making N a count:
    /// "الساعة ٤ ساعة ونص".
    static let hourCountWords: Set<String> = ["ساعه", "ساعتين", "sa3a", "sa3atain", "hour"]

    // MARK: Clock times

    /// "at", "@" and "الساعة" ("the hour") before a clock time.
    static let clockMarkers: Set<String> = ["الساعه", "at", "@"]
    /// Words before a number that mark it as a clock time: "at 7", "around 8", "till 10", "من ٤".
    static let clockLeads: Set<String> = ["at", "@", "الساعه", "3ala", "3la", "3al", "around", "by", "approx", "حوالي", "about", "before", "after", "starting", "starts", "from", "mn", "من", "till", "until", "til", "لين", "الي", "حتي", "ساعه"]
    /// The clock leads that also go before counts, so they need more evidence: "from 4", "about 5".
    static let weakClockLeads: Set<String> = ["from", "mn", "من", "before", "after", "about", "by", "around"]
    /// Words before a spelled-out hour that make it a time: "at seven", "الساعة السابعة".
    static let spelledHourLeads: Set<String> = ["at", "الساعه", "sa3a", "by"]
    /// Words that make an Arabic ordinal an hour, as "الساعة" does: "من العاشرة والنصف حتى الواحدة".
    static let ordinalHourLeads: Set<String> = ["من", "حتي", "الي", "لين", "لحد", "وحتي", "والي", "في"]
    /// The Arabic article in Latin letters (Arabizi): "el sa3a", "al lela".
    static let latinArticles: Set<String> = ["el", "al", "il"]
    /// Words between an hour and its part of the day: "9 el sob7", "7 fel lail", "6 bil masa".
    static let dayPartArticles: Set<String> = ["el", "al", "fel", "bil", "bel"]
    /// After "el"/"in the" following an hour: the morning ("9 el sob7", "7 in the morning").
    static let morningNounsAfterArticle: Set<String> = ["sob7", "morning", "fajr"]
    /// After "el"/"in the" following an hour: the afternoon or evening ("8 el masa").
    static let eveningNounsAfterArticle: Set<String> = ["masa", "lail", "lel", "leil", "leel", "lele", "3asr", "evening", "afternoon", "maghrib", "layl"]
    /// After "el" following an hour: midday ("12 el dohr").
    static let noonNounsAfterArticle: Set<String> = ["dohr", "duhr", "zuhr"]
    /// Evening words that are no meridiem right after an hour ("7 tonight" keeps its hour open).
    static let eveningNouns: Set<String> = ["night", "tonight", "evening", "afternoon"]
    /// Words after an hour that mark it as a time without a meridiem: "7 o'clock", "8 sharp".
    static let oclockWords: Set<String> = ["o'clock", "oclock", "sharp", "ish", "keda", "kda", "كده", "كدا", "تقريبا", "ta2riban", "taqriban", "instead"]
    /// Words before a number that make it a price, a label or a quantity, never a clock time:
    /// "SAR 50", "room 7", "gate 12", "x3".
    static let nonClockLeads: Set<String> = ["$", "sar", "aed", "court", "lane", "room", "#", "number", "no", "رقم", "page", "chapter", "gate", "table", "floor", "level", "x", "*"]
    /// Two-word phrases before a bare number that propose it as the time: "make it 8",
    /// "let's say 6:30", "خليها ٨".
    static let proposalPhrases: Set<String> = ["make it", "say", "let's say", "lets say", "move it", "push it", "change it", "how about", "what about", "خليها", "خلها", "خلوها", "5aliha", "5alaha", "khaliha"]
    /// One word before a bare number that proposes it as the time: "say 6", "خليها ٨".
    static let proposalWords: Set<String> = ["say", "خليها", "خلها", "5aliha", "5alaha"]
    /// Words after a bare number that confirm it as a time: "8 works", "9?", "٨ تمام".
    static let confirmationFollowers: Set<String> = ["is", "works", "then", "fine", "ok", "okay", "?", "يناسبني", "مناسب", "تمام", "اوكي"]
    /// What follows "is" when "8 is fine" confirms a time.
    static let approvalWords: Set<String> = ["fine", "good", "ok", "okay", "better", "perfect", "great"]
    /// Words before the first number of a range: "from 4 to 6", "between 10 and 12", "من ٤ إلى ٦".
    static let rangeStartLeads: Set<String> = ["from", "mn", "من", "between", "بين"]
    /// Words before a bare hour that make it a time on their own: "around 8", "before 9".
    static let approximateLeads: Set<String> = ["before", "after", "about", "by", "around"]

    // MARK: Prayers, parts of the day, zones

    /// Arabic words that make a following prayer name a time: "بعد العصر", "وقت المغرب".
    static let arabicPrayerLeads: Set<String> = ["بعد", "قبل", "مع", "وقت", "صلاه", "اذان", "بين"]
    /// Words for the morning (meals and prayers included).
    static let morningWords: Set<String> = ["morning", "الصبح", "الصباح", "صباحا", "sob7", "breakfast", "فطور", "الفطور", "fajr", "الفجر", "brunch"]
    /// Words for the afternoon.
    static let afternoonWords: Set<String> = ["afternoon", "العصر", "عصرا", "العصريه", "lunch", "غدا", "الغدا", "الغداء", "ظهرا"]
    /// Words for the evening, and what people do in it.
    static let eveningWords: Set<String> = [
        "evening", "tonight", "night", "dinner", "الليله", "بالليل", "الليل", "المسا", "المساء", "مساء", "مساءا", "masa", "عشا", "العشا", "العشاء",
        "3asha", "party", "drinks", "movie", "cinema", "سينما", "سهره", "حفله", "sahra", "7afla", "bowling", "بولنج", "بولينج", "iftar", "افطار", "الافطار",
        "بلوت", "game", "concert", "show", "التراويح", "تراويح", "taraweeh", "tarawih", "suhoor", "sahoor", "سحور", "السحور", "so7oor",
    ]
    /// Evening words matched without their Arabic clitics ("والسهرة", "بحفلة").
    static let eveningStems: Set<String> = ["سهره", "حفله", "عشا", "ليله"]
    /// Zone abbreviations: they name the zone only right after a clock time ("9am EST").
    static let zoneAbbreviations: Set<String> = ["gmt", "bst", "est", "edt", "pst", "pdt", "cst", "cdt", "jst", "gst", "cet", "cest", "utc", "ist"]
}

extension Set<String> {
    /// Whether the word is in the set, alone or with the conjunction و joined to it ("ونرجع").
    func containsJoined(_ word: String) -> Bool {
        contains(word) || word.hasPrefix("و") && contains(String(word.dropFirst()))
    }
}
