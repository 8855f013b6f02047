/// Fixed-width decimal fields as RFC 5545 writes them in DATE, DATE-TIME and UTC-OFFSET values.
enum Digits {
    /// Zero-padded decimal; negative numbers keep their sign.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        let padded = text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        return value < 0 ? "-" + padded : padded
    }

    /// Reads exactly `count` ASCII digits at `start` of `bytes`.
    static func read(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.endIndex else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let byte = bytes[i]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
