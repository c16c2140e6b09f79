/**
 * A fleet in one process: several endpoints (each a process of the fleet, as far as they can
 * tell) sharing memory. For tests and for trying a fleet's behaviour without Redis; it is
 * also what the Redis store is checked against.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import { MemoryTaskStore } from '../../protocol/tasks/memory-task-store.js';
import type { TaskStore } from '../../protocol/tasks/task-store.js';
import type { LoggingLevel } from '../../types/logging.js';
import { MemoryUsedStateStore } from '../multi-round-trip/used-states.js';
import type {
  EventMessage,
  FleetBus,
  FleetLeases,
  FleetStore,
  LoggedEvent,
  ReapedProcess,
  RequestStateKey,
  RequestStateKeys,
  SessionEvents,
  SessionRecord,
  SessionRecords,
  StreamTail,
} from './fleet-store.js';
import { KeyRotation, type KeyRotationOptions } from './key-rotation.js';

/** Default bound of events a session keeps, the newest. */
export const DEFAULT_FLEET_EVENTS_PER_SESSION = 1000;
/** Default lease of a process: its requests and tasks are ended this long after it stops renewing. */
export const DEFAULT_FLEET_LEASE_MS = 5000;

/**
 * The options of a fleet kept in one process's memory (tests, and a single process that wants the
 * fleet's behaviour).
 */
export interface MemoryFleetOptions extends KeyRotationOptions {
  /** The clock of leases and expiries. Default the system's. */
  clock?: Clock;
  /** Events each session keeps for resumption; the oldest go first. Default 1000. */
  maxEventsPerSession?: number;
  /** How long a process's lease lasts after each renewal. Default 5 s. */
  leaseMs?: number;
}

/** What one process holds under its lease. */
interface Lease {
  /** When it lapses; `undefined` until first renewed. */
  endsAt: number | undefined;
  /** Its open answer streams, `<sessionId> <streamId>`, and the last word of each. */
  readonly open: Map<string, EventMessage | null>;
  /** The tasks it runs. */
  readonly tasks: Set<string>;
}

interface SessionEntry {
  record: SessionRecord;
  expiresAt: number;
  seq: number;
  events: LoggedEvent[];
  /** Per stream, the newest of its events that was dropped. */
  dropped: Map<string, number>;
}

/** The shared memory of a fleet in one process; `join()` gives each endpoint its handle. */
export class MemoryFleet {
  readonly #clock: Clock;
  readonly #maxEvents: number;
  readonly #sessions = new Map<string, SessionEntry>();
  readonly #channels = new Map<string, Set<(message: string) => void>>();
  readonly #usedStates: MemoryUsedStateStore;
  readonly #tasks: TaskStore;
  readonly #keys = new Map<string, RequestStateKey>();
  readonly #rotation: KeyRotation;
  readonly #leaseMs: number;
  /** Every process's lease, by its replica id, until it is reaped. */
  readonly #leases = new Map<string, Lease>();
  /** The processes that renewed a lease once: one missing since was reaped. */
  readonly #renewed = new Set<string>();
  #joined = 0;

  constructor(options: MemoryFleetOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#maxEvents = options.maxEventsPerSession ?? DEFAULT_FLEET_EVENTS_PER_SESSION;
    this.#leaseMs = checkedLeaseMs(options.leaseMs);
    this.#usedStates = new MemoryUsedStateStore({ clock: this.#clock });
    this.#tasks = new MemoryTaskStore({ clock: this.#clock });
    this.#rotation = new KeyRotation(options, this.#clock);
  }

  /** A process's handle on the fleet. */
  join(): FleetStore {
    const replicaId = `m${++this.#joined}`;
    const subscriptions = new Set<() => Promise<void>>();
    const bus: FleetBus = {
      publish: (channel, message) => {
        for (const listener of [...(this.#channels.get(channel) ?? [])]) queueMicrotask(() => listener(message));
        return Promise.resolve();
      },
      subscribe: (channel, listener) => {
        let set = this.#channels.get(channel);
        if (!set) this.#channels.set(channel, (set = new Set()));
        const own = (message: string): void => listener(message);
        set.add(own);
        const stop = (): Promise<void> => {
          subscriptions.delete(stop);
          set.delete(own);
          if (set.size === 0 && this.#channels.get(channel) === set) this.#channels.delete(channel);
          return Promise.resolve();
        };
        subscriptions.add(stop);
        return Promise.resolve(stop);
      },
    };
    return {
      replicaId,
      sessions: this.#records(),
      events: this.#events(bus, replicaId),
      bus,
      usedStates: this.#usedStates,
      tasks: this.#tasks,
      keys: this.#keyRing(),
      leases: this.#leasesOf(replicaId, bus),
      close: async () => {
        await Promise.all([...subscriptions].map((stop) => stop()));
      },
    };
  }

  /** Sessions held now (expired ones are dropped as this counts). */
  get sessionCount(): number {
    this.#sweep();
    return this.#sessions.size;
  }

  #live(id: string): SessionEntry | undefined {
    const entry = this.#sessions.get(id);
    if (entry && entry.expiresAt <= this.#clock.now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return entry;
  }

  #sweep(): void {
    for (const id of [...this.#sessions.keys()]) this.#live(id);
  }

  #records(): SessionRecords {
    const now = (): number => this.#clock.now();
    return {
      create: (id, record, idleMs) => {
        this.#sessions.set(id, {
          record: structuredClone(record),
          expiresAt: now() + idleMs,
          seq: 0,
          events: [],
          dropped: new Map(),
        });
        return Promise.resolve();
      },
      touch: (id, idleMs) => {
        const entry = this.#live(id);
        if (!entry) return Promise.resolve(undefined);
        entry.expiresAt = now() + idleMs;
        return Promise.resolve(structuredClone(entry.record));
      },
      setLogLevel: (id, level: LoggingLevel) => {
        const entry = this.#live(id);
        if (entry) entry.record.logLevel = level;
        return Promise.resolve();
      },
      setSubscription: (id, uri, subscribed) => {
        const entry = this.#live(id);
        if (!entry) return Promise.resolve();
        const uris = new Set(entry.record.subscriptions);
        if (subscribed) uris.add(uri);
        else uris.delete(uri);
        entry.record.subscriptions = [...uris];
        return Promise.resolve();
      },
      delete: (id) => {
        const had = this.#live(id) !== undefined;
        this.#sessions.delete(id);
        return Promise.resolve(had);
      },
    };
  }

  #events(bus: FleetBus, replicaId: string): SessionEvents {
    const append = (sessionId: string, streamId: string, message: EventMessage | null): number | undefined =>
      this.#append(bus, sessionId, streamId, message);
    /** Whether this process has `streamId` open; `finishing` lets it go. */
    const isOpen = (sessionId: string, streamId: string, finishing = false): boolean => {
      const open = this.#leases.get(replicaId)?.open;
      const key = `${sessionId} ${streamId}`;
      return finishing ? open?.delete(key) === true : open?.has(key) === true;
    };
    return {
      append: (sessionId, streamId, message) => Promise.resolve(append(sessionId, streamId, message)),
      position: (sessionId) => Promise.resolve(this.#live(sessionId)?.seq ?? 0),
      open: (sessionId, streamId, fallback) => {
        this.#lease(replicaId).open.set(`${sessionId} ${streamId}`, structuredClone(fallback));
        return Promise.resolve(this.#live(sessionId)?.seq ?? 0);
      },
      write: (sessionId, streamId, message) =>
        Promise.resolve(isOpen(sessionId, streamId) ? append(sessionId, streamId, message) : undefined),
      finish: (sessionId, streamId, message) => {
        if (!isOpen(sessionId, streamId, true)) return Promise.resolve(undefined);
        if (message !== undefined) append(sessionId, streamId, message);
        return Promise.resolve(append(sessionId, streamId, null));
      },
      after: (sessionId, streamId, seq) => {
        const entry = this.#live(sessionId);
        if (!entry || seq > entry.seq) return Promise.resolve(undefined);
        const tail: StreamTail = {
          events: [],
          ended: false,
          eventsLost: seq < (entry.dropped.get(streamId) ?? 0),
        };
        for (const event of entry.events) {
          if (event.streamId !== streamId || event.seq <= seq) continue;
          if (event.message === null) tail.ended = true;
          else tail.events.push(event);
        }
        return Promise.resolve(tail);
      },
      watch: async (sessionId, listener) =>
        bus.subscribe(watchChannel(sessionId), (text) => listener(JSON.parse(text) as LoggedEvent)),
      broadcast: (message: JsonRpcMessage, uri?: string) => {
        for (const [id, entry] of [...this.#sessions]) {
          if (uri !== undefined && !entry.record.subscriptions.includes(uri)) continue;
          append(id, 'g', message);
        }
        return Promise.resolve();
      },
    };
  }

  /** Logs an event of a live session and tells the processes watching it; its number, or `undefined`. */
  #append(bus: FleetBus, sessionId: string, streamId: string, message: EventMessage | null): number | undefined {
    const entry = this.#live(sessionId);
    if (!entry) return undefined;
    const event: LoggedEvent = { streamId, seq: ++entry.seq, message };
    entry.events.push(event);
    while (entry.events.length > this.#maxEvents) {
      const dropped = entry.events.shift()!;
      entry.dropped.set(dropped.streamId, dropped.seq);
    }
    void bus.publish(watchChannel(sessionId), JSON.stringify(event));
    return event.seq;
  }

  #lease(replicaId: string): Lease {
    let lease = this.#leases.get(replicaId);
    if (!lease) this.#leases.set(replicaId, (lease = { endsAt: undefined, open: new Map(), tasks: new Set() }));
    return lease;
  }

  #leasesOf(replicaId: string, bus: FleetBus): FleetLeases {
    return {
      leaseMs: this.#leaseMs,
      renew: () => {
        const lease = this.#leases.get(replicaId);
        // Reaped: what it had open was ended by another process, and its entry went with it.
        const lapsed = lease === undefined && this.#renewed.has(replicaId);
        this.#renewed.add(replicaId);
        this.#lease(replicaId).endsAt = this.#clock.now() + this.#leaseMs;
        return Promise.resolve(!lapsed);
      },
      leave: () => {
        const lease = this.#leases.get(replicaId);
        if (lease) lease.endsAt = this.#clock.now();
        return Promise.resolve();
      },
      hold: (taskId) => {
        this.#lease(replicaId).tasks.add(taskId);
        return Promise.resolve();
      },
      release: (taskId) => {
        this.#leases.get(replicaId)?.tasks.delete(taskId);
        return Promise.resolve();
      },
      reap: () => {
        const now = this.#clock.now();
        const reaped: ReapedProcess[] = [];
        for (const [id, lease] of [...this.#leases]) {
          if (id === replicaId || lease.endsAt === undefined || lease.endsAt > now) continue;
          this.#leases.delete(id);
          for (const [key, fallback] of lease.open) {
            const [sessionId, streamId] = splitOpenKey(key);
            if (fallback !== null) this.#append(bus, sessionId, streamId, fallback);
            this.#append(bus, sessionId, streamId, null);
          }
          reaped.push({ replicaId: id, streams: lease.open.size, tasks: [...lease.tasks] });
        }
        return Promise.resolve(reaped);
      },
    };
  }

  #keyRing(): RequestStateKeys {
    return {
      current: () => {
        const id = this.#rotation.currentId();
        let key = this.#keys.get(id);
        if (!key) {
          // Keys no longer accepted are let go as a new one comes.
          for (const old of [...this.#keys.keys()]) if (!this.#rotation.accepts(old)) this.#keys.delete(old);
          this.#keys.set(id, (key = { id, secret: globalThis.crypto.getRandomValues(new Uint8Array(32)) }));
        }
        return Promise.resolve(key);
      },
      find: (id) => Promise.resolve(this.#rotation.accepts(id) ? this.#keys.get(id) : undefined),
    };
  }
}

/** The session and stream of an open stream's key, `<sessionId> <streamId>` (stream ids hold no space). */
function splitOpenKey(key: string): [string, string] {
  const space = key.lastIndexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** `leaseMs` as given, else the default; a `RangeError` for a value that makes no sense. */
export function checkedLeaseMs(leaseMs: number | undefined): number {
  if (leaseMs === undefined) return DEFAULT_FLEET_LEASE_MS;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 100)
    throw new RangeError(`leaseMs must be an integer of at least 100 (milliseconds), got ${String(leaseMs)}`);
  return leaseMs;
}

/** The channel a session's events are told on. */
export function watchChannel(sessionId: string): string {
  return `session:${sessionId}`;
}
