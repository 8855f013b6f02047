import Foundation
import Testing
@testable import Extraction

/// `.zip` exports, built in the test by Info-ZIP's `zip` or, without it, Python's `zipfile`.
struct WhatsAppZipTests {
    /// Makes archives from files in a fresh temporary folder.
    struct ArchiveMaker {
        static let zip = "/usr/bin/zip"
        static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: zip) || python != nil }
        static var python: String? {
            ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("whatsapp-zip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func write(_ name: String, _ data: Data) throws {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        /// An archive of `names` (relative to the folder); `stored` leaves them uncompressed,
        /// `zip64` makes Info-ZIP write ZIP64 records (Python writes them only when needed).
        func archive(_ names: [String], stored: Bool = false, zip64: Bool = false) throws -> Data {
            let output = folder.appendingPathComponent("out-\(UUID().uuidString).zip")
            let process = Process()
            if FileManager.default.isExecutableFile(atPath: Self.zip) {
                process.executableURL = URL(fileURLWithPath: Self.zip)
                process.arguments = ["-q", "-X"] + (stored ? ["-0"] : ["-9"]) + (zip64 ? ["-fz"] : []) + [output.path] + names
            } else {
                let method = stored ? "ZIP_STORED" : "ZIP_DEFLATED"
                let script = """
                import sys, zipfile
                with zipfile.ZipFile(sys.argv[1], "w", zipfile.\(method)) as z:
                    for name in sys.argv[2:]: z.write(name, name)
                """
                process.executableURL = URL(fileURLWithPath: Self.python!)
                process.arguments = ["-c", script, output.path] + names
            }
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return try Data(contentsOf: output)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The offset of the first central directory entry of `archive`.
    static func centralEntry(in archive: Data) throws -> Int {
        let signature = Data([0x50, 0x4B, 0x01, 0x02])
        return try #require(archive.range(of: signature)).lowerBound - archive.startIndex
    }

    static func patch(_ archive: Data, at offset: Int, _ bytes: [UInt8]) -> Data {
        var archive = archive
        for (index, byte) in bytes.enumerated() { archive[archive.startIndex + offset + index] = byte }
        return archive
    }

    static let chat = try! WhatsAppExportTests.fixture("p01.txt")

    @Test("an iOS archive: _chat.txt beside the photos, deflated and stored", .enabled(if: ArchiveMaker.isAvailable), arguments: [false, true])
    func iOSArchive(stored: Bool) throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(Self.chat.utf8))
        try maker.write("00000012-PHOTO-2026-11-22-18-40-12.jpg", Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        try maker.write("notes.txt", Data("not the chat".utf8))
        let archive = try maker.archive(["00000012-PHOTO-2026-11-22-18-40-12.jpg", "_chat.txt", "notes.txt"], stored: stored)

        #expect(WhatsAppExport.isZip(archive))
        let text = try WhatsAppExport.chatText(fromZip: archive)
        #expect(text == Self.chat)
        #expect(try WhatsAppExport.parse(text, owner: "Karim").messages.count == 9)
        #expect(try WhatsAppExport.chatText(from: archive) == Self.chat)
    }

    @Test("an Android archive: the single .txt, whatever its name, in a folder and with a UTF-8 BOM", .enabled(if: ArchiveMaker.isAvailable))
    func androidArchive() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        let name = "WhatsApp Chat with Zaid/WhatsApp Chat with Zaid.txt"
        try maker.write(name, Data([0xEF, 0xBB, 0xBF]) + Data(Self.chat.utf8))
        try maker.write("WhatsApp Chat with Zaid/IMG-20261125-WA0001.jpg", Data(repeating: 0xAB, count: 300))
        let archive = try maker.archive([name, "WhatsApp Chat with Zaid/IMG-20261125-WA0001.jpg"])
        #expect(try WhatsAppExport.chatText(fromZip: archive) == Self.chat)
    }

    @Test("ZIP64 records, as Info-ZIP writes them when forced", .enabled(if: FileManager.default.isExecutableFile(atPath: ArchiveMaker.zip)))
    func zip64() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(Self.chat.utf8))
        #expect(try WhatsAppExport.chatText(fromZip: try maker.archive(["_chat.txt"], zip64: true)) == Self.chat)
        #expect(try WhatsAppExport.chatText(fromZip: try maker.archive(["_chat.txt"], stored: true, zip64: true)) == Self.chat)
    }

    @Test("an archive with no chat, or with two .txt files and no _chat.txt, says so", .enabled(if: ArchiveMaker.isAvailable))
    func noChat() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("a.txt", Data("one".utf8))
        try maker.write("b.txt", Data("two".utf8))
        try maker.write("photo.jpg", Data(repeating: 1, count: 10))
        #expect(throws: WhatsAppExportError.noChatInArchive) { try WhatsAppExport.chatText(fromZip: try maker.archive(["a.txt", "b.txt"])) }
        #expect(throws: WhatsAppExportError.noChatInArchive) { try WhatsAppExport.chatText(fromZip: try maker.archive(["photo.jpg"])) }
    }

    @Test("a damaged archive is refused: cut short, a byte of the chat changed, no archive at all", .enabled(if: ArchiveMaker.isAvailable))
    func corrupt() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(Self.chat.utf8))
        for stored in [false, true] {
            let archive = try maker.archive(["_chat.txt"], stored: stored)
            for damaged in [
                archive.prefix(archive.count / 2),
                archive.prefix(archive.count - 1),
                Self.patch(archive, at: 30 + 9 + 40, [archive[archive.startIndex + 79] ^ 0x55]), // inside the data
                Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0, count: 40),
                Data(),
            ] {
                #expect {
                    _ = try WhatsAppExport.chatText(fromZip: damaged)
                } throws: { error in
                    guard case .unreadableArchive(let reason)? = error as? WhatsAppExportError else { return false }
                    return !reason.isEmpty
                }
            }
        }
    }

    @Test("an archive whose entry lies about its size, is encrypted, or uses another method is refused", .enabled(if: ArchiveMaker.isAvailable))
    func dishonestEntries() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(Self.chat.utf8))
        let archive = try maker.archive(["_chat.txt"])
        let entry = try Self.centralEntry(in: archive)

        let shrunk = Self.patch(archive, at: entry + 24, [10, 0, 0, 0]) // declares 10 bytes uncompressed
        #expect(throws: WhatsAppExportError.unreadableArchive(reason: "_chat.txt does not inflate to the 10 bytes it declares")) {
            try WhatsAppExport.chatText(fromZip: shrunk)
        }
        let encrypted = Self.patch(archive, at: entry + 8, [archive[archive.startIndex + entry + 8] | 1, 0])
        #expect(throws: WhatsAppExportError.encryptedArchive) { try WhatsAppExport.chatText(fromZip: encrypted) }
        let bzip2 = Self.patch(archive, at: entry + 10, [12, 0])
        #expect(throws: WhatsAppExportError.unsupportedCompression(method: 12)) { try WhatsAppExport.chatText(fromZip: bzip2) }
        #expect(WhatsAppExportError.unsupportedCompression(method: 12).description.contains("method 12"))
    }

    @Test("a zip bomb is refused before it is inflated: a thousandfold ratio, or over 20 MiB", .enabled(if: ArchiveMaker.isAvailable))
    func zipBomb() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(repeating: 0x61, count: 4 * 1024 * 1024))
        #expect(throws: WhatsAppExportError.tooLarge(limit: .compressionRatio(100))) {
            try WhatsAppExport.chatText(fromZip: try maker.archive(["_chat.txt"]))
        }
        try maker.write("big/_chat.txt", Data(repeating: 0x61, count: WhatsAppExport.maximumBytes + 1))
        #expect(throws: WhatsAppExportError.tooLarge(limit: .bytes(WhatsAppExport.maximumBytes))) {
            try WhatsAppExport.chatText(fromZip: try maker.archive(["big/_chat.txt"]))
        }
    }

    @Test("plain text is no archive; uploads of text are decoded from UTF-8 or UTF-16")
    func plainText() throws {
        #expect(!WhatsAppExport.isZip(Data(Self.chat.utf8)))
        #expect(!WhatsAppExport.isZip(Data([0x50, 0x4B])))
        #expect(try WhatsAppExport.chatText(from: Data(Self.chat.utf8)) == Self.chat)
        var utf16 = Data([0xFF, 0xFE])
        for unit in Self.chat.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try WhatsAppExport.chatText(from: utf16) == Self.chat)
        #expect(throws: WhatsAppExportError.self) { try WhatsAppExport.chatText(fromZip: Data(Self.chat.utf8)) }
    }

    @Test("300 random edits of an archive's records are read or refused, never crash", .enabled(if: ArchiveMaker.isAvailable))
    func mutations() throws {
        let maker = try ArchiveMaker()
        defer { maker.remove() }
        try maker.write("_chat.txt", Data(Self.chat.utf8))
        try maker.write("photo.jpg", Data(repeating: 7, count: 100))
        let archive = try maker.archive(["photo.jpg", "_chat.txt"])
        var generator = WhatsAppRobustnessTests.SeededGenerator(state: 99)
        for _ in 0..<300 {
            var bytes = Array(archive)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                // Mostly the headers and the central directory, where offsets and sizes live.
                let index = Bool.random(using: &generator)
                    ? Int.random(in: max(0, bytes.count - 200)..<bytes.count, using: &generator)
                    : Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if Int.random(in: 0..<10, using: &generator) == 0 { bytes.removeLast(Int.random(in: 1...30, using: &generator)) }
            if let text = try? WhatsAppExport.chatText(fromZip: Data(bytes)) { _ = try? WhatsAppExport.parse(text, owner: "Karim") }
        }
    }
}
