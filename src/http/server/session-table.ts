/**
 * The sessions of one endpoint, by the id handed to their client: minting ids, connecting a
 * transport to the server for each, and closing sessions left idle.
 * @module
 */
import type { TimerHandle } from '../../jsonrpc/clock.js';
import type { Server } from '../../server/server.js';
import type { ServerSession } from '../../server/server-session.js';
import { MemoryEventStore } from './event-store.js';
import type { ResolvedOptions } from './options.js';
import { HttpSessionTransport } from './session-transport.js';

/** One open session. */
export interface HttpSession {
  readonly id: string;
  readonly transport: HttpSessionTransport;
  readonly serverSession: ServerSession;
}

interface Entry extends HttpSession {
  idleTimer: TimerHandle | undefined;
}

/**
 * A transport stateless requests are served on: the endpoint's lane, shared by every request
 * whose id is free on it, or one of a request's own. Its session is never initialized and
 * never listed.
 */
export interface StatelessLane {
  readonly transport: HttpSessionTransport;
  readonly serverSession: ServerSession;
}

/** The open sessions of one endpoint. */
export class SessionTable {
  readonly #server: Server;
  readonly #config: ResolvedOptions;
  readonly #entries = new Map<string, Entry>();
  /** The shared lane of stateless requests, once one came. */
  #lane: StatelessLane | undefined;
  #laneOpening: Promise<StatelessLane> | undefined;
  /** Transports of one stateless request each, for requests whose id was in use on the lane. */
  readonly #ownLanes = new Set<ServerSession>();
  /** Their options: a stateless stream is never resumed, so none of its events is kept. */
  readonly #laneConfig: ResolvedOptions;
  /** Sessions being connected, counted against the limit already. */
  #opening = 0;

  constructor(server: Server, config: ResolvedOptions) {
    this.#server = server;
    this.#config = config;
    const keepNone = new MemoryEventStore(0);
    this.#laneConfig = { ...config, createEventStore: () => keepNone };
  }

  /** The server every session of this endpoint is served by. */
  get server(): Server {
    return this.#server;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether no more sessions may be opened. */
  get full(): boolean {
    return this.#entries.size + (this.#lane?.transport.inFlight ?? 0) + this.#ownLanes.size + this.#opening >= this.#config.maxSessions;
  }

  /** The open session with this id; ended and expired sessions are gone. */
  get(id: string): HttpSession | undefined {
    const entry = this.#entries.get(id);
    return entry && !entry.transport.closed ? entry : undefined;
  }

  /** Opens a session: a fresh id and a transport the server serves. */
  async open(): Promise<HttpSession> {
    // 122 random bits from the platform's CSPRNG: unguessable, and visible ASCII as required.
    const id = globalThis.crypto.randomUUID();
    const transport = new HttpSessionTransport(id, this.#config, () => this.#forget(id));
    const serverSession = await this.#connect(transport);
    transport.bindVersion(() => serverSession.protocolVersion);
    const entry: Entry = { id, transport, serverSession, idleTimer: undefined };
    this.#entries.set(id, entry);
    this.#armIdleCheck(entry, this.#config.sessionIdleTimeoutMs);
    return entry;
  }

  /** Connects a transport to the server, counted against the limit while it connects. */
  async #connect(transport: HttpSessionTransport): Promise<ServerSession> {
    this.#opening++;
    try {
      return await this.#server.connect(transport);
    } finally {
      this.#opening--;
    }
  }

  /** The shared lane of stateless requests when it is open; else `openLane()` opens it. */
  get lane(): StatelessLane | undefined {
    return this.#lane && !this.#lane.transport.closed ? this.#lane : undefined;
  }

  /** Opens the shared lane of stateless requests (again, if it was closed), once however many ask. */
  openLane(): Promise<StatelessLane> {
    return (this.#laneOpening ??= this.#connectLane().then(
      (lane) => {
        this.#laneOpening = undefined;
        return (this.#lane = lane);
      },
      (error: unknown) => {
        this.#laneOpening = undefined;
        throw error;
      },
    ));
  }

  /** A lane for one stateless request alone; it closes when that request is over. */
  async openOwnLane(): Promise<StatelessLane> {
    const lane = await this.#connectLane();
    this.#ownLanes.add(lane.serverSession);
    void lane.serverSession.finished.then(() => this.#ownLanes.delete(lane.serverSession));
    return lane;
  }

  async #connectLane(): Promise<StatelessLane> {
    this.#opening++;
    try {
      const transport = new HttpSessionTransport('stateless', this.#laneConfig, () => {});
      return { transport, serverSession: await this.#server.connect(transport, { listed: false }) };
    } finally {
      this.#opening--;
    }
  }

  /**
   * Closes every session, stateless requests included. Subscription streams first get their
   * result, so their clients know the end was meant and do not reconnect at once.
   */
  async closeAll(): Promise<void> {
    const sessions = [...[...this.#entries.values()].map((entry) => entry.serverSession), ...this.#ownLanes];
    if (this.#lane) sessions.push(this.#lane.serverSession);
    await Promise.all(sessions.map((session) => this.#server.endSubscriptions(session)));
    await Promise.all(sessions.map((session) => session.close()));
  }

  #forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    if (entry.idleTimer !== undefined) this.#config.clock.clearTimeout(entry.idleTimer);
    this.#entries.delete(id);
  }

  // One timer per session, re-armed only when it fires, so requests never touch a timer.
  #armIdleCheck(entry: Entry, delay: number): void {
    if (delay === Infinity) return;
    entry.idleTimer = this.#config.clock.setTimeout(() => this.#checkIdle(entry), delay);
  }

  #checkIdle(entry: Entry): void {
    entry.idleTimer = undefined;
    if (entry.transport.closed) return;
    const timeout = this.#config.sessionIdleTimeoutMs;
    if (entry.transport.busy) return this.#armIdleCheck(entry, timeout);
    const idle = this.#config.clock.now() - entry.transport.lastActivity;
    if (idle < timeout) return this.#armIdleCheck(entry, timeout - idle);
    entry.serverSession.close().catch((error: unknown) => this.#config.onError(error instanceof Error ? error : new Error(String(error))));
  }
}
