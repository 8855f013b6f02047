/// The activity a message names, for the title.
struct ActivityMention: Hashable, Sendable {
    /// As it should appear in a title ("Bowling", "لقاء أولياء الأمور").
    var display: String
    var arabic: Bool
    var at: Int
    /// Evening activities place hours without AM/PM in the evening.
    var dayPart: DayPart?
}

/// A place a message names.
struct LocationMention: Hashable, Sendable {
    enum Host: Hashable, Sendable { case sender, recipient, named(String) }
    /// A named place ("Hayat Mall", "مسرح المدرسة").
    var place: String?
    /// Someone's home ("at my place", "عندي في البيت").
    var home: Host?
    var arabic: Bool
    /// Named without "at" or "في" before it ("بالمدرسة", "النادي"): it may be where
    /// someone else is rather than where to meet.
    var bare = false
    /// Only guessed from its shape ("بالملقا"): it never replaces a place already known.
    var guessed = false
}

/// Everything about one message that does not depend on when the conversation is judged.
struct MessageAnalysis: Hashable, Sendable {
    var cues: [Cue: [Int]] = [:]
    var temporal = TemporalMentions()
    var activity: ActivityMention?
    var location: LocationMention?
    var hasQuestion = false
    /// The question asks whether something is so ("… right?", "… صح؟", "did you see …"),
    /// which is not an invitation.
    var asksFact = false
    /// A question that asks for a content ("وش بتقولين له؟"): neither an invitation nor a yes.
    var asksContent = false
    /// Every yes in the message is a bare "ok" ("ok", "طيب"), which before a question says the
    /// message was heard rather than agreed to.
    var acceptIsOnlyOk = false
    /// A question word opens one of its questions ("مين جاي كمان؟"), inviting or not.
    var asksQuestionWord = false
    /// The only refusal is a bare "no" opening the message ("لا بس نحنا"), which may answer
    /// a question rather than the plan.
    var noIsBare = false
    /// A put-off that drops the plan ("خليها مرة ثانية", "another time", "khalliha marra
    /// tanya"), not a loose "later" ("he'll send it later").
    var dropsPlan = false
    static let looseLater: Set<String> = ["later", "soon", "once", "sometime", "بعدين", "لاحقا", "قريب", "قريبا"]
    /// The question offers a choice ("in person or online?", "ولا بدك نعزم سلمى؟"); a no
    /// answers it and calls nothing off.
    var asksWhich = false
    /// The message is only "1" (or "١"): the answer to a clinic's reminder.
    var isOne = false
    var isTwo = false
    var arabicScript = false
    var tokenCount = 0
    /// One's own appointment: "I have a dentist appointment", "عندي موعد".
    var ownCommitment = false
    /// The other person's own appointment: "don't forget your dentist appt", "امتحانك بكرا؟",
    /// "mi3ad el dentist bta3ak".
    var addresseeCommitment = false
    /// Good luck, a good time or a safe trip wished ("بالتوفيق", "have fun", "ربنا معاك"): said to
    /// someone doing something without the speaker.
    var wishesWell = false
    /// Asks to join the other's plan: "mind if I tag along?", "ممكن أجي معك؟".
    var asksToJoin = false
    /// "I have" with something after it that is not time or a question ("عندي ضيوف", "3ande
    /// shift"): to an invitation, something of one's own in the way.
    var ownsSomething = false
    /// Tired, ill, away or in no mood ("تعبان حدي", "msafer", "I'm knackered", "ما لي خلق"): to an
    /// invitation, a reason not to come.
    var unwellOrAway = false
    /// A proposal in a clause of its own, apart from the speaker's own "I have" ("نتعشى بكرة
    /// الساعة ٨؟ الصبح عندي دوام").
    var proposesApart = false
    /// A negation or a "but" somewhere in the message ("ما بيظبط معي", "I'm in Denver that
    /// weekend, but …"): a day said again with one is no restatement of the plan.
    var negatesOrContrasts = false
    /// Where the days said with a no stand ("مش الخميس", "not Thursday", "بكرا لا").
    var negatedDays: Set<Int> = []
    /// The message names the other person or "us" with a pronoun ("your", "we're", "معك").
    var addressesOther = false
    /// The message names a day or a time, or invites, asks when or where, or says one is
    /// coming: it says something of a plan.
    var speaksOfPlan = false
    /// Held by call or online: a `remote` cue, or a call named as an appointment ("zoom",
    /// "مكالمة", which the lexicon lists as commitments); not when asking which it is.
    var heldRemotely = false
    /// A message made for many readers and passed on: a 📢 notice, or several lines with
    /// bold headings or a link ("*دورة مراجعة …*", "للتسجيل: bit.ly/…").
    var isBroadcast = false

    func has(_ cue: Cue) -> Bool { cues[cue] != nil }
    func first(_ cue: Cue) -> Int? { cues[cue]?.first }

    /// The last words of the phrases that put a plan off until something ("خلها بعد", "خلوها لين").
    static let putOffEnds: Set<String> = ["بعد", "لين", "ba3d", "ba3dain"]

    /// "could", "maybe": a hedge in an answer, a proposal in a question with a time.
    static let askingModals: Set<String> = ["ممكن", "يمكن", "momken", "mumkin", "mmkn", "yimkin", "yemkin", "maybe", "perhaps", "possibly"]

    static func looksBroadcast(_ text: String) -> Bool {
        if text.contains("📢") { return true }
        let lines = text.split(whereSeparator: \.isNewline).filter { $0.contains { !$0.isWhitespace } }
        guard lines.count >= 3 else { return false }
        let bold = lines.contains { $0.hasPrefix("«") || $0.filter { $0 == "*" }.count >= 2 }
        let link = text.contains("http") || text.contains("bit.ly") || text.contains("www.")
        // A flyer lays its facts out one per line behind a pictograph ("🕙 10 PM", "📍 DIFC").
        let pictographLines = lines.filter { line in line.unicodeScalars.first.map { $0.properties.isEmojiPresentation && $0.value > 0x2000 } ?? false }
        let rsvp = text.lowercased().contains("rsvp")
        return bold || link || pictographLines.count >= 2 || rsvp
    }

    /// After "can't", "ما أقدر": a person or thing that is too much ("ما أقدر عليها", "I can't with him").
    static let tooMuchAfterCannot: Set<String> = ["عليها", "عليه", "عليهم", "عليك", "عليكي", "عليج", "3leha", "3aleha", "3leh", "with"]
    /// "I can't listen, I'm in the office", "can't talk now", "can't wait!": what one cannot do
    /// right now, or cannot wait for, declines nothing.
    static let otherThanComingAfterCannot: Set<String> = [
        "talk", "listen", "hear", "speak", "answer", "type", "read", "believe", "wait", "stop", "sleep", "remember", "find", "open", "reply", "pick",
    ]

    /// "see" in a hedge ("بشوف", "nshoof"), which with a thing to watch after it is no hedge.
    static let seeWords: Set<String> = ["اشوف", "بشوف", "هشوف", "نشوف", "ashoof", "ashuf", "bashoof", "bashuf", "bshoof", "nshoof"]

    /// Appointment nouns that are calls.
    static let callWords: Set<String> = ["zoom", "زوم", "مكالمه"]

    /// Pronouns of the other person and of "us".
    static let otherOrUs: Set<String> = [
        "you", "your", "you're", "youre", "u", "ur", "yours", "we", "we're", "us", "our", "let's", "lets", "y'all",
        "انت", "انتي", "انتم", "انتو", "احنا", "نحن", "معك", "معاك", "معكم", "معاكم", "لك", "لكم", "عندك", "عندكم", "عندنا", "معنا",
        "inta", "inti", "enta", "enti", "e7na", "i7na", "ma3ak", "ma3ik", "3indak", "3andak", "3ndak", "3indna",
    ]

    /// "I wish", "يا ريت", "ليتني": before a "but", a wish is a no.
    static let wishWords: Set<String> = ["wish", "ريت", "ياريت", "ليت", "ليتني", "reit", "rait", "rayt", "yareit", "yarait"]

    /// Yeses that are also adverbs, and the words after which they are adverbs.
    static let intensifiers: Set<String> = ["absolutely", "definitely", "totally", "certainly", "surely", "def", "defo"]
    static let copulas: Set<String> = ["i'm", "im", "am", "is", "are", "was", "were", "be", "it's", "its", "that's", "thats", "he's", "she's", "we're", "you're", "not"]

    /// The verbs of calling off and putting off, in any person and with any object: "لغينا",
    /// "الغيها", "أُلغيت", "بنلغي", "أجلنا", "منأجلها", "نأجل" (not "بلغي", tell, nor a bare
    /// "أجل", yes).
    static func callsOff(_ token: Token) -> Bool {
        // "n2ajjilha", "ne2aggelha", "kansalnaha": the same verbs in Latin letters.
        guard token.arabic else { return token.norm.wholeMatch(of: postponingLatin) != nil || token.norm.hasPrefix("kansal") }
        if token.norm.contains("كنسل") { return true }
        var word = Substring(token.norm)
        if word.count > 4, word.hasPrefix("و") || word.hasPrefix("ف") { word = word.dropFirst() }
        if word.hasPrefix("بلغ") || word.hasPrefix("ابلغ") || word.hasPrefix("تبلغ") || word.hasPrefix("يبلغ") { return false }
        if word.contains("لغي") || word.contains("لغا") && !word.hasPrefix("لغات") || word.hasSuffix("لغوا") { return true }
        return word.count >= 4 && word.wholeMatch(of: postponing) != nil
    }
    nonisolated(unsafe) static let postponing = /(ب|م|ه|ح|من|بن|هن|حن)?(ن|ت|ي)?ا?جل(ت|نا|ناها|ها|وها|وا|ه|هم|تها)?/
    nonisolated(unsafe) static let postponingLatin = /(b|m|h|7|mn|bn|hn)?(n|t|y)?(e|i)?2a(jj?|gg?)(e|i)?l(t|na|naha|ha|ooha|uha|o|u|oo)?/

    /// Where a condition of the speaker's own opens ("if my flight lands", "لو الجو زين"), not
    /// one put to the other ("if you want", "اذا تبي", "if possible").
    static func ownCondition(_ tokens: [Token]) -> Int? {
        tokens.indices.first { i in
            // "even if it rains fire I'm coming", "حتى لو": no condition on the yes.
            guard conditionWords.contains(tokens[i].norm), i == 0 || !["even", "حتي", "7atta", "7ata", "hatta"].contains(tokens[i - 1].norm) else { return false }
            let after = tokens[(i + 1)..<min(i + 3, tokens.count)].map(\.norm)
            return !after.contains { askingTheOther.contains($0) }
        }
    }
    static let conditionWords: Set<String> = ["if", "لو", "اذا", "law", "lw", "iza", "itha", "eza", "ida", "idha", "unless"]
    static let askingTheOther: Set<String> = [
        "you", "u", "your", "possible", "needed", "that", "it's", "its", "تبي", "تبين", "تبغى", "تبغي", "بدك", "بدكم", "ودك", "حابب", "حابه", "عايز", "عايزه", "تحب", "تحبي",
        "تحبون", "ما", "ممكن", "امكن", "تقدر", "تقدري", "فيك", "انت", "انتي", "شاء", "tabi", "baddak", "badek", "7abeb", "3ayez", "te7eb", "inta", "inti",
    ]

    static let egyptianWatch: Set<String> = ["هتتفرج", "بتتفرج", "هتشوفه", "هتتفرجوا", "hattefarrag", "hatetfarrag"]

    static let farewells: Set<String> = ["bye", "byee", "ttyl", "cya", "باي", "سلام", "bye-bye", "goodnight", "gn", "تصبح", "تصبحين", "تصبحوا", "bai"]

    /// "but" in the languages of the chats.
    static let contrastWords: Set<String> = ["but", "bas", "bs", "بس", "لكن", "lakin", "bass"]

    /// "والله ودي بس باجر عندي دوام", "I'd love to but I have a shift": a yes or a wish, then
    /// "but" and one's own commitment or a refusal, and no yes after it, refuses; a question before
    /// the excuse makes it a condition instead ("bs el Kharj? …"). Returns where the "but" stands.
    static func excuseAfterContrast(_ tokens: [Token], cues: [Cue: [Int]]) -> Int? {
        guard let but = tokens.firstIndex(where: { contrastWords.contains($0.norm) }) else { return nil }
        let before = [Cue.accept, .attend, .propose, .softDecline, .thanks, .hedge].contains { (cues[$0] ?? []).contains { $0 < but } }
            || tokens[..<but].contains { wishWords.contains($0.norm) }
        // "عندي في البيت" after the "but" says where, not what is in the way.
        let haves = (cues[.ownHave] ?? []).filter { at in at + 1 >= tokens.count || !freeToCome.contains(tokens[at + 1].norm) }
        let excuse = ([haves.first { $0 > but }] + [Cue.ownPlan, .decline, .softDecline].map { cue in cues[cue]?.first { $0 > but } }).compactMap { $0 }.min()
        let yesAfter = [Cue.accept, .attend].contains { (cues[$0] ?? []).contains { $0 > but } }
        guard before, let excuse, !yesAfter else { return nil }
        let asksFirst = tokens[but..<excuse].contains { $0.norm == "?" }
        return asksFirst ? nil : but
    }

    /// "ليش ما نحضره سوا", "ليه ما نروح", "lesh ma nrou7": "why don't we …" proposes; "ليش ما جيت"
    /// (why didn't you come) does not. Returns where it starts.
    static func whyNotWe(_ tokens: [Token]) -> Int? {
        for i in tokens.indices.dropLast(2) where ["ليش", "ليه", "لماذا", "lesh", "leish", "leh", "lish"].contains(tokens[i].norm) {
            let next = tokens[i + 1].norm, verb = tokens[i + 2].norm
            if ["ما", "ma", "la", "لا"].contains(next), verb.hasPrefix("ن") || verb.hasPrefix("n") && !tokens[i + 2].arabic, verb.count >= 3 { return i }
        }
        return nil
    }

    /// Words that turn a statement into a question of fact when they end it before "?".
    static let factTags: Set<String> = ["right", "correct", "innit", "صح", "مظبوط", "sa7", "sah", "mazboot"]

    static func endsWithTag(_ tokens: [Token]) -> Bool {
        for (i, token) in tokens.enumerated() where token.norm == "?" && i > 0 {
            if factTags.contains(tokens[i - 1].norm) { return true }
        }
        return false
    }

    init() {}

    init(text: String, isLocationPin: Bool = false) {
        var tokens = Tokenizer.tokenize(text)
        if isLocationPin {
            // "Location: https://maps..." — keep only the words describing the place.
            tokens = tokens.filter { !["location", "http", "https", "maps", "google", "com", "q", "goo", "gl", "app", "www", "apple"].contains($0.norm) && $0.kind == .word }
            let description = tokens.map(\.original).joined(separator: " ")
            if !description.isEmpty {
                location = LocationMention(place: description, home: nil, arabic: tokens.contains { $0.arabic })
            }
            return
        }
        tokenCount = tokens.count
        isBroadcast = MessageAnalysis.looksBroadcast(text)
        let words = tokens.filter { $0.kind != .symbol || $0.norm != "" }
        isOne = words.count == 1 && words[0].norm == "1"
        isTwo = words.count == 1 && words[0].norm == "2"
        hasQuestion = tokens.contains { $0.norm == "?" }
        let arabicCount = tokens.reduce(0) { $0 + ($1.arabic ? 1 : 0) }
        let latinCount = tokens.reduce(0) { $0 + ($1.kind == .word && !$1.arabic ? 1 : 0) }
        arabicScript = arabicCount > latinCount
        let matches = Lexicon.cues(in: tokens)
        // "let's do it another time": a yes that runs straight into a put-off is none.
        let putOffStarts = Set(matches.filter { $0.cue == .putOff }.map(\.at))
        for found in matches {
            if found.cue == .accept || found.cue == .attend, putOffStarts.contains(found.at + found.length) { continue }
            if found.cue == .decline, found.length == 1, !NegationScope.refuses(tokens, at: found.at) { continue }
            // "ما أقدر عليها", "I can't with him": someone is too much, nothing is declined.
            if found.cue == .decline, found.at + found.length < tokens.count,
               MessageAnalysis.tooMuchAfterCannot.contains(tokens[found.at + found.length].norm)
                || MessageAnalysis.otherThanComingAfterCannot.contains(tokens[found.at + found.length].norm) { continue }
            // "I'll pass the message", "I'll pass it on": handing something on, not declining.
            if found.cue == .decline, tokens[found.at + found.length - 1].norm == "pass", found.at + found.length < tokens.count,
               ["the", "it", "them", "your", "her", "his", "my", "along"].contains(tokens[found.at + found.length].norm) { continue }
            // "الأسبوع الجاي" is next week, nobody coming; "الخميس الموافق ١٢/٣" names a date, nobody agrees.
            if found.cue == .attend || found.cue == .accept, found.length == 1, tokens[found.at].norm.hasPrefix("ال") { continue }
            // "قالت ما عم تقدر توصلك": a "can you" denied in a statement asks nothing ("ما تجي معنا؟" still does).
            if found.cue == .propose, found.length == 1, !hasQuestion, NegationScope.isNegated(tokens, at: found.at) { continue }
            // "الفني جاي بكرة", "السباك جايين": someone comes, nobody is invited.
            if found.cue == .attend, found.length == 1, ["جاي", "جايه", "جايين", "جايا"].contains(tokens[found.at].norm), found.at > 0,
               MessageAnalysis.someoneNamed(tokens[found.at - 1]) { continue }
            // "يصلح المكيف": fixing something, not "does it suit?".
            if found.cue == .propose, found.length == 1, MessageAnalysis.fixVerbs.contains(tokens[found.at].norm), found.at + 1 < tokens.count,
               MessageAnalysis.someoneNamed(tokens[found.at + 1]) { continue }
            // "لا تنسى موعدك", "don't forget your appointment": a reminder of the other's own.
            if found.cue == .propose, MessageAnalysis.isAddresseeCommitment(tokens, at: found.at),
               tokens.contains(where: { MessageAnalysis.forgetWords.contains($0.norm) }) { continue }
            // "the plumber is coming tomorrow": someone comes, nobody is invited.
            if found.cue == .propose, ["coming", "come"].contains(tokens[found.at].norm), found.at > 0, tokens[found.at - 1].norm == "is" { continue }
            // "I'm absolutely knackered", "it's definitely too far": an adverb, not a yes.
            if found.cue == .accept, found.length == 1, MessageAnalysis.intensifiers.contains(tokens[found.at].norm), found.at > 0,
               MessageAnalysis.copulas.contains(tokens[found.at - 1].norm) { continue }
            // "I'm in Denver that weekend": where one is, not "count me in".
            if found.cue == .attend, ["in"].contains(tokens[found.at + found.length - 1].norm), found.at + found.length < tokens.count,
               tokens[found.at + found.length].kind == .word || tokens[found.at + found.length].kind == .number { continue }
            // "نخليها بعد المغرب؟", "خليها بعد ٥": another hour, not put off.
            if found.cue == .cancel, tokens[found.at + found.length - 1].norm == "بعد", found.at + found.length < tokens.count,
               tokens[found.at + found.length].kind == .number || TemporalRecognizer.prayerWords.contains(tokens[found.at + found.length].norm)
                || TemporalRecognizer.prayerWords.contains("ال" + tokens[found.at + found.length].base) {
                cues[.change, default: []].append(found.at)
                continue
            }
            // "الشلة كلها هتتفرج عليه في العزبة": Egyptian "will watch" asks the other's own plans
            // only in a question.
            if found.cue == .watch, !hasQuestion, MessageAnalysis.egyptianWatch.contains(tokens[found.at].norm) { continue }
            // "ya mama": the vocative, not "yeah".
            if found.cue == .accept, tokens[found.at].norm == "ya", found.at + 1 < tokens.count, tokens[found.at + 1].kind == .word { continue }
            // "w nshoof film": watching something, not "we'll see".
            if found.cue == .hedge, found.length == 1, MessageAnalysis.seeWords.contains(tokens[found.at].norm),
               Activities.find(in: Array(tokens[(found.at + 1)..<min(found.at + 3, tokens.count)])) != nil { continue }
            cues[found.cue, default: []].append(found.at)
        }
        if let whyNot = MessageAnalysis.whyNotWe(tokens) { cues[.propose, default: []].append(whyNot) }
        // "send me the Teams link", "أرسل لي رابط المكالمة", "دزلي اللوكيشن": asking how to get there says yes.
        if cues[.accept] == nil, cues[.decline] == nil, cues[.softDecline] == nil, cues[.hedge] == nil,
           let asks = MessageAnalysis.asksForWayThere(tokens) { cues[.accept] = [asks]; cues[.attend] = [asks] }
        dropsPlan = matches.contains { $0.cue == .putOff && ($0.length > 1 || !MessageAnalysis.looseLater.contains(tokens[$0.at].norm)) }
        if cues[.cancel] == nil, let at = tokens.firstIndex(where: MessageAnalysis.callsOff) { cues[.cancel] = [at] }
        // "law Hoda ma3andahash mshwar ana m3ak", "إذا منرجع قبل ال٥ بجي": a yes on a condition of
        // one's own is a maybe ("if you want", "لو تبي" ask the other and are no condition).
        if cues[.accept] != nil || cues[.attend] != nil, cues[.hedge] == nil, !hasQuestion, let at = MessageAnalysis.ownCondition(tokens) { cues[.hedge] = [at] }
        if let excuse = MessageAnalysis.excuseAfterContrast(tokens, cues: cues) { cues[.decline, default: []].append(excuse) }
        if let attending = cues[.attend] { cues[.accept] = ((cues[.accept] ?? []) + attending).sorted() }
        if let declines = cues[.decline], declines.count == 1, cues[.softDecline] == nil, let first = words.first,
           declines[0] == tokens.firstIndex(of: first), NegationScope.openingOnly.contains(first.norm) {
            noIsBare = !matches.contains { $0.cue == .decline && $0.at == declines[0] && $0.length > 1 }
        }
        temporal = TemporalRecognizer.recognize(tokens)
        negatedDays = Set(temporal.dates.map(\.at).filter { at in
            NegationScope.isNegated(tokens, at: at) || at + 1 < tokens.count && ["لا", "la2", "no", "nope"].contains(tokens[at + 1].norm)
        })
        for putOff in matches where putOff.cue == .cancel && MessageAnalysis.putOffEnds.contains(tokens[putOff.at + putOff.length - 1].norm) {
            // "نخليها بعد ٤ أيام الساعة ٨؟" moves the plan to a day; without one it puts it off.
            if temporal.dates.contains(where: { $0.at >= putOff.at + putOff.length }) {
                cues[.cancel]?.removeAll { $0 == putOff.at }
                if cues[.cancel]?.isEmpty == true { cues[.cancel] = nil }
                cues[.change, default: []].append(putOff.at)
            }
        }
        if let hows = cues[.propose]?.filter({ ["how's", "hows"].contains(tokens[$0].norm) }), !hows.isEmpty {
            // "how's Saturday?" proposes; "How's work?" asks after the other.
            let named = Set(temporal.dates.map(\.at) + [temporal.start?.at].compactMap { $0 })
            // "how's the knee today?" asks after the knee.
            let idle = hows.filter { h in
                !(h + 1...h + 3).contains { named.contains($0) }
                    || h + 1 < tokens.count && ["the", "your", "ur", "my", "his", "her", "their", "our"].contains(tokens[h + 1].norm)
            }
            cues[.propose] = cues[.propose]?.filter { !idle.contains($0) }.nilIfEmpty
        }
        if hasQuestion, !temporal.dates.isEmpty || temporal.start != nil || temporal.prayerRelative, let hedges = cues[.hedge] {
            // "momken ba3d el 3isha?", "maybe Saturday?": a time asked about with "could" proposes it.
            let asking = hedges.filter { MessageAnalysis.askingModals.contains(tokens[$0].norm) }
            if !asking.isEmpty {
                cues[.propose, default: []] += asking
                cues[.hedge] = hedges.filter { !asking.contains($0) }.nilIfEmpty
            }
        }
        acceptIsOnlyOk = cues[.accept].map { yeses in yeses.allSatisfy { MessageAnalysis.bareOks.contains(tokens[$0].norm) } } ?? false
        // "ok going into another call, bye mama", "طيب، باي": an ok that takes leave agrees to nothing.
        if acceptIsOnlyOk, cues[.attend] == nil, tokens.contains(where: { MessageAnalysis.farewells.contains($0.norm) }) {
            cues[.accept] = nil
            acceptIsOnlyOk = false
        }
        asksQuestionWord = hasQuestion && MessageAnalysis.asksContent(tokens)
        asksContent = asksQuestionWord && !has(.propose) && !has(.together)
        asksFact = hasQuestion && (has(.askFact) || MessageAnalysis.endsWithTag(tokens) || asksContent)
        // "عندي ضيوف", "3ande shift", "I've got Mum all day": something of one's own, not "عندي وقت".
        ownsSomething = (cues[.ownHave] ?? []).contains { at in
            guard MessageAnalysis.haveWords.contains(tokens[at].norm) else { return false }
            let next = tokens.indices.first { $0 > at && tokens[$0].kind == .word }
            return next.map { n in n <= at + 2 && !MessageAnalysis.freeToCome.contains(tokens[n].norm) && !NegationScope.isNegated(tokens, at: at)
                && !(at > 0 && ["ما", "مو", "مش", "ma", "mesh", "don't", "dont"].contains(tokens[at - 1].norm)) } ?? false
        }
        unwellOrAway = tokens.contains { token in
            MessageAnalysis.unwellOrAwayWords.contains(token.norm) || token.arabic && (MessageAnalysis.unwellOrAwayWords.contains(token.base)
                || (token.norm.hasPrefix("و") || token.norm.hasPrefix("ف")) && MessageAnalysis.unwellOrAwayWords.contains(String(token.norm.dropFirst())))
        }
        // "عندها دوام بكرة": someone else's, as much as one's own.
        let owns = (cues[.ownHave] ?? []) + tokens.indices.filter { MessageAnalysis.thirdPartyHave.contains(tokens[$0].norm) }
        if let commitments = cues[.commitment], !owns.isEmpty {
            // "المصممة عندها موعد فاضي", "the doctor has an appointment free": a slot offered.
            let offered = commitments.filter { c in (c + 1...c + 2).contains { $0 < tokens.count && MessageAnalysis.freeSlotWords.contains(tokens[$0].norm) } }
            ownCommitment = owns.contains { o in commitments.contains { $0 > o && $0 <= o + 4 && !offered.contains($0) } }
        }
        // "لا تنسى موعد الترخيص بكرا": an appointment one is reminded of is one's own.
        addresseeCommitment = tokens.indices.contains { i in MessageAnalysis.isAddresseeCommitment(tokens, at: i) }
            || has(.commitment) && !has(.together) && tokens.contains { MessageAnalysis.forgetWords.contains($0.norm) }
        asksToJoin = hasQuestion && MessageAnalysis.joins(tokens)
        wishesWell = has(.wish) || (cues[.softDecline] ?? []).contains { MessageAnalysis.goodTimeWishes.contains(tokens[$0].norm) }
        negatesOrContrasts = tokens.contains { token in
            NegationScope.negations.contains(token.norm) || MessageAnalysis.contrastWords.contains(token.norm)
                || token.norm.hasSuffix("n't") || ["no", "لا", "la2", "won't", "wont", "can't", "cant"].contains(token.norm)
        }
        if let proposals = cues[.propose], let owns = cues[.ownHave] {
            proposesApart = proposals.contains { p in !owns.contains { tokens.clause(around: p).contains($0) } }
        }
        // "in person or online?" asks which; it holds nothing remotely.
        asksWhich = hasQuestion && tokens.contains { ["or", "ولا", "او", "walla", "wala", "aw"].contains($0.norm) }
        heldRemotely = !asksWhich
            && (has(.remote) || (cues[.commitment] ?? []).contains { MessageAnalysis.callWords.contains(tokens[$0].base) })
        addressesOther = tokens.contains { MessageAnalysis.otherOrUs.contains($0.norm) || $0.arabic && MessageAnalysis.otherOrUs.contains($0.base) }
        speaksOfPlan = !temporal.dates.isEmpty || temporal.start != nil || temporal.prayerRelative
            || [Cue.propose, .askWhen, .askWhere, .attend, .together].contains { cues[$0] != nil }
        activity = Activities.find(in: tokens)
        location = Places.find(in: tokens)
        if location == nil, speaksOfPlan {
            location = Places.nameAfterBi(in: tokens) ?? Places.knownPlace(in: tokens)
        }
        // "أنا بالنادي بكرة": where the speaker will be.
        if tokens.count > 1, ["انا", "ana"].contains(tokens[0].norm), tokens[1].norm.hasPrefix("بال") || tokens[1].norm.hasPrefix("bel"), !hasQuestion {
            cues[.ownPlan, default: []].append(0)
        }
    }
}

private extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
