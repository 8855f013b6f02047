/// Activity words for titles, in English, Arabic and Arabizi.
enum Activities {
    /// (folded stem, how it matches, display or nil to keep the writer's word, part of day it suggests).
    enum Match { case exact, prefix, contains }
    static let latin: [(String, Match, String?, DayPart?)] = [
        ("movie", .prefix, nil, .evening), ("cinema", .exact, nil, .evening), ("film", .prefix, nil, .evening), ("moving", .exact, nil, .morning),
        ("move", .exact, "Moving", nil), ("dinner", .exact, nil, .evening), ("lunch", .exact, nil, .afternoon), ("breakfast", .exact, nil, .morning),
        ("brunch", .exact, nil, .morning), ("coffee", .exact, nil, nil), ("karak", .exact, nil, nil), ("tea", .exact, nil, nil),
        ("drinks", .exact, nil, .evening), ("bowling", .exact, nil, .evening), ("padel", .exact, nil, nil), ("tennis", .exact, nil, nil),
        ("football", .exact, nil, nil), ("soccer", .exact, nil, nil), ("basketball", .exact, nil, nil), ("volleyball", .exact, nil, nil),
        ("gym", .exact, nil, nil), ("workout", .exact, nil, nil), ("yoga", .exact, nil, nil), ("pilates", .exact, nil, nil),
        ("run", .exact, nil, nil), ("running", .exact, nil, nil), ("jog", .prefix, nil, nil), ("hike", .exact, nil, nil), ("hiking", .exact, nil, nil),
        ("camping", .exact, nil, nil), ("camp", .exact, nil, nil), ("birthday", .prefix, nil, .evening), ("party", .exact, nil, .evening),
        ("bbq", .exact, nil, nil), ("barbecue", .exact, nil, nil), ("picnic", .exact, nil, nil), ("game", .exact, nil, .evening),
        ("playstation", .exact, nil, .evening), ("ps5", .exact, nil, nil), ("meeting", .exact, nil, nil), ("kickoff", .exact, nil, nil),
        ("call", .exact, nil, nil), ("sync", .exact, nil, nil), ("interview", .exact, nil, nil), ("appointment", .exact, nil, nil),
        ("physiotherapy", .prefix, nil, nil), ("physio", .prefix, nil, nil), ("session", .exact, nil, nil), ("class", .exact, nil, nil),
        ("lesson", .exact, nil, nil), ("workshop", .exact, nil, nil), ("conference", .exact, nil, nil), ("summit", .exact, nil, nil),
        ("course", .exact, nil, nil), ("training", .exact, nil, nil), ("study", .exact, nil, nil), ("shopping", .exact, nil, nil),
        ("spa", .exact, nil, nil), ("manicure", .exact, nil, nil), ("pedicure", .exact, nil, nil), ("massage", .exact, nil, nil),
        ("haircut", .exact, nil, nil), ("wedding", .exact, nil, .evening), ("graduation", .exact, nil, .evening), ("aqeeqa", .exact, "Aqeeqa", .evening),
        ("aqiqa", .exact, "Aqeeqa", .evening), ("iftar", .exact, nil, .evening), ("suhoor", .exact, nil, .evening), ("dentist", .exact, nil, nil),
        ("checkup", .exact, nil, nil), ("cleanup", .exact, nil, .morning), ("cleaning", .exact, nil, nil), ("maintenance", .exact, nil, nil),
        ("repair", .prefix, nil, nil), ("plumber", .exact, nil, nil), ("plumbing", .exact, nil, nil), ("walk", .exact, nil, nil),
        ("swim", .prefix, nil, nil), ("beach", .exact, nil, nil), ("concert", .exact, nil, .evening), ("match", .exact, nil, .evening),
        ("offsite", .exact, nil, nil), ("photoshoot", .exact, nil, nil), ("pottery", .exact, nil, nil), ("trip", .exact, nil, nil),
        ("visit", .exact, nil, nil), ("sleepover", .exact, nil, .evening), ("gathering", .exact, nil, .evening), ("help", .exact, nil, nil),
        ("drive", .exact, nil, nil), ("ride", .exact, nil, nil), ("airport", .exact, nil, nil), ("presentation", .exact, nil, nil),
        ("review", .exact, nil, nil), ("demo", .exact, nil, nil), ("webinar", .exact, nil, nil), ("lecture", .exact, nil, nil),
        ("3asha", .exact, "Dinner", .evening), ("3ashaa", .exact, "Dinner", .evening), ("ghada", .exact, "Lunch", .afternoon),
        ("gahwa", .exact, "Coffee", nil), ("qahwa", .exact, "Coffee", nil), ("8ahwa", .exact, "Coffee", nil), ("fa6oor", .exact, "Breakfast", .morning),
        ("futoor", .exact, "Breakfast", .morning), ("koora", .exact, "Football", nil), ("kora", .exact, "Football", nil), ("isti7ara", .exact, "Istiraha", .evening),
        ("sahra", .exact, "Sahra", .evening), ("7afla", .exact, "Party", .evening), ("3azeema", .exact, "Dinner invitation", .evening),
        ("tal3a", .exact, "Outing", nil), ("ta6bee5", .exact, "Cooking", nil), ("club", .exact, nil, nil),
        // Occasions people invite each other to, and the calls and services they book.
        ("shower", .exact, nil, nil), ("engagement", .exact, nil, .evening), ("funeral", .exact, nil, nil), ("condolences", .exact, nil, nil),
        ("condolence", .exact, "Condolences", nil), ("3aza", .exact, "Condolences", nil), ("3azza", .exact, "Condolences", nil),
        ("halaqa", .exact, "Halaqa", nil), ("tafseer", .exact, "Tafseer", nil), ("sohour", .exact, "Suhoor", .evening), ("so7oor", .exact, "Suhoor", .evening),
        ("sahoor", .exact, "Suhoor", .evening), ("suhur", .exact, "Suhoor", .evening), ("playdate", .exact, nil, nil), ("volunteering", .exact, nil, nil),
        ("service", .exact, nil, nil), ("garage", .exact, nil, nil), ("zoom", .exact, "Zoom call", nil), ("facetime", .exact, "FaceTime call", nil),
        ("assessment", .exact, nil, nil), ("transmission", .exact, "Car service", nil), ("shawa", .exact, "BBQ", .evening), ("shawi", .exact, "BBQ", .evening),
        ("kashta", .exact, "Kashta", nil), ("volunteer", .prefix, "Volunteering", nil), ("tajweed", .exact, "Tajweed class", nil),
        ("lawyer", .exact, "Lawyer appointment", nil), ("viewing", .exact, nil, nil), ("showing", .exact, "Viewing", nil), ("tour", .exact, nil, nil),
        ("technician", .exact, nil, nil), ("inspection", .exact, nil, nil), ("premiere", .exact, nil, .evening),
        ("nzakir", .exact, "Study session (mozakra)", nil), ("nzaker", .exact, "Study session (mozakra)", nil),
        ("nthaker", .exact, "Study session (mozakra)", nil), ("mozakra", .exact, "Study session (mozakra)", nil),
        ("mothakra", .exact, "Study session (mozakra)", nil),
        ("bahr", .exact, "Beach (bahr)", nil), ("souq", .exact, "Souq", nil), ("baloot", .exact, "Baloot", .evening),
        ("fatoor", .exact, "Fatoor (breakfast)", nil), ("fotoor", .exact, "Fatoor (breakfast)", nil), ("zyara", .exact, "Visit (zyara)", nil),
        ("ziyara", .exact, "Visit (zyara)", nil), ("zeyara", .exact, "Visit (zyara)", nil), ("melka", .exact, "Milka", .evening),
        ("milka", .exact, "Milka", .evening), ("khutba", .exact, "Engagement (khutba)", .evening), ("khotoba", .exact, "Engagement (khutba)", .evening),
        ("5otoba", .exact, "Engagement (khutba)", .evening), ("3ers", .exact, "Wedding (3ers)", .evening), ("3irs", .exact, "Wedding (3ers)", .evening),
        ("3ors", .exact, "Wedding (3ers)", .evening), ("mo2abla", .exact, "Interview (mo2abla)", nil), ("muqabala", .exact, "Interview (mo2abla)", nil),
        ("ejtima3", .exact, "Meeting (ejtima3)", nil), ("ijtima3", .exact, "Meeting (ejtima3)", nil), ("7ala2", .exact, "Barber (7ala2)", nil),
        ("7allaq", .exact, "Barber (7ala2)", nil), ("barber", .exact, nil, nil), ("salon", .exact, nil, nil), ("nadi", .exact, "Club (nadi)", nil),
        ("mubara", .exact, "Match (mubara)", .evening), ("mubarah", .exact, "Match (mubara)", .evening), ("mall", .exact, nil, nil),
        ("re7la", .exact, "Trip (re7la)", nil), ("ri7la", .exact, "Trip (re7la)", nil), ("rihla", .exact, "Trip (re7la)", nil),
        // Clinics and services by what they do, and the region's cinema chains by name.
        ("dental", .exact, "Dentist", nil), ("orthodontist", .exact, nil, nil), ("ortho", .exact, "Orthodontist", nil),
        ("braces", .exact, "Orthodontist", nil), ("vaccin", .prefix, "Vaccination", nil), ("nutritionist", .exact, nil, nil),
        ("dermatologist", .exact, nil, nil), ("vox", .exact, "Cinema (VOX)", .evening), ("muvi", .exact, "Cinema (Muvi)", .evening),
        ("novo", .exact, "Cinema (Novo)", .evening),
        ("3umra", .exact, "Umrah", nil), ("umrah", .exact, "Umrah", nil), ("umra", .exact, "Umrah", nil), ("dars", .exact, "Lesson (dars)", nil),
        ("esteraha", .exact, "Istiraha", .evening), ("isteraha", .exact, "Istiraha", .evening), ("estiraha", .exact, "Istiraha", .evening),
        ("nitmasha", .exact, "Walk (tamsheya)", nil), ("tamsheya", .exact, "Walk (tamsheya)", nil),
    ]
    static let arabic: [(String, Match, String?, DayPart?)] = [
        ("تعشي", .contains, "عشاء", .evening), ("عشا", .exact, "عشاء", .evening), ("عشاء", .exact, "عشاء", .evening), ("تغدي", .contains, "غداء", .afternoon),
        ("غداء", .exact, "غداء", .afternoon), ("فطور", .exact, "فطور", .morning), ("قهوه", .exact, "قهوة", nil), ("تقهوي", .contains, "قهوة", nil),
        ("كوفي", .exact, "قهوة", nil), ("شاي", .exact, "شاي", nil), ("سينما", .exact, "سينما", .evening), ("فلم", .exact, "فيلم", .evening),
        ("فيلم", .exact, "فيلم", .evening), ("بولنج", .exact, "بولينج", .evening), ("بولينج", .exact, "بولينج", .evening), ("بادل", .exact, "بادل", nil),
        ("تنس", .exact, "تنس", nil), ("كوره", .exact, "كورة", nil), ("مباراه", .exact, "مباراة", .evening), ("ماتش", .exact, "مباراة", .evening),
        ("جيم", .exact, "جيم", nil), ("نادي", .exact, "النادي", nil), ("نتمشي", .exact, "مشي", nil), ("نمشي", .exact, "مشي", nil), ("مشي", .exact, "مشي", nil),
        ("بر", .exact, "طلعة بر", nil), ("بحر", .exact, "طلعة بحر", nil), ("شوي", .exact, "شوي", .evening), ("بلايستيشن", .exact, "بلايستيشن", .evening),
        ("بلاستيشن", .exact, "بلايستيشن", .evening), ("حلاق", .exact, "حلاق", nil), ("صالون", .exact, "صالون", nil), ("عمره", .exact, "عمرة", nil),
        ("سباحه", .exact, "سباحة", nil), ("مطار", .exact, "مشوار المطار", nil), ("كشته", .exact, "كشتة", nil), ("رحله", .exact, "رحلة", nil), ("حفله", .exact, "حفلة", .evening),
        ("حفل", .exact, nil, .evening), ("عزيمه", .exact, "عزيمة", .evening), ("سهره", .exact, "سهرة", .evening), ("اجتماع", .exact, nil, nil),
        ("لقاء", .exact, nil, nil), ("مكالمه", .exact, "مكالمة", nil), ("نتصل", .exact, "اتصال", nil), ("اتصال", .exact, "اتصال", nil),
        ("نتكلم", .exact, "مكالمة", nil), ("مقابله", .exact, nil, nil), ("موعد", .exact, "موعد", nil), ("موعدك", .exact, "موعد", nil), ("جلسه", .exact, nil, nil),
        ("درس", .exact, nil, nil), ("محاضره", .exact, nil, nil), ("ورشه", .exact, nil, nil), ("دوره", .exact, nil, nil),
        ("موتمر", .exact, "مؤتمر", nil), ("نذاكر", .exact, "مذاكرة", nil), ("مذاكره", .exact, "مذاكرة", nil), ("تسوق", .exact, "تسوق", nil),
        ("سوق", .exact, "السوق", nil), ("مول", .exact, "المول", nil), ("سبا", .exact, "سبا", nil), ("مناكير", .exact, "مناكير", nil),
        ("زواج", .exact, "زواج", .evening), ("عرس", .exact, "عرس", .evening), ("ملكه", .exact, "ملكة", .evening), ("تخرج", .exact, "حفل تخرج", .evening),
        ("عقيقه", .exact, "عقيقة", .evening), ("افطار", .exact, "إفطار", .evening), ("صيانه", .exact, nil, nil), ("تصليح", .exact, "تصليح", nil), ("فني", .exact, "فني", nil), ("مولود", .exact, "زيارة مولود", nil), ("تنظيف", .exact, "تنظيف", nil),
        ("معرض", .exact, nil, nil), ("استراحه", .exact, "استراحة", .evening), ("بلوت", .exact, "بلوت", .evening), ("صيد", .exact, "صيد", nil),
        ("نصيد", .exact, "صيد", nil), ("تكريم", .exact, nil, .evening), ("تدريب", .contains, "تدريب", nil), ("بوليفارد", .exact, "البوليفارد", .evening),
        ("مراجعه", .exact, "مراجعة", nil), ("نراجع", .exact, "مراجعة", nil), ("زياره", .exact, "زيارة", nil), ("كيك", .exact, "كيك", nil),
        // Occasions people invite each other to, and the calls and services they book.
        ("خطوبه", .exact, "خطوبة", .evening), ("خطبه", .exact, "خطبة", .evening), ("عزا", .exact, "عزاء", nil), ("عزاء", .exact, "عزاء", nil),
        ("تعزيه", .exact, "تعزية", nil), ("حلقه", .exact, nil, nil), ("تفسير", .exact, nil, nil), ("سحور", .exact, "سحور", .evening),
        ("تسحر", .contains, "سحور", .evening), ("امسيه", .exact, "أمسية", .evening), ("خيمه", .exact, "خيمة رمضانية", .evening),
        ("زوم", .exact, "مكالمة زوم", nil), ("ميتنج", .exact, "اجتماع", nil), ("ميتينج", .exact, "اجتماع", nil),
        ("ميتينغ", .exact, "اجتماع", nil),
        ("ميلاد", .exact, "عيد ميلاد", .evening), ("مكيف", .exact, "صيانة المكيف", nil), ("تكييف", .exact, "صيانة التكييف", nil),
        ("تقييم", .exact, nil, nil), ("انترفيو", .exact, "مقابلة", nil), ("نهائي", .exact, "مباراة النهائي", .evening), ("شوا", .exact, "شوا", .evening),
        ("تجويد", .exact, "حلقة تجويد", nil), ("قران", .exact, "حلقة قرآن", nil), ("محامي", .exact, "موعد المحامي", nil),
        ("معاينه", .exact, "معاينة", nil), ("طرب", .exact, "ليلة طرب", .evening),
        // Outings and occasions by their Egyptian and Levantine names, volunteering, festivals.
        ("فطار", .exact, "فطار", nil), ("عزومه", .exact, "عزومة", .evening), ("فسحه", .exact, "فسحة", nil), ("خروجه", .exact, "خروجة", nil),
        ("حنه", .exact, "حنة", .evening), ("سبوع", .exact, "سبوع", .evening), ("تطوع", .exact, "تطوع", nil), ("مهرجان", .exact, nil, .evening),
        ("كول", .exact, "مكالمة", nil), ("تخييم", .exact, "تخييم", nil), ("شواء", .exact, "شواء", .evening), ("نزهه", .exact, "نزهة", nil),
        ("نبارك", .exact, "زيارة مباركة", nil), ("اسنان", .exact, "موعد الأسنان", nil), ("تطعيم", .exact, "تطعيم", nil),
        ("تغذيه", .exact, "موعد التغذية", nil), ("فوكس", .exact, "سينما", .evening), ("ڤوكس", .exact, "سينما", .evening),
    ]
    static let latinIndex: [String: (Match, String?, DayPart?)] = Dictionary(latin.map { ($0.0, ($0.1, $0.2, $0.3)) }, uniquingKeysWith: { a, _ in a })
    static let prefixes = latin.filter { $0.1 == .prefix }
    static let arabicIndex: [String: (String?, DayPart?)] = Dictionary(arabic.filter { $0.1 == .exact }.map { ($0.0, ($0.2, $0.3)) }, uniquingKeysWith: { a, _ in a })
    static let arabicContains = arabic.filter { $0.1 == .contains }

    /// Words that end an Arabic noun phrase in a title.
    static let arabicStops: Set<String> = ["في", "مع", "من", "الى", "على", "عند", "بعد", "قبل", "يوم", "الساعه", "عشان", "لان", "او", "و", "ثم", "هل",
                                           "الليله", "اليوم", "بكره", "غدا", "الجاي", "القادم", "حتى", "لين", "انا", "انت", "هذا", "هذي", "اللي", "الذي", "التي"]

    /// Activities people often watch each at home: named with a time, they are no plan unless
    /// someone asks to watch together.
    /// Parts of a plan rather than plans: they name an outing only when nothing else did.
    static let minor: Set<String> = ["Drive", "Ride", "Help"]
    static let watched: Set<String> = ["Match", "Game", "مباراة", "مباراة النهائي"]

    /// Words that name an activity only when nothing better does ("surf club … beach cleanup").
    static let weak: Set<String> = ["club", "help", "service", "garage"]

    static func find(in tokens: [Token]) -> ActivityMention? {
        var fallback: ActivityMention?
        for (i, token) in tokens.enumerated() where token.kind == .word {
            if token.arabic {
                var hit: (String?, DayPart?)?
                if let h = arabicIndex[token.norm] ?? arabicIndex[token.base] { hit = h }
                else if token.norm.count > 3, ["ل", "ب", "و", "ف"].contains(token.norm.first.map(String.init) ?? ""),
                        let h = arabicIndex[String(token.norm.dropFirst())] ?? arabicIndex[Tokenizer.stripClitics(String(token.norm.dropFirst()))] { hit = h }
                else if let c = arabicContains.first(where: { token.norm.contains($0.0) }) { hit = (c.2, c.3) }
                guard let (display, part) = hit else { continue }
                // "العشا" after "بعد" is the prayer, not dinner.
                if token.base == "عشا" || token.base == "عشاء", i > 0, ["بعد", "قبل", "صلاه"].contains(tokens[i - 1].norm) { continue }
                if token.norm == "غدا" { continue } // "tomorrow" in MSA
                if token.norm == "بشوي" { continue } // "قبلها بشوي": a little before, no grill
                var words = [display ?? token.original]
                if display == nil {
                    // Keep a following noun or two: "لقاء أولياء الأمور", "اجتماع مراجعة الأداء".
                    var j = i + 1
                    while j < tokens.count, j <= i + 2, tokens[j].arabic, !arabicStops.contains(tokens[j].norm),
                          TemporalRecognizer.weekdayAt(tokens, j) == nil {
                        words.append(tokens[j].original); j += 1
                    }
                }
                return ActivityMention(display: words.joined(separator: " "), arabic: true, at: i, dayPart: part)
            }
            var hit: (Match, String?, DayPart?)? = latinIndex[token.norm]
            if hit == nil, let p = prefixes.first(where: { token.norm.hasPrefix($0.0) }) { hit = (p.1, p.2, p.3) }
            guard let (_, display, part) = hit else { continue }
            var text = display ?? capitalizedFirst(token.original)
            if display == nil {
                // "Beach cleanup", "Birthday party", "Book club", "Game night".
                if i > 0, tokens[i - 1].kind == .word, !tokens[i - 1].arabic, ["beach", "book", "team", "family", "design", "study", "kickoff", "web", "graduation", "birthday", "quick", "baby", "bridal", "car"].contains(tokens[i - 1].norm) {
                    text = capitalizedFirst(tokens[i - 1].original) + " " + token.original.lowercased()
                } else if i + 1 < tokens.count, ["party", "night", "club", "session", "call", "trip", "dinner", "lunch", "class", "cleanup"].contains(tokens[i + 1].norm) {
                    text += " " + tokens[i + 1].original.lowercased()
                }
            }
            let mention = ActivityMention(display: text, arabic: false, at: i, dayPart: part)
            if weak.contains(token.norm), text.count == token.original.count {
                if fallback == nil { fallback = mention }
                continue
            }
            return mention
        }
        return fallback
    }

    static func capitalizedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
