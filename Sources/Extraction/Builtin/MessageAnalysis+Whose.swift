/// Whose plan a message speaks of, and what it does to the other's: the other person's own
/// appointment ("your exam", "موعدك"), someone else's ("عندها دوام"), a slot offered, a wish of
/// good luck, asking to join, asking for the way there. The word lists and readers behind the
/// flags ``MessageAnalysis`` sets for them.
extension MessageAnalysis {
    /// Words of being tired, ill, away or in no mood (``unwellOrAway``).
    static let unwellOrAwayWords: Set<String> = [
        "تعبان", "تعبانه", "مرهق", "مرهقه", "مريض", "مريضه", "مسخن", "مسخنه", "مسافر", "مسافره", "مسافرين", "خلق", "مزاج",
        "ta3ban", "ta3bana", "t3ban", "msafer", "mesafer", "msafra", "mareed", "mari9",
        "tired", "exhausted", "knackered", "shattered", "sick", "ill", "skint", "broke", "away", "travelling", "traveling",
    ]
    /// "I have" words that ``ownsSomething`` reads what follows of.
    static let haveWords: Set<String> = ["i", "i've", "ive", "عندي", "لدي", "3indi", "3ndi", "3andi", "3ande", "endi"]
    /// What may follow "I have" without anything being in the way: "عندي وقت", "I have no plans".
    static let freeToCome: Set<String> = [
        "وقت", "فكره", "سوال", "مانع", "مشكله", "خبر", "اقتراح", "فضاوه", "time", "a", "an", "question", "idea", "no", "nothing", "plans", "free",
        "waqt", "wa2t", "fekra", "so2al", "mane3", "mushkila",
        // "عندي في البيت": at one's home, a place.
        "في", "بالبيت", "البيت", "fe", "fel", "bel", "fil",
    ]
    /// The first words of the soft refusals that wish the others a good time ("have fun", "enjoy").
    static let goodTimeWishes: Set<String> = ["have", "enjoy", "عساكم", "تستانسون", "تتهنون", "تتهنين", "تتهنى", "استمتعوا", "انبسطوا", "tinbisto", "tetmata3o"]
    /// Appointment words the other person's suffix or "your" can own ("موعدك", "your exam").
    static let appointmentWords: Set<String> = [
        "appointment", "appt", "dentist", "doctor", "exam", "test", "interview", "shift", "flight", "class", "surgery", "checkup", "lecture", "course",
        "موعد", "اختبار", "امتحان", "دوام", "مقابله", "محاضره", "عمليه", "طياره", "رحله", "كورس", "دوره", "ميعاد",
        "maw3ed", "mo3ad", "mi3ad", "ma3ad", "imti7an", "emte7an", "e5tibar", "ikhtibar",
    ]
    /// "He has", "she has", "they have": someone else's appointment, as "I have" is one's own.
    static let thirdPartyHave: Set<String> = ["عنده", "عندها", "عندهم", "3indah", "3indaha", "3endha", "3andaha", "3ando", "3andoh", "3andha"]
    /// Verbs of sending, alone or with "me" joined ("ابعتلي", "دزلي", "ib3atli").
    static let sendVerbs: Set<String> = [
        "send", "share", "text", "drop", "forward", "ابعت", "ابعتي", "ارسل", "ارسلي", "دز", "دزي", "ابعث", "ابعثي", "طرش", "ib3at", "ib3ati",
        "ersel", "ersil", "dez", "6arrish",
    ]
    /// The same with "me" or the thing sent joined ("ابعتلي", "ابعتها").
    static let sendToMe: Set<String> = [
        "ابعتلي", "ابعتيلي", "ارسللي", "ارسليلي", "دزلي", "دزيلي", "ابعثلي", "ابعثيلي", "طرشلي", "ib3atli", "ib3atili", "erselli", "ersilli", "dezli",
        "ابعتهولي", "ارسلهالي", "ابعتهالي", "دزها", "ابعتها", "ارسلها",
    ]
    /// What one asks for to get somewhere or join: a link, an address, a pin.
    static let wayThereWords: Set<String> = [
        "link", "address", "location", "pin", "invite", "invitation", "directions", "details", "zoom", "teams", "meet",
        "رابط", "لينك", "عنوان", "لوكيشن", "موقع", "تفاصيل", "دعوه", "الرابط", "اللينك", "العنوان", "اللوكيشن", "الموقع", "التفاصيل", "الدعوه",
        "رابطه", "لوكيشنه", "عنوانه", "lokation", "lokeshen",
    ]
    /// "send me the link", "ابعتلي العنوان", "أرسل لي رابط المكالمة": where the verb is.
    static func asksForWayThere(_ tokens: [Token]) -> Int? {
        for (i, token) in tokens.enumerated() {
            let toMe = sendToMe.contains(token.norm)
            guard toMe || sendVerbs.contains(token.norm) else { continue }
            var k = i + 1
            if !toMe {
                guard k < tokens.count, ["me", "لي", "li", "ly"].contains(tokens[k].norm) else { continue }
                k += 1
            }
            if k < tokens.count, ["the", "a", "your", "ur", "el"].contains(tokens[k].norm) { k += 1 }
            if k < tokens.count, wayThereWords.contains(tokens[k].norm) || wayThereWords.contains(tokens[k].base) { return i }
            // "send me the exact address", "send me the teams link".
            if k + 1 < tokens.count, wayThereWords.contains(tokens[k + 1].norm) { return i }
        }
        return nil
    }
    /// "mind if I tag along?", "can I come with you?", "ممكن أجي معك؟": asking to join the other's plan.
    static func joins(_ tokens: [Token]) -> Bool {
        if tokens.contains(where: { $0.norm == "join" }) || tokens.contains(where: { $0.norm == "tag" }) && tokens.contains(where: { $0.norm == "along" }) {
            return true
        }
        return tokens.indices.contains { i in
            joinComeWords.contains(tokens[i].norm) && (i + 1..<min(i + 3, tokens.count)).contains { joinWithYou.contains(tokens[$0].norm) }
        }
    }
    static let joinComeWords: Set<String> = ["come", "اجي", "اجيك", "نجي", "agy", "aji", "ajee", "aje", "ajy", "nji", "ngy"]
    static let joinWithYou: Set<String> = ["with", "along", "معك", "معاك", "معكم", "معاكم", "معاكي", "m3ak", "ma3ak", "m3ako", "ma3ako", "m3aki", "ma3aki", "wiyak", "wiyakom"]
    /// After an appointment, words that offer it ("موعد فاضي", "an appointment free").
    static let freeSlotWords: Set<String> = ["فاضي", "فاضيه", "متاح", "متاحه", "متوفر", "free", "available", "open", "opening", "slot"]
    /// "Don't forget", which makes the appointment reminded of the other's own.
    static let forgetWords: Set<String> = ["forget", "تنسى", "تنسي", "تنسين", "تنساش", "متنساش", "تنسوا", "tinsa", "tensa", "tinsay", "matensash", "matensa"]
    /// "يصلح" as in fixing something, not as in "does it suit".
    static let fixVerbs: Set<String> = ["يصلح", "تصلح", "بيصلح", "بتصلح", "يصلحوا", "يصلحون"]
    /// A definite noun that is no word of time ("الفني", "المكيف", not "الليلة" or "الخميس").
    static func someoneNamed(_ token: Token) -> Bool {
        token.arabic && token.norm.hasPrefix("ال") && token.norm.count > 3 && token.norm != "الله" && !TemporalRecognizer.timeWordsWithArticle.contains(token.norm)
    }
    static let timeBeforeWords: Set<String> = ["بعد", "قبل", "after", "before", "till", "until", "لين", "لحد", "ba3d", "2abl", "gabl"]
    /// "Your" and "do you have" before an appointment, and the possessives after one.
    static let yoursBefore: Set<String> = ["your", "ur", "عندك", "عندج", "عندكم", "3indak", "3endak", "3andak", "3ndak", "3indich"]
    static let yoursAfter: Set<String> = ["bta3ak", "bta3ek", "بتاعك", "بتاعتك", "taba3ak", "tab3ak", "تبعك", "حقك", "حقج", "مالك", "مالج", "7aggak", "7agak", "malak"]
    /// Whether the token at `i` makes an appointment the other person's: "your exam", "موعدك",
    /// "mi3ad el dentist bta3ak", "عندك محاضرة".
    static func isAddresseeCommitment(_ tokens: [Token], at i: Int) -> Bool {
        let word = tokens[i].norm
        // "بعد دوامك", "after your shift": a time, not the appointment told.
        if i > 0, timeBeforeWords.contains(tokens[i - 1].norm) { return false }
        if yoursBefore.contains(word) {
            return (i + 1...i + 3).contains { $0 < tokens.count && appointmentWords.contains(tokens[$0].norm) }
        }
        if yoursAfter.contains(word) {
            return (i - 3...i - 1).contains { $0 >= 0 && appointmentWords.contains(tokens[$0].norm) }
        }
        guard tokens[i].arabic, word.hasSuffix("ك") || word.hasSuffix("ج") || word.hasSuffix("كم") || word.hasSuffix("كي") else { return false }
        for suffix in ["كم", "كي", "ك", "ج"] where word.hasSuffix(suffix) {
            var stem = String(word.dropLast(suffix.count))
            if stem.hasPrefix("و") || stem.hasPrefix("ف") { stem.removeFirst() }
            if stem.hasSuffix("ت") { stem = String(stem.dropLast()) + "ه" }
            if appointmentWords.contains(stem) { return true }
        }
        return false
    }
}
