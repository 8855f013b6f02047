/// The module grid of one symbol while it is built: function patterns, codeword
/// placement, masking, and the format and version information (ISO/IEC 18004 §6.3, §7.7–7.10).
struct QRMatrix {
    let version: Int
    let size: Int
    /// Row-major; `true` is dark.
    private(set) var modules: [Bool]
    /// Modules that belong to a function pattern or the format/version areas: never masked.
    private var isFunction: [Bool]

    /// A grid with the finder, separator, timing and alignment patterns drawn and the
    /// format and version areas reserved (left light until ``drawFormatAndVersion(level:mask:)``).
    init(version: Int) {
        self.version = version
        size = QRVersionTable.size(version)
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    subscript(row: Int, column: Int) -> Bool { modules[row * size + column] }

    private mutating func setFunction(_ row: Int, _ column: Int, _ dark: Bool) {
        modules[row * size + column] = dark
        isFunction[row * size + column] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(centerRow: 3, centerColumn: 3)
        drawFinder(centerRow: 3, centerColumn: size - 4)
        drawFinder(centerRow: size - 4, centerColumn: 3)
        let positions = QRVersionTable.alignmentPositions(version)
        for row in positions {
            for column in positions {
                let overlapsFinder = (row == 6 && column == 6) || (row == 6 && column == positions.last)
                    || (row == positions.last && column == 6)
                if !overlapsFinder { drawAlignment(centerRow: row, centerColumn: column) }
            }
        }
        reserveFormatAndVersion()
    }

    /// A 7×7 finder with its one-module light separator, clipped at the edges.
    private mutating func drawFinder(centerRow: Int, centerColumn: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let row = centerRow + dy, column = centerColumn + dx
                guard (0..<size).contains(row), (0..<size).contains(column) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(row, column, distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(centerRow: Int, centerColumn: Int) {
        for dy in -2...2 {
            for dx in -2...2 { setFunction(centerRow + dy, centerColumn + dx, max(abs(dx), abs(dy)) != 1) }
        }
    }

    private mutating func reserveFormatAndVersion() {
        for index in 0...8 where index != 6 {
            setFunction(index, 8, false)
            setFunction(8, index, false)
        }
        for index in 0..<8 {
            setFunction(size - 1 - index, 8, false)
            setFunction(8, size - 1 - index, false)
        }
        guard version >= 7 else { return }
        for a in 0..<6 {
            for b in (size - 11)..<(size - 8) {
                setFunction(a, b, false)
                setFunction(b, a, false)
            }
        }
    }

    /// Places the codewords in two-module columns, right to left, alternately upwards and
    /// downwards, skipping the vertical timing pattern (§7.7.3). Remainder modules stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upwards = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upwards ? size - 1 - step : step
                for column in [right, right - 1] where !isFunction[row * size + column] && bitIndex < totalBits {
                    modules[row * size + column] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the data modules where mask pattern `mask` (0–7, Table 10) says so.
    /// Applying the same mask twice undoes it.
    mutating func applyMask(_ mask: Int) {
        for row in 0..<size {
            for column in 0..<size where !isFunction[row * size + column] && Self.masks(mask, row, column) {
                modules[row * size + column].toggle()
            }
        }
    }

    private static func masks(_ mask: Int, _ i: Int, _ j: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Writes the 15-bit format information twice, the dark module, and for version 7 and
    /// up the 18-bit version information twice (§7.9, §7.10).
    mutating func drawFormatAndVersion(level: QRCode.ErrorCorrection, mask: Int) {
        let format = Self.formatBits(level: level, mask: mask)
        func bit(_ value: Int, _ index: Int) -> Bool { (value >> index) & 1 == 1 }
        for index in 0...5 { setFunction(index, 8, bit(format, index)) }
        setFunction(7, 8, bit(format, 6))
        setFunction(8, 8, bit(format, 7))
        setFunction(8, 7, bit(format, 8))
        for index in 9..<15 { setFunction(8, 14 - index, bit(format, index)) }
        for index in 0..<8 { setFunction(8, size - 1 - index, bit(format, index)) }
        for index in 8..<15 { setFunction(size - 15 + index, 8, bit(format, index)) }
        setFunction(size - 8, 8, true)

        guard version >= 7 else { return }
        let versionBits = Self.versionBits(version)
        for index in 0..<18 {
            let a = size - 11 + index % 3, b = index / 3
            setFunction(b, a, bit(versionBits, index))
            setFunction(a, b, bit(versionBits, index))
        }
    }

    /// Level and mask with a BCH(15,5) code, XORed with 101010000010010 (§7.9.1).
    static func formatBits(level: QRCode.ErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The version with a BCH(18,6) code (§7.10).
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
