#include <string.h>
#include "CSQLiteSupport.h"

// The WAL index header (https://sqlite.org/walformat.html, "The WAL-Index Header"):
// twelve native-order 32-bit words, kept twice. A committing writer fills copy 1, issues a
// memory barrier, then fills copy 0; a commit becomes visible to readers with copy 0.
enum {
    header_words = 12,
    word_version = 0, word_change = 2, word_flags = 3, word_frames = 4, word_salt0 = 8, word_salt1 = 9,
    known_version = 3007000,
    index_page_size = 32768,
};

const volatile void *jadwal_sqlite_wal_index(sqlite3 *db) {
    sqlite3_file *file = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == NULL) return NULL;
    const sqlite3_io_methods *methods = file->pMethods;
    if (methods == NULL || methods->iVersion < 2 || methods->xShmMap == NULL) return NULL;
    volatile void *page = NULL;
    // Not extending (0): only an index that exists, as the connection's own reads map it.
    if (methods->xShmMap(file, 0, index_page_size, 0, &page) != SQLITE_OK) return NULL;
    return page;
}

int jadwal_sqlite_wal_commit(const volatile void *index, uint64_t *position, uint64_t *salts) {
    const volatile uint32_t *copies = (const volatile uint32_t *)index;
    uint32_t first[header_words], second[header_words];
    // Copy 0 before copy 1, the reverse of the writer's order, with barriers between: if
    // copy 0 shows a commit, copy 1 already does too.
    for (int i = 0; i < header_words; i++) first[i] = copies[i];
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int i = 0; i < header_words; i++) second[i] = copies[header_words + i];
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (memcmp(first, second, sizeof first) != 0) return 0;
    // isInit is the first byte of word 3, whatever the byte order.
    uint8_t is_init = 0;
    memcpy(&is_init, &first[word_flags], 1);
    if (first[word_version] != known_version || is_init != 1) return 0;
    *position = ((uint64_t)first[word_change] << 32) | first[word_frames];
    *salts = ((uint64_t)first[word_salt0] << 32) | first[word_salt1];
    return 1;
}
