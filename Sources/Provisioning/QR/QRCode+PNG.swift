extension QRCode {
    /// The code as a 1-bit grayscale PNG, each module `scale` pixels square, with a quiet
    /// zone of `border` modules (4 is standard).
    public func png(scale: Int = 8, border: Int = 4) -> [UInt8] {
        let scale = max(1, scale), border = max(0, border)
        let side = (size + 2 * border) * scale
        let rowBytes = (side + 7) / 8
        var rows: [UInt8] = []
        rows.reserveCapacity((rowBytes + 1) * side)
        for y in 0..<side {
            rows.append(0)  // filter type None
            let row = y / scale - border
            var byte: UInt8 = 0
            for x in 0..<side {
                let column = x / scale - border
                let dark = (0..<size).contains(row) && (0..<size).contains(column) && self[row, column]
                // In 1-bit grayscale 1 is white.
                if !dark { byte |= 0x80 >> UInt8(x % 8) }
                if x % 8 == 7 || x == side - 1 {
                    rows.append(byte)
                    byte = 0
                }
            }
        }
        return PNGWriter.grayscale1Bit(width: side, height: side, scanlines: rows)
    }
}
