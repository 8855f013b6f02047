/// Finds the place of a plan: "at Dockweiler", "in Al Olaya", "في مسرح المدرسة", "fe Hayat Mall",
/// "at my place", "عندي في البيت", "3indak", or a place noun with its name ("Em Sherif restaurant").
enum Places {
    static let latinPrepositions: Set<String> = ["at", "in", "@", "near", "3and", "3ind", "3end", "3nd", "fe", "fi", "fel", "fil", "inside", "3al", "3ala", "ala"]
    /// "to <Place>" only after going somewhere: "trip to AlUla", "go to Red Sand".
    static let motionWords: Set<String> = ["go", "going", "trip", "travel", "drive", "head", "heading", "fly", "flight", "come", "nroo7", "nro7", "road"]
    static let arabicPrepositions: Set<String> = ["في", "بمطعم", "بمقهي"]
    static let latinStops: Set<String> = [
        "for", "to", "on", "at", "with", "and", "so", "but", "if", "this", "next", "tomorrow", "tonight", "today", "around", "from", "by",
        "we", "i", "you", "it", "then", "after", "before", "who", "which", "that", "is", "are", "let's", "lets", "or", "bring", "see",
        "ma3", "mn", "3shan", "ba3d", "yom", "w", "bokra", "el", "please", "pls", "?", "when", "if", "because", "cuz", "till", "until", "as", "there",
        "our", "my", "your", "a", "an", "sharp", "ish", "tmrw", "tmr", "every", "each", "once", "will", "can", "should", "would",
    ]
    static let latinRejectFirst: Set<String> = [
        "the morning", "morning", "evening", "afternoon", "night", "the", "an", "a", "time", "advance", "person", "total", "case", "general",
        "mind", "touch", "line", "least", "most", "all", "home", "work", "school", "bed", "sale", "town", "traffic", "charge", "front", "between",
        "half", "about", "around", "like", "my", "your", "his", "her", "their", "me", "us", "it", "this", "that", "last", "first", "any", "some",
        "there", "here", "order", "detail", "details", "fact", "shape", "trouble", "love", "lol", "sha", "inshallah", "el", "any", "which",
        "what", "ur", "no", "yes", "class", "person", "public", "private", "tv", "zoom", "facetime", "whatsapp", "progress", "person's", "stock", "return", "addition",
        // A contraction starts a clause, never a name: "… at 7, I'll park outside".
        "i'll", "i'm", "i've", "i'd", "we'll", "we're", "you'll", "it's", "that's", "there's",
    ]
    static let latinPlaceNouns: Set<String> = [
        "restaurant", "cafe", "café", "coffee", "hotel", "mall", "park", "club", "clinic", "hospital", "library", "studio", "arena", "hall",
        "beach", "center", "centre", "mosque", "stadium", "office", "school", "university", "campus", "museum", "gallery", "theatre", "theater",
        "court", "courts", "gym", "bridge", "river", "marina", "lounge", "house", "branch", "tower", "square", "garden", "gardens", "lake",
        "farm", "chalet", "mal3ab", "bait", "isti7ara", "maktab", "ma6'3am", "mat3am", "kafeeh", "market", "souq", "souk", "village",
    ]
    static let arabicPlaceNouns: Set<String> = [
        "مطعم", "مقهي", "كافيه", "كوفي", "فندق", "مول", "حديقه", "نادي", "عياده", "مستشفي", "مكتبه", "قاعه", "مسرح", "جامع", "مسجد", "ملعب",
        "استراحه", "معرض", "بوليفارد", "ممشي", "شاليه", "مخيم", "مقر", "معهد", "مكتب", "مدرسه", "جامعه", "سوق", "مجمع", "برج", "حي",
        "منتزه", "شاطي", "كورنيش", "صاله", "مركز", "البيك", "مزرعه", "عزبه", "خيمه", "مجلس", "شقه", "فيلا", "مطار", "قريه", "منتجع",
        "ابراج", "مخيمات", "كافيه",
    ]
    /// Words after "في" that are no place: "في الموعد", "في رمضان", "ما في داعي".
    static let arabicNotPlaces: Set<String> = [
        "الموقع", "الموعد", "رمضان", "داعي", "موضوع", "الموضوع", "الصف", "الطريق", "الوقت", "وقت", "البال", "بالي", "نفس", "كل", "اي", "الشغل",
        "الدوام", "العرض", "البدايه", "النهايه", "اخر", "اول", "الاول", "الاخير", "حجه", "مشكله", "شي", "احد", "حد", "امان", "حاجه", "الحقيقه",
        "الاسبوع", "الشهر", "السنه", "يوم", "ايام", "الليل", "النهار", "الصباح", "المساء", "الصور", "الصوره", "الجروب", "القروب", "التلفون",
        "خير", "الخير", "علمك", "وقتك", "حياتك", "عمرك", "مصعد", "سالفه", "شغله", "طلب", "خدمه",
        // "في تمام الساعة ٨" is on the hour; "في انتظارك" is waiting for you.
        "تمام", "انتظار", "الانتظار", "انتظارك", "انتظاركم", "انتظارج", "انتظاركو",
        // "في الساعتين", "في ١٠ دقايق": how long, not where.
        "الساعتين", "ساعتين", "دقايق", "دقيقه", "الدقايق",
    ]
    static let arabicStops: Set<String> = [
        "مع", "من", "الي", "علي", "عشان", "لان", "بعد", "قبل", "يوم", "الساعه", "الليله", "بكره", "اليوم", "و", "او", "ثم", "هذا", "هذي",
        "اللي", "الذي", "التي", "نسوي", "ونسوي", "حتي", "لين", "تجي", "تقدر", "؟", "ان", "انه", "عند", "في", "لمده", "لحضور", "نرجو", "يرجي",
        "الموافق", "وش", "ايش", "بس", "يا", "ترا", "تراه", "مثل", "زي",
        // A negation starts the next clause: "الشقة ما بيوصلها النت".
        "ما", "مش", "مو", "مب", "يلي",
    ]
    /// Words that name a host after "عند": "عند أبو فهد", "عند خالتي", "عند بيت عمي".
    static let hostWords: Set<String> = [
        "ابو", "بو", "ام", "خالي", "خالتي", "عمي", "عمتي", "جدي", "جدتي", "بيت", "اخوي", "اختي", "خالتك", "عمك", "جدتك",
    ]
    /// "come" before "عندي", "3andi": to the speaker's home.
    static let comeWords: Set<String> = ["تعال", "تعالي", "تعالوا", "تعالو", "ta3al", "ta3ali", "ta3alo", "ta3alu", "come"]
    /// Places named after "من" that are still the venue: where one is collected, and the
    /// clinics and offices that write about an appointment.
    static let fromPlaces: Set<String> = ["مطار", "محطه", "ميناء", "مجمع", "عياده", "مستشفي", "مركز", "معهد"]
    static let homeWords: Set<String> = ["place", "house", "flat", "apartment", "home", "mine", "villa", "bait", "beit", "البيت", "بيت", "بيتي", "بيتنا", "بيتك"]

    /// Words in a business's name that make it a place one goes to ("Zawya Cinema", "سماش
    /// بادل", "مزرعة السدرة"), beside the place nouns.
    static let venueWords: Set<String> = [
        "cinema", "salon", "padel", "spa", "kitchen", "academy", "bakery", "garage", "workshop", "barber", "barbershop", "dental", "dentist",
        "سينما", "صالون", "بادل", "سبا", "مشغل", "ورشه", "حجوزات", "للحفلات", "اكاديميه", "استوديو", "ستوديو", "مخيمات", "مغسله",
    ]
    /// Words that say a business comes to one ("العلاج الطبيعي المنزلي", "home visits").
    static let comesToYou: Set<String> = ["المنزلي", "منزلي", "المنزليه", "home", "delivery", "توصيل", "mobile"]

    /// The business a counterpart's name says is a place ("Zawya Cinema", "مزرعة السدرة - حتا"),
    /// or nil for a person's name or a business that comes to one.
    static func venue(named name: String) -> String? {
        let tokens = Tokenizer.tokenize(name)
        // "Abdulaziz Office" is a person, saved with where they work.
        guard !tokens.contains(where: { comesToYou.contains($0.norm) || ["office", "maktab", "مكتب", "work", "شغل"].contains($0.norm) }),
              tokens.contains(where: { token in
                  let words = [token.norm, token.base, token.norm.hasPrefix("ال") ? String(token.norm.dropFirst(2)) : token.norm]
                  return words.contains { latinPlaceNouns.contains($0) || arabicPlaceNouns.contains($0) || venueWords.contains($0) }
              }) else { return nil }
        return Dialogue.cleanName(name)
    }

    static func find(in tokens: [Token]) -> LocationMention? {
        let n = tokens.count
        func norm(_ k: Int) -> String { k >= 0 && k < n ? tokens[k].norm : "" }
        var home: LocationMention?
        var place: LocationMention?
        /// The folded first Arabic word of `place` ("حي", "مطعم"), or nil when it is no Arabic word.
        var head: String?

        for i in 0..<n {
            let w = norm(i)
            // Homes.
            if ["my", "our"].contains(w), ["place", "house", "flat", "apartment", "home", "villa"].contains(norm(i + 1)) {
                home = home ?? LocationMention(place: nil, home: .sender, arabic: false)
            } else if w == "your", ["place", "house", "flat", "apartment", "home", "villa"].contains(norm(i + 1)) {
                home = home ?? LocationMention(place: nil, home: .recipient, arabic: false)
            } else if w == "mine", ["at", "to"].contains(norm(i - 1)) {
                home = home ?? LocationMention(place: nil, home: .sender, arabic: false)
            } else if ["عندي", "عندنا", "3indi", "3ndi", "3indina", "3ndna", "3andi", "بيتي", "بيتنا"].contains(w) {
                let next = norm(i + 1)
                // "أقرب وقت عندي ١٢ ونص" has an hour, not a home.
                let isHome = next == "" || tokens[i + 1].kind != .word && tokens[i + 1].kind != .number || ["في", "بالبيت", "البيت", "يوم", "fel", "fe", "bil", "bel", "bait", "yom"].contains(next)
                    || TemporalRecognizer.weekdayAt(tokens, i + 1) != nil || TemporalRecognizer.todayWords.contains(next) || TemporalRecognizer.tomorrowWords.contains(next)
                    || w.hasPrefix("بيت") || comeWords.contains(norm(i - 1))
                if isHome, !["في", "fe"].contains(next) || ["البيت", "بيت", "bait", "el"].contains(norm(i + 2)) || w.hasPrefix("بيت") {
                    home = home ?? LocationMention(place: nil, home: .sender, arabic: tokens[i].arabic)
                }
            } else if ["عندك", "3indak", "3indik", "3ndak", "3indich", "بيتك"].contains(w) {
                home = home ?? LocationMention(place: nil, home: .recipient, arabic: tokens[i].arabic)
            } else if comeWords.contains(w), ["البيت", "بيتي", "بيتنا", "home"].contains(norm(i + 1)), home == nil {
                // "تعالي البيت ونروح سوا": to the speaker's home.
                home = LocationMention(place: nil, home: .sender, arabic: tokens[i].arabic)
            } else if ["fel", "fil"].contains(w), ["bait", "beit", "bet"].contains(norm(i + 1)), home == nil {
                home = LocationMention(place: nil, home: .sender, arabic: false)
            }
            guard place == nil else { continue }
            // "at <Place>", "in <Place>", "fe <place>".
            // "men 3and Tante Samia" is where something comes from.
            let fromSomeone = ["men", "mn", "min", "from"].contains(norm(i - 1))
            if latinPrepositions.contains(w) && !fromSomeone || w == "to" && motionWords.contains(norm(i - 1)), i + 1 < n {
                if let phrase = latinPhrase(tokens, from: i + 1, allowLowercase: ["fe", "fi", "fel", "fil", "3al", "3ala", "ala"].contains(w)) {
                    place = LocationMention(place: phrase, home: nil, arabic: false)
                }
                continue
            }
            // "بمزرعة أهلي", "بقاعة الاحتفالات": a place noun behind the preposition ب.
            let behindBi = tokens[i].arabic && w.hasPrefix("ب") && w.count > 3 ? Tokenizer.stripClitics(String(w.dropFirst())) : ""
            if arabicPlaceNouns.contains(behindBi), let phrase = arabicPhrase(tokens, from: i) {
                // The phrase as written, without the ب (nor a tatweel after it: "بـمزرعة").
                place = LocationMention(place: String(phrase.dropFirst().drop { $0 == "ـ" }), home: nil, arabic: true, bare: true)
                head = behindBi
                continue
            }
            // "عند مطعم النخيل", "عند أبو فهد": a place or a host after "عند".
            if w == "عند", norm(i - 1) != "من", i + 1 < n, tokens[i + 1].arabic,
               arabicPlaceNouns.contains(tokens[i + 1].base) || hostWords.contains(tokens[i + 1].base),
               let phrase = arabicPhrase(tokens, from: i + 1) {
                place = LocationMention(place: phrase, home: nil, arabic: true)
                head = tokens[i + 1].base
                continue
            }
            // "في <مكان>"; not "ما في" (there is no) nor "في الموعد".
            let existential = ["ما", "مو", "مش", "ولا", "قديش", "كم", "هل"].contains(norm(i - 1))
            // "السي في" is a CV; "في واجيبها" runs into the next clause.
            let clause = norm(i + 1).hasPrefix("و") && norm(i + 1).count >= 4 && !(i + 1 < n && arabicPlaceNouns.contains(tokens[i + 1].base))
            // "في شعبان", "في مارس": a month, not a place.
            let month = TemporalRecognizer.months[norm(i + 1)] != nil || TemporalRecognizer.hijriMonths[[norm(i + 1)]] != nil
                || TemporalRecognizer.hijriMonths[[norm(i + 1), norm(i + 2)]] != nil
            if w == "في", existential || month || arabicNotPlaces.contains(norm(i + 1)) || ["السي", "سي"].contains(norm(i - 1)) || clause { continue }
            if arabicPrepositions.contains(w) || tokens[i].arabic && (w.hasPrefix("بمطعم") || w.hasPrefix("بمقهي")), i + 1 < n {
                let from = w.count > 2 ? i : i + 1
                if let phrase = arabicPhrase(tokens, from: from) {
                    let named = from < n && (arabicPlaceNouns.contains(tokens[from].base) || !tokens[from].arabic)
                    let later = (i + 1..<n).contains { k in arabicPrepositions.contains(norm(k)) && k + 1 < n && arabicPlaceNouns.contains(tokens[k + 1].base) }
                    if named || !later {
                        place = LocationMention(place: phrase, home: nil, arabic: true)
                        head = tokens[from].arabic ? tokens[from].base : nil
                    }
                }
                continue
            }
            // "nroo7 el gym", "go to the gym".
            if !tokens[i].arabic, ["el", "al", "the"].contains(w), latinPlaceNouns.contains(norm(i + 1)), motionWords.contains(norm(i - 1)) || norm(i - 1) == "to" {
                place = LocationMention(place: tokens[i + 1].original, home: nil, arabic: false)
                continue
            }
        }
        if head == "حي",
           let k = tokens.indices.first(where: { tokens[$0].arabic && arabicPlaceNouns.contains(tokens[$0].base) && tokens[$0].base != "حي" }),
           k == 0 || !["في", "عند", "من"].contains(norm(k - 1)), let venue = arabicPhrase(tokens, from: k) {
            // "كافيه ركن القهوة في حي الورود": the venue, not its district.
            place = LocationMention(place: venue, home: nil, arabic: true)
            head = tokens[k].base
        }
        if place == nil {
            // A place noun with its name: "Em Sherif restaurant", "مقهى ميدان", "النادي".
            for i in 0..<n where tokens[i].kind == .word {
                if tokens[i].arabic, arabicPlaceNouns.contains(tokens[i].base) || arabicPlaceNouns.contains(tokens[i].norm) {
                    // "في" and "عند" were read above; "من المدرسة" is where someone comes from,
                    // but "تاخدني من المطار" is where to pick them up and "رسالة من مجمع عيادات" who
                    // holds the appointment.
                    if i > 0, ["في", "عند"].contains(norm(i - 1)) || norm(i - 1) == "من" && !fromPlaces.contains(tokens[i].base) { continue }
                    if let phrase = arabicPhrase(tokens, from: i) {
                        place = LocationMention(place: phrase, home: nil, arabic: true, bare: true)
                        head = tokens[i].base
                        break
                    }
                } else if !tokens[i].arabic, latinPlaceNouns.contains(tokens[i].norm), ["restaurant", "cafe", "café", "hotel", "mall", "park", "clinic", "hospital", "arena", "stadium", "mosque", "museum", "lounge", "tower", "centre", "center"].contains(tokens[i].norm) {
                    var j = i
                    while j > 0, tokens[j - 1].kind == .word, tokens[j - 1].capitalized, !tokens[j - 1].arabic,
                          tokens[j - 1].norm != "i", !latinRejectFirst.contains(tokens[j - 1].norm) { j -= 1 }
                    guard j < i else { continue }
                    place = LocationMention(place: tokens[j...i].map(\.original).joined(separator: " "), home: nil, arabic: false, bare: true)
                    break
                }
            }
        }
        if let place, let p = place.place, p.count >= 2 {
            if home != nil, homeWords.contains(p.lowercased()) { return home }
            // "عندنا في البيت … تقفي معايا في التحضيرات": beside a home, "في" before a word that
            // names no kind of place is about something else.
            if home != nil, place.arabic, let head, !arabicPlaceNouns.contains(head) { return home }
            return place
        }
        return home
    }

    /// Words behind "بال" that are no place: times, manners, means, amounts.
    static let notPlacesAfterBi: Set<String> = [
        "ليل", "نهار", "صبح", "صباح", "مسا", "مساء", "عصر", "ظهر", "سياره", "توفيق", "عافيه", "سلامه", "ضبط", "زبط", "ظبط", "مره", "كثير", "قليل",
        "عربي", "انجليزي", "واتس", "واتساب", "جوال", "تلفون", "موبايل", "بيت", "دوام", "شغل", "اول", "نسبه", "حيل", "حرف", "دقيقه", "ساعه",
        "تحديد", "فعل", "عكس", "اضافه", "طبع", "تاكيد", "نص", "ميه", "ريال", "كاش", "بطاقه", "فيزا", "اجازه", "عيد", "يوم", "ايام", "اسبوع",
        "شهر", "سنه", "وقت", "موعد", "مواعيد", "حجز", "تقسيط", "دور", "ترتيب", "مثل", "غلط", "صدفه", "مناسبه", "ذات", "كامل", "كل", "باقي",
        "تالي", "حب", "خير", "هداوه", "راحه", "سيارات", "طياره", "قطار", "باص", "تاكسي", "اوبر", "كريم", "مشي", "رجل", "رجول", "شوب", "حر",
        "برد", "مطر", "انستا", "انستقرام", "سناب", "سنابشات", "تويتر", "قروب", "جروب", "ايميل", "رساله", "مسج", "حلويات", "اكل",
    ]

    /// "نتقابل بالملقا", "بالعليا": a district or a place name behind "بال", for a message that
    /// speaks of a plan and names no other place.
    static func nameAfterBi(in tokens: [Token]) -> LocationMention? {
        for (i, token) in tokens.enumerated() where token.arabic && token.norm.hasPrefix("بال") && token.norm.count >= 6 {
            let name = String(token.norm.dropFirst(3))
            guard !notPlacesAfterBi.contains(name), !arabicNotPlaces.contains("ال" + name), !arabicNotPlaces.contains(name),
                  TemporalRecognizer.prayerWords.contains("ال" + name) == false, TemporalRecognizer.hourWords["ال" + name] == nil,
                  TemporalRecognizer.weekdayAt(tokens, i) == nil, Activities.find(in: [token]) == nil else { continue }
            return LocationMention(place: String(token.original.dropFirst()), home: nil, arabic: true, bare: true, guessed: true)
        }
        return nil
    }

    /// A city or district the message names (``Gazetteer``), for a message that speaks of a
    /// plan and names no other place; like ``nameAfterBi(in:)`` it is only guessed.
    static func knownPlace(in tokens: [Token]) -> LocationMention? {
        Gazetteer.place(in: tokens).map { LocationMention(place: $0, home: nil, arabic: $0.unicodeScalars.contains { TextNormalizer.isArabicLetter($0) }, bare: true, guessed: true) }
    }

    static func latinPhrase(_ tokens: [Token], from start: Int, allowLowercase: Bool) -> String? {
        var i = start
        let n = tokens.count
        guard i < n, tokens[i].kind == .word, !tokens[i].arabic else { return nil }
        let first = tokens[i].norm
        if latinRejectFirst.contains(first) && first != "the" { return nil }
        if TemporalRecognizer.weekdayAt(tokens, i) != nil || TemporalRecognizer.todayWords.contains(first) || TemporalRecognizer.months[first] != nil { return nil }
        var words: [String] = []
        if first == "the" {
            // "at the King Fahad library", "at the club": keep it when a capital or a place noun follows.
            guard i + 1 < n, tokens[i + 1].kind == .word else { return nil }
            let next = tokens[i + 1]
            guard next.capitalized || latinPlaceNouns.contains(next.norm) || (i + 2 < n && latinPlaceNouns.contains(tokens[i + 2].norm)) else { return nil }
            if latinRejectFirst.contains(next.norm) || TemporalRecognizer.months[next.norm] != nil { return nil }
            words.append(tokens[i].original)
            i += 1
        } else if first == "our" || first == "the" {
            return nil
        } else if !tokens[i].capitalized && !allowLowercase && !latinPlaceNouns.contains(first) {
            return nil
        } else if allowLowercase && !tokens[i].capitalized && !latinPlaceNouns.contains(first) {
            return nil
        }
        while i < n, words.count < 5 {
            let t = tokens[i]
            if t.kind == .punct, t.norm == "'" || t.norm == "-" || t.norm == "&" { words.append(t.original); i += 1; continue }
            guard t.kind == .word, !t.arabic else { break }
            if latinStops.contains(t.norm) && !(t.norm == "el" && i + 1 < n && tokens[i + 1].kind == .word && !latinStops.contains(tokens[i + 1].norm)) { break }
            if TemporalRecognizer.weekdayAt(tokens, i) != nil || TemporalRecognizer.todayWords.contains(t.norm) || TemporalRecognizer.tomorrowWords.contains(t.norm) { break }
            // Lowercase words continue a name only when they are place nouns ("Shawarmer near the office" stops at "near").
            if !t.capitalized, !latinPlaceNouns.contains(t.norm), !words.isEmpty, !allowLowercase, words.count > 1 || words.first?.lowercased() != "the" { break }
            words.append(t.original)
            i += 1
        }
        while let last = words.last, ["-", "'", "&", "the"].contains(last.lowercased()) { words.removeLast() }
        guard !words.isEmpty, words.joined().count >= 2 else { return nil }
        return words.joined(separator: " ")
    }

    static func arabicPhrase(_ tokens: [Token], from start: Int) -> String? {
        var i = start
        var words: [String] = []
        let n = tokens.count
        while i < n, words.count < 4 {
            let t = tokens[i]
            if t.kind == .word, !t.arabic, t.capitalized, words.isEmpty || !tokens[i - 1].arabic {
                // "في VOX", Latin names inside Arabic text.
                words.append(t.original); i += 1; continue
            }
            guard t.kind == .word, t.arabic else { break }
            // "المدرسة ومحتاجين": a word joined by و starts the next clause, not the name.
            if !words.isEmpty, t.norm.hasPrefix("و"), t.norm.count >= 5, !arabicPlaceNouns.contains(t.base) { break }
            if arabicStops.contains(t.norm) || TemporalRecognizer.weekdayAt(tokens, i) != nil || TemporalRecognizer.todayWords.contains(t.norm)
                || TemporalRecognizer.tomorrowWords.contains(t.norm) || TemporalRecognizer.prayerWords.contains(t.norm)
                || t.norm.hasPrefix("ال") && TemporalRecognizer.hourWords[t.norm] != nil { break }
            if ["الصبح", "الصباح", "المسا", "المساء", "بالليل", "الليل", "العصر", "الظهر", "الوقت", "البال", "بالي", "حال", "حالي", "اسرع", "الطريق"].contains(t.norm) { break }
            words.append(t.original)
            i += 1
        }
        guard !words.isEmpty else { return nil }
        if words.count == 1, ["البيت", "بيت"].contains(TextNormalizer.normalize(words[0])) { return nil }
        return words.joined(separator: " ")
    }
}
