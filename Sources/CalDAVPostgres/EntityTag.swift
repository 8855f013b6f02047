import CalDAVCore

/// Strong ETags for stored objects and files, `"<position>-<FNV-1a 64 of the bytes, hex>"`,
/// the same form the SQLite store uses: the position (a calendar's change position, a
/// file's revision) makes a tag unique per write, the hash ties it to the content, so a
/// tag of a deleted and recreated collection matches only the same bytes.
enum EntityTag {
    static func make(position: Int64, data: [UInt8]) -> String {
        "\"\(position)-\(FNV1a.hex(data))\""
    }
}
