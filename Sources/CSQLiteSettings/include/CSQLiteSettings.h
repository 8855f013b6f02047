#ifndef C_SQLITE_SETTINGS_H
#define C_SQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics for the whole process (SQLITE_CONFIG_MEMSTATUS).
/// With them on, every allocation SQLite makes takes one process-wide mutex, and threads
/// reading through different connections wait on each other. Effective only before the
/// first connection is opened; returns SQLite's result code (SQLITE_MISUSE after that).
/// A C function because sqlite3_config is variadic, which Swift cannot call.
int jadwal_sqlite_disable_memory_statistics(void);

#endif
