import Foundation

/// Writes each message as an `.eml` file into a folder, for installs without an SMTP
/// server: `<folder>/<timestamp>-<id>.eml`, readable by any mail program.
///
/// A file appears whole or not at all: it is written under a temporary name, flushed to
/// disk and renamed into place.
public struct OutboxFolderTransport: MailTransport {
    /// The folder; made (owner-only) on first use.
    public let folder: URL
    /// Told of each file written, to log where the message went.
    public let written: @Sendable (URL, MailMessage) -> Void

    /// A transport into `folder`, telling `written` of each file.
    public init(folder: URL, written: @escaping @Sendable (URL, MailMessage) -> Void = { _, _ in }) {
        self.folder = folder
        self.written = written
    }

    /// Writes `message` (see ``write(_:)``) and reports the file.
    public func deliver(_ message: MailMessage) async throws {
        let file = try write(message)
        written(file, message)
    }

    /// Writes the message and returns its file.
    public func write(_ message: MailMessage) throws -> URL {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MailDeliveryError.transient("cannot make the outbox folder \(folder.path): \(error.localizedDescription)")
        }
        let name = "\(Self.timestamp(message.date))-\(Self.fileID(message.messageID)).eml"
        let target = folder.appendingPathComponent(name)
        // A retry after a crash between writing and recording it: the message is there.
        if manager.fileExists(atPath: target.path) { return target }
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do {
            let handle = try Self.create(temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: message.rendered())
            try handle.synchronize()
            try manager.moveItem(at: temporary, to: target)
        } catch let error as MailDeliveryError {
            try? manager.removeItem(at: temporary)
            throw error
        } catch {
            try? manager.removeItem(at: temporary)
            throw MailDeliveryError.transient("cannot write \(target.path): \(error.localizedDescription)")
        }
        return target
    }

    /// A new file readable by its owner only (messages hold sign-in links).
    private static func create(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw MailDeliveryError.transient("cannot create \(url.path)")
        }
        return try FileHandle(forWritingTo: url)
    }

    /// `20261123T094621Z`: file names sort by time.
    static func timestamp(_ date: Date) -> String {
        let parts = MailMessage.utcComponents(date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2) + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
    }

    /// The Message-ID's unique part, with `_` for characters unsafe in a file name.
    static func fileID(_ messageID: String) -> String {
        var safe = ""
        for scalar in messageID.dropFirst().prefix(while: { $0 != "@" }).unicodeScalars.prefix(100) {
            let isSafe = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            safe.unicodeScalars.append(isSafe ? scalar : "_")
        }
        return safe
    }
}
