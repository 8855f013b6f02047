import Foundation
import Jadwal

/// The configuration file's word on where the data is, for the commands that take no
/// `--config`: an installed jadwald's `sudo jadwald user list` finds the service's database.
enum ConfiguredStorage {
    /// The settings of the file `JADWAL_CONFIG` names, read once; `nil` when none is named
    /// or it cannot be read (the commands that read it whole say why).
    static let file: ServerConfiguration? = {
        guard let path = ProcessInfo.processInfo.environment["JADWAL_CONFIG"],
              let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        var settings = ServerConfiguration()
        guard (try? settings.apply(file: text, source: path)) != nil else { return nil }
        return settings
    }()

    /// Names an installed release's configuration file in `JADWAL_CONFIG` when nothing else
    /// names one and the file exists: the file a Debian package installs, which a
    /// developer's build never looks for.
    static func adoptSystemFile() {
        guard ProcessInfo.processInfo.environment["JADWAL_CONFIG"] == nil, let path = BuildInfo.systemConfiguration,
              FileManager.default.fileExists(atPath: path) else { return }
        setenv("JADWAL_CONFIG", path, 1)
    }
}
