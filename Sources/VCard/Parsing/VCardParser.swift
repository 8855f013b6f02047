/// Reads vCard text (RFC 6350 §3.3, RFC 2426, vCard 2.1) into ``VCard`` values.
///
/// The parser accepts CRLF or bare LF line ends, a leading UTF-8 byte-order mark, lines
/// folded with a space or a tab, several cards one after the other, and what vCard 2.1
/// writers send: quoted-printable values continued with soft line breaks (`=` at the end
/// of a line), values in the charset a `CHARSET` parameter names, base64 blocks that go
/// on over unindented lines until an empty line, and bare parameters (`TEL;WORK;VOICE:`).
///
/// It rejects what cannot be read unambiguously with a ``VCardError`` that carries the
/// line and column, and it never crashes or loops on bad input: the work is linear in the
/// input and every dimension is bounded by ``VCardParserLimits``.
///
/// ```swift
/// let cards = try VCardParser().parse(Array(text.utf8))
/// ```
public struct VCardParser: Sendable {
    /// The bounds enforced while parsing.
    public var limits: VCardParserLimits

    /// Creates a parser.
    public init(limits: VCardParserLimits = .default) {
        self.limits = limits
    }

    /// Parses every card in `bytes`. Input without any card gives an empty array.
    public func parse(_ bytes: [UInt8]) throws(VCardError) -> [VCard] {
        var result: Result<[VCard], VCardError> = .success([])
        bytes.withUnsafeBufferPointer { buffer in
            var state = VCardParserState(input: buffer, limits: limits)
            do throws(VCardError) {
                try state.run()
                result = .success(state.cards)
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a string of vCard text.
    public func parse(_ text: String) throws(VCardError) -> [VCard] {
        try parse(Array(text.utf8))
    }

    /// Parses input that must hold exactly one card.
    public func parseCard(_ bytes: [UInt8]) throws(VCardError) -> VCard {
        let cards = try parse(bytes)
        guard let first = cards.first else {
            throw VCardError(.invalidStructure, "no BEGIN:VCARD found", line: 1, column: 1)
        }
        if cards.count > 1 {
            throw VCardError(.invalidStructure, "more than one vCard; expected exactly one", line: cards[1].line, column: 1)
        }
        return first
    }

    /// Parses a string that must hold exactly one card.
    public func parseCard(_ text: String) throws(VCardError) -> VCard {
        try parseCard(Array(text.utf8))
    }
}
