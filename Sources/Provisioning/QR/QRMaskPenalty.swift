/// The penalty score of a masked symbol (ISO/IEC 18004 §7.8.3, Table 11); the mask with
/// the lowest score is used.
///
/// Scored before the format and version information are drawn (those areas light), and
/// the 1:1:3:1:1 rule counts a finder-like run when four light modules (or the symbol's
/// edge) lie before or after it, one count per run. This reading of the standard is the
/// one the segno library follows, which the tests compare against.
enum QRMaskPenalty {
    static func score(_ matrix: QRMatrix) -> Int {
        let size = matrix.size
        var total = 0
        var dark = 0
        var row = [Bool](repeating: false, count: size)
        var column = [Bool](repeating: false, count: size)
        for index in 0..<size {
            for other in 0..<size {
                row[other] = matrix[index, other]
                column[other] = matrix[other, index]
                if row[other] { dark += 1 }
            }
            total += runs(row) + runs(column) + finderLike(row) + finderLike(column)
        }
        // Rule 2: every 2×2 block of one colour.
        for r in 0..<(size - 1) {
            for c in 0..<(size - 1) {
                let colour = matrix[r, c]
                if colour == matrix[r, c + 1], colour == matrix[r + 1, c], colour == matrix[r + 1, c + 1] { total += 3 }
            }
        }
        // Rule 4: 10 points for each full 5 % the dark share is away from 50 %.
        let percent = Double(dark) / Double(size * size) * 100
        total += 10 * Int(abs(percent - 50) / 5)
        return total
    }

    /// Rule 1: a run of 5 + i modules of one colour scores 3 + i.
    private static func runs(_ line: [Bool]) -> Int {
        var score = 0
        var length = 1
        for index in 1..<line.count {
            if line[index] == line[index - 1] {
                length += 1
            } else {
                if length >= 5 { score += length - 2 }
                length = 1
            }
        }
        if length >= 5 { score += length - 2 }
        return score
    }

    /// Rule 3: dark-light-dark-dark-dark-light-dark with four light modules on one side.
    private static func finderLike(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        let count = line.count
        var score = 0
        var start = 0
        while start + 7 <= count {
            guard (0..<7).allSatisfy({ line[start + $0] == pattern[$0] }) else {
                start += 1
                continue
            }
            let before = line[max(start - 4, 0)..<start]
            let after = line[(start + 7)..<min(start + 11, count)]
            if !before.contains(true) || !after.contains(true) {
                score += 40
                start += 7
            } else {
                start += 4
            }
        }
        return score
    }
}
