#ifndef C_SQLITE_SUPPORT_H
#define C_SQLITE_SUPPORT_H

#include <stdint.h>
#include <sqlite3.h>

/// Turns off SQLite's memory statistics for the whole process (SQLITE_CONFIG_MEMSTATUS).
/// With them on, every allocation SQLite makes takes one process-wide mutex, and threads
/// reading through different connections wait on each other. Effective only before the
/// first connection is opened; returns SQLite's result code (SQLITE_MISUSE after that).
/// A C function because sqlite3_config is variadic, which Swift cannot call.
int jadwal_sqlite_disable_memory_statistics(void);

/// The first page of the WAL index (the `-shm` file) as `db` maps it, or NULL when the
/// main database is not in WAL mode or the index is not mapped yet. The mapping stays
/// valid while `db` is open.
const volatile void *jadwal_sqlite_wal_index(sqlite3 *db);

/// The position of the last commit, read from the WAL index header the way SQLite's own
/// readers read it: the header's two copies, the one written last first, must agree.
/// Writes the commit counter and frame count to `*position`, the WAL salts to `*salts`,
/// and returns 1; returns 0 while a writer is between the two copies, or when the header
/// is not one this code knows.
int jadwal_sqlite_wal_commit(const volatile void *index, uint64_t *position, uint64_t *salts);

#endif
