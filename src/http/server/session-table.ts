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

/** The open sessions of one endpoint. */
export class SessionTable {
  readonly #server: Server;
  readonly #config: ResolvedOptions;
  readonly #entries = new Map<string, Entry>();
  /** Sessions of one stateless request each, some long-lived (`subscriptions/listen` streams). */
  readonly #ephemeral = new Set<ServerSession>();
  /** Their transports' options: a stateless stream is never resumed, so none of its events is kept. */
  readonly #ephemeralConfig: ResolvedOptions;
  /** Sessions being connected, counted against the limit already. */
  #opening = 0;

  constructor(server: Server, config: ResolvedOptions) {
    this.#server = server;
    this.#config = config;
    const keepNone = new MemoryEventStore(0);
    this.#ephemeralConfig = { ...config, createEventStore: () => keepNone };
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
    return this.#entries.size + this.#ephemeral.size + this.#opening >= this.#config.maxSessions;
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

  /**
   * A transport for one stateless request: served like a session but never listed, so no id
   * goes out and nothing outlives the request. Counted against the limit while it runs.
   */
  async openEphemeral(): Promise<{ transport: HttpSessionTransport; serverSession: ServerSession }> {
    const transport = new HttpSessionTransport('stateless', this.#ephemeralConfig, () => {});
    const serverSession = await this.#connect(transport);
    this.#ephemeral.add(serverSession);
    void serverSession.finished.then(() => this.#ephemeral.delete(serverSession));
    return { transport, serverSession };
  }

  /**
   * Closes every session, stateless requests included. Subscription streams first get their
   * result, so their clients know the end was meant and do not reconnect at once.
   */
  async closeAll(): Promise<void> {
    const sessions = [...[...this.#entries.values()].map((entry) => entry.serverSession), ...this.#ephemeral];
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
