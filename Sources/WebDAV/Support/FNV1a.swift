/// 64-bit FNV-1a: a fast, stable hash for ETags and opaque tokens where uniqueness comes
/// from elsewhere (a position, a version). Not for security.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`, continuing from `seed`.
    public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash as lowercase hex, for ETags and tokens.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        String(hash(bytes), radix: 16)
    }
}
