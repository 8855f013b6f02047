/// The words that tell what a question asks: a content ("what will you tell him that day?",
/// "مين جاي؟"), which no invitation opens with, or whether the other is free ("شو عندك اليوم؟"),
/// which opens one; and the bare "ok" that before a question only says a message was heard.
extension MessageAnalysis {
    /// The yeses that only say a message was heard when a question follows them.
    static let bareOks: Set<String> = ["ok", "okay", "okk", "okey", "k", "kk", "oki", "alright", "طيب", "طب", "tayeb", "tayb", "tab"]

    /// Question words that ask for a content ("what will you tell him that day?", "مين جاي؟"),
    /// which an invitation never opens with.
    static let contentQuestionWords: Set<String> = [
        "what", "who", "whose", "why", "وش", "ايش", "شو", "مين", "ليش", "ليه", "شنو", "شنهو", "ماذا", "لماذا",
        "shu", "sho", "esh", "wesh", "meen", "leh", "lesh", "laish", "lech",
        "how", "how's", "hows", "كيف", "شلون", "ازاي", "kif", "kaif", "shlon", "ezay", "izzay",
    ]
    /// What turns such a word into an invitation after all: "what about Friday?", "why not
    /// tomorrow?", "what time?", "who wants to come?"; opinions ("شو رأيك نطلع؟", "esh rayich")
    /// are read by prefix.
    static let invitingAfterQuestionWord: Set<String> = [
        "about", "abt", "not", "if", "time", "day", "do", "does", "would", "wants", "in", "ma", "la", "law", "yabi", "bido",
        "لو", "لا", "ما", "يبي", "يبغى", "يبغي", "بدو", "عايز", "حابب",
    ]
    /// Asking what the other has on a day is asking whether they are free ("شو عندك اليوم؟",
    /// "what are you doing Friday?"): the opening of an invitation.
    static let availabilityWords: Set<String> = [
        "doing", "plans", "plan", "free", "عندك", "عندكم", "عندج", "وراك", "وراكم", "3andak", "3ndak", "3andik", "3ndik", "3indak", "warak",
    ]

    /// Whether the word after a question word makes the question an invitation.
    static func invites(after word: Token) -> Bool {
        let norm = word.norm
        return invitingAfterQuestionWord.contains(norm)
            || ["راي", "رأي", "ra2y", "ray"].contains { norm.hasPrefix($0) }
    }

    /// Whether the question asks for a content rather than a yes: a question word opens its
    /// clause and nothing after it invites.
    static func asksContent(_ tokens: [Token]) -> Bool {
        var clauseStart = 0
        for (i, token) in tokens.enumerated() {
            if token.kind == .punct, token.norm != "?", token.norm != "'" { clauseStart = i + 1; continue }
            guard token.norm == "?" else { continue }
            let clause = tokens[clauseStart..<i]
            if let at = clause.firstIndex(where: { contentQuestionWords.contains($0.norm) }),
               at + 1 >= i || !invites(after: tokens[at + 1]),
               !clause.contains(where: { availabilityWords.contains($0.norm) }) {
                return true
            }
            clauseStart = i + 1
        }
        return false
    }
}
