/**
 * A server as one process of a fleet: a list change or a resource update begun here reaches
 * every client of the fleet once. Legacy sessions hear of it through their standalone stream
 * in the shared log (whichever process holds that stream), listen streams through the
 * processes that hold them. It also keeps this process's lease, and reaps the processes whose
 * lease lapsed: their clients' requests and tasks end with an error rather than never. Joining
 * (`FleetMembership`, which the HTTP endpoint reaches through the server) shares the server's
 * `requestState` keys, used states and tasks with the fleet, and opens the sessions the fleet
 * shares; it lives here rather than in `server.ts` so the server only wires it.
 * @module
 */
import { systemClock, type Clock, type TimerHandle } from '../../jsonrpc/clock.js';
import type { JsonRpcNotification } from '../../jsonrpc/message.js';
import type { Transport } from '../../jsonrpc/transport.js';
import { sessionAccess, type Session, type SessionOptions } from '../../protocol/session.js';
import type { SessionIdentified } from '../../protocol/transport-abilities.js';
import type { MultiRoundTrip } from '../multi-round-trip/serve.js';
import type { OpenSessions } from '../open-sessions.js';
import type { ServerSession } from '../server-session.js';
import type { ListKind } from '../subscriptions.js';
import type { TaskManager } from '../tasks/task-manager.js';
import type { FleetStore } from './fleet-store.js';

/** What a process does when the fleet tells it of a change: tell the clients it holds. */
export interface LocalDelivery {
  deliverListChanges(kinds: readonly ListKind[]): void;
  deliverResourceUpdated(uri: string): Promise<void>;
  /** From now on a change begun here goes through `fleet`, which tells every process of it. */
  join(fleet: ServerFleet): void;
}

/** What of a server its fleet shares, and how the fleet reaches the server. */
export interface FleetMember {
  /** Seals `requestState` with the fleet's keys and records used states in the fleet's store. */
  readonly multiRoundTrip: MultiRoundTrip;
  /** Keeps tasks in the fleet's store; fails those of a process that stopped before they ended. */
  readonly tasks: TaskManager;
  readonly local: LocalDelivery;
  readonly onError: (error: Error) => void;
  readonly clock?: Clock | undefined;
  /** The sessions the server holds: a session the fleet shares is opened among them. */
  readonly sessions: OpenSessions;
  /** The options of the server's own sessions, which those the fleet shares start from. */
  readonly sessionOptions: () => SessionOptions;
}

/**
 * A server's place in a fleet: none until an endpoint makes it a process of one, then that
 * fleet for good. `server` is asked for what the fleet shares when it joins one.
 */
export class FleetMembership {
  readonly #server: () => FleetMember;
  #joined: { fleet: ServerFleet; server: FleetMember } | undefined;

  constructor(server: () => FleetMember) {
    this.#server = server;
  }

  /**
   * Makes the server one process of the fleet `store` is a handle on (sealing keys, used states,
   * tasks and changes shared); resolves once it hears the fleet. Again with the same store, it
   * only waits; with another, it throws.
   */
  join(store: FleetStore): Promise<void> {
    if (this.#joined) {
      if (this.#joined.fleet.store !== store) throw new Error('This server is a process of another fleet already');
      return this.#joined.fleet.ready;
    }
    const server = this.#server();
    const fleet = new ServerFleet(store, server);
    this.#joined = { fleet, server };
    server.local.join(fleet);
    return fleet.joined;
  }

  /**
   * Serves a legacy session the fleet shares over `transport`: requests it sends name this
   * process, and changes reach it through the fleet, not from this process.
   */
  async connectShared(transport: Transport): Promise<ServerSession> {
    if (!this.#joined) throw new Error('connectShared: the server is not part of a fleet');
    const { fleet, server } = this.#joined;
    const session = server.sessions.open(transport, fleet.sessionOptions(server.sessionOptions));
    fleet.share(session, transport);
    await sessionAccess.startSession(session);
    return session;
  }

  /** Leaves the fleet, if the server is a process of one. */
  close(): Promise<void> | undefined {
    return this.#joined?.fleet.close();
  }
}

/** The most time between two renewals of the lease: a lease lasts several of them. */
const MAX_BEAT_MS = 1000;

/** The channel fleet-wide changes are told on. */
const CHANGES = 'fleet:changes';

interface Change {
  lists?: ListKind[];
  resource?: string;
}

export class ServerFleet {
  readonly store: FleetStore;
  /** Resolves once this process hears the fleet's changes and tasks. */
  readonly joined: Promise<void>;
  readonly #local: LocalDelivery;
  readonly #tasks: TaskManager;
  readonly #onError: (error: Error) => void;
  readonly #ready: Promise<void>;
  readonly #clock: Clock;
  /** Sessions the fleet shares, by their id: changes reach them through the fleet's log. */
  readonly #shared = new WeakMap<Session, string>();
  /** The options of the sessions the fleet shares, once one is. */
  #sessionOptions: SessionOptions | undefined;
  #stop: (() => Promise<void>) | undefined;
  #beat: TimerHandle | undefined;
  /** The lease being tended now, if it is. */
  #tending: Promise<void> | undefined;
  #closed = false;
  /** The lease could not be tended last time: told once, until it can again. */
  #failing = false;

  /** Makes `server` one process of the fleet `store` is a handle on. */
  constructor(store: FleetStore, server: FleetMember) {
    this.store = store;
    this.#local = server.local;
    this.#tasks = server.tasks;
    this.#onError = server.onError;
    this.#clock = server.clock ?? systemClock;
    server.multiRoundTrip.share(store.keys, store.usedStates);
    const tasks = server.tasks.share(store, (session) => this.#shared.get(session));
    // The process holds its lease before it serves, and reaps what a predecessor left.
    this.#ready = Promise.all([
      store.bus
        .subscribe(CHANGES, (text) => this.#heard(text))
        .then((stop) => {
          this.#stop = stop;
        }),
      (this.#tending = this.#tendLease()),
    ]).then(() => {});
    this.joined = Promise.all([tasks, this.#ready]).then(() => {});
  }

  /** Resolves once this process hears the fleet's changes. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /**
   * The options of the sessions the fleet shares, made once from `base`: their requests' ids
   * name this process (`<replicaId>.<n>`), so their clients' answers find it.
   */
  sessionOptions(base: () => SessionOptions): SessionOptions {
    return (this.#sessionOptions ??= { ...base(), idPrefix: `${this.store.replicaId}.` });
  }

  /** Makes `session`, served over `transport`, one the fleet shares, under its session id. */
  share(session: Session, transport: Transport): void {
    this.#shared.set(session, (transport as Partial<SessionIdentified>).sessionId ?? '');
  }

  /** Whether the fleet shares `session`: changes reach it through the fleet, never from this process. */
  shares(session: Session): boolean {
    return this.#shared.has(session);
  }

  /**
   * Lists changed here: every process tells its listen streams and its own sessions, and the
   * legacy sessions of the fleet get `notifications/<kind>/list_changed` for each of `announced`
   * (the kinds whose `listChanged` the server declares).
   */
  async listChanged(kinds: readonly ListKind[], announced: readonly ListKind[]): Promise<void> {
    const change: Change = { lists: [...kinds] };
    await Promise.all([
      this.store.bus.publish(CHANGES, JSON.stringify(change)),
      ...announced.map((kind) => this.store.events.broadcast(notification(`notifications/${kind}/list_changed`))),
    ]);
  }

  /** The resource at `uri` changed: every client of the fleet subscribed to it hears of it once. */
  async resourceUpdated(uri: string): Promise<void> {
    const change: Change = { resource: uri };
    await Promise.all([
      this.store.bus.publish(CHANGES, JSON.stringify(change)),
      this.store.events.broadcast(notification('notifications/resources/updated', { uri }), uri),
    ]);
  }

  /** Stops hearing the fleet, and lets the lease go: what this process still holds is reaped next. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#beat !== undefined) this.#clock.clearTimeout(this.#beat);
    this.#beat = undefined;
    await this.#ready.catch(() => {});
    await this.#tending;
    await Promise.all([
      this.#stop?.(),
      this.store.leases.leave().catch((error: unknown) => this.#onError(asError(error))),
    ]);
  }

  /**
   * Renews the lease, then reaps the processes whose lease lapsed and fails the tasks they ran;
   * again a beat later, until closed. A failure (the store away) is told once until it passes.
   */
  async #tendLease(): Promise<void> {
    const leases = this.store.leases;
    try {
      if (!(await leases.renew()))
        this.#onError(
          new Error(
            'Fleet: this process’s lease lapsed and another process reaped it: the requests it was answering on streams and its tasks were ended with an error',
          ),
        );
      for (const reaped of await leases.reap())
        if (reaped.tasks.length > 0) await this.#tasks.failOrphaned(reaped.tasks);
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) this.#onError(new Error(`Fleet: the lease could not be renewed: ${asError(error).message}`));
      this.#failing = true;
    }
    if (this.#closed) return;
    const every = Math.min(MAX_BEAT_MS, Math.floor(leases.leaseMs / 3));
    this.#beat = this.#clock.setTimeout(() => void (this.#tending = this.#tendLease()), every);
  }

  #heard(text: string): void {
    let change: Change;
    try {
      change = JSON.parse(text) as Change;
    } catch {
      this.#onError(new Error(`Fleet: a change that is not JSON was dropped: ${text.slice(0, 80)}`));
      return;
    }
    if (Array.isArray(change.lists)) this.#local.deliverListChanges(change.lists);
    if (typeof change.resource === 'string')
      this.#local.deliverResourceUpdated(change.resource).catch((error: unknown) => this.#onError(asError(error)));
  }
}

function notification(method: string, params?: Record<string, unknown>): JsonRpcNotification {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
