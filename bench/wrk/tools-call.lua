-- tools/call echo over Streamable HTTP, for wrk. Arguments after "--":
--   mode        session | modern
--   session     the Mcp-Session-Id (session mode), or "-"
--   stop_after  stop once this many answers are in (0: run for wrk's duration)
--   token       an access token sent as "Authorization: Bearer <token>", or "-" for none
-- Every answer is checked (status 200, the echoed text, no isError); done() prints one line
-- "WRKJSON {...}" with the counts and latency percentiles in microseconds.

local threads = {}
local next_thread = 1

function setup(thread)
  thread:set("thread_index", next_thread)
  next_thread = next_thread + 1
  table.insert(threads, thread)
end

function init(args)
  local mode, session = args[1], args[2]
  stop_after = tonumber(args[3]) or 0
  answered, wrong = 0, 0
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }
  if args[4] ~= nil and args[4] ~= "-" then
    headers["Authorization"] = "Bearer " .. args[4]
  end
  local meta = ""
  if mode == "session" then
    headers["Mcp-Session-Id"] = session
    headers["MCP-Protocol-Version"] = "2025-11-25"
  else
    headers["MCP-Protocol-Version"] = "2026-07-28"
    headers["Mcp-Method"] = "tools/call"
    headers["Mcp-Name"] = "echo"
    meta = ',"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",' ..
      '"io.modelcontextprotocol/clientInfo":{"name":"bench-client","version":"1.0.0"},' ..
      '"io.modelcontextprotocol/clientCapabilities":{}}'
  end
  -- Distinct ids, so no two requests in flight on one session share one.
  requests = {}
  for i = 1, 1000 do
    local id = thread_index * 1000000 + i
    local body = '{"jsonrpc":"2.0","id":' .. id .. ',"method":"tools/call","params":{"name":"echo",' ..
      '"arguments":{"text":"hello benchmark"}' .. meta .. '}}'
    requests[i] = wrk.format("POST", wrk.path, headers, body)
  end
  index = 0
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function response(status, headers, body)
  answered = answered + 1
  if status ~= 200 or not string.find(body, '"text":"hello benchmark"', 1, true) or string.find(body, '"isError":true', 1, true) then
    wrong = wrong + 1
  end
  if stop_after > 0 and answered >= stop_after then
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local wrong_total = 0
  for _, thread in ipairs(threads) do
    wrong_total = wrong_total + thread:get("wrong")
  end
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"wrong":%d,"socketErrors":%d,"statusErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), wrong_total,
    e.connect + e.read + e.write, e.status, e.timeout))
end
