-- wrk script for the server benchmark: replays the requests of a spec file, or makes each
-- one afresh from drawn items, and checks every answer (status, number of DAV:response
-- elements, number of calendars in it; an answer identical to one that passed passes
-- without being scanned again).
--
--   wrk -t T -c C -d D -s dav.lua URL -- SPEC MODE T DEADLINE OUTDIR
--
-- SPEC (written by bench.py):
--   E <statuses, comma-separated> <responses or -1> <VCALENDARs, -1 or -2>\n
--   H <header line>\n                      (any number, sent with every request)
--   R <method> <path> <body length>\n<body>\n   (one or more; MODE random: one)
--   D <k>\n                                 (MODE random) draw k distinct items per request
--   A <item>\n                              (MODE random; any number) the items to draw from
-- VCALENDARs -2: as many BEGIN:VCALENDAR and END:VCALENDAR as DAV:responses, and the body
--   ends with the closing tag of its multistatus (for answers that cannot be known in advance).
--
-- MODE cycle: every thread replays all requests in turn (starting at its own offset)
--   until wrk's duration ends.
-- MODE once: request i goes to thread i mod T and is sent exactly once; a thread stops
--   issuing new requests after DEADLINE seconds, waits for its answers, writes
--   OUTDIR/done.<thread> and stops. (wrk's main thread only wakes at -d or SIGINT; the
--   caller sends SIGINT once every thread is done.)
-- MODE random: every request is the one R line with "{{draw}}" in its path or body replaced
--   by k items drawn at random (distinct within the request), concatenated, until wrk's
--   duration ends; each thread draws from its own fixed seed, so every server gets the same
--   requests, and a request repeats only as often as its draw does.
--
-- done() prints one line: "BENCHJSON {...}".

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) * 1e-9
end

-- main state -------------------------------------------------------------------
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

-- thread state -----------------------------------------------------------------
local reqs = {}          -- prebuilt request strings
local status_ok = {}
local exp_responses, exp_vcal = -1, -1
local template = nil     -- random: the R line
local items = {}         -- random: the A lines
local draw_k = 0
local mode, nthreads, deadline, outdir
local next_index = 1     -- cycle: index into reqs; once: index into this thread's slice
local claimed = 0        -- once: requests taken from this thread's slice
local reserved = 0       -- once: requests promised by delay() but not yet built
t_start, t_end = 0, 0
sent, received = 0, 0
bad_status, bad_count, last_bad = 0, 0, ""
finished = false

local function count_plain(body, needle)
  local n, pos = 0, 1
  while true do
    local s, e = string.find(body, needle, pos, true)
    if not s then return n end
    n = n + 1
    pos = e + 1
  end
end

-- Closing tags of DAV:response in any prefix: "</response>", "</D:response>", "</ns0:response>".
local function count_responses(body)
  local n, pos = 0, 1
  while true do
    local s, e = string.find(body, "response>", pos, true)
    if not s then return n end
    local b = string.byte(body, s - 1)
    if b == 47 then
      n = n + 1
    elseif b == 58 then
      local lt = s - 2
      while lt > 1 and lt > s - 24 and string.byte(body, lt) ~= 60 do lt = lt - 1 end
      if string.byte(body, lt) == 60 and string.byte(body, lt + 1) == 47 then n = n + 1 end
    end
    pos = e + 1
  end
end

local function parse_spec(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  local headers = {}
  local all = {}
  local n_items = 0
  local pos = 1
  while pos <= #data do
    local nl = string.find(data, "\n", pos, true)
    local line = string.sub(data, pos, nl - 1)
    pos = nl + 1
    local kind = string.sub(line, 1, 1)
    if kind == "E" then
      local statuses, r, v = string.match(line, "^E (%S+) (%S+) (%S+)$")
      for s in string.gmatch(statuses, "%d+") do status_ok[tonumber(s)] = true end
      exp_responses, exp_vcal = tonumber(r), tonumber(v)
    elseif kind == "H" then
      local name, value = string.match(line, "^H ([^:]+):%s*(.*)$")
      headers[name] = value
    elseif kind == "R" then
      local method, path, len = string.match(line, "^R (%S+) (%S+) (%d+)$")
      len = tonumber(len)
      local body = nil
      if len > 0 then body = string.sub(data, pos, pos + len - 1) end
      pos = pos + len + 1
      table.insert(all, { method, path, body })
    elseif kind == "D" then
      draw_k = tonumber(string.sub(line, 3))
    elseif kind == "A" then
      n_items = n_items + 1
      items[n_items] = string.sub(line, 3)
    end
  end
  return all, headers
end

-- random mode: s with "{{draw}}" replaced by draw_k distinct items
local function fill(s, drawn)
  if not s then return s end
  local a, b = string.find(s, "{{draw}}", 1, true)
  if not a then return s end
  return string.sub(s, 1, a - 1) .. drawn .. string.sub(s, b + 1)
end

local function draw()
  local picked, out = {}, {}
  while #out < draw_k do
    local i = math.random(#items)
    if not picked[i] then
      picked[i] = true
      out[#out + 1] = items[i]
    end
  end
  return table.concat(out)
end

local function finish()
  if finished then return end
  finished = true
  t_end = now()
  local f = io.open(outdir .. "/done." .. tid, "w")
  if f then f:write("done\n"); f:close() end
  wrk.thread:stop()
end

-- once mode: delay() decides whether this connection sends another request.
local function once_delay()
  if claimed < #reqs and now() - t_start < deadline then
    claimed = claimed + 1
    reserved = reserved + 1
    return 0
  end
  if received == sent and reserved == 0 then finish() end
  return 3600000
end

function init(args)
  local spec = args[1]
  mode = args[2]
  nthreads = tonumber(args[3])
  deadline = tonumber(args[4])
  outdir = args[5]
  local all, headers = parse_spec(spec)
  if mode == "random" then
    assert(draw_k >= 1 and draw_k <= #items, "random: D must lie between 1 and the number of A lines")
    template = all[1]
    template.headers = headers
    math.randomseed(7919 * (tid + 1))
  elseif mode == "once" then
    for i = tid + 1, #all, nthreads do
      local r = all[i]
      table.insert(reqs, wrk.format(r[1], r[2], headers, r[3]))
    end
    delay = once_delay
  else
    for i = 1, #all do
      local r = all[i]
      table.insert(reqs, wrk.format(r[1], r[2], headers, r[3]))
    end
    next_index = (tid % #reqs) + 1
  end
  t_start = now()
end

function request()
  if mode == "random" then
    local d = draw()
    sent = sent + 1
    return wrk.format(template[1], fill(template[2], d), template.headers, fill(template[3], d))
  end
  if mode == "once" then
    if reserved == 0 then
      -- wrk's main thread calls request() once after init() to check for pipelining;
      -- that request is never sent
      return reqs[1] or wrk.format("OPTIONS", "/")
    end
    reserved = reserved - 1
  end
  local r = reqs[next_index]
  next_index = next_index + 1
  if mode ~= "once" and next_index > #reqs then next_index = 1 end
  sent = sent + 1
  return r
end

-- Answers that passed the checks. LuaJIT interns every string, so a body identical to one
-- of them is the same string, found here by identity: it passes the same checks without
-- a second scan. (Scanning multi-megabyte answers made wrk the benchmark's busiest process.)
local passed = {}
local passed_bytes = 0
local max_passed_bytes = 256 * 1024 * 1024

local function check(body)
  local ok = true
  if exp_vcal == -2 then
    local r = count_responses(body)
    local b, e = count_plain(body, "BEGIN:VCALENDAR"), count_plain(body, "END:VCALENDAR")
    if b ~= r or e ~= r or not string.find(string.sub(body, -64), "multistatus>%s*$") then
      ok = false
      bad_count = bad_count + 1
      last_bad = "responses " .. r .. ", BEGIN:VCALENDAR " .. b .. ", END:VCALENDAR " .. e ..
          (string.find(string.sub(body, -64), "multistatus>%s*$") and "" or ", no closing multistatus")
    end
  end
  if exp_responses >= 0 then
    local c = count_responses(body)
    if c ~= exp_responses then
      ok = false
      bad_count = bad_count + 1
      last_bad = "responses " .. c .. " (want " .. exp_responses .. ")"
    end
  end
  if exp_vcal >= 0 then
    local c = count_plain(body, "BEGIN:VCALENDAR")
    if c ~= exp_vcal then
      ok = false
      bad_count = bad_count + 1
      last_bad = "calendars " .. c .. " (want " .. exp_vcal .. ")"
    end
  end
  if ok then
    if passed_bytes + #body > max_passed_bytes then
      passed, passed_bytes = {}, 0
    end
    passed[body] = true
    passed_bytes = passed_bytes + #body
  end
end

function response(status, headers, body)
  received = received + 1
  t_end = now()
  if not status_ok[status] then
    bad_status = bad_status + 1
    last_bad = "status " .. status
  elseif body and not passed[body] then
    check(body)
  end
  -- reserved: requests another connection claimed in delay() but wrk has not built yet (it
  -- calls request() one event-loop turn later); finishing then would never send them
  if mode == "once" and received == sent and reserved == 0 and (claimed >= #reqs or now() - t_start >= deadline) then
    finish()
  end
end

local function json_string(s)
  return '"' .. string.gsub(tostring(s), '[%c"\\]', function(c) return string.format("\\u%04x", string.byte(c)) end) .. '"'
end

function done(summary, latency, requests)
  local t0, t1 = math.huge, 0
  local recv, sentn, bs, bc, last = 0, 0, 0, 0, ""
  local per_thread = {}
  for _, t in ipairs(threads) do
    local ts0, ts1 = t:get("t_start"), t:get("t_end")
    if ts0 and ts0 > 0 and ts0 < t0 then t0 = ts0 end
    if ts1 and ts1 > t1 then t1 = ts1 end
    recv = recv + (t:get("received") or 0)
    sentn = sentn + (t:get("sent") or 0)
    bs = bs + (t:get("bad_status") or 0)
    bc = bc + (t:get("bad_count") or 0)
    local lb = t:get("last_bad")
    if lb and lb ~= "" then last = lb end
    table.insert(per_thread, tostring(t:get("sent") or 0))
  end
  local e = summary.errors
  local out = {
    '"requests":' .. summary.requests,
    '"duration_us":' .. summary.duration,
    '"received":' .. recv,
    '"sent":' .. sentn,
    '"window_s":' .. string.format("%.6f", math.max(t1 - t0, 1e-9)),
    '"bad_status":' .. bs,
    '"bad_count":' .. bc,
    '"last_bad":' .. json_string(last),
    '"errors":{"connect":' .. e.connect .. ',"read":' .. e.read .. ',"write":' .. e.write ..
        ',"status":' .. e.status .. ',"timeout":' .. e.timeout .. '}',
    '"p50_us":' .. latency:percentile(50.0),
    '"p90_us":' .. latency:percentile(90.0),
    '"p99_us":' .. latency:percentile(99.0),
    '"max_us":' .. latency.max,
    '"mean_us":' .. string.format("%.1f", latency.mean),
    '"sent_per_thread":[' .. table.concat(per_thread, ",") .. ']',
  }
  io.write("BENCHJSON {" .. table.concat(out, ",") .. "}\n")
end
