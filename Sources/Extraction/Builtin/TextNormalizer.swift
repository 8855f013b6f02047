/// Folds the spelling variants of chat text onto one form so lexicons can match them.
///
/// Arabic: drops tashkeel and tatweel, writes every alef with hamza as bare alef, taa marbuta
/// as ha, alef maqsura as ya, waw/ya with hamza as waw/ya. Arabic-Indic and Persian digits become
/// ASCII; Arabic punctuation becomes its Latin counterpart. Latin letters are lowercased;
/// Arabizi digit-letters (3, 7, 5, 9, 2) are left inside words. Invisible marks (LRM, RLM,
/// zero-width joiners) are removed and unusual spaces become plain spaces.
public enum TextNormalizer {
    public static func normalize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let mapped = map(scalar) { out.append(mapped) }
        }
        return String(out)
    }

    /// The folded form of one scalar, or nil when it is dropped.
    @inline(__always)
    static func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        switch v {
        case 0x41...0x5A: return Unicode.Scalar(v + 32)
        case 0x00...0x7F: return scalar
        case 0x064B...0x065F, 0x0670, 0x0640, 0x06D6...0x06ED: return nil // tashkeel, tatweel, Quranic marks
        case 0x0622, 0x0623, 0x0625, 0x0671, 0x0672, 0x0673: return "\u{0627}" // alef forms
        case 0x0629: return "\u{0647}" // taa marbuta -> ha
        case 0x0649: return "\u{064A}" // alef maqsura -> ya
        case 0x0624: return "\u{0648}" // waw with hamza
        case 0x0626: return "\u{064A}" // ya with hamza
        case 0x06CC: return "\u{064A}" // Persian ya
        case 0x06A9: return "\u{0643}" // Persian kaf
        case 0x06AF: return "\u{0642}" // gaf, the Gulf spelling of qaf ("اگدر"): fold onto qaf
        case 0x0686: return "\u{0643}" // che, the Gulf spelling of a kaf said "ch" ("عندچ", "حياچ"): fold onto kaf
        case 0x06A4: return "\u{0641}" // veh ("ڤوكس"): fold onto fa
        case 0x0660...0x0669: return Unicode.Scalar(v - 0x0660 + 0x30)
        case 0x06F0...0x06F9: return Unicode.Scalar(v - 0x06F0 + 0x30)
        case 0x060C: return ","
        case 0x061F: return "?"
        case 0x061B: return ";"
        case 0x066B: return "."
        case 0x066C: return ","
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return nil
        case 0x00A0, 0x202F, 0x2009, 0x2007, 0x2002...0x2005: return " "
        case 0x2018, 0x2019, 0x02BC: return "'"
        case 0x201C, 0x201D: return "\""
        case 0x2013, 0x2014: return "-"
        case 0x00C0...0x024F:
            // Latin-1 and Latin Extended letters: lowercase, keep accents.
            return Character(scalar).lowercased().unicodeScalars.first ?? scalar
        default: return scalar
        }
    }

    /// Whether the scalar is an Arabic letter (after folding).
    @inline(__always)
    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x0621...0x064A).contains(scalar.value) || (0x0671...0x06D3).contains(scalar.value)
    }
}
