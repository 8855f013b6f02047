#!/bin/sh
# Run CalDAVTester against a fresh jadwald on 127.0.0.1:8491 (after setup.sh).
# CDT_FILES overrides the script list (paths relative to /tmp/cdt/scripts/tests);
# extra arguments go to testcaldav.py. Log: stdout. Summary: summarize.py LOG.
HERE=$(cd "$(dirname "$0")" && pwd)
kill $(cat /tmp/jadwald-cdt.pid 2>/dev/null) 2>/dev/null; sleep 1
rm -rf /tmp/jcdt-data; cp -a /tmp/jcdt-data.pristine /tmp/jcdt-data
/tmp/jadwald-cdt serve --data /tmp/jcdt-data --port 8491 --host 127.0.0.1 > /tmp/jadwald-cdt.log 2>&1 &
echo $! > /tmp/jadwald-cdt.pid
# ready when it answers (a busy machine takes longer than a second or two)
for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:8491/readyz && break; sleep 0.2; done
cd /tmp/cdt
# jadwald's serverinfo.xml, made from the port's own (not kept in this repository)
/tmp/cdt-venv/bin/python "$HERE/mkserverinfo.py" scripts/server/serverinfo.xml /tmp/cdt-serverinfo.xml
# not run: ignore-all scripts, and scheduling scripts that only require "caldav"
EXCL='pretest|implicitbatchrefresh|implicitcopymove|servertoserver|schedulepost|scheduleprops|schedulenomore'
FILES=${CDT_FILES:-"$(cd scripts/tests && ls CalDAV/*.xml | grep -v -E "$EXCL") jadwal/reports-novfreebusy.xml"}
/tmp/cdt-venv/bin/python testcaldav.py -s /tmp/cdt-serverinfo.xml -x scripts/tests --print-details-onfail "$@" $FILES
rc=$?
kill $(cat /tmp/jadwald-cdt.pid); rm -f /tmp/jadwald-cdt.pid
exit $rc
