#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The release this binary was built as (scripts/release writes it), or "" for a developer's build.
const char *jadwal_build_version(void);
/// The commit it was built from, or "".
const char *jadwal_build_commit(void);
/// When that commit was made (RFC 3339, UTC), so that one commit always gives the same bytes; or "".
const char *jadwal_build_date(void);
/// The configuration file read when none is named and it exists (an installed release's
/// /etc/jadwal/jadwald.toml), or "" for a developer's build, which reads none unasked.
const char *jadwal_build_system_configuration(void);

#endif
