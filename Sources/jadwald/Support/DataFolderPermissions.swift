import Foundation
import Logging

/// The data folder holds every user's calendars: at start, the database's own files are
/// made owner-only (older versions created them readable by all), and a folder others
/// can read is reported, since other files may sit in it.
enum DataFolderPermissions {
    static func secure(databaseFile: String, logger: Logger) {
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let path = databaseFile + suffix
            guard let mode = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o077 != 0 else { continue }
            do {
                try manager.setAttributes([.posixPermissions: mode & 0o700], ofItemAtPath: path)
                logger.notice("made the database file readable by its owner only", metadata: ["path": "\(path)"])
            } catch {
                logger.warning("the database file is readable by other users and its mode cannot be changed", metadata: ["path": "\(path)"])
            }
        }
        let folder = (databaseFile as NSString).deletingLastPathComponent
        if let mode = (try? manager.attributesOfItem(atPath: folder))?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            logger.warning("the data folder is readable by others: run chmod 700 on it",
                           metadata: ["path": "\(folder)", "mode": "\(String(mode, radix: 8))"])
        }
    }
}
