#!/bin/sh
# Prepare a CalDAVTester run against jadwald under /tmp (see README.md).
# Needs the two mirrors brought by the `fetch` tool (or any clone of them):
#   CDT_GIT  bare git dir of github.com/DeepDiver1975/ccs-caldavtester (branch master)
#   PYCAL_GIT bare git dir of github.com/apple/ccs-pycalendar (branch python3)
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
CDT_GIT=${CDT_GIT:-/work/.mirror/DeepDiver1975+ccs-caldavtester/repo}
PYCAL_GIT=${PYCAL_GIT:-/work/.mirror/apple+ccs-pycalendar/repo}
JADWALD=${JADWALD:-/work/main/.build/debug/jadwald}
rm -rf /tmp/cdt /tmp/pycal /tmp/cdt-venv /tmp/jcdt-data.pristine
mkdir -p /tmp/cdt /tmp/pycal
git --git-dir="$CDT_GIT" archive master | tar -x -C /tmp/cdt
git --git-dir="$PYCAL_GIT" archive python3 | tar -x -C /tmp/pycal
python3 -m venv /tmp/cdt-venv
/tmp/cdt-venv/bin/pip install -q /tmp/pycal
# Python 3 fixes to the port (bytes vs str); see README.md
/tmp/cdt-venv/bin/python "$HERE/patch-port.py" /tmp/cdt
# reports.xml without the three VFREEBUSY objects jadwald does not store
mkdir -p /tmp/cdt/scripts/tests/jadwal
/tmp/cdt-venv/bin/python - <<'PY'
import re
s = open("/tmp/cdt/scripts/tests/CalDAV/reports.xml", encoding="utf-8").read()
s, n = re.subn(r'\n\t\t<request[^>]*>(?:(?!</request>).)*?<ruri>\$calendarpath1:/15\.ics</ruri>.*?</request>', '', s, count=1, flags=re.S)
assert n == 1
open("/tmp/cdt/scripts/tests/jadwal/reports-novfreebusy.xml", "w", encoding="utf-8").write(s)
PY
# jadwald: a copy of the binary, users user01..user40 (password userNNpw), admin,
# apprentice, i18nuser
[ "$JADWALD" = /tmp/jadwald-cdt ] || cp "$JADWALD" /tmp/jadwald-cdt
mkdir -m 700 /tmp/jcdt-data.pristine
for i in $(seq -w 1 40); do
  echo "user${i}pw" | /tmp/jadwald-cdt user add user$i --email user$i@example.com --data /tmp/jcdt-data.pristine --password-stdin >/dev/null
done
echo adminpass | /tmp/jadwald-cdt user add admin --admin --email admin@example.com --data /tmp/jcdt-data.pristine --password-stdin >/dev/null
echo apprentice | /tmp/jadwald-cdt user add apprentice --email apprentice@example.com --data /tmp/jcdt-data.pristine --password-stdin >/dev/null
echo i18nuser | /tmp/jadwald-cdt user add i18nuser --email i18nuser@example.com --data /tmp/jcdt-data.pristine --password-stdin >/dev/null
echo "ready: now run $HERE/run.sh"
