import CBuildInfo

/// What `jadwald --version` prints: the release, commit and date `scripts/release` built this
/// binary from, or a developer's build of the source's version.
enum BuildInfo {
    /// The version the source declares; a release built from a later commit says so after it.
    static let sourceVersion = "0.2.0"

    static var version: String {
        let release = String(cString: jadwal_build_version())
        return release.isEmpty ? sourceVersion : release
    }

    static var commit: String? { nonEmpty(String(cString: jadwal_build_commit())) }

    static var date: String? { nonEmpty(String(cString: jadwal_build_date())) }

    /// The configuration file an installed release reads when none is named.
    static var systemConfiguration: String? { nonEmpty(String(cString: jadwal_build_system_configuration())) }

    /// `0.2.0 (commit 1a2b3c4d5e6f, 2026-11-26T18:49:00Z)`, or `0.2.0 (development build)`.
    static var description: String {
        guard let commit else { return "\(version) (development build)" }
        return "\(version) (commit \(commit.prefix(12))\(date.map { ", \($0)" } ?? ""))"
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
