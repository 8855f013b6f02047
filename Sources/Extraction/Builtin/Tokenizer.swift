/// One word, number or sign of a message, with its original spelling and its folded forms.
struct Token: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// Letters, possibly with Arabizi digits ("3asha", "7ajazt").
        case word
        /// Digits, possibly with ":", "/" or "." between them ("7", "7:30", "9/12", "1.5"),
        /// possibly with a Latin suffix ("9pm", "12th").
        case number
        /// Punctuation: "?", ",", ".", "!", "-", "/", ":", ";", "(", ")", "@", "&".
        case punct
        /// Emoji and other symbols.
        case symbol
    }

    var kind: Kind
    /// As written (only invisible marks removed).
    var original: String
    /// Folded (``TextNormalizer``).
    var norm: String
    /// `norm` without Arabic clitics: a leading "و"/"ف", then "ال", "بال", "لل", "وال", "فال".
    var base: String
    /// Whether the original started with an uppercase Latin letter.
    var capitalized: Bool
    /// Whether the token holds Arabic letters.
    var arabic: Bool
}

enum Tokenizer {
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var currentNorm = String.UnicodeScalarView()
        var hasLetter = false, hasDigit = false, arabic = false

        func flush() {
            guard !current.isEmpty else { return }
            let original = String(current), norm = String(currentNorm)
            let kind: Token.Kind = hasDigit && (!hasLetter || Tokenizer.isNumberWithSuffix(norm)) ? .number : .word
            let first = current.first!
            tokens.append(Token(kind: kind, original: original, norm: norm, base: arabic ? Tokenizer.stripClitics(norm) : norm,
                                capitalized: first.properties.isUppercase, arabic: arabic))
            current = String.UnicodeScalarView(); currentNorm = String.UnicodeScalarView()
            hasLetter = false; hasDigit = false; arabic = false
        }

        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            guard let m = TextNormalizer.map(s) else { i += 1; continue }
            let isDigit = ("0"..."9").contains(m)
            let isLetter = !isDigit && (m.properties.isAlphabetic || m == "'" && !current.isEmpty && i + 1 < scalars.count && scalars[i + 1].properties.isAlphabetic)
            if isDigit || isLetter {
                // "3asha" and "9pm" are one token; a Latin word followed by Arabic (or back) splits.
                if !current.isEmpty, isLetter, hasLetter || hasDigit {
                    let wasArabic = arabic, nowArabic = TextNormalizer.isArabicLetter(m)
                    if wasArabic != nowArabic && hasLetter { flush() } else if nowArabic && hasDigit && !hasLetter { flush() }
                }
                if !current.isEmpty, isDigit, arabic { flush() }
                current.append(s); currentNorm.append(m)
                if isDigit { hasDigit = true } else {
                    hasLetter = true
                    if TextNormalizer.isArabicLetter(m) { arabic = true }
                }
                i += 1
                continue
            }
            // ":" "/" "." between digits stay inside a number ("7:30", "9/12", "1.5").
            if (m == ":" || m == "/" || m == "."), hasDigit, !hasLetter, i + 1 < scalars.count,
               let next = TextNormalizer.map(scalars[i + 1]), ("0"..."9").contains(next) {
                current.append(s); currentNorm.append(m); i += 1
                continue
            }
            flush()
            if m == " " || m == "\n" || m == "\t" || m == "\r" || m.properties.isWhitespace { i += 1; continue }
            let isPunct = "?,.!-/:;()@&\"*~+=".unicodeScalars.contains(m)
            // Keep emoji with their modifiers as one symbol.
            var sym = String.UnicodeScalarView([m])
            var j = i + 1
            if !isPunct {
                while j < scalars.count, scalars[j].properties.isEmojiModifier || scalars[j].value == 0xFE0F || scalars[j].value == 0x200D
                        || (0x1F3FB...0x1F3FF).contains(scalars[j].value) {
                    if scalars[j].value == 0x200D, j + 1 < scalars.count { sym.append(scalars[j]); sym.append(scalars[j + 1]); j += 2; continue }
                    if scalars[j].value != 0xFE0F { sym.append(scalars[j]) }
                    j += 1
                }
            }
            let str = String(sym)
            tokens.append(Token(kind: isPunct ? .punct : .symbol, original: str, norm: str, base: str, capitalized: false, arabic: false))
            i = j
        }
        flush()
        return tokens
    }

    /// "9pm", "12th", "4:30pm", "10am", "3rd", "2nd", "1st", "5h", "30min".
    static func isNumberWithSuffix(_ norm: String) -> Bool {
        guard let firstLetter = norm.firstIndex(where: { !("0"..."9").contains($0) && $0 != ":" && $0 != "." && $0 != "/" }) else { return true }
        guard norm.first.map({ ("0"..."9").contains($0) }) == true else { return false }
        let suffix = norm[firstLetter...]
        return ["am", "pm", "a", "p", "th", "st", "nd", "rd", "h", "hr", "hrs", "min", "mins", "m", "ish"].contains(String(suffix))
    }

    /// Removes a leading conjunction and the article from a folded Arabic word:
    /// "والخميس" → "خميس", "بالليل" → "ليل", "للمكتب" → "مكتب".
    static func stripClitics(_ word: String) -> String {
        var w = Substring(word)
        if w.count > 3, w.hasPrefix("و") || w.hasPrefix("ف") {
            let rest = w.dropFirst()
            if rest.hasPrefix("ال") || rest.hasPrefix("بال") || rest.hasPrefix("لل") { w = rest }
        }
        for prefix in ["بال", "لل", "ال", "عال"] where w.count > prefix.count + 1 && w.hasPrefix(prefix) {
            w = w.dropFirst(prefix.count)
            break
        }
        return String(w)
    }
}
