/// RFC 6868 escapes in parameter values: `^n` is a line break, `^'` a double quote and
/// `^^` a caret. Other carets are kept as written.
public enum ParameterEscaping {
    /// Resolves the escapes of a parameter value.
    public static func decode(_ value: String) -> String {
        guard value.utf8.contains(0x5E) else { return value }
        var out: [UInt8] = []
        let bytes = Array(value.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x5E, i + 1 < bytes.count {
                switch bytes[i + 1] {
                case 0x6E, 0x4E: out.append(0x0A); i += 2; continue
                case 0x27: out.append(0x22); i += 2; continue
                case 0x5E: out.append(0x5E); i += 2; continue
                default: break
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes a line break, a double quote and a caret for use in a parameter value.
    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            switch byte {
            case 0x5E: out += [0x5E, 0x5E]
            case 0x22: out += [0x5E, 0x27]
            case 0x0D: out += [0x5E, 0x6E]
            case 0x0A: if !previousWasCR { out += [0x5E, 0x6E] }
            default: out.append(byte)
            }
            previousWasCR = byte == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }
}
