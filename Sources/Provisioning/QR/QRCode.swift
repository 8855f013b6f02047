/// A QR code (ISO/IEC 18004) holding bytes in byte mode, for setup links shown on a screen.
///
/// The smallest version (1–40) that holds the data at the chosen error-correction level
/// is used, and the mask with the lowest penalty score unless one is given.
public struct QRCode: Sendable {
    /// The symbol version, 1–40: the size is `17 + 4 × version` modules.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: ErrorCorrection
    /// The mask pattern applied, 0–7.
    public let mask: Int
    /// Modules per side.
    public let size: Int
    /// Row-major; `true` is dark.
    private let modules: [Bool]

    /// Encodes UTF-8 text.
    public init(text: String, errorCorrection: ErrorCorrection = .medium, version: Int? = nil,
                mask: Int? = nil) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, version: version, mask: mask)
    }

    /// Encodes bytes.
    ///
    /// - Parameters:
    ///   - version: a fixed version; `nil` takes the smallest that fits.
    ///   - mask: a fixed mask pattern 0–7; `nil` takes the one with the lowest penalty.
    public init(bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, version: Int? = nil,
                mask: Int? = nil) throws(QRCodeError) {
        if let mask, !(0...7).contains(mask) { throw .invalidMask(mask) }
        let chosen: Int
        if let version {
            guard QRVersionTable.versions.contains(version) else { throw .invalidVersion(version) }
            let capacity = QRVersionTable.byteCapacity(version, errorCorrection)
            guard bytes.count <= capacity else { throw .dataTooLong(bytes: bytes.count, capacity: capacity) }
            chosen = version
        } else {
            guard let fitting = QRVersionTable.versions.first(where: { bytes.count <= QRVersionTable.byteCapacity($0, errorCorrection) })
            else { throw .dataTooLong(bytes: bytes.count, capacity: QRVersionTable.byteCapacity(40, errorCorrection)) }
            chosen = fitting
        }

        let data = QRCodewords.data(bytes, version: chosen, level: errorCorrection)
        var matrix = QRMatrix(version: chosen)
        matrix.place(QRCodewords.interleaved(data, version: chosen, level: errorCorrection))
        let chosenMask = mask ?? Self.bestMask(for: matrix)
        matrix.applyMask(chosenMask)
        matrix.drawFormatAndVersion(level: errorCorrection, mask: chosenMask)

        self.version = chosen
        self.errorCorrection = errorCorrection
        self.mask = chosenMask
        self.size = matrix.size
        self.modules = matrix.modules
    }

    /// Whether the module at `row`, `column` (from the top left, 0-based) is dark.
    public subscript(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// The first mask with the lowest penalty.
    private static func bestMask(for matrix: QRMatrix) -> Int {
        var best = (mask: 0, score: Int.max)
        for mask in 0..<8 {
            var candidate = matrix
            candidate.applyMask(mask)
            let score = QRMaskPenalty.score(candidate)
            if score < best.score { best = (mask, score) }
        }
        return best.mask
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    case dataTooLong(bytes: Int, capacity: Int)
    case invalidVersion(Int)
    case invalidMask(Int)

    public var description: String {
        switch self {
        case .dataTooLong(let bytes, let capacity): "\(bytes) bytes do not fit in a QR code of this size (at most \(capacity))"
        case .invalidVersion(let version): "QR code version \(version) is not between 1 and 40"
        case .invalidMask(let mask): "QR mask \(mask) is not between 0 and 7"
        }
    }
}
