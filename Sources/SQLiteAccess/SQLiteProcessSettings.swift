import CSQLiteSupport

/// Settings SQLite takes once per process, before its first connection.
package enum SQLiteProcessSettings {
    /// Applies them; called by every opener of a database file, and effective only for the
    /// first. Memory statistics go off: with them on, every allocation SQLite makes (binding
    /// a value, stepping a statement) takes one process-wide lock, which concurrent readers
    /// then contend for (Benchmarks/README.md, "Profile notes").
    package static func apply() {
        _ = applied
    }

    private static let applied: Void = {
        _ = jadwal_sqlite_disable_memory_statistics()
    }()
}
