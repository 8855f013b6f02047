import CZlib
import Foundation

/// A .zip archive of stored (uncompressed) entries, as every unzip tool and file manager
/// opens: the archive a person downloads of their data. Names are UTF-8 (flag bit 11);
/// sizes stay under 4 GiB, so no ZIP64 records are needed.
public struct ZipWriter: Sendable {
    private var output: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    public init() {}

    /// Adds a file at `path` (`calendars/work.ics`).
    public mutating func add(_ path: String, _ data: [UInt8]) {
        let name = Array(path.utf8)
        let crc = data.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
        let offset = UInt32(output.count)
        // Local file header (APPNOTE 4.3.7): version 2.0, UTF-8 names, stored, no time.
        output += Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(0x0800) + Self.le16(0) + Self.le16(0) + Self.le16(0x21)
        output += Self.le32(crc) + Self.le32(UInt32(data.count)) + Self.le32(UInt32(data.count)) + Self.le16(UInt16(name.count)) + Self.le16(0)
        output += name + data
        // Central directory header (4.3.12).
        central += Self.le32(0x0201_4B50) + Self.le16(20) + Self.le16(20) + Self.le16(0x0800) + Self.le16(0) + Self.le16(0) + Self.le16(0x21)
        central += Self.le32(crc) + Self.le32(UInt32(data.count)) + Self.le32(UInt32(data.count)) + Self.le16(UInt16(name.count))
        central += Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le32(0) + Self.le32(offset) + name
        count += 1
    }

    /// The archive's bytes.
    public var bytes: [UInt8] {
        let end = Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0) + Self.le16(UInt16(count)) + Self.le16(UInt16(count))
            + Self.le32(UInt32(central.count)) + Self.le32(UInt32(output.count)) + Self.le16(0)
        return output + central + end
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
}
