import Foundation

/// BINARY values (RFC 5545 §3.3.1), base64-encoded with ENCODING=BASE64.
public enum Base64 {
    /// Decodes a BINARY value; whitespace left by unfolding is ignored.
    public static func decode(_ text: String) throws(ValueError) -> [UInt8] {
        let cleaned = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: cleaned) else { throw ValueError("not valid base64") }
        return [UInt8](data)
    }

    /// Encodes bytes as a BINARY value.
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}

extension Property {
    /// The decoded bytes of a BINARY value (ATTACH;ENCODING=BASE64;VALUE=BINARY:...).
    public func binaryValue() throws(ValueError) -> [UInt8] {
        try Base64.decode(value)
    }
}
