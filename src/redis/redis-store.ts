/**
 * `redisStore`: a fleet's shared state in Redis (`FleetStore`), so the processes of an MCP
 * endpoint behind a load balancer serve any request, each with its own handle on one Redis.
 * It means what `MemoryFleet` means, step for step; each step that reads and writes is one Lua
 * script (`scripts.ts`, which also lays out the keys). Needs Redis 6.2 or later, not a cluster:
 * one script may touch a session's keys and the fleet's indexes together.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { systemClock } from '../jsonrpc/clock.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import type {
  EventMessage,
  FleetBus,
  FleetStore,
  LoggedEvent,
  RequestStateKey,
  RequestStateKeys,
  SessionEvents,
  SessionRecord,
  SessionRecords,
  StreamTail,
} from '../server/fleet/fleet-store.js';
import { KeyRotation, type KeyRotationOptions } from '../server/fleet/key-rotation.js';
import { checkedLeaseMs, DEFAULT_FLEET_EVENTS_PER_SESSION, watchChannel } from '../server/fleet/memory-fleet.js';
import type { UsedStateStore } from '../server/multi-round-trip/used-states.js';
import { loadNodeRedis, type NodeRedisClient, type NodeRedisModule } from './load.js';
import { RedisTaskStore } from './redis-tasks.js';
import { leaseKeys, redisLeases } from './redis-leases.js';
import { FINISH_STREAM, LEASE_KEYS_RETAINED_MS, OPEN_STREAM, WRITE_STREAM } from './lease-scripts.js';
import {
  AFTER,
  APPEND_EVENT,
  BROADCAST,
  CREATE,
  DELETE,
  KEY,
  SET_LOG_LEVEL,
  SET_SUBSCRIPTION,
  TOUCH,
} from './scripts.js';

/** Where Redis is when neither `url` nor `client` says. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** The options of `redisStore`: where Redis is, and the names and lifetimes of what the fleet keeps there. */
export interface RedisStoreOptions extends KeyRotationOptions {
  /**
   * Where Redis is: `redis[s]://[[username][:password]@]host[:port][/db-number]`. Default
   * `redis://127.0.0.1:6379`. The store makes its two connections (commands, and pub/sub)
   * and closes them on `close()`.
   */
  url?: string;
  /**
   * A node-redis client the application made (`createClient()` of `redis` or `@redis/client`),
   * instead of `url`: the store sends its commands on it (connecting it if it is not yet),
   * makes a duplicate of it for pub/sub, and on `close()` closes the duplicate only.
   */
  client?: NodeRedisClient;
  /** Put before every key and channel, so one Redis can serve several fleets. Default `mcpkit:`. */
  prefix?: string;
  /** Events each session keeps for resumption; the oldest go first. Default 1000. */
  maxEventsPerSession?: number;
  /** This process's name in the fleet (letters, digits, `_` and `-`). Default: random. */
  replicaId?: string;
  /**
   * How long this process's lease lasts after each renewal (about every second while it runs):
   * once it lapses, another process ends the requests it was answering on streams and fails its
   * tasks. Default 5 s.
   */
  leaseMs?: number;
  /**
   * Told of the connections' errors (a lost connection, each failed attempt to reconnect),
   * which never end the process: commands fail meanwhile, and node-redis reconnects.
   * Default: `console.error`, once for each distinct message.
   */
  onError?: (error: Error) => void;
}

/**
 * Connects to Redis and resolves with this process's handle on the fleet; rejects, leaving
 * nothing open, when Redis cannot be reached. Asynchronous rather than connecting on first use:
 * a wrong address or a server that is down is then an error when the process starts, not on
 * some client's first request, and the handle's members can be plain objects.
 */
export async function redisStore(options: RedisStoreOptions = {}): Promise<FleetStore> {
  const prefix = options.prefix ?? 'mcpkit:';
  const maxEvents = options.maxEventsPerSession ?? DEFAULT_FLEET_EVENTS_PER_SESSION;
  const replicaId = options.replicaId ?? `r${randomBytes(9).toString('base64url')}`;
  if (typeof prefix !== 'string') throw new TypeError('prefix must be a string');
  if (!Number.isInteger(maxEvents) || maxEvents < 1)
    throw new RangeError(`maxEventsPerSession must be a positive integer, got ${String(maxEvents)}`);
  if (!/^[A-Za-z0-9_-]+$/.test(replicaId))
    throw new RangeError(`replicaId may hold letters, digits, _ and - only, got ${JSON.stringify(replicaId)}`);
  if (options.client && options.url !== undefined) throw new TypeError('give redisStore a url or a client, not both');
  const leaseMs = checkedLeaseMs(options.leaseMs);
  const rotation = new KeyRotation(options, systemClock);
  const report = options.onError ?? reportOnce();

  const { main, sub, owned, listeners } = await connect(options, report);
  let closing: Promise<void> | undefined;
  const bus = fleetBus(main, sub, prefix, report, () => closing !== undefined);
  return {
    replicaId,
    sessions: sessionRecords(main, prefix),
    events: sessionEvents(main, bus, prefix, maxEvents, replicaId),
    bus,
    usedStates: usedStates(main, prefix, report),
    tasks: new RedisTaskStore(main, prefix, systemClock),
    keys: keyRing(main, prefix, rotation),
    leases: redisLeases(main, prefix, replicaId, leaseMs, maxEvents),
    close: () =>
      (closing ??= (async () => {
        await Promise.all([quit(sub), owned ? quit(main) : undefined]);
        // The application's client goes on without the store: its errors are its own again.
        // The store's own connections keep their listeners, whatever they still say.
        for (const [client, listener] of listeners) if (client === options.client) client.off('error', listener);
      })()),
  };
}

/** The store's connections. */
interface Connections {
  /** Where commands go. */
  main: NodeRedisClient;
  /** Where the bus listens. */
  sub: NodeRedisClient;
  /** Whether the store made `main` (and so closes it). */
  owned: boolean;
  /** The listeners to each connection's errors. */
  listeners: [NodeRedisClient, (error: Error) => void][];
}

async function connect(options: RedisStoreOptions, report: (error: Error) => void): Promise<Connections> {
  if (options.client) {
    // The application's client: its own options (reconnection, offline queue) stand; the
    // store listens to its errors too, which would otherwise end the process.
    const main = options.client;
    const sub = main.duplicate();
    const listeners: Connections['listeners'] = [
      [main, (error) => report(error)],
      [sub, (error) => report(error)],
    ];
    for (const [client, listener] of listeners) client.on('error', listener);
    const opened = await Promise.allSettled([main.isOpen ? undefined : main.connect(), sub.connect()]);
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) {
      await quit(sub);
      for (const [client, listener] of listeners) client.off('error', listener);
      throw new Error(`redisStore could not connect to Redis: ${messageOf(failed.reason)}`, { cause: failed.reason });
    }
    return { main, sub, owned: false, listeners };
  }
  const url = options.url ?? DEFAULT_REDIS_URL;
  const redis = await loadNodeRedis();
  const made = [open(redis, url, report), open(redis, url, report)] as const;
  const opened = await Promise.allSettled(made.map((connection) => connection.ready));
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(made.map((connection) => quit(connection.client)));
    throw new Error(`redisStore could not connect to Redis at ${redact(url)}: ${messageOf(failed.reason)}`, {
      cause: failed.reason,
    });
  }
  const [main, sub] = made;
  return {
    main: main.client,
    sub: sub.client,
    owned: true,
    listeners: made.map((connection) => [connection.client, connection.listener]),
  };
}

/**
 * A connection the store makes. Until it has connected once, a failure fails `ready` (and is not
 * reported: the rejection says it); from then on node-redis reconnects with a growing delay,
 * and commands sent while it is away fail at once rather than wait.
 */
function open(
  redis: NodeRedisModule,
  url: string,
  report: (error: Error) => void,
): { client: NodeRedisClient; ready: Promise<unknown>; listener: (error: Error) => void } {
  let connected = false;
  let cause: Error | undefined;
  const client = redis.createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      reconnectStrategy: (retries, error) => {
        if (connected) return Math.min(50 * 2 ** retries, 2000) + Math.floor(Math.random() * 200);
        cause = error;
        return error;
      },
    },
  });
  const listener = (error: Error): void => {
    if (connected) report(error);
  };
  client.on('error', listener);
  const ready = client.connect().then(
    () => (connected = true),
    (error: unknown) => {
      throw cause ?? error;
    },
  );
  return { client, ready, listener };
}

/** Closes a connection: politely when it is up (answers still due arrive), else at once. */
async function quit(client: NodeRedisClient): Promise<void> {
  if (client.isReady) {
    try {
      await client.close();
      return;
    } catch {
      // Closed meanwhile: destroyed below.
    }
  }
  client.destroy();
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The URL without its password. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}

/** The default `onError`: each distinct message once, on stderr. */
function reportOnce(): (error: Error) => void {
  const seen = new Set<string>();
  return (error) => {
    const message = messageOf(error);
    if (seen.has(message)) return;
    if (seen.size >= 100) seen.clear();
    seen.add(message);
    console.error(`mcpkit/redis: ${message}`);
  };
}

const sessionKey = (prefix: string, id: string): string => `${prefix}session:{${id}}`;
const eventsKey = (prefix: string, id: string): string => `${prefix}events:{${id}}`;
const sessionsKey = (prefix: string): string => `${prefix}sessions`;

function sessionRecords(client: NodeRedisClient, prefix: string): SessionRecords {
  const keys = (id: string): string[] => [sessionKey(prefix, id), eventsKey(prefix, id), sessionsKey(prefix)];
  return {
    create: async (id, record, idleMs) => {
      const { logLevel, subscriptions, ...rest } = record;
      await CREATE.run(client, keys(id), [
        idleMs,
        id,
        prefix,
        JSON.stringify(rest),
        logLevel ?? '',
        JSON.stringify(subscriptions),
      ]);
    },
    touch: async (id, idleMs) => {
      const reply = (await TOUCH.run(client, keys(id), [idleMs, id, prefix])) as [string, string | null, string] | null;
      if (reply === null) return undefined;
      const [rest, logLevel, subscriptions] = reply;
      const record = JSON.parse(rest) as SessionRecord;
      if (logLevel) record.logLevel = logLevel as SessionRecord['logLevel'];
      record.subscriptions = JSON.parse(subscriptions) as string[];
      return record;
    },
    setLogLevel: async (id, level) => {
      await SET_LOG_LEVEL.run(client, [sessionKey(prefix, id)], [level]);
    },
    setSubscription: async (id, uri, subscribed) => {
      await SET_SUBSCRIPTION.run(client, [sessionKey(prefix, id)], [id, prefix, uri, subscribed ? '1' : '0']);
    },
    delete: async (id) => Number(await DELETE.run(client, keys(id), [id, prefix])) === 1,
  };
}

function sessionEvents(
  client: NodeRedisClient,
  bus: FleetBus,
  prefix: string,
  maxEvents: number,
  replicaId: string,
): SessionEvents {
  const open = leaseKeys(prefix, replicaId).open;
  /** Runs WRITE_STREAM or FINISH_STREAM on a stream this process opened. */
  const onOpen = async (
    run: typeof WRITE_STREAM,
    sessionId: string,
    streamId: string,
    message: string,
  ): Promise<number | undefined> => {
    const seq = await run.run(
      client,
      [sessionKey(prefix, sessionId), eventsKey(prefix, sessionId), open],
      [
        prefix + watchChannel(sessionId),
        streamId,
        JSON.stringify(streamId),
        message,
        maxEvents,
        `${sessionId} ${streamId}`,
      ],
    );
    return seq === null ? undefined : Number(seq);
  };
  return {
    append: async (sessionId: string, streamId: string, message: EventMessage | null) => {
      const seq = await APPEND_EVENT.run(
        client,
        [sessionKey(prefix, sessionId), eventsKey(prefix, sessionId)],
        [prefix + watchChannel(sessionId), streamId, JSON.stringify(streamId), JSON.stringify(message), maxEvents],
      );
      return seq === null ? undefined : Number(seq);
    },
    position: async (sessionId) =>
      Number((await client.sendCommand(['HGET', sessionKey(prefix, sessionId), 'seq'])) ?? 0),
    open: async (sessionId, streamId, fallback) =>
      Number(
        await OPEN_STREAM.run(
          client,
          [sessionKey(prefix, sessionId), open],
          [`${sessionId} ${streamId}`, JSON.stringify(fallback), LEASE_KEYS_RETAINED_MS],
        ),
      ),
    write: (sessionId, streamId, message) => onOpen(WRITE_STREAM, sessionId, streamId, JSON.stringify(message)),
    finish: (sessionId, streamId, message) =>
      onOpen(FINISH_STREAM, sessionId, streamId, message === undefined ? '' : JSON.stringify(message)),
    after: async (sessionId, streamId, seq) => {
      const reply = (await AFTER.run(
        client,
        [sessionKey(prefix, sessionId), eventsKey(prefix, sessionId)],
        // Event ids are `<seq>-1`: the first after `seq` is at or after `<seq + 1>-0`.
        [streamId, seq, `${Math.max(0, Math.floor(seq) + 1)}-0`],
      )) as [string, string[]] | null;
      if (reply === null) return undefined;
      const [dropped, logged] = reply;
      const tail: StreamTail = { events: [], ended: false, eventsLost: seq < Number(dropped) };
      for (let i = 0; i + 1 < logged.length; i += 2) {
        const message = JSON.parse(logged[i + 1]!) as EventMessage | null;
        if (message === null) tail.ended = true;
        else tail.events.push({ streamId, seq: Number(logged[i]), message });
      }
      return tail;
    },
    watch: (sessionId, listener) =>
      bus.subscribe(watchChannel(sessionId), (text) => listener(JSON.parse(text) as LoggedEvent)),
    broadcast: async (message: JsonRpcMessage, uri?: string) => {
      const index = uri === undefined ? sessionsKey(prefix) : `${prefix}subscribers:${uri}`;
      await BROADCAST.run(client, [index], [prefix, prefix + watchChannel(''), JSON.stringify(message), maxEvents]);
    },
  };
}

/**
 * Pub/sub: publishing on the commands' connection, listening on a connection of its own (a
 * connection that subscribes can send nothing else). A listener that throws is reported, and
 * the others still hear the message.
 */
function fleetBus(
  client: NodeRedisClient,
  sub: NodeRedisClient,
  prefix: string,
  report: (error: Error) => void,
  closed: () => boolean,
): FleetBus {
  return {
    publish: async (channel, message) => {
      await client.sendCommand(['PUBLISH', prefix + channel, message]);
    },
    subscribe: async (channel, listener) => {
      let listening = true;
      const own = (message: string): void => {
        if (!listening) return;
        try {
          listener(message);
        } catch (error) {
          report(asError(error));
        }
      };
      await sub.subscribe(prefix + channel, own);
      let stopping: Promise<void> | undefined;
      // Heard no more from the moment it is called; should UNSUBSCRIBE fail (Redis away), the
      // listener stays with node-redis, silent, until the store closes.
      return () =>
        (stopping ??= (async () => {
          listening = false;
          if (closed() || !sub.isOpen) return;
          await sub.unsubscribe(prefix + channel, own).catch((error: unknown) => report(asError(error)));
        })());
    },
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Used `requestState`s: `SET NX PXAT`, one step. When Redis cannot be asked, no state is
 * accepted (false), as the interface asks, and the error is reported.
 */
function usedStates(client: NodeRedisClient, prefix: string, report: (error: Error) => void): UsedStateStore {
  return {
    add: async (id, expiresAt) => {
      try {
        const reply = await client.sendCommand([
          'SET',
          `${prefix}used:${id}`,
          '1',
          'NX',
          'PXAT',
          String(Math.max(1, Math.ceil(expiresAt))),
        ]);
        return reply === 'OK';
      } catch (error) {
        report(asError(error));
        return false;
      }
    },
  };
}

/** The keys of `requestState`: each made once fleet-wide (`SET NX`), then kept in this process. */
function keyRing(client: NodeRedisClient, prefix: string, rotation: KeyRotation): RequestStateKeys {
  const cache = new Map<string, RequestStateKey>();
  const toKey = (id: string, secret: string): RequestStateKey => ({
    id,
    secret: new Uint8Array(Buffer.from(secret, 'base64')),
  });
  return {
    current: async () => {
      const id = rotation.currentId();
      const cached = cache.get(id);
      if (cached) return cached;
      const secret = (await KEY.run(
        client,
        [`${prefix}key:${id}`],
        [randomBytes(32).toString('base64'), Math.max(1, Math.ceil(rotation.keepMs(id)))],
      )) as string;
      for (const old of cache.keys()) if (!rotation.accepts(old)) cache.delete(old);
      const key = toKey(id, secret);
      cache.set(id, key);
      return key;
    },
    find: async (id) => {
      if (!rotation.accepts(id)) return undefined;
      const cached = cache.get(id);
      if (cached) return cached;
      const secret = (await client.sendCommand(['GET', `${prefix}key:${id}`])) as string | null;
      if (secret === null) return undefined;
      const key = toKey(id, secret);
      cache.set(id, key);
      return key;
    },
  };
}
