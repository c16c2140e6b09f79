/**
 * A server as one process of a fleet: a list change or a resource update begun here reaches
 * every client of the fleet once. Legacy sessions hear of it through their standalone stream
 * in the shared log (whichever process holds that stream), listen streams through the
 * processes that hold them. It also keeps this process's lease, and reaps the processes whose
 * lease lapsed: their clients' requests and tasks end with an error rather than never.
 * @module
 */
import { systemClock, type Clock, type TimerHandle } from '../../jsonrpc/clock.js';
import type { JsonRpcNotification } from '../../jsonrpc/message.js';
import type { ListKind } from '../subscriptions.js';
import type { FleetStore } from './fleet-store.js';

/** What a process does when the fleet tells it of a change: tell the clients it holds. */
export interface LocalDelivery {
  listChanged(kinds: readonly ListKind[]): void;
  resourceUpdated(uri: string): Promise<void>;
  /** Tasks whose process stopped before they ended: fail them. */
  tasksOrphaned(taskIds: readonly string[]): Promise<void>;
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
  readonly #local: LocalDelivery;
  readonly #onError: (error: Error) => void;
  readonly #ready: Promise<void>;
  readonly #clock: Clock;
  #stop: (() => Promise<void>) | undefined;
  #beat: TimerHandle | undefined;
  /** The lease being tended now, if it is. */
  #tending: Promise<void> | undefined;
  #closed = false;
  /** The lease could not be tended last time: told once, until it can again. */
  #failing = false;

  constructor(store: FleetStore, local: LocalDelivery, onError: (error: Error) => void, clock: Clock = systemClock) {
    this.store = store;
    this.#local = local;
    this.#onError = onError;
    this.#clock = clock;
    // The process holds its lease before it serves, and reaps what a predecessor left.
    this.#ready = Promise.all([
      store.bus
        .subscribe(CHANGES, (text) => this.#heard(text))
        .then((stop) => {
          this.#stop = stop;
        }),
      (this.#tending = this.#tendLease()),
    ]).then(() => {});
  }

  /** Resolves once this process hears the fleet's changes. */
  get ready(): Promise<void> {
    return this.#ready;
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
        if (reaped.tasks.length > 0) await this.#local.tasksOrphaned(reaped.tasks);
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
    if (Array.isArray(change.lists)) this.#local.listChanged(change.lists);
    if (typeof change.resource === 'string')
      this.#local.resourceUpdated(change.resource).catch((error: unknown) => this.#onError(asError(error)));
  }
}

function notification(method: string, params?: Record<string, unknown>): JsonRpcNotification {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
