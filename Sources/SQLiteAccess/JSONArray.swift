/// A list of names as one JSON text, so that one prepared statement takes any number of
/// them (`name IN (SELECT value FROM json_each(?))`), with no limit on bound parameters.
public enum JSONArray {
    /// `strings` as a JSON array of strings.
    public static func of(_ strings: [String]) -> String {
        var out = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { out += "," }
            out += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        }
        return out + "]"
    }
}
