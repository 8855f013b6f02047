/* Floors for the server benchmark: the least work a server on jadwald's SQLite schema does for
 * a request, measured on a copy of a database that jadwald made (floors.py copies it, builds
 * this file and runs it). Each floor runs for about SECONDS and reports CPU (getrusage) and
 * wall time per operation; nothing of HTTP, authentication or request parsing is in it.
 *
 *   floors DB CALENDAR_ID HREF_PREFIX SECONDS WINDOW_FROM WINDOW_TO
 *
 * multiget  50 names drawn at random (distinct) from the calendar's objects: one prepared
 *           SELECT name, data, etag ... WHERE calendar_id = ? AND name IN (50 x ?), and each
 *           row written into one buffer as a multistatus response would carry it (href,
 *           getetag, calendar-data escaped as jadwald escapes it: & < > and CR).
 * get       one name drawn at random: SELECT data, etag ... WHERE calendar_id = ? AND name = ?,
 *           the data copied into a buffer.
 * query     a 30-day window from a random minute of [WINDOW_FROM, WINDOW_TO) (Unix seconds):
 *           jadwald's candidate SELECT (component_type, first_start, last_end on its index),
 *           every candidate's data read, and the candidates without RRULE or RDATE (whose
 *           span decides) written as in multiget. Recurring candidates need an expansion to
 *           decide, which the floor leaves out, so it writes fewer objects than the answer.
 * put       one transaction (BEGIN IMMEDIATE ... COMMIT, synchronous = FULL, WAL, foreign keys
 *           on, as jadwald opens its database): INSERT of an object row (the bytes of an
 *           existing object, a new name and UID), INSERT of its change_log row, UPDATE of the
 *           calendar's change_position. Run last: it adds rows.
 *
 * Prints one JSON line: {"multiget": {...}, "get": {...}, "query": {...}, "put": {...}}, each
 * {"ops": N, "cpu_ms": CPU ms per op, "wall_ms": wall ms per op, "bytes": bytes written per op}.
 */
#define _GNU_SOURCE /* memmem */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static sqlite3 *db;
static long long calendar_id;
static const char *href_prefix;
static double seconds;

static void die(const char *what) {
    fprintf(stderr, "floors: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK) die(sql);
    return s;
}

static void exec(const char *sql) {
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) die(sql);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* a growable output buffer, reused across operations */
static char *buf;
static size_t len, cap;

static void put(const void *p, size_t n) {
    if (len + n > cap) {
        while (len + n > cap) cap = cap ? cap * 2 : 1 << 16;
        buf = realloc(buf, cap);
    }
    memcpy(buf + len, p, n);
    len += n;
}

static void puts_(const char *s) { put(s, strlen(s)); }

static void put_escaped(const unsigned char *p, size_t n) {
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        const char *e = NULL;
        switch (p[i]) {
        case '&': e = "&amp;"; break;
        case '<': e = "&lt;"; break;
        case '>': e = "&gt;"; break;
        case '\r': e = "&#13;"; break;
        }
        if (e) {
            put(p + start, i - start);
            puts_(e);
            start = i + 1;
        }
    }
    put(p + start, n - start);
}

static int recurring(const unsigned char *p, size_t n) {
    return memmem(p, n, "\nRRULE", 6) || memmem(p, n, "\nRDATE", 6);
}

/* one multistatus response per row of (name, data, etag), but for recurring ones when
   `skip_recurring`; returns the rows written */
static int write_responses(sqlite3_stmt *s, int skip_recurring) {
    int rows = 0, rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const unsigned char *data = sqlite3_column_blob(s, 1);
        if (skip_recurring && recurring(data, sqlite3_column_bytes(s, 1))) continue;
        puts_("<D:response><D:href>");
        puts_(href_prefix);
        puts_((const char *)sqlite3_column_text(s, 0));
        puts_("</D:href><D:propstat><D:prop><D:getetag>\"");
        puts_((const char *)sqlite3_column_text(s, 2));
        puts_("\"</D:getetag><C:calendar-data>");
        put_escaped(data, sqlite3_column_bytes(s, 1));
        puts_("</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>");
        rows++;
    }
    if (rc != SQLITE_DONE) die("step");
    sqlite3_reset(s);
    return rows;
}

static const char *HEAD = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\" "
                          "xmlns:C=\"urn:ietf:params:xml:ns:caldav\">";

static char **names;
static int n_names;

typedef int (*op_fn)(long i);

/* runs op untimed for seconds / 2 (warming caches), then timed for `seconds`; prints its JSON */
static void run(const char *label, op_fn op, int comma) {
    double t_end = now() + seconds / 2;
    long i = 0;
    while (now() < t_end) op(i++);
    double bytes = 0;
    long ops = 0;
    double c0 = cpu(), w0 = now();
    while (now() - w0 < seconds) {
        op(i++);
        bytes += len;
        ops++;
    }
    double c1 = cpu(), w1 = now();
    printf("%s\"%s\": {\"ops\": %ld, \"cpu_ms\": %.4f, \"wall_ms\": %.4f, \"bytes\": %.0f}", comma ? ", " : "", label,
           ops, (c1 - c0) * 1000 / ops, (w1 - w0) * 1000 / ops, bytes / ops);
}

#define K 50
static sqlite3_stmt *multiget_stmt, *get_stmt, *query_stmt, *insert_object, *insert_change, *update_position;
static long long window_from, window_to, position;
static const void *sample_data;
static int sample_bytes;

static int multiget(long i) {
    (void)i;
    int picked[K];
    for (int k = 0; k < K;) {
        int r = rand() % n_names, seen = 0;
        for (int j = 0; j < k; j++) seen |= picked[j] == r;
        if (!seen) picked[k++] = r;
    }
    sqlite3_bind_int64(multiget_stmt, 1, calendar_id);
    for (int k = 0; k < K; k++) sqlite3_bind_text(multiget_stmt, k + 2, names[picked[k]], -1, SQLITE_STATIC);
    len = 0;
    puts_(HEAD);
    if (write_responses(multiget_stmt, 0) != K) die("multiget: fewer rows than names");
    puts_("</D:multistatus>");
    return 0;
}

static int get(long i) {
    (void)i;
    sqlite3_bind_int64(get_stmt, 1, calendar_id);
    sqlite3_bind_text(get_stmt, 2, names[rand() % n_names], -1, SQLITE_STATIC);
    if (sqlite3_step(get_stmt) != SQLITE_ROW) die("get");
    len = 0;
    put(sqlite3_column_blob(get_stmt, 0), sqlite3_column_bytes(get_stmt, 0));
    sqlite3_reset(get_stmt);
    return 0;
}

static int query(long i) {
    (void)i;
    long long start = window_from + 60 * (((long long)rand() * RAND_MAX + rand()) % ((window_to - window_from) / 60));
    sqlite3_bind_int64(query_stmt, 1, calendar_id);
    sqlite3_bind_int64(query_stmt, 2, start + 30 * 86400);
    sqlite3_bind_int64(query_stmt, 3, start);
    len = 0;
    puts_(HEAD);
    write_responses(query_stmt, 1);
    puts_("</D:multistatus>");
    return 0;
}

static int put_object(long i) {
    char name[64], uid[64], etag[64];
    snprintf(name, sizeof name, "floor-%ld.ics", i);
    snprintf(uid, sizeof uid, "floor-%ld@bench.jadwal.test", i);
    position++;
    snprintf(etag, sizeof etag, "%lld-%016lx", position, (unsigned long)i * 2654435761u);
    exec("BEGIN IMMEDIATE");
    sqlite3_bind_int64(insert_object, 1, calendar_id);
    sqlite3_bind_text(insert_object, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_blob(insert_object, 3, sample_data, sample_bytes, SQLITE_STATIC);
    sqlite3_bind_text(insert_object, 4, etag, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_object, 5, uid, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert_object, 6, 1780000000 + i);
    sqlite3_bind_int64(insert_object, 7, 1780003600 + i);
    sqlite3_bind_int64(insert_object, 8, 1780000000);
    if (sqlite3_step(insert_object) != SQLITE_DONE) die("insert object");
    sqlite3_reset(insert_object);
    sqlite3_bind_int64(insert_change, 1, calendar_id);
    sqlite3_bind_int64(insert_change, 2, position);
    sqlite3_bind_text(insert_change, 3, name, -1, SQLITE_STATIC);
    if (sqlite3_step(insert_change) != SQLITE_DONE) die("insert change");
    sqlite3_reset(insert_change);
    sqlite3_bind_int64(update_position, 1, position);
    sqlite3_bind_int64(update_position, 2, calendar_id);
    if (sqlite3_step(update_position) != SQLITE_DONE) die("update position");
    sqlite3_reset(update_position);
    exec("COMMIT");
    len = sample_bytes;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: floors DB CALENDAR_ID HREF_PREFIX SECONDS WINDOW_FROM WINDOW_TO\n");
        return 2;
    }
    /* as jadwald runs SQLite: without memory statistics (a process-wide lock per allocation) */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (sqlite3_open(argv[1], &db) != SQLITE_OK) die("open");
    calendar_id = atoll(argv[2]);
    href_prefix = argv[3];
    seconds = atof(argv[4]);
    window_from = atoll(argv[5]);
    window_to = atoll(argv[6]);
    srand(7);
    exec("PRAGMA synchronous = FULL");
    exec("PRAGMA foreign_keys = ON");
    exec("PRAGMA journal_mode = WAL");

    sqlite3_stmt *s = prepare("SELECT name FROM calendar_object WHERE calendar_id = ?");
    sqlite3_bind_int64(s, 1, calendar_id);
    while (sqlite3_step(s) == SQLITE_ROW) {
        names = realloc(names, (n_names + 1) * sizeof *names);
        names[n_names++] = strdup((const char *)sqlite3_column_text(s, 0));
    }
    sqlite3_finalize(s);
    if (n_names < K) {
        fprintf(stderr, "floors: the calendar has %d objects, fewer than %d\n", n_names, K);
        return 1;
    }

    char sql[1024] = "SELECT name, data, etag FROM calendar_object WHERE calendar_id = ? AND name IN (?";
    for (int k = 1; k < K; k++) strcat(sql, ", ?");
    strcat(sql, ")");
    multiget_stmt = prepare(sql);
    get_stmt = prepare("SELECT data, etag FROM calendar_object WHERE calendar_id = ? AND name = ?");
    query_stmt = prepare("SELECT name, data, etag FROM calendar_object WHERE calendar_id = ? AND component_type = 'VEVENT'"
                         " AND (first_start IS NULL OR first_start < ?) AND (last_end IS NULL OR last_end >= ?)");
    s = prepare("SELECT data FROM calendar_object WHERE calendar_id = ? LIMIT 1");
    sqlite3_bind_int64(s, 1, calendar_id);
    if (sqlite3_step(s) != SQLITE_ROW) die("sample");
    sample_bytes = sqlite3_column_bytes(s, 0);
    void *copy = malloc(sample_bytes);
    memcpy(copy, sqlite3_column_blob(s, 0), sample_bytes);
    sample_data = copy;
    sqlite3_finalize(s);
    s = prepare("SELECT change_position FROM calendar WHERE id = ?");
    sqlite3_bind_int64(s, 1, calendar_id);
    if (sqlite3_step(s) != SQLITE_ROW) die("calendar");
    position = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    insert_object = prepare("INSERT INTO calendar_object (calendar_id, name, data, etag, uid, component_type, first_start,"
                            " last_end, last_modified) VALUES (?, ?, ?, ?, ?, 'VEVENT', ?, ?, ?)");
    insert_change = prepare("INSERT INTO change_log (calendar_id, position, name) VALUES (?, ?, ?)");
    update_position = prepare("UPDATE calendar SET change_position = ? WHERE id = ?");

    printf("{");
    run("multiget", multiget, 0);
    run("get", get, 1);
    run("query", query, 1);
    run("put", put_object, 1);
    printf("}\n");
    return 0;
}
