/// Reed–Solomon error correction over GF(256) with the QR code polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004 §7.5.2).
struct ReedSolomon {
    /// Generator coefficients, highest degree first, the leading 1 left out.
    private let generator: [UInt8]

    /// A code that adds `degree` error-correction codewords.
    init(degree: Int) {
        // (x - α⁰)(x - α¹)…(x - α^(degree-1)), built one factor at a time.
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = Self.multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = Self.multiply(root, 2)
        }
        generator = coefficients
    }

    /// The error-correction codewords for `data`: the remainder of data·x^degree divided
    /// by the generator.
    func remainder(_ data: some Sequence<UInt8>) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= Self.multiply(generator[index], factor) }
        }
        return result
    }

    /// Multiplication in GF(2⁸) modulo 0x11D, by shift and add.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        let x = Int(a), y = Int(b)
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((y >> bit) & 1) * x
        }
        return UInt8(product)
    }
}
