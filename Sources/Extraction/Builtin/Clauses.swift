/// The clauses of a message: runs of tokens between the punctuation that ends one (",", ".",
/// "!", "?", ";"; "،" and "؟" fold to "," and "?").
extension [Token] {
    static let clauseMarks: Set<String> = [",", ".", "!", "?", ";"]

    /// The token positions of the clause holding `index`.
    func clause(around index: Int) -> Range<Int> {
        let before = self[..<Swift.min(index, count)].lastIndex { $0.endsClause }
        let after = self[Swift.min(index + 1, count)...].firstIndex { $0.endsClause }
        return (before.map { $0 + 1 } ?? 0)..<(after ?? count)
    }
}

extension Token {
    var endsClause: Bool { kind == .punct && [Token].clauseMarks.contains(norm) }
}
