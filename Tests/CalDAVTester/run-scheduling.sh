#!/bin/sh
# Run every scheduling script of CalDAVTester, each on fresh data (after setup.sh).
# One log per script in ${CDT_LOGS:-/tmp/cdt-scheduling}/NAME.log, and a table of totals on
# stdout. A script whose features jadwald does not have is counted as ignored by the tester.
HERE=$(cd "$(dirname "$0")" && pwd)
LOGS=${CDT_LOGS:-/tmp/cdt-scheduling}
mkdir -p "$LOGS"
SCRIPTS=${CDT_SCRIPTS:-$(cd /tmp/cdt/scripts/tests && ls CalDAV/*.xml | grep -E 'implicit|schedul|freebusy' | grep -v -E 'implicitbatchrefresh|implicitcopymove|servertoserver')}
printf '%-45s %6s %6s %6s %6s\n' script tests ok failed ignored
for f in $SCRIPTS; do
  name=$(basename "$f" .xml)
  CDT_SCHEDULING=1 CDT_FILES="$f" "$HERE/run.sh" > "$LOGS/$name.log" 2>&1
  # the tester's last line: "PASSED (ok=N, ignored=N)" or "FAILED (ok=N, ignored=N, failed=N, errors=N)"
  python3 - "$LOGS/$name.log" "$name" <<'PY'
import re, sys
log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
m = re.findall(r'^(?:PASSED|FAILED) \((.*)\)$', log, re.M)
counts = dict((k.strip(), int(v)) for k, v in (part.split("=") for part in m[-1].split(","))) if m else {"errors": 1}
ok, ignored = counts.get("ok", 0), counts.get("ignored", 0)
failed = counts.get("failed", 0) + counts.get("errors", 0)
print("%-45s %6d %6d %6d %6d" % (sys.argv[2], ok + ignored + failed, ok, failed, ignored))
PY
done
