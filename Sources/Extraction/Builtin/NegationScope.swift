/// Whether a lone negation ("no", "لا", "can't", "busy") refuses the plan or negates
/// something else: "no arguments", "oh no", "you can't miss it", "he can't either",
/// "لا تنساها" (don't forget it), "لا يمكن أن نأخذه" (we can't take him). Longer phrases
/// ("can't make it", "ما أقدر", "لا والله") are refusals wherever they stand and never come here.
/// It also tells a word a negation reaches ("قالت ما عم تقدر توصلك": no "can you" is asked).
enum NegationScope {
    /// English words that refuse only when the speaker is the subject or they open the reply.
    static let englishModal: Set<String> = ["can't", "cant", "cannot", "unable"]
    /// Words before a modal that make the speaker (or a reply) its subject.
    static let speakerLeads: Set<String> = ["i", "we", "sorry", "but", "unfortunately", "sadly", "so", "really", "just", "still",
                                            "probably", "honestly", "prob", "nope", "no", "nah", "ugh", "tbh", "i'm", "im", "actually"]
    /// Lone negations that refuse only as the first word of the message.
    static let openingOnly: Set<String> = ["no", "nope", "nah", "busy", "لا", "la2", "laa"]

    /// Whether the one-word negation at `index` of `tokens` refuses.
    static func refuses(_ tokens: [Token], at index: Int) -> Bool {
        let word = tokens[index].norm
        let words = tokens.indices.filter { tokens[$0].kind == .word || tokens[$0].kind == .number }
        let position = words.firstIndex(of: index) ?? 0
        if englishModal.contains(word) {
            // "can't u skip the engagement": asking the other, not refusing.
            if position + 1 < words.count, ["you", "u", "ya", "y'all"].contains(tokens[words[position + 1]].norm) { return false }
            guard position > 0 else { return true }
            return speakerLeads.contains(tokens[words[position - 1]].norm)
        }
        guard openingOnly.contains(word) else { return true }
        guard position == 0 else { return false }
        // "لا تنساها", "لا ندوخ", "لا يمكن": a negated verb of another person or an order.
        if word == "لا", position + 1 < words.count {
            let next = tokens[words[position + 1]]
            if next.arabic, let first = next.norm.first, "تني".contains(first), next.norm.count > 2 { return false }
        }
        return true
    }

    /// Words that negate the word one or two places after them ("ما عم تقدر", "don't want").
    static let negations: Set<String> = ["ما", "مش", "مو", "مب", "not", "don't", "dont", "never", "mish", "mesh", "mo", "mob"]

    /// Whether the word at `index` is negated by one of the two words before it.
    static func isNegated(_ tokens: [Token], at index: Int) -> Bool {
        (max(0, index - 2)..<index).contains { negations.contains(tokens[$0].norm) }
    }
}
