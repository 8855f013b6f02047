/// Strong ETags for stored objects: the collection's change position of the write and a
/// 64-bit FNV-1a hash of the bytes. The position makes a tag unique per write within a
/// collection; the hash ties it to the content. No cryptographic strength is needed:
/// a tag only has to change whenever the stored bytes do.
enum EntityTag {
    static func make(position: Int64, data: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return "\"\(position)-\(String(hash, radix: 16))\""
    }
}
