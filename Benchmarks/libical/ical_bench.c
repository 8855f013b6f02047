/*
 * ical_bench: libical side of the iCalendar benchmark run by `jadwal-bench ical`.
 *
 * Build (from the repository root; needs Debian's libical-dev):
 *   mkdir -p Benchmarks/out
 *   cc -O2 -o Benchmarks/out/ical_bench Benchmarks/libical/ical_bench.c $(pkg-config --cflags --libs libical)
 *
 * Usage: ical_bench FILE FROM TO RUNS
 *   FROM, TO  UTC basic date-times, e.g. 20260101T000000Z 20270101T000000Z
 *   RUNS      how many times each measurement runs; the best (shortest) run is reported
 *
 * Measures, after reading FILE into memory (not timed):
 *   (a) parse + serialize: icalparser_parse_string, then icalcomponent_as_ical_string_r
 *       and freeing that string. Freeing the parsed tree is not timed.
 *   (b) expansion: every VEVENT with an RRULE or RDATE (and no RECURRENCE-ID) is expanded
 *       over [FROM, TO) with icalcomponent_foreach_recurrence; TZIDs resolve against the
 *       file's VTIMEZONEs. Instances overlapping the range are counted. RECURRENCE-ID
 *       overrides are not applied (libical's iterator does not know them).
 *
 * Prints one JSON line on stdout (MB = 1e6 bytes; parse_mb_per_s is based on the
 * parse + serialize time):
 *   {"impl":"libical","bytes":N,"parse_serialize_seconds":S,"parse_mb_per_s":X,
 *    "instances":K,"expand_seconds":E,"instances_per_s":R}
 * Parse errors (X-LIC-ERROR properties) are reported on stderr.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads the whole file into a NUL-terminated buffer; returns NULL on failure. */
static char *read_file(const char *path, size_t *size_out)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0;

    if (f == NULL) {
        fprintf(stderr, "ical_bench: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t n;
        if (cap - len < 65536 + 1) {
            size_t new_cap = cap ? cap * 2 : (size_t)1 << 20;
            char *grown = realloc(buf, new_cap);
            if (grown == NULL) {
                fprintf(stderr, "ical_bench: out of memory reading %s\n", path);
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
            cap = new_cap;
        }
        n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0) {
            break;
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "ical_bench: error reading %s\n", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    if (strlen(buf) != len) {
        /* icalparser_parse_string stops at the first NUL. */
        fprintf(stderr, "ical_bench: %s contains NUL bytes\n", path);
        free(buf);
        return NULL;
    }
    *size_out = len;
    return buf;
}

/* Parses a UTC basic date-time such as 20260101T000000Z. */
static int parse_utc(const char *text, struct icaltimetype *out)
{
    size_t n = strlen(text);
    struct icaltimetype t;

    if (n != 16 || text[8] != 'T' || text[15] != 'Z') {
        return 0;
    }
    t = icaltime_from_string(text);
    if (icaltime_is_null_time(t) || !icaltime_is_valid_time(t)) {
        return 0;
    }
    *out = icaltime_convert_to_zone(t, icaltimezone_get_utc_timezone());
    return 1;
}

static void print_errors(icalcomponent *c, int *printed)
{
    icalproperty *p;
    icalcomponent *child;

    for (p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p != NULL && *printed < 5;
         p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
        fprintf(stderr, "ical_bench:   in %s: %s\n",
                icalcomponent_kind_to_string(icalcomponent_isa(c)), icalproperty_get_xlicerror(p));
        (*printed)++;
    }
    for (child = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); child != NULL && *printed < 5;
         child = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)) {
        print_errors(child, printed);
    }
}

struct expand_ctx {
    long instances;
    time_t from, to;          /* the range, as UTC seconds */
    int all_day;              /* the series' DTSTART is a DATE */
    time_t all_day_length;
};

static void count_instance(icalcomponent *comp, struct icaltime_span *span, void *data)
{
    struct expand_ctx *ctx = data;

    (void)comp;
    /* libical 3.0 makes an all-day span one day too long (it adds 24 h - 1 s to the end),
       so an all-day instance on the day before FROM would count; recheck with the real end. */
    if (ctx->all_day && !(span->start < ctx->to && span->start + ctx->all_day_length > ctx->from)) {
        return;
    }
    ctx->instances++;
}

/* Expands the recurring VEVENTs of one VCALENDAR; returns the number of instances. */
static long expand_calendar(icalcomponent *cal, struct icaltimetype from, struct icaltimetype to)
{
    struct expand_ctx ctx;
    struct icaltimetype start;
    icalcomponent *ev;
    icaltimezone *utc = icaltimezone_get_utc_timezone();

    ctx.instances = 0;
    ctx.from = icaltime_as_timet_with_zone(from, utc);
    ctx.to = icaltime_as_timet_with_zone(to, utc);

    for (ev = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); ev != NULL;
         ev = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT)) {
        if (icalcomponent_get_first_property(ev, ICAL_RECURRENCEID_PROPERTY) != NULL) {
            continue; /* an overridden instance, not a series */
        }
        if (icalcomponent_get_first_property(ev, ICAL_RRULE_PROPERTY) == NULL &&
            icalcomponent_get_first_property(ev, ICAL_RDATE_PROPERTY) == NULL) {
            continue;
        }
        start = icalcomponent_get_dtstart(ev);
        ctx.all_day = icaltime_is_date(start);
        ctx.all_day_length = 0;
        if (ctx.all_day) {
            /* DTEND, or DTSTART + DURATION; a missing end means one day (RFC 5545 3.6.1). */
            struct icaltimetype end = icalcomponent_get_dtend(ev);
            ctx.all_day_length = icaltime_is_null_time(end)
                ? 86400
                : icaltime_as_timet_with_zone(end, utc) - icaltime_as_timet_with_zone(start, utc);
        }
        icalcomponent_foreach_recurrence(ev, from, to, count_instance, &ctx);
    }
    return ctx.instances;
}

/* The root is a VCALENDAR, or an XROOT holding several when the file has more than one. */
static long expand_all(icalcomponent *root, struct icaltimetype from, struct icaltimetype to)
{
    long instances = 0;
    icalcomponent *cal;

    if (icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT) {
        return expand_calendar(root, from, to);
    }
    for (cal = icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT); cal != NULL;
         cal = icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)) {
        instances += expand_calendar(cal, from, to);
    }
    return instances;
}

int main(int argc, char **argv)
{
    struct icaltimetype from, to;
    char *data, *end = NULL;
    size_t size = 0;
    long runs, run, instances = 0;
    double best_parse = -1, best_expand = -1;
    icalcomponent *tree = NULL;
    int errors, printed = 0;

    if (argc != 5) {
        fprintf(stderr, "usage: %s FILE FROM TO RUNS   (FROM/TO like 20260101T000000Z)\n", argv[0]);
        return 2;
    }
    if (!parse_utc(argv[2], &from) || !parse_utc(argv[3], &to) || icaltime_compare(from, to) >= 0) {
        fprintf(stderr, "ical_bench: FROM and TO must be UTC date-times like 20260101T000000Z, FROM < TO\n");
        return 2;
    }
    errno = 0;
    runs = strtol(argv[4], &end, 10);
    if (errno != 0 || end == argv[4] || *end != '\0' || runs < 1) {
        fprintf(stderr, "ical_bench: RUNS must be a positive integer\n");
        return 2;
    }
    icalerror_set_errors_are_fatal(0);

    data = read_file(argv[1], &size);
    if (data == NULL) {
        return 1;
    }

    /* (a) parse + serialize; the last tree is kept for the expansion. */
    for (run = 0; run < runs; run++) {
        double t0, elapsed;
        char *text;
        icalcomponent *root;

        t0 = now_seconds();
        root = icalparser_parse_string(data);
        if (root == NULL) {
            fprintf(stderr, "ical_bench: libical could not parse %s\n", argv[1]);
            free(data);
            return 1;
        }
        text = icalcomponent_as_ical_string_r(root);
        icalmemory_free_buffer(text);
        elapsed = now_seconds() - t0;

        if (best_parse < 0 || elapsed < best_parse) {
            best_parse = elapsed;
        }
        if (tree != NULL) {
            icalcomponent_free(tree);
        }
        tree = root;
    }

    errors = icalcomponent_count_errors(tree);
    if (errors > 0) {
        fprintf(stderr, "ical_bench: warning: %d X-LIC-ERROR properties after parsing %s, first ones:\n",
                errors, argv[1]);
        print_errors(tree, &printed);
    }

    /* (b) expansion. The first run also builds libical's per-zone transition caches. */
    for (run = 0; run < runs; run++) {
        double t0, elapsed;

        t0 = now_seconds();
        instances = expand_all(tree, from, to);
        elapsed = now_seconds() - t0;
        if (best_expand < 0 || elapsed < best_expand) {
            best_expand = elapsed;
        }
    }

    printf("{\"impl\":\"libical\",\"bytes\":%zu,\"parse_serialize_seconds\":%.6f,\"parse_mb_per_s\":%.3f,"
           "\"instances\":%ld,\"expand_seconds\":%.6f,\"instances_per_s\":%.1f}\n",
           size, best_parse, best_parse > 0 ? (double)size / 1e6 / best_parse : 0.0,
           instances, best_expand, best_expand > 0 ? (double)instances / best_expand : 0.0);

    icalcomponent_free(tree);
    free(data);
    icaltimezone_free_builtin_timezones();
    icalmemory_free_ring();
    return 0;
}
