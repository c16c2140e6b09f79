/**
 * A server as one process of a fleet: a list change or a resource update begun here reaches
 * every client of the fleet once. Legacy sessions hear of it through their standalone stream
 * in the shared log (whichever process holds that stream), listen streams through the
 * processes that hold them.
 * @module
 */
import type { JsonRpcNotification } from '../../jsonrpc/message.js';
import type { ListKind } from '../subscriptions.js';
import type { FleetStore } from './fleet-store.js';

/** What a process does when the fleet tells it of a change: tell the clients it holds. */
export interface LocalDelivery {
  listChanged(kinds: readonly ListKind[]): void;
  resourceUpdated(uri: string): Promise<void>;
}

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
  #stop: (() => Promise<void>) | undefined;

  constructor(store: FleetStore, local: LocalDelivery, onError: (error: Error) => void) {
    this.store = store;
    this.#local = local;
    this.#onError = onError;
    this.#ready = store.bus
      .subscribe(CHANGES, (text) => this.#heard(text))
      .then((stop) => {
        this.#stop = stop;
      });
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

  async close(): Promise<void> {
    await this.#ready.catch(() => {});
    await this.#stop?.();
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
