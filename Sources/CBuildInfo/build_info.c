// scripts/release writes release.h for the build it makes; a developer's build has none
// and leaves every answer empty.
#include "CBuildInfo.h"

#if __has_include("release.h")
#include "release.h"
#endif

#ifndef JADWAL_BUILD_VERSION
#define JADWAL_BUILD_VERSION ""
#endif
#ifndef JADWAL_BUILD_COMMIT
#define JADWAL_BUILD_COMMIT ""
#endif
#ifndef JADWAL_BUILD_DATE
#define JADWAL_BUILD_DATE ""
#endif
#ifndef JADWAL_SYSTEM_CONFIGURATION
#define JADWAL_SYSTEM_CONFIGURATION ""
#endif

const char *jadwal_build_version(void) { return JADWAL_BUILD_VERSION; }
const char *jadwal_build_commit(void) { return JADWAL_BUILD_COMMIT; }
const char *jadwal_build_date(void) { return JADWAL_BUILD_DATE; }
const char *jadwal_build_system_configuration(void) { return JADWAL_SYSTEM_CONFIGURATION; }
