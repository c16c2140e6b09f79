/**
 * The Lua scripts the store runs in Redis: each step that reads and writes runs as one script,
 * so it is one round trip and nothing else runs between its reads and its writes. Scripts are
 * sent by digest (`EVALSHA`) and, when Redis does not know them yet (a new or restarted
 * server), once in full (`EVAL`).
 *
 * The layout, every key under the store's prefix (shown here as the default, `mcpkit:`):
 * - `mcpkit:session:{<id>}`: a session's hash: `rec` (the record's JSON, without the two
 *   members below), `l` (its log level), `subs` (a JSON array of the URIs it subscribed to),
 *   `seq` (its latest event's number), `exp` (when it ends, ms since the epoch on Redis's
 *   clock) and `d:<streamId>` (the newest event of that stream that was dropped).
 * - `mcpkit:events:{<id>}`: a session's events, a stream whose ids are `<seq>-1`, fields `s`
 *   (the stream's id) and `m` (the message's JSON; `null` marks the stream's end).
 * - `mcpkit:sessions`: the live sessions, a sorted set scored by when each ends.
 * - `mcpkit:subscribers:<uri>`: the sessions subscribed to `uri`, scored likewise.
 * - `mcpkit:used:<id>`: a used `requestState`, until it expires.
 * - `mcpkit:task:<taskId>`: a task's hash: each member of its record as JSON, `.owner` (the
 *   owner as it is, to name the owner's keys) and `.limit` (the key it counts against: its
 *   `limitKey`, else its owner).
 * - `mcpkit:tasks:<owner>`: an owner's tasks in the order they were made;
 *   `mcpkit:task-ends:<owner>`: the same, scored by when each ends (`inf`: never).
 * - `mcpkit:running:<key>`: the tasks counted against a key that are not yet in a terminal
 *   state, scored by when each ends: what the limit on tasks running at once counts.
 * - `mcpkit:key:<id>`: a `requestState` key's secret, base64.
 * - `mcpkit:replicas`: the processes' leases, a sorted set of replica ids scored by when each
 *   lease ends; `mcpkit:open:<replicaId>`: a process's open answer streams, a hash from
 *   `<sessionId> <streamId>` to the stream's last word (JSON); `mcpkit:held:<replicaId>`: the
 *   tasks it runs, a set (`lease-scripts.ts`).
 *
 * Every key ends: a session's keys when the session does (each `touch` pushes that back), a
 * sorted set when the last of its members does (members that ended are dropped as the set is
 * used), a task's keys when it does (a task kept "for as long as the store lasts" is kept until
 * it is deleted in Redis), a key when the last state it sealed has expired, a process's lease keys
 * a day after its lease lapsed unless it is reaped before. Pub/sub channels
 * are `mcpkit:<channel>`; a session's events are told on `mcpkit:session:<id>`.
 * @module
 */
import { createHash } from 'node:crypto';
import type { NodeRedisClient } from './load.js';

/** A Lua script and its digest. */
export class Script {
  readonly source: string;
  readonly sha: string;

  constructor(source: string) {
    this.source = source;
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script on `keys` with `args`; its reply as node-redis gives it. */
  async run(client: NodeRedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await client.sendCommand(['EVALSHA', this.sha, ...tail]);
    } catch (error) {
      if (!String((error as Error | null)?.message).startsWith('NOSCRIPT')) throw error;
      return client.sendCommand(['EVAL', this.source, ...tail]);
    }
  }
}

/** Helpers every script may use. */
export const COMMON = `
-- A number as Redis reads an integer (Lua may write large ones with an exponent).
local function int(n)
  return string.format('%.0f', n)
end
-- Now, on Redis's clock, in milliseconds.
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- A sorted set scored by when its members end: the highest score, or nil when it is empty.
local function last_end(key)
  local top = redis.call('ZREVRANGE', key, 0, 0, 'WITHSCORES')
  return top[2]
end
-- Makes \`key\` end at \`at\` (a score as Redis writes it: 'inf' is never).
local function end_at(key, at)
  if not at then return end
  if at == 'inf' then redis.call('PERSIST', key) else redis.call('PEXPIREAT', key, int(tonumber(at))) end
end
-- Makes a sorted set scored by when its members end end with its last member.
local function keep(key)
  end_at(key, last_end(key))
end
-- A list of strings as JSON (cjson writes an empty table as an object).
local function json_list(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end
`;

/** Logging an event of a session, and telling it on the session's channel. */
export const APPEND = `
-- Logs \`message\` (JSON) on stream \`sid\` of the session whose hash is \`hash\`; nil when it has ended.
local function append(hash, stream, channel, sid, sid_json, message, max)
  local ends = redis.call('HGET', hash, 'exp')
  if not ends then return nil end
  local seq = redis.call('HINCRBY', hash, 'seq', 1)
  redis.call('XADD', stream, seq .. '-1', 's', sid, 'm', message)
  redis.call('PEXPIREAT', stream, ends)
  local count = redis.call('XLEN', stream)
  if count > max then
    -- The oldest go; for each stream, the newest of its events dropped is kept.
    for _, entry in ipairs(redis.call('XRANGE', stream, '-', '+', 'COUNT', count - max)) do
      local fields = entry[2]
      for i = 1, #fields, 2 do
        if fields[i] == 's' then
          redis.call('HSET', hash, 'd:' .. fields[i + 1], string.match(entry[1], '^(%d+)'))
        end
      end
    end
    redis.call('XTRIM', stream, 'MAXLEN', max)
  end
  redis.call('PUBLISH', channel, '{"streamId":' .. sid_json .. ',"seq":' .. seq .. ',"message":' .. message .. '}')
  return seq
end
`;

export const script = (...parts: string[]): Script => new Script(parts.join('\n'));

/**
 * Stores a new session (one under the same id before is replaced, events and all).
 * KEYS: hash, stream, sessions. ARGV: idleMs, id, prefix, record JSON, log level or '', subscriptions JSON.
 */
export const CREATE = script(
  COMMON,
  `
local now = now_ms()
local ends = int(now + tonumber(ARGV[1]))
local before = redis.call('HGET', KEYS[1], 'subs')
if before then
  for _, uri in ipairs(cjson.decode(before)) do
    local index = ARGV[3] .. 'subscribers:' .. uri
    redis.call('ZREM', index, ARGV[2])
    keep(index)
  end
end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('HSET', KEYS[1], 'rec', ARGV[4], 'subs', ARGV[6], 'seq', 0, 'exp', ends)
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'l', ARGV[5]) end
redis.call('PEXPIREAT', KEYS[1], ends)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZADD', KEYS[3], ends, ARGV[2])
keep(KEYS[3])
for _, uri in ipairs(cjson.decode(ARGV[6])) do
  local index = ARGV[3] .. 'subscribers:' .. uri
  redis.call('ZADD', index, ends, ARGV[2])
  keep(index)
end
`,
);

/**
 * A session's record, its end pushed `idleMs` from now on every key and index of it; drops the
 * sessions that ended from the index of sessions. KEYS: hash, stream, sessions. ARGV: idleMs, id,
 * prefix. Replies [record JSON, log level, subscriptions JSON], or nil when the session ended.
 */
export const TOUCH = script(
  COMMON,
  `
local now = now_ms()
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local record = redis.call('HMGET', KEYS[1], 'rec', 'l', 'subs')
if not record[1] then return nil end
local ends = int(now + tonumber(ARGV[1]))
redis.call('HSET', KEYS[1], 'exp', ends)
redis.call('PEXPIREAT', KEYS[1], ends)
redis.call('PEXPIREAT', KEYS[2], ends)
redis.call('ZADD', KEYS[3], ends, ARGV[2])
keep(KEYS[3])
for _, uri in ipairs(cjson.decode(record[3])) do
  local index = ARGV[3] .. 'subscribers:' .. uri
  redis.call('ZREMRANGEBYSCORE', index, '-inf', now)
  redis.call('ZADD', index, ends, ARGV[2])
  keep(index)
end
return record
`,
);

/** Sets a live session's log level. KEYS: hash. ARGV: level. */
export const SET_LOG_LEVEL = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'l', ARGV[1]) end
`);

/**
 * Adds or removes a live session's subscription, in its record and in the URI's index.
 * KEYS: hash. ARGV: id, prefix, uri, '1' (subscribe) or '0'.
 */
export const SET_SUBSCRIPTION = script(
  COMMON,
  `
local held = redis.call('HMGET', KEYS[1], 'subs', 'exp')
if not held[1] then return end
local subscribe = ARGV[4] == '1'
local seen, uris = {}, {}
for _, uri in ipairs(cjson.decode(held[1])) do
  if not seen[uri] and (subscribe or uri ~= ARGV[3]) then table.insert(uris, uri) end
  seen[uri] = true
end
if subscribe and not seen[ARGV[3]] then table.insert(uris, ARGV[3]) end
redis.call('HSET', KEYS[1], 'subs', json_list(uris))
local index = ARGV[2] .. 'subscribers:' .. ARGV[3]
if subscribe then redis.call('ZADD', index, held[2], ARGV[1]) else redis.call('ZREM', index, ARGV[1]) end
keep(index)
`,
);

/** Ends a session: its keys, and its place in every index. KEYS: hash, stream, sessions. ARGV: id, prefix. Replies 1, or 0 when it had ended. */
export const DELETE = script(
  COMMON,
  `
redis.call('ZREM', KEYS[3], ARGV[1])
keep(KEYS[3])
local subs = redis.call('HGET', KEYS[1], 'subs')
if not subs then return 0 end
for _, uri in ipairs(cjson.decode(subs)) do
  local index = ARGV[2] .. 'subscribers:' .. uri
  redis.call('ZREM', index, ARGV[1])
  keep(index)
end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
`,
);

/**
 * Logs an event and tells it. KEYS: hash, stream. ARGV: channel, stream id, its JSON, message
 * JSON, most events kept. Replies its number, or nil when the session ended.
 */
export const APPEND_EVENT = script(
  COMMON,
  APPEND,
  `
return append(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]))
`,
);

/**
 * Appends a message to the standalone stream of every session of an index (the live sessions,
 * or those subscribed to a URI). KEYS: the index. ARGV: prefix, channel prefix, message JSON,
 * most events kept.
 */
export const BROADCAST = script(
  COMMON,
  APPEND,
  `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms())
local max = tonumber(ARGV[4])
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local tag = '{' .. id .. '}'
  append(ARGV[1] .. 'session:' .. tag, ARGV[1] .. 'events:' .. tag, ARGV[2] .. id, 'g', '"g"', ARGV[3], max)
end
`,
);

/**
 * What the log holds of one stream after a sequence number. KEYS: hash, stream. ARGV: stream id,
 * the number, the first stream id to read. Replies [newest dropped of the stream or 0, [seq,
 * message JSON, ...]], or nil when the session ended or the number is beyond its latest.
 */
export const AFTER = script(`
local held = redis.call('HMGET', KEYS[1], 'seq', 'd:' .. ARGV[1])
if not held[1] or tonumber(ARGV[2]) > tonumber(held[1]) then return nil end
local events = {}
for _, entry in ipairs(redis.call('XRANGE', KEYS[2], ARGV[3], '+')) do
  local fields, sid, message = entry[2], nil, nil
  for i = 1, #fields, 2 do
    if fields[i] == 's' then sid = fields[i + 1] elseif fields[i] == 'm' then message = fields[i + 1] end
  end
  if sid == ARGV[1] then
    table.insert(events, string.match(entry[1], '^(%d+)'))
    table.insert(events, message)
  end
end
return { held[2] or '0', events }
`);

/** A key of `requestState`, made once fleet-wide. KEYS: its key. ARGV: a new secret, how long to keep it (ms). */
export const KEY = script(`
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return redis.call('GET', KEYS[1])
`);

/** What the task scripts share: dropping ended tasks from an owner's indexes, counting running ones. */
const TASKS = `
-- KEYS[1] and KEYS[2] of the create and list scripts: the owner's tasks and task-ends sets.
local function sweep(now)
  local ended = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
  for _, id in ipairs(ended) do
    redis.call('ZREM', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
  end
end
-- How many tasks of a running set have not ended by \`now\`; those that have are dropped first.
local function running(key, now)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  return redis.call('ZCARD', key)
end
local function terminal(status)
  return status == '"completed"' or status == '"failed"' or status == '"cancelled"'
end
`;

/**
 * Stores a new task, unless it would run beyond its key's limit: the count and the store are one
 * step. KEYS: tasks, task-ends, the running set of its key, the task's hash. ARGV: now (the
 * server's clock), task id, createdAt, when it ends (or 'inf'), owner, the key it counts
 * against, the most running at once ('' for no limit), then field, JSON, ... Replies 1 when
 * stored, 0 at the limit, an error when the task exists.
 */
export const TASK_CREATE = script(
  COMMON,
  TASKS,
  `
local now = tonumber(ARGV[1])
sweep(now)
if redis.call('EXISTS', KEYS[4]) == 1 then return redis.error_reply('task ' .. ARGV[2] .. ' exists already') end
local fields = { '.owner', ARGV[5], '.limit', ARGV[6] }
local status
for i = 8, #ARGV, 2 do
  table.insert(fields, ARGV[i])
  table.insert(fields, ARGV[i + 1])
  if ARGV[i] == 'status' then status = ARGV[i + 1] end
end
local live = not terminal(status)
if live and ARGV[7] ~= '' and running(KEYS[3], now) >= tonumber(ARGV[7]) then return 0 end
redis.call('HSET', KEYS[4], unpack(fields))
if ARGV[4] ~= 'inf' then redis.call('PEXPIREAT', KEYS[4], ARGV[4]) end
-- Ordered as made: by creation time, after every task the owner made before.
local order = tonumber(ARGV[3]) * 1024
local top = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
if top and tonumber(top) >= order then order = tonumber(top) + 1 end
redis.call('ZADD', KEYS[1], order, ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[2])
local ends = last_end(KEYS[2])
end_at(KEYS[1], ends)
end_at(KEYS[2], ends)
if live then
  redis.call('ZADD', KEYS[3], ARGV[4], ARGV[2])
  keep(KEYS[3])
end
return 1
`,
);

/** Whether a task's record (its createdAt and ttlMs, as JSON) has ended at `now`. */
const TASK_ENDED = `
local function ended(created, ttl, now)
  return ttl ~= 'null' and now >= tonumber(created) + tonumber(ttl)
end
`;

/**
 * Applies a change to a task not in a terminal state. KEYS: the task's hash. ARGV: now, prefix,
 * task id, then field, JSON ('' removes the field), ... Replies the record's fields and values,
 * or nil.
 */
export const TASK_UPDATE = script(
  TASKS,
  TASK_ENDED,
  `
local held = redis.call('HMGET', KEYS[1], 'status', '.limit', 'createdAt', 'ttlMs', '.owner')
if not held[1] or ended(held[3], held[4], tonumber(ARGV[1])) then return nil end
if not terminal(held[1]) then
  for i = 4, #ARGV, 2 do
    if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i]) else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
  end
  if terminal(redis.call('HGET', KEYS[1], 'status')) then
    -- A task stored before '.limit' was kept counts against its owner.
    redis.call('ZREM', ARGV[2] .. 'running:' .. (held[2] or held[5]), ARGV[3])
  end
end
return redis.call('HGETALL', KEYS[1])
`,
);

/**
 * A page of an owner's tasks, newest first. KEYS: tasks, task-ends. ARGV: now, prefix,
 * cursor (a task id, or ''), limit. Replies [1 when more follow, else 0, [fields and values], ...].
 */
export const TASK_LIST = script(
  TASKS,
  TASK_ENDED,
  `
local now = tonumber(ARGV[1])
sweep(now)
local start, limit = 0, tonumber(ARGV[4])
if ARGV[3] ~= '' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[3])
  if rank then start = rank + 1 end
end
local page = { 0 }
if limit < 1 then return page end
local ids = redis.call('ZREVRANGE', KEYS[1], start, start + limit)
if #ids > limit then page[1] = 1 end
for i = 1, math.min(#ids, limit) do
  local record = redis.call('HGETALL', ARGV[2] .. 'task:' .. ids[i])
  table.insert(page, record)
end
return page
`,
);

/** How many tasks of a key are not in a terminal state. KEYS: its running set. ARGV: now. */
export const TASK_ACTIVE = script(
  TASKS,
  `
return running(KEYS[1], tonumber(ARGV[1]))
`,
);
