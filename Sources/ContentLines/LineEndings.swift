/// RFC 5545 §3.1 and RFC 6350 §3.2: content lines end with CRLF. Some clients upload bare
/// LF (SyncEvolution, hand-written files); such an object or card is stored with CRLF,
/// every other byte as sent, so that every client reading it gets what the RFCs promise.
public enum LineEndings {
    /// `bytes` with each LF not preceded by CR made CRLF; the same array when there is none.
    public static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var bare = 0
        for index in bytes.indices where bytes[index] == lf && (index == 0 || bytes[index - 1] != cr) { bare += 1 }
        guard bare > 0 else { return bytes }
        var fixed: [UInt8] = []
        fixed.reserveCapacity(bytes.count + bare)
        for index in bytes.indices {
            if bytes[index] == lf && (index == 0 || bytes[index - 1] != cr) { fixed.append(cr) }
            fixed.append(bytes[index])
        }
        return fixed
    }
}
