/// Strong ETags for stored objects and files, `"<position>-<FNV-1a 64 of the bytes, hex>"`,
/// the one form every store writes.
///
/// The position (a calendar's change position, a file's revision) makes a tag unique per
/// write, whatever the bytes; the hash ties it to the content, so that when a collection
/// is deleted and created again (its positions start over) an old tag matches a new object
/// only if the bytes match too, which is what a strong ETag promises (RFC 9110 §8.8.1).
/// Uniqueness comes from the position, not from collision resistance, so a cryptographic
/// digest buys nothing here.
public enum EntityTag {
    public static func make(position: Int64, data: [UInt8]) -> String {
        "\"\(position)-\(FNV1a.hex(data))\""
    }
}
