/**
 * The Lua scripts of the processes' leases and of the answer streams they hold (see
 * `FleetLeases` and `SessionEvents.open`). The keys, under the store's prefix (`mcpkit:` here):
 * - `mcpkit:replicas`: every process's lease, a sorted set of replica ids scored by when each
 *   lease ends (ms since the epoch on Redis's clock); a process leaves it when it is reaped.
 * - `mcpkit:open:<replicaId>`: the answer streams a process has open, a hash from
 *   `<sessionId> <streamId>` to the stream's last word (JSON).
 * - `mcpkit:held:<replicaId>`: the tasks it runs, a set of task ids.
 *
 * A process's keys live a day past its last renewal, so a fleet that stopped for good leaves
 * nothing in the end; a process reaped before that takes its keys with it.
 * @module
 */
import { APPEND, COMMON, script } from './scripts.js';

/** How long a process's keys outlive its last renewal, in ms: time enough for a fleet to come back and reap it. */
export const LEASE_KEYS_RETAINED_MS = 24 * 60 * 60_000;

/** Keeping a process's keys until a day after its lease. */
const RETAIN = `
-- Makes \`key\` end \`ms\` from now when it exists and has no end, or always when \`always\`.
local function retain(key, ms, always)
  if always or redis.call('PTTL', key) == -1 then redis.call('PEXPIRE', key, ms) end
end
`;

/**
 * Opens an answer stream of this process. KEYS: the session's hash, the process's open streams.
 * ARGV: `<sessionId> <streamId>`, the last word (JSON), how long the keys are kept. Replies the
 * session's latest sequence number (0 when it ended).
 */
export const OPEN_STREAM = script(
  RETAIN,
  `
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
retain(KEYS[2], tonumber(ARGV[3]), false)
return tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
`,
);

/**
 * Logs an event of a stream this process has open. KEYS: hash, stream, the process's open
 * streams. ARGV: channel, stream id, its JSON, message JSON, most events kept, `<sessionId>
 * <streamId>`. Replies its number, or nil when the stream is not open or the session ended.
 */
export const WRITE_STREAM = script(
  COMMON,
  APPEND,
  `
if redis.call('HEXISTS', KEYS[3], ARGV[6]) == 0 then return nil end
return append(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]))
`,
);

/**
 * Logs the last message (if any) and the end of a stream this process has open, and lets it
 * go. KEYS and ARGV as for WRITE_STREAM, the message '' for none. Replies the end's number, or
 * nil when the stream was not open or the session ended.
 */
export const FINISH_STREAM = script(
  COMMON,
  APPEND,
  `
if redis.call('HDEL', KEYS[3], ARGV[6]) == 0 then return nil end
local max = tonumber(ARGV[5])
if ARGV[4] ~= '' then append(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4], max) end
return append(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], 'null', max)
`,
);

/**
 * Renews a process's lease. KEYS: replicas, its open streams, its tasks. ARGV: replica id,
 * lease ms, how long the keys are kept. Replies 1 when the process held a lease (lapsed or not)
 * that was not reaped, else 0.
 */
export const RENEW = script(
  COMMON,
  RETAIN,
  `
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
local ends = now_ms() + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], int(ends), ARGV[1])
local keep = tonumber(ARGV[3])
end_at(KEYS[1], tostring(tonumber(last_end(KEYS[1])) + keep))
retain(KEYS[2], keep + tonumber(ARGV[2]), true)
retain(KEYS[3], keep + tonumber(ARGV[2]), true)
if held then return 1 end
return 0
`,
);

/** Ends a process's lease now. KEYS: replicas. ARGV: replica id. */
export const LEAVE = script(
  COMMON,
  `
redis.call('ZADD', KEYS[1], 'XX', int(now_ms()), ARGV[1])
`,
);

/** A task a process runs. KEYS: its tasks. ARGV: task id, how long the keys are kept. */
export const HOLD_TASK = script(
  RETAIN,
  `
redis.call('SADD', KEYS[1], ARGV[1])
retain(KEYS[1], tonumber(ARGV[2]), false)
`,
);

/**
 * Reaps the processes whose lease lapsed, at most 16 at a time: each open answer stream gets
 * its last word and its end; the process's keys and lease go. KEYS: replicas. ARGV: prefix,
 * this process's id, most events kept, the prefix of sessions' channels, how long the keys are
 * kept. Replies, per process
 * reaped, [replica id, streams ended, [task ids]].
 */
export const REAP = script(
  COMMON,
  APPEND,
  `
local prefix, max = ARGV[1], tonumber(ARGV[3])
local reaped = {}
for _, replica in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now_ms(), 'LIMIT', 0, 17)) do
  if replica ~= ARGV[2] and #reaped < 16 then
    local open = prefix .. 'open:' .. replica
    local streams = redis.call('HGETALL', open)
    for i = 1, #streams, 2 do
      local session, sid = string.match(streams[i], '^(.*) ([^ ]+)$')
      local tag = '{' .. session .. '}'
      local hash, stream, channel = prefix .. 'session:' .. tag, prefix .. 'events:' .. tag, ARGV[4] .. session
      local sid_json = cjson.encode(sid)
      if streams[i + 1] ~= 'null' then append(hash, stream, channel, sid, sid_json, streams[i + 1], max) end
      append(hash, stream, channel, sid, sid_json, 'null', max)
    end
    local held = prefix .. 'held:' .. replica
    local tasks = redis.call('SMEMBERS', held)
    redis.call('DEL', open, held)
    redis.call('ZREM', KEYS[1], replica)
    table.insert(reaped, { replica, #streams / 2, tasks })
  end
end
local last = last_end(KEYS[1])
if last then end_at(KEYS[1], tostring(tonumber(last) + tonumber(ARGV[5]))) end
return reaped
`,
);
