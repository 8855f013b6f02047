"""Writes each test suite of CalDAVTester scripts as a script of its own, so that a suite
runs on fresh data and a failure in one does not carry into the next through what its
clean-up left behind (see README.md, "Scheduling scripts").
Usage: split-suites.py /tmp/cdt CalDAV/implicitcancels.xml ...  (prints the new paths)"""
import os
import re
import sys

root, scripts = sys.argv[1], sys.argv[2:]
tests = os.path.join(root, "scripts", "tests")
os.makedirs(os.path.join(tests, "jadwal-split"), exist_ok=True)
for script in scripts:
    text = open(os.path.join(tests, script), encoding="utf-8").read()
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    suites = list(re.finditer(r"<test-suite\b.*?</test-suite>", text, re.S))
    if not suites:
        continue
    head, tail = text[:suites[0].start()], text[suites[-1].end():]
    name = os.path.splitext(os.path.basename(script))[0]
    for number, suite in enumerate(suites, 1):
        path = os.path.join("jadwal-split", "%s-%02d.xml" % (name, number))
        with open(os.path.join(tests, path), "w", encoding="utf-8") as out:
            out.write(head + suite.group(0) + tail)
        print(path)
