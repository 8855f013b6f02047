/// Cities and well-known districts of the Gulf, the Levant and Egypt, in Arabic and in Latin
/// letters, for a place a plan names only by where it is ("بالطايف", "في مدينة نصر", "Al
/// Barsha"). Names are kept without the article; a match keeps the words as written.
enum Gazetteer {
    /// Arabic names, each a phrase of one or more words without "ال" on its first word.
    static let arabic: [String] = [
        // Saudi Arabia.
        "الرياض", "جده", "مكه", "المدينه المنوره", "الدمام", "الخبر", "الظهران", "الطايف", "الطائف", "ابها", "خميس مشيط", "تبوك", "حائل", "بريده",
        "عنيزه", "القصيم", "الاحساء", "الهفوف", "الجبيل", "ينبع", "جازان", "نجران", "الباحه", "العلا", "الخرج", "القطيف", "الدرعيه", "الهدا",
        "العليا", "الملقا", "الياسمين", "النخيل", "الورود", "السليمانيه", "حطين", "الربوه", "النرجس", "الصحافه", "العقيق", "الغدير",
        "الملز", "البطحاء", "المروج", "القيروان", "الحمراء", "الشاطئ", "ابحر", 
        "الكورنيش", "النسيم", "الشرفيه", "الصفا", "المرسلات", "التحليه",
        // Kuwait.
        "الكويت", "السالميه", "الجهراء", "حولي", "الفروانيه", "الاحمدي", "الفحيحيل", "الشويخ", "المنقف", "الوفره", "الخيران", "الجابريه",
        "الشاميه", "كيفان", "العديليه", "الرميثيه", "صباح السالم", "المهبوله", "الدسمه", "القرين",
        // Qatar, Bahrain, Oman.
        "الدوحه", "الوكره", "الخور", "لوسيل", "اللولوه", "الريان", "الدفنه", "السد", "المنامه", "المحرق", "الرفاع", "الجفير", 
        "عراد", "ستره", "مدينه عيسي", "مدينه حمد", "مسقط", "صلاله", "نزوي", "صحار", "السيب", "الخوض", "القرم", "العذيبه",
        // The Emirates.
        "دبي", "ابوظبي", "ابو ظبي", "الشارقه", "عجمان", "راس الخيمه", "الفجيره", "ام القيوين", "البرشاء", "البرشا", "القوز", "جميرا",
        "ديره", "بر دبي", "مردف", "الخوانيج", "الممزر", "القصباء", "المجاز", "النهده", "القصيص", "الراشديه", "ياس", "السعديات",
        
        // Egypt.
        "القاهره", "الجيزه", "الاسكندريه", "اسكندريه", "مدينه نصر", "المعادي", "الزمالك", "الدقي", "المهندسين", "التجمع", "التجمع الخامس",
        "الشيخ زايد", "مصر الجديده", "الرحاب", "وسط البلد", "الهرم", "شبرا", "العجوزه", "المنيل", "سموحه",
        "الساحل", "الساحل الشمالي", "العين السخنه", "الغردقه", "شرم الشيخ", "الاقصر", "اسوان", "المنصوره", "طنطا", "الزقازيق", "بورسعيد",
        "الاسماعيليه", "السويس", "حلوان", "العباسيه", "المقطم", "القطاميه",
        // The Levant.
        "بيروت", "عين المريسه", "الحمرا", "الاشرفيه", "فردان", "الجميزه", "مار مخايل", "بدارو", "الضاحيه", "جونيه", "جبيل", "صيدا", 
        "طرابلس", "زحله", "برمانا", "عمان", "عبدون", "الصويفيه", "الشميساني", "جبل عمان", "اللويبده", "خلدا", "دابوق", "الرابيه",
        "تلاع العلي", "الزرقاء", "اربد", "العقبه", "البحر الميت", "دمشق", "الشام", "المزه", "المالكي", "باب توما", "الشعلان", "ابو رمانه",
        "حلب", "حمص", "اللاذقيه", "رام الله", "القدس", "نابلس", "الخليل", "بيت لحم", "جنين", "غزه", "حيفا", "يافا",
    ]

    /// Latin names, lowercased, each a phrase of one or more words without "al"/"el".
    static let latin: [String] = [
        "riyadh", "jeddah", "jedda", "mecca", "makkah", "medina", "madinah", "dammam", "khobar", "dhahran", "taif", "abha", "tabuk", 
        "buraydah", "qassim", "ahsa", "hofuf", "jubail", "yanbu", "jazan", "alula", "kharj", "qatif", "diriyah", "olaya", "malqa", "yasmin",
        "nakheel", "sulaimaniyah", "hittin", "narjis", "sahafa", "aqiq", "malaz", "batha", "rawdah", "corniche", "tahlia",
        "kuwait", "salmiya", "salmiyah", "jahra", "hawalli", "farwaniya", "ahmadi", "fahaheel", "shuwaikh", "mangaf", "wafra", "khiran",
        "jabriya", "mishref", "shamiya", "kaifan", "doha", "wakra", "lusail", "rayyan", "dafna", "sadd",
        "manama", "muharraq", "riffa", "juffair", "seef", "adliya", "muscat", "salalah", "nizwa", "sohar", "seeb", "qurum",
        "dubai", "abu dhabi", "sharjah", "ajman", "ras al khaimah", "fujairah", "barsha", "quoz", "jumeirah", "jumeira", "deira",
        "bur dubai", "karama", "mirdif", "khawaneej", "mamzar", "qusais", "rashidiya", "nahda", "jlt", "jbr", 
        "business bay", "yas", "saadiyat", "reem island", "khalifa city",
        "cairo", "giza", "alexandria", "nasr city", "maadi", "zamalek", "dokki", "mohandessin", "tagamoa", "new cairo", "sheikh zayed",
        "heliopolis", "rehab", "madinaty", "shubra", "agouza", "manial", "smouha", "sahel", "sokhna", "hurghada",
        "sharm", "luxor", "aswan", "mansoura", "tanta", "port said", "ismailia", "suez", "helwan", "mokattam",
        "beirut", "hamra", "achrafieh", "ashrafieh", "verdun", "gemmayze", "mar mikhael", "badaro", "dahieh", "jounieh", "byblos", "jbeil",
        "saida", "sidon", "tripoli", "zahle", "aley", "broummana", "amman", "abdoun", "sweifieh", "shmeisani", "jabal amman",
        "weibdeh", "khalda", "dabouq", "rabieh", "zarqa", "irbid", "aqaba", "dead sea", "damascus", "mezzeh", "malki", "bab touma",
        "shaalan", "aleppo", "homs", "latakia", "ramallah", "jerusalem", "nablus", "hebron", "bethlehem", "jenin", "gaza", "haifa", "jaffa",
    ]

    /// Each phrase's words, indexed by its first word.
    static let arabicIndex: [String: [[String]]] = index(arabic.map { TextNormalizer.normalize($0) })
    static let latinIndex: [String: [[String]]] = index(latin)

    private static func index(_ phrases: [String]) -> [String: [[String]]] {
        var index: [String: [[String]]] = [:]
        for phrase in phrases {
            var words = phrase.split(separator: " ").map(String.init)
            if words[0].hasPrefix("ال"), words[0].count > 3 { words[0] = String(words[0].dropFirst(2)) }
            index[words[0], default: []].append(words)
        }
        return index
    }

    /// The first city or district named in `tokens`, as written: "بالطايف" gives "الطايف",
    /// "في مدينة نصر" "مدينة نصر", "Al Barsha 2" "Al Barsha".
    static func place(in tokens: [Token]) -> String? {
        for i in tokens.indices where tokens[i].kind == .word {
            let token = tokens[i]
            for (key, joined) in token.arabic ? arabicKeys(token.norm) : [(token.norm, false)] {
                guard let phrases = (token.arabic ? arabicIndex : latinIndex)[key] else { continue }
                for words in phrases.sorted(by: { $0.count > $1.count }) {
                    let end = i + words.count
                    guard end <= tokens.count, (1..<words.count).allSatisfy({ tokens[i + $0].norm == words[$0] }) else { continue }
                    var shown = tokens[i..<end].map(\.original)
                    if joined { shown[0] = String(shown[0].dropFirst()) }
                    if !token.arabic, i > 0, ["al", "el"].contains(tokens[i - 1].norm) { shown.insert(tokens[i - 1].original, at: 0) }
                    return shown.joined(separator: " ")
                }
            }
        }
        return nil
    }

    /// The spellings a folded Arabic word may be looked up by, and whether a letter joined to
    /// it ("ب", "ل", "و", "ف": "بجده", "بالطايف") is to be left out of the name.
    private static func arabicKeys(_ word: String) -> [(String, Bool)] {
        var keys = [(word, false)]
        if word.hasPrefix("ال"), word.count > 4 { keys.append((String(word.dropFirst(2)), false)) }
        if word.count > 3, let first = word.first, "بلوف".contains(first) {
            let rest = String(word.dropFirst())
            keys.append((rest, true))
            if rest.hasPrefix("ال"), rest.count > 4 { keys.append((String(rest.dropFirst(2)), true)) }
        }
        return keys
    }
}
