/// The entries of a ZIP archive, as its central directory lists them (PKWARE APPNOTE 4.3).
///
/// Only what reading one text file needs: stored and deflated entries, ZIP64 sizes, no
/// encryption, no multi-disk archives. Every offset is checked against the bytes; a damaged
/// archive throws, it never reads out of bounds.
struct ZipArchive {
    struct Entry {
        var name: String
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int

        /// Bit 0 of the flags; method 99 is WinZip's AES.
        var isEncrypted: Bool { flags & 1 != 0 || method == 99 }
        var isDirectory: Bool { name.hasSuffix("/") }
        /// The name after the last `/` (or `\\`, as some Windows tools write).
        var fileName: Substring { name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last ?? "" }
    }

    private let bytes: UnsafeRawBufferPointer
    let entries: [Entry]

    /// Reads the central directory of the archive in `bytes`.
    init(bytes: UnsafeRawBufferPointer) throws(WhatsAppExportError) {
        self.bytes = bytes
        let directory = try Self.centralDirectory(in: bytes)
        var entries: [Entry] = []
        var offset = directory.offset
        for _ in 0..<directory.count {
            let (entry, next) = try Self.entry(in: bytes, at: offset, directoryEnd: directory.end)
            entries.append(entry)
            offset = next
        }
        self.entries = entries
    }

    /// The bytes of `entry`, after checking its size against `limit` and its checksum.
    func contents(of entry: Entry, limit: Int) throws(WhatsAppExportError) -> [UInt8] {
        guard !entry.isEncrypted else { throw .encryptedArchive }
        guard entry.method == 0 || entry.method == 8 else { throw .unsupportedCompression(method: Int(entry.method)) }
        guard entry.uncompressedSize <= limit else { throw .tooLarge(limit: .bytes(limit)) }
        // Chats compress a few times over, rarely twentyfold; a hundredfold is a bomb. Small entries cannot hurt.
        if entry.uncompressedSize > Self.ratioCheckedSize,
           entry.uncompressedSize > entry.compressedSize * Self.maximumCompressionRatio {
            throw .tooLarge(limit: .compressionRatio(Self.maximumCompressionRatio))
        }

        let header = entry.localHeaderOffset
        guard try Self.uint32(bytes, at: header) == 0x0403_4B50 else { throw .unreadableArchive(reason: "no local header for \(entry.name)") }
        // The local header's own name and extra lengths place the data; they may differ from the central ones.
        let dataStart = header + 30 + Int(try Self.uint16(bytes, at: header + 26)) + Int(try Self.uint16(bytes, at: header + 28))
        guard dataStart <= bytes.count, entry.compressedSize <= bytes.count - dataStart else {
            throw .unreadableArchive(reason: "\(entry.name) runs past the end of the archive")
        }
        let data = UnsafeRawBufferPointer(rebasing: bytes[dataStart..<dataStart + entry.compressedSize])

        let contents: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .unreadableArchive(reason: "\(entry.name) is stored but its two sizes differ")
            }
            contents = Array(data)
        } else {
            contents = try Inflater.inflate(data, expectedSize: entry.uncompressedSize, name: entry.name)
        }
        guard Inflater.crc32(contents) == entry.crc32 else { throw .unreadableArchive(reason: "\(entry.name) fails its checksum") }
        return contents
    }

    static let maximumCompressionRatio = 100
    static let ratioCheckedSize = 1024 * 1024

    // MARK: Records

    /// Where the central directory is and how many entries it has, from the end record (and its ZIP64 form).
    private static func centralDirectory(in bytes: UnsafeRawBufferPointer) throws(WhatsAppExportError) -> (offset: Int, end: Int, count: Int) {
        guard bytes.count >= 22 else { throw .unreadableArchive(reason: "too short to be a ZIP archive") }
        // The end record is the last 22 bytes, unless a comment of up to 65,535 bytes follows it.
        var record = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while try uint32(bytes, at: record) != 0x0605_4B50 {
            guard record > lowest else { throw .unreadableArchive(reason: "no end of central directory record") }
            record -= 1
        }
        var count = Int(try uint16(bytes, at: record + 10))
        var size = Int(try uint32(bytes, at: record + 12))
        var offset = Int(try uint32(bytes, at: record + 16))

        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the larger end record.
            let locator = record - 20
            guard locator >= 0, try uint32(bytes, at: locator) == 0x0706_4B50 else {
                throw .unreadableArchive(reason: "ZIP64 sizes without a ZIP64 locator")
            }
            let record64 = try int64(bytes, at: locator + 8)
            guard try uint32(bytes, at: record64) == 0x0606_4B50 else { throw .unreadableArchive(reason: "no ZIP64 end record") }
            count = try int64(bytes, at: record64 + 32)
            size = try int64(bytes, at: record64 + 40)
            offset = try int64(bytes, at: record64 + 48)
        }
        guard offset <= bytes.count, size <= bytes.count - offset, count <= size / 46 else {
            throw .unreadableArchive(reason: "the central directory lies outside the archive")
        }
        return (offset, offset + size, count)
    }

    /// The central directory entry at `offset`, and where the next one starts.
    private static func entry(in bytes: UnsafeRawBufferPointer, at offset: Int, directoryEnd: Int) throws(WhatsAppExportError) -> (Entry, next: Int) {
        guard offset + 46 <= directoryEnd, try uint32(bytes, at: offset) == 0x0201_4B50 else {
            throw .unreadableArchive(reason: "a damaged central directory entry at byte \(offset)")
        }
        let nameLength = Int(try uint16(bytes, at: offset + 28))
        let extraLength = Int(try uint16(bytes, at: offset + 30))
        let commentLength = Int(try uint16(bytes, at: offset + 32))
        let nameStart = offset + 46
        let next = nameStart + nameLength + extraLength + commentLength
        guard next <= directoryEnd else { throw .unreadableArchive(reason: "a central directory entry runs past its end") }

        // Names are UTF-8 when flag bit 11 says so, else CP 437, which agrees with ASCII for the names looked for.
        var entry = Entry(
            name: String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self),
            flags: try uint16(bytes, at: offset + 8),
            method: try uint16(bytes, at: offset + 10),
            crc32: try uint32(bytes, at: offset + 16),
            compressedSize: Int(try uint32(bytes, at: offset + 20)),
            uncompressedSize: Int(try uint32(bytes, at: offset + 24)),
            localHeaderOffset: Int(try uint32(bytes, at: offset + 42))
        )
        try readZip64Fields(bytes, extra: nameStart + nameLength..<nameStart + nameLength + extraLength, into: &entry)
        return (entry, next)
    }

    /// Replaces the sizes and offset saturated at 0xFFFFFFFF with the ZIP64 extra field's (id 1), in its order.
    private static func readZip64Fields(_ bytes: UnsafeRawBufferPointer, extra: Range<Int>, into entry: inout Entry) throws(WhatsAppExportError) {
        let saturated = 0xFFFF_FFFF
        guard entry.uncompressedSize == saturated || entry.compressedSize == saturated || entry.localHeaderOffset == saturated else { return }
        var field = extra.lowerBound
        while field + 4 <= extra.upperBound {
            let id = try uint16(bytes, at: field)
            let length = Int(try uint16(bytes, at: field + 2))
            var value = field + 4
            guard value + length <= extra.upperBound else { break }
            if id == 0x0001 {
                if entry.uncompressedSize == saturated, value + 8 <= field + 4 + length {
                    entry.uncompressedSize = try int64(bytes, at: value)
                    value += 8
                }
                if entry.compressedSize == saturated, value + 8 <= field + 4 + length {
                    entry.compressedSize = try int64(bytes, at: value)
                    value += 8
                }
                if entry.localHeaderOffset == saturated, value + 8 <= field + 4 + length {
                    entry.localHeaderOffset = try int64(bytes, at: value)
                }
                return
            }
            field = value + length
        }
        throw .unreadableArchive(reason: "\(entry.name) has ZIP64 sizes without a ZIP64 field")
    }

    // MARK: Little-endian integers, bounds-checked

    private static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(WhatsAppExportError) -> UInt16 {
        guard offset >= 0, offset <= bytes.count - 2 else { throw .unreadableArchive(reason: "truncated") }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(WhatsAppExportError) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { throw .unreadableArchive(reason: "truncated") }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// A 64-bit field as an offset or size; values beyond `Int.max` cannot lie within the archive.
    private static func int64(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(WhatsAppExportError) -> Int {
        guard offset >= 0, offset <= bytes.count - 8 else { throw .unreadableArchive(reason: "truncated") }
        let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        guard value <= UInt64(Int32.max) * 4 else { throw .unreadableArchive(reason: "a ZIP64 size beyond any archive read") }
        return Int(value)
    }
}
