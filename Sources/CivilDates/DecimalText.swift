/// Decimal text of integers, without Foundation's formatters.
enum DecimalText {
    /// `value` zero-padded to `width` characters, the sign included, as `%0*d` pads it:
    /// `padded(7, width: 2)` is `07`, `padded(-7, width: 4)` is `-007`.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }
}
