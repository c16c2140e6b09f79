/**
 * An endpoint as one process of a fleet: its legacy sessions live in the fleet's store, so a
 * request of any session can arrive here. This keeps the records (written before a new
 * session's id goes out, read and kept alive with each request), sends answers to requests
 * another process sent on to that process, tells the others when a session ends, and hears
 * what they send here.
 * @module
 */
import { isObject, isRequestId, type JsonRpcMessage, type RequestId } from '../../jsonrpc/message.js';
import type { TimerHandle } from '../../jsonrpc/clock.js';
import type { FleetStore, SessionRecord } from '../../server/fleet/fleet-store.js';
import type { ServerSession } from '../../server/server-session.js';
import type { FleetStreamConfig } from './fleet-streams.js';
import type { ResolvedOptions } from './options.js';
import type { HttpSessionTransport } from './session-transport.js';

/** Channels of the fleet's bus this file uses. */
const ENDED = 'fleet:ended';
const CANCELLED = 'fleet:cancelled';
const inbox = (replicaId: string): string => `replica:${replicaId}`;

/** What the fleet needs of the endpoint's table of local copies. */
export interface LocalSessions {
  get(id: string): HttpSessionTransport | undefined;
  /** The copies held here with a connection open: kept alive in the store while they are. */
  busy(): Iterable<HttpSessionTransport>;
}

/** A request id this fleet's processes send: `<replicaId>.<n>`. */
const OWN_ID = /^([A-Za-z0-9_-]+)\.\d+$/;

export class FleetSessions {
  readonly store: FleetStore;
  readonly streams: FleetStreamConfig;
  readonly #config: ResolvedOptions;
  readonly #local: LocalSessions;
  readonly #ready: Promise<void>;
  readonly #stops: (() => Promise<void>)[] = [];
  #heartbeat: TimerHandle | undefined;

  constructor(store: FleetStore, config: ResolvedOptions, local: LocalSessions) {
    this.store = store;
    this.#config = config;
    this.#local = local;
    this.streams = {
      store,
      policy: config.ssePolicy,
      maxSseStreams: config.maxSseStreams,
      standaloneStream: config.standaloneStream,
      onError: config.onError,
    };
    const bus = store.bus;
    this.#ready = Promise.all([
      bus.subscribe(ENDED, (id) => void local.get(id)?.serverSession.close()),
      bus.subscribe(inbox(store.replicaId), (text) => this.#routed(text)),
      bus.subscribe(CANCELLED, (text) => this.#cancelled(text)),
    ]).then((stops) => {
      this.#stops.push(...stops);
    });
    this.#beat();
  }

  /** Resolves once this process hears the fleet. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** Stores a session that was just initialized, before its id goes out. */
  create(transport: HttpSessionTransport): Promise<void> {
    const session = transport.serverSession;
    const record: SessionRecord = { protocolVersion: session.protocolVersion!, subscriptions: [] };
    if (session.clientInfo) record.clientInfo = session.clientInfo;
    if (session.clientCapabilities) record.clientCapabilities = session.clientCapabilities;
    if (transport.principal !== undefined) record.principal = transport.principal;
    return this.store.sessions.create(transport.sessionId, record, this.#config.sessionIdleTimeoutMs);
  }

  /** The session's record, kept alive from now; `undefined` once the session ended. */
  touch(id: string): Promise<SessionRecord | undefined> {
    return this.store.sessions.touch(id, this.#config.sessionIdleTimeoutMs);
  }

  /** Ends a session everywhere: its record goes, and every process lets its copy go. */
  async end(id: string): Promise<void> {
    await this.store.sessions.delete(id);
    await this.store.bus.publish(ENDED, id);
  }

  /** Makes a local copy write what its client asks for to the store. */
  mirror(id: string): {
    logLevel: (level: NonNullable<ServerSession['logLevel']>) => Promise<void>;
    subscription: (uri: string, subscribed: boolean) => Promise<void>;
  } {
    const sessions = this.store.sessions;
    return {
      logLevel: (level) => sessions.setLogLevel(id, level),
      subscription: (uri, subscribed) => sessions.setSubscription(id, uri, subscribed),
    };
  }

  /**
   * Sends on what in `value` (a POST body) belongs to another process: answers to requests it
   * sent (their ids name it) and the client's progress or cancellation of them; a cancellation
   * of a request not running here goes to every process. Returns the rest, `undefined` when
   * nothing is left.
   */
  route(session: HttpSessionTransport, value: unknown): unknown {
    const items = Array.isArray(value) ? value : [value];
    const kept: unknown[] = [];
    for (const item of items) {
      const owner = isObject(item) ? this.#ownerOf(item) : undefined;
      if (owner !== undefined && owner !== this.store.replicaId) {
        this.#send(inbox(owner), { s: session.sessionId, m: item });
        continue;
      }
      if (isObject(item) && item.method === 'notifications/cancelled' && isObject(item.params)) {
        const id = item.params.requestId;
        if (isRequestId(id) && owner === undefined && !session.idInUse(id))
          this.#send(CANCELLED, { s: session.sessionId, m: item });
      }
      kept.push(item);
    }
    if (kept.length === items.length) return value;
    if (kept.length === 0) return undefined;
    return Array.isArray(value) ? kept : kept[0];
  }

  async close(): Promise<void> {
    if (this.#heartbeat !== undefined) this.#config.clock.clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
    await this.#ready.catch(() => {});
    await Promise.all(this.#stops.splice(0).map((stop) => stop().catch(() => {})));
  }

  /** The process a message of the client concerns, when its id names one. */
  #ownerOf(item: Record<string, unknown>): string | undefined {
    let id: unknown;
    if (!('method' in item)) id = item.id;
    else if (isObject(item.params))
      id = item.method === 'notifications/progress' ? item.params.progressToken : item.params.requestId;
    return typeof id === 'string' ? OWN_ID.exec(id)?.[1] : undefined;
  }

  #send(channel: string, message: { s: string; m: unknown }): void {
    this.store.bus.publish(channel, JSON.stringify(message)).catch((error: unknown) => this.#failed(error));
  }

  /** Another process received something for a session whose copy here sent the request. */
  #routed(text: string): void {
    const message = parse(text);
    if (message) this.#local.get(message.s)?.receiveRouted(message.m as JsonRpcMessage);
  }

  /** The client cancelled a request that may run here. */
  #cancelled(text: string): void {
    const message = parse(text);
    const params = message && isObject(message.m) && isObject(message.m.params) ? message.m.params : undefined;
    const id = params?.requestId as RequestId | undefined;
    const session = message ? this.#local.get(message.s) : undefined;
    if (session && id !== undefined && session.idInUse(id))
      session.cancelRequest(id, typeof params?.reason === 'string' ? params.reason : 'Cancelled by the client');
  }

  /** Keeps alive in the store the sessions that hold a connection here, though they send nothing. */
  #beat(): void {
    const every = Math.min(60_000, Math.max(1000, Math.floor(this.#config.sessionIdleTimeoutMs / 3)));
    this.#heartbeat = this.#config.clock.setTimeout(() => {
      for (const session of this.#local.busy())
        this.touch(session.sessionId).catch((error: unknown) => this.#failed(error));
      this.#beat();
    }, every);
  }

  #failed(error: unknown): void {
    this.#config.onError(error instanceof Error ? error : new Error(String(error)));
  }
}

function parse(text: string): { s: string; m: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && typeof value.s === 'string' ? (value as { s: string; m: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
