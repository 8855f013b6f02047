import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Run by root on a data folder that belongs to another account (the `jadwal` user of an
/// installed package), a command becomes that account before it opens anything: a database,
/// its WAL file or a key made by root would lock the service out of its own data.
enum DataFolderOwner {
    /// Takes the user and group that own `folder` when running as root and the folder exists
    /// and belongs to someone else; does nothing otherwise.
    static func become(ownerOf folder: String) throws {
        guard geteuid() == 0 else { return }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder),
              let owner = (attributes[.ownerAccountID] as? NSNumber).map({ uid_t($0.uint32Value) }), owner != 0 else { return }
        let account = getpwuid(owner)
        let name = account.map { String(cString: $0.pointee.pw_name) } ?? String(owner)
        let group = account?.pointee.pw_gid ?? (attributes[.groupOwnerAccountID] as? NSNumber).map { gid_t($0.uint32Value) } ?? gid_t(owner)
        guard initgroups(name, group) == 0, setgid(group) == 0, setuid(owner) == 0 else {
            throw CommandFailure("cannot become \(name), who owns \(folder): \(String(cString: strerror(errno))); run the command as \(name)")
        }
        StandardStreams.error("jadwald: running as \(name), who owns \(folder)\n")
    }
}
