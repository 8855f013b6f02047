import Foundation
@testable import Provisioning
import Testing

/// Module matrices made by python segno (scripts/gen-qr-fixtures.py), compared module by
/// module with ours.
struct SegnoFixture: Decodable, CustomTestStringConvertible {
    let data_hex: String
    let level: String
    let forced: Bool
    let version: Int
    let mask: Int
    let rows: [String]

    var testDescription: String { "\(forced ? "forced" : "auto") v\(version)-\(level) mask \(mask), \(bytes.count) bytes" }

    var bytes: [UInt8] {
        let digits = Array(data_hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(Self.nibble(digits[$0]) << 4 | Self.nibble(digits[$0 + 1])) }
    }

    var errorCorrection: QRCode.ErrorCorrection {
        ["L": .low, "M": .medium, "Q": .quartile, "H": .high][level]!
    }

    /// Whether module `column` of `row` is dark: rows are hex, leftmost module the top bit.
    func dark(_ row: Int, _ column: Int) -> Bool {
        let digit = Self.nibble(Array(rows[row].utf8)[column / 4])
        return (digit >> (3 - column % 4)) & 1 == 1
    }

    static func nibble(_ character: UInt8) -> Int {
        Int(character <= UInt8(ascii: "9") ? character - UInt8(ascii: "0") : character - UInt8(ascii: "a") + 10)
    }

    static let all: [SegnoFixture] = {
        struct File: Decodable { let cases: [SegnoFixture] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/qr/segno.json")
        guard let data = FileManager.default.contents(atPath: url.path),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.cases
    }()
}

@Suite struct QRCodeTests {
    @Test func fixturesCoverTheVersionsAndMasks() {
        let fixtures = SegnoFixture.all
        #expect(fixtures.count >= 70)
        #expect(Set(fixtures.map(\.version)).isSuperset(of: 1...20))
        #expect(Set(fixtures.filter(\.forced).map(\.mask)) == Set(0...7))
        #expect(Set(fixtures.map(\.level)) == ["L", "M", "Q", "H"])
        #expect(fixtures.filter { !$0.forced }.count >= 30)
    }

    @Test(arguments: SegnoFixture.all)
    func matrixEqualsSegno(_ fixture: SegnoFixture) throws {
        let code = try QRCode(bytes: fixture.bytes, errorCorrection: fixture.errorCorrection,
                              version: fixture.forced ? fixture.version : nil, mask: fixture.forced ? fixture.mask : nil)
        #expect(code.version == fixture.version)
        #expect(code.mask == fixture.mask)
        try #require(code.size == fixture.rows.count)
        var differing: [String] = []
        for row in 0..<code.size {
            for column in 0..<code.size where code[row, column] != fixture.dark(row, column) {
                differing.append("(\(row),\(column))")
            }
        }
        let count = differing.count
        #expect(count == 0, "first differences: \(differing.prefix(8).joined(separator: " "))")
    }

    @Test func reedSolomonMatchesTheStandardsExample() {
        // ISO/IEC 18004 Annex I: "01234567" as 1-M; data codewords and their 10 EC codewords.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomon(degree: 10).remainder(data) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func capacitiesMatchTheStandardsTable() {
        // ISO/IEC 18004 Table 7, byte mode.
        #expect(QRVersionTable.byteCapacity(1, .medium) == 14)
        #expect(QRVersionTable.byteCapacity(1, .high) == 7)
        #expect(QRVersionTable.byteCapacity(10, .medium) == 213)
        #expect(QRVersionTable.byteCapacity(20, .medium) == 666)
        #expect(QRVersionTable.byteCapacity(40, .low) == 2953)
        #expect(QRVersionTable.byteCapacity(40, .high) == 1273)
    }

    @Test func versionGrowsWithLengthAndLimitsAreEnforced() throws {
        #expect(try QRCode(text: String(repeating: "a", count: 14)).version == 1)
        #expect(try QRCode(text: String(repeating: "a", count: 15)).version == 2)
        let url = "https://cal.example.org/provision/" + String(repeating: "Zx9_", count: 16)
        #expect(try QRCode(text: url).version == 6)
        #expect(throws: QRCodeError.dataTooLong(bytes: 2332, capacity: 2331)) {
            try QRCode(bytes: [UInt8](repeating: 0x41, count: 2332))
        }
        #expect(throws: QRCodeError.dataTooLong(bytes: 15, capacity: 14)) {
            try QRCode(bytes: [UInt8](repeating: 0x41, count: 15), version: 1)
        }
        #expect(throws: QRCodeError.invalidVersion(41)) { try QRCode(text: "a", version: 41) }
        #expect(throws: QRCodeError.invalidMask(8)) { try QRCode(text: "a", mask: 8) }
        #expect(try QRCode(text: "").version == 1)
    }

    @Test func pngDecodesToTheModules() throws {
        let code = try QRCode(text: "https://cal.example.org/provision/abc", errorCorrection: .quartile)
        let scale = 3, border = 2
        let png = code.png(scale: scale, border: border)
        let image = try PNGReader(png)
        let side = (code.size + 2 * border) * scale
        #expect(image.width == side && image.height == side)
        for y in 0..<side {
            for x in 0..<side {
                let row = y / scale - border, column = x / scale - border
                let dark = (0..<code.size).contains(row) && (0..<code.size).contains(column) && code[row, column]
                if image.isDark(x: x, y: y) != dark {
                    Issue.record("pixel \(x),\(y) wrong")
                    return
                }
            }
        }
    }

    @Test func largePNGSpansSeveralStoredBlocks() throws {
        let code = try QRCode(bytes: [UInt8](repeating: 0x61, count: 600))
        let image = try PNGReader(code.png(scale: 20, border: 4))
        #expect(image.width == (code.size + 8) * 20)
        #expect(image.storedBlocks > 1)
    }

    @Test func svgDrawsEveryDarkModule() throws {
        let code = try QRCode(text: "hello")
        let svg = code.svg(moduleSize: 2, border: 1)
        let side = (code.size + 2) * 2
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\" viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.hasSuffix("</svg>\n"))
        // Each run is "M x y h w v 2 h -w z": the widths add up to twice the dark modules.
        let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
        let widths = path.split(separator: "z").map { run in Int(run.split(separator: "h")[1].split(separator: "v")[0])! }
        var darkCount = 0
        for row in 0..<code.size { for column in 0..<code.size where code[row, column] { darkCount += 1 } }
        #expect(widths.reduce(0, +) == darkCount * 2)
    }

    @Test func checksumsMatchKnownValues() {
        #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksum.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Checksum.adler32([UInt8](repeating: 0xFF, count: 100_000)) == Self.slowAdler([UInt8](repeating: 0xFF, count: 100_000)))
    }

    static func slowAdler(_ bytes: [UInt8]) -> UInt32 {
        var a = 1, b = 0
        for byte in bytes { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        return UInt32(b << 16 | a)
    }
}

/// Reads back the PNGs ``QRCode/png(scale:border:)`` writes: checks every chunk's CRC, the
/// zlib header and Adler-32, and unpacks the stored deflate blocks.
struct PNGReader {
    struct Malformed: Error { let reason: String }
    let width: Int
    let height: Int
    let storedBlocks: Int
    private let pixels: [UInt8]

    init(_ png: [UInt8]) throws {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Malformed(reason: "signature") }
        var offset = 8
        var chunks: [(String, [UInt8])] = []
        func u32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        while offset < png.count {
            let length = u32(offset)
            let typed = Array(png[(offset + 4)..<(offset + 8 + length)])
            guard Checksum.crc32(typed) == UInt32(u32(offset + 8 + length)) else { throw Malformed(reason: "crc") }
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset += 12 + length
        }
        guard chunks.map(\.0) == ["IHDR", "IDAT", "IEND"] else { throw Malformed(reason: "chunks \(chunks.map(\.0))") }
        let header = chunks[0].1
        width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        guard Array(header[8...]) == [1, 0, 0, 0, 0] else { throw Malformed(reason: "header") }
        let zlib = chunks[1].1
        guard (Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0, zlib[0] & 0x0F == 8 else { throw Malformed(reason: "zlib header") }
        var position = 2
        var inflated: [UInt8] = []
        var blocks = 0
        while true {
            let final = zlib[position] & 1 == 1
            guard zlib[position] & 0b110 == 0 else { throw Malformed(reason: "not a stored block") }
            let length = Int(zlib[position + 1]) | Int(zlib[position + 2]) << 8
            let complement = Int(zlib[position + 3]) | Int(zlib[position + 4]) << 8
            guard length ^ complement == 0xFFFF else { throw Malformed(reason: "NLEN") }
            inflated += zlib[(position + 5)..<(position + 5 + length)]
            position += 5 + length
            blocks += 1
            if final { break }
        }
        let adler = UInt32(zlib[position]) << 24 | UInt32(zlib[position + 1]) << 16 | UInt32(zlib[position + 2]) << 8 | UInt32(zlib[position + 3])
        guard adler == Checksum.adler32(inflated), position + 4 == zlib.count else { throw Malformed(reason: "adler") }
        let rowBytes = (width + 7) / 8
        guard inflated.count == (rowBytes + 1) * height else { throw Malformed(reason: "size") }
        storedBlocks = blocks
        pixels = inflated
    }

    func isDark(x: Int, y: Int) -> Bool {
        let rowBytes = (width + 7) / 8
        let byte = pixels[y * (rowBytes + 1) + 1 + x / 8]
        return (byte >> (7 - UInt8(x % 8))) & 1 == 0
    }
}
