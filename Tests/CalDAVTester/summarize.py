import re, sys
log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
head, _, tail = log.partition("\n======================================================================\n")
# summary blocks
blocks = ("======================================================================\n" + tail).split("======================================================================\n")
fails = {}
for b in blocks:
    b = b.strip()
    if not b: continue
    lines = b.split("\n")
    name = None
    for l in reversed(lines):
        if l.startswith("scripts.tests."):
            name = l.strip().replace("scripts.tests.CalDAV.", "").replace("scripts.tests.", ""); break
    kind = lines[0]
    msg = "\n".join(l for l in lines[1:] if not l.startswith("scripts.tests.") and not l.startswith("-----") and not l.startswith("Ran ") and not l.startswith("FAILED (") and l.strip())
    fails[name] = (kind, msg)
# progress section: per test, collect req/resp
cur_file = cur_suite = None
details = {}
cur = None
for l in head.split("\n"):
    m = re.match(r'^scripts\.tests\.(?:CalDAV\.)?(\S+)', l)
    if m: cur_file = m.group(1); cur_suite=None; continue
    m = re.match(r'^  Suite: (.*?)\s{2,}', l + "  ")
    if m and l.startswith("  Suite: "): cur_suite = m.group(1).strip(); continue
    m = re.match(r'^    Test: (.*?)\s+\[(\w+)\]', l)
    if m:
        cur = "%s/%s/%s" % (cur_file, cur_suite, m.group(1).strip())
        details[cur] = []
        continue
    if cur is not None:
        details[cur].append(l)
out = []
for name, (kind, msg) in fails.items():
    out.append("#### %s %s" % (kind, name))
    out.append(msg)
    d = "\n".join(details.get(name, []))
    for req, resp in re.findall(r'-------BEGIN:REQUEST-------\n(.*?)--------END:REQUEST--------.*?-------BEGIN:RESPONSE-------\n(.*?)--------END:RESPONSE--------', d, re.S):
        rl = req.split("\n")[0]
        hdrs = [h for h in req.split("\n")[1:] if re.match(r'^(Depth|Destination|Overwrite|If-|Prefer|Brief|Content-Type):', h)]
        body_req = req.split("\n")
        st = resp.split("\n")[0]
        rh = [h for h in resp.split("\n")[1:] if re.match(r'^(Location|ETag|DAV):', h)]
        body = resp.split("\n", 1)[1] if "\n" in resp else ""
        body = re.sub(r'^(?:[\w-]+: .*\n)+', '', body)
        out.append("  > %s %s" % (rl, " ".join(hdrs)))
        out.append("  < %s %s | %s" % (st, " ".join(rh), body.strip().replace("\n"," ")[:400]))
print("\n".join(out))
