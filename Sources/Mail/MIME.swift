import Foundation

/// The encodings a message needs to travel as 7-bit text: quoted-printable bodies
/// (RFC 2045 §6.7), encoded-words in headers (RFC 2047) and folded header lines
/// (RFC 5322 §2.2.3).
enum MIME {
    static let crlf: [UInt8] = [13, 10]

    /// The text's lines, split at CRLF, LF or a lone CR.
    static func lines(_ text: String) -> [Substring] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The text's UTF-8 as quoted-printable: CRLF line breaks, no line over 76 characters,
    /// `=` and every byte outside printable ASCII encoded, and trailing blanks encoded so no
    /// transport can strip them. Ends with a line break.
    static func quotedPrintable(_ text: String) -> [UInt8] {
        var lines = Self.lines(text)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for line in lines {
            let bytes = Array(line.utf8)
            var length = 0
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast)
                let width = literal ? 1 : 3
                // Room for the soft break's `=` keeps every line within 76.
                if length + width > 75 {
                    output += [UInt8(ascii: "=")] + crlf
                    length = 0
                }
                if literal { output.append(byte) } else { output += hexEscape(byte) }
                length += width
            }
            output += crlf
        }
        return output
    }

    static func hexEscape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
    }

    /// The text as RFC 2047 "Q" encoded-words of at most 75 characters each (the first at
    /// most `firstWordLimit`, to fit beside the header's name), never splitting a character.
    /// Only letters, digits and `!*+-/` stay as they are, the set allowed in every place an
    /// encoded-word may stand (§5 (3)), so the words serve in a subject and in a display
    /// name alike.
    static func encodedWords(_ text: String, firstWordLimit: Int = 75) -> [String] {
        let prefix = "=?UTF-8?Q?", suffix = "?="
        var words: [String] = []
        var room: Int { (words.isEmpty ? min(firstWordLimit, 75) : 75) - prefix.count - suffix.count }
        var current = ""
        for character in text {
            var piece = ""
            for byte in String(character).utf8 {
                switch byte {
                case UInt8(ascii: " "): piece += "_"
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
                    piece.unicodeScalars.append(Unicode.Scalar(byte))
                default: piece += String(decoding: hexEscape(byte), as: UTF8.self)
                }
            }
            // A character longer than a whole word (a long emoji sequence) goes alone.
            if !current.isEmpty && current.count + piece.count > room {
                words.append(prefix + current + suffix)
                current = ""
            }
            current += piece
        }
        if !current.isEmpty || words.isEmpty { words.append(prefix + current + suffix) }
        return words
    }

    /// Whether text can stand in a header as it is: printable ASCII words split by single
    /// spaces, each short enough to fold, and nothing a reader could take for an encoded-word.
    static func isPlainHeaderText(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.contains("  ") && !text.contains("=?")
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value <= 0x7E }
            && text.split(separator: " ").allSatisfy { $0.count <= 60 }
    }

    /// Unstructured header text for the header `name`: as it is when plain, else as encoded-words.
    static func headerWords(_ text: String, name: String) -> [String] {
        if text.isEmpty { return [] }
        return isPlainHeaderText(text) ? text.split(separator: " ").map(String.init) : encodedWords(text, firstWordLimit: 78 - name.count - 2)
    }

    /// `Name: word word ...` folded before a word that would take the line past 78
    /// characters, ending with CRLF. The first word stays beside the name (some readers
    /// keep the space of a fold there), so callers keep it short enough.
    static func header(_ name: String, _ words: [String]) -> [UInt8] {
        var output = Array("\(name):".utf8)
        var length = output.count
        for word in words {
            if length + 1 + word.count > 78 && length > name.count + 1 {
                output += crlf
                length = 0
            }
            output.append(UInt8(ascii: " "))
            output += Array(word.utf8)
            length += 1 + word.count
        }
        return output + crlf
    }

    /// A mailbox as header words: the display name (atoms, a quoted string or
    /// encoded-words) followed by `<address>`.
    static func mailboxWords(_ mailbox: MailAddress) -> [String] {
        guard let name = mailbox.displayName else { return [mailbox.address] }
        let words: [String]
        if name.unicodeScalars.allSatisfy({ MailAddress.isAtomText($0) || $0 == " " }) && isPlainHeaderText(name) {
            words = name.split(separator: " ").map(String.init)
        } else if isPlainHeaderText(name) && name.count <= 60 {
            words = ["\"" + name.replacingQuotes + "\""]
        } else {
            // Short enough to follow "From: " or "To: " on the first line.
            words = encodedWords(name, firstWordLimit: 72)
        }
        return words + ["<\(mailbox.address)>"]
    }

    /// Mailboxes separated by commas.
    static func addressListWords(_ mailboxes: [MailAddress]) -> [String] {
        var words: [String] = []
        for (index, mailbox) in mailboxes.enumerated() {
            var mailboxWords = mailboxWords(mailbox)
            if index < mailboxes.count - 1 { mailboxWords[mailboxWords.count - 1] += "," }
            words += mailboxWords
        }
        return words
    }
}
