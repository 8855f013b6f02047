import CalDAVCore

/// Strong ETags for stored objects, `"<change position>-<FNV-1a 64 of the bytes, hex>"`.
///
/// The position makes a tag unique per write within a collection, whatever the bytes; the
/// hash ties it to the content, so that when a collection is deleted and created again (its
/// positions start over) an old tag matches a new object only if the bytes match too, which
/// is what a strong ETag promises (RFC 9110 §8.8.1). Uniqueness comes from the position, not
/// from collision resistance, so a cryptographic digest (SHA-256, which would need
/// swift-crypto) buys nothing here and the store depends on GRDB alone.
enum EntityTag {
    static func make(position: Int64, data: [UInt8]) -> String {
        "\"\(position)-\(FNV1a.hex(data))\""
    }
}
