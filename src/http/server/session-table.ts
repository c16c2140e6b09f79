/**
 * The sessions of one endpoint, by the id handed to their client: minting ids, connecting a
 * transport to the server for each, keeping to the limits (in all, per client, and for
 * modern requests apart), and closing sessions left idle.
 * @module
 */
import type { TimerHandle } from '../../jsonrpc/clock.js';
import { serverAccess, type Server } from '../../server/server.js';
import { setMirror, type ServerSession } from '../../server/server-session.js';
import { sessionAccess } from '../../protocol/session.js';
import type { SessionRecord } from '../../server/fleet/fleet-store.js';
import { FleetSessions } from './fleet-sessions.js';
import { SessionsPerClient, type ClientSessions } from './session-limits.js';
import { MemoryEventStore } from './event-store.js';
import type { ResolvedOptions } from './options.js';
import { HttpSessionTransport, type SessionConfig, type SessionDirectory } from './session-transport.js';

/** One open session: its transport, which knows the session it carries. */
export type HttpSession = HttpSessionTransport;

/**
 * Why no session could be opened: the client holds its limit of sessions already, or every
 * place is taken by a session that is busy.
 */
export type OpenRefusal = 'client-limit' | 'full';

/**
 * A transport modern requests are served on: the endpoint's lane, shared by every request
 * whose id is free on it, or one of a request's own. Its session is never initialized and
 * never listed.
 */
export interface ModernLane {
  readonly transport: HttpSessionTransport;
  readonly serverSession: ServerSession;
}

/** The open sessions of one endpoint. */
export class SessionTable implements SessionDirectory {
  readonly #server: Server;
  readonly #config: ResolvedOptions;
  /** Its sessions' options: the endpoint's, and this table to forget them when they close. */
  readonly #sessionConfig: SessionConfig;
  /** The fleet the endpoint is a process of, when its sessions are shared. */
  readonly #fleet: FleetSessions | undefined;
  /** Sessions being made here from the fleet's records, once however many requests ask. */
  readonly #reviving = new Map<string, Promise<HttpSession | undefined>>();
  /** Resolves once the endpoint may serve: at once, or once it hears its fleet. */
  readonly ready: Promise<void>;
  readonly #entries = new Map<string, HttpSession>();
  /** One timer for the whole table, set for the earliest moment a session may have gone idle. */
  #sweepTimer: TimerHandle | undefined;
  #sweepAt = Infinity;
  /** The shared lane of modern requests, once one came. */
  #lane: ModernLane | undefined;
  #laneOpening: Promise<ModernLane> | undefined;
  /** Transports of one modern request each, for requests whose id was in use on the lane. */
  readonly #ownLanes = new Set<ServerSession>();
  /** Their options: a modern stream is never resumed, so none of its events is kept. */
  readonly #laneConfig: ResolvedOptions;
  /** Sessions being connected, counted against the limit already. */
  #opening = 0;
  /** Modern lanes being connected, counted against their limit already. */
  #lanesOpening = 0;
  readonly #perClient: SessionsPerClient;
  /** The client of each session opened under a client key; sessions without one are not listed. */
  readonly #clientOf = new Map<string, ClientSessions>();

  constructor(server: Server, config: ResolvedOptions) {
    this.#server = server;
    this.#config = config;
    const store = config.store;
    if (store) {
      this.#fleet = new FleetSessions(store, config, {
        get: (id) => this.get(id),
        busy: () => [...this.#entries.values()].filter((session) => session.busy),
      });
      this.ready = Promise.all([serverAccess.joinFleet(server, store), this.#fleet.ready]).then(() => {});
    } else {
      this.ready = Promise.resolve();
    }
    this.#sessionConfig = { ...config, directory: this, ...(this.#fleet && { fleet: this.#fleet.streams }) };
    const keepNone = new MemoryEventStore(0);
    this.#laneConfig = { ...config, createEventStore: () => keepNone };
    this.#perClient = new SessionsPerClient(config.maxSessionsPerClient);
  }

  /** The server every session of this endpoint is served by. */
  get server(): Server {
    return this.#server;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether no more modern requests may be served now. */
  get modernFull(): boolean {
    return (
      (this.#lane?.transport.inFlight ?? 0) + this.#ownLanes.size + this.#lanesOpening >= this.#config.maxModernRequests
    );
  }

  /** The open session with this id held here; ended and expired sessions are gone. */
  get(id: string): HttpSession | undefined {
    const session = this.#entries.get(id);
    return session && !session.closed ? session : undefined;
  }

  /** The fleet's handle, when the endpoint is a process of one. */
  get fleet(): FleetSessions | undefined {
    return this.#fleet;
  }

  /**
   * The session with this id, for a request of it: the one held here, or, in a fleet, the
   * fleet's, whose record is read (and kept alive) on every request, so a session ended or
   * changed elsewhere is seen here. `undefined` once it ended.
   */
  find(id: string): HttpSession | undefined | Promise<HttpSession | undefined> {
    const fleet = this.#fleet;
    if (!fleet) return this.get(id);
    const reviving = this.#reviving.get(id);
    if (reviving) return reviving;
    return fleet.touch(id).then((record) => {
      const local = this.get(id);
      if (!record) {
        if (local) void local.serverSession.close();
        return undefined;
      }
      if (local) {
        applyRecord(local.serverSession, record);
        return local;
      }
      return this.#revive(id, record);
    });
  }

  /** Makes a copy here of a session of the fleet, from its record. */
  #revive(id: string, record: SessionRecord): Promise<HttpSession | undefined> {
    const revived = (async () => {
      if (this.#entries.size >= this.#config.maxSessions) this.#closeIdlest();
      const transport = new HttpSessionTransport(id, this.#sessionConfig);
      const session = await serverAccess.connectShared(this.#server, transport);
      transport.bindSession(session);
      sessionAccess.establish(session, {
        version: record.protocolVersion,
        capabilities: (record.clientCapabilities ?? {}) as Record<string, unknown>,
        info: record.clientInfo as Record<string, unknown> | undefined,
      });
      if (record.principal !== undefined) transport.bindPrincipal(record.principal);
      applyRecord(session, record);
      setMirror(session, this.#fleet!.mirror(id));
      this.#entries.set(id, transport);
      this.#sweepBy(this.#config.clock.now() + this.#config.sessionIdleTimeoutMs);
      return transport;
    })();
    this.#reviving.set(id, revived);
    void revived.finally(() => this.#reviving.delete(id)).catch(() => {});
    return revived;
  }

  /**
   * Ends a session (its client's DELETE): in a fleet, everywhere (its record goes, and every
   * process lets its copy go); then here.
   */
  async end(session: HttpSession): Promise<void> {
    await this.#fleet?.end(session.sessionId);
    await session.serverSession.close();
  }

  /**
   * A session that was just initialized: in a fleet, stored before its id goes out. Resolves
   * with false when the store failed (the session is then closed).
   */
  async initialized(session: HttpSession): Promise<boolean> {
    const fleet = this.#fleet;
    if (!fleet) return true;
    try {
      await fleet.create(session);
      setMirror(session.serverSession, fleet.mirror(session.sessionId));
      return true;
    } catch (error) {
      this.#config.onError(error instanceof Error ? error : new Error(String(error)));
      await session.serverSession.close();
      return false;
    }
  }

  /**
   * Opens a session for the client `clientKey` names (none: no per-client limit): a fresh id
   * and a transport the server serves. When every place is taken, the session idle longest
   * makes room.
   */
  async open(clientKey: string | undefined): Promise<HttpSession | OpenRefusal> {
    const client = clientKey === undefined ? undefined : this.#perClient.add(clientKey);
    if (clientKey !== undefined && client === undefined) return 'client-limit';
    if (this.#entries.size + this.#opening >= this.#config.maxSessions && !this.#closeIdlest()) {
      if (client) this.#perClient.remove(client);
      return 'full';
    }
    const id = newSessionId();
    const transport = new HttpSessionTransport(id, this.#sessionConfig);
    this.#opening++;
    try {
      transport.bindSession(
        await (this.#fleet ? serverAccess.connectShared(this.#server, transport) : this.#server.connect(transport)),
      );
    } catch (error) {
      if (client) this.#perClient.remove(client);
      throw error;
    } finally {
      this.#opening--;
    }
    this.#entries.set(id, transport);
    if (client) this.#clientOf.set(id, client);
    this.#sweepBy(this.#config.clock.now() + this.#config.sessionIdleTimeoutMs);
    return transport;
  }

  /** A session's transport closed: its id is gone, and its place with its client. */
  forget(id: string): void {
    this.#entries.delete(id);
    const client = this.#clientOf.get(id);
    if (client === undefined) return;
    this.#clientOf.delete(id);
    this.#perClient.remove(client);
  }

  /**
   * Closes the session whose last request is oldest among those with nothing in flight and
   * no stream open; false when every session is busy. A scan, but only when the table is full:
   * keeping sessions in order of use would cost every request.
   */
  #closeIdlest(): boolean {
    let idlest: HttpSession | undefined;
    for (const session of this.#entries.values()) {
      if (!session.closed && !session.busy && (idlest === undefined || session.lastActivity < idlest.lastActivity))
        idlest = session;
    }
    if (idlest === undefined) return false;
    // The transport closes at once, so its place is free when this returns.
    idlest.serverSession
      .close()
      .catch((error: unknown) => this.#config.onError(error instanceof Error ? error : new Error(String(error))));
    return true;
  }

  /** The shared lane of modern requests when it is open; else `openLane()` opens it. */
  get lane(): ModernLane | undefined {
    return this.#lane && !this.#lane.transport.closed ? this.#lane : undefined;
  }

  /** Opens the shared lane of modern requests (again, if it was closed), once however many ask. */
  openLane(): Promise<ModernLane> {
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

  /** A lane for one modern request alone; it closes when that request is over. */
  async openOwnLane(): Promise<ModernLane> {
    const lane = await this.#connectLane();
    this.#ownLanes.add(lane.serverSession);
    void lane.serverSession.finished.then(() => this.#ownLanes.delete(lane.serverSession));
    return lane;
  }

  async #connectLane(): Promise<ModernLane> {
    this.#lanesOpening++;
    try {
      const transport = new HttpSessionTransport('modern', this.#laneConfig);
      return { transport, serverSession: await this.#server.connect(transport, { listed: false }) };
    } finally {
      this.#lanesOpening--;
    }
  }

  /**
   * Closes every session, modern requests included. Subscription streams first get their
   * result, so their clients know the end was meant and do not reconnect at once.
   */
  async closeAll(): Promise<void> {
    const sessions = [...[...this.#entries.values()].map((session) => session.serverSession), ...this.#ownLanes];
    if (this.#lane) sessions.push(this.#lane.serverSession);
    await Promise.all(sessions.map((session) => this.#server.endSubscriptions(session)));
    await Promise.all(sessions.map((session) => session.close()));
    await this.#fleet?.close();
  }

  /** Makes sure the table is swept by `deadline`. */
  #sweepBy(deadline: number): void {
    if (deadline === Infinity || deadline >= this.#sweepAt) return;
    const clock = this.#config.clock;
    if (this.#sweepTimer !== undefined) clock.clearTimeout(this.#sweepTimer);
    this.#sweepAt = deadline;
    this.#sweepTimer = clock.setTimeout(() => this.#sweep(), Math.max(0, deadline - clock.now()));
  }

  /**
   * Closes the sessions idle for the timeout, then sets the timer for the next one that may be.
   * A session still answering an HTTP request, or with a stream open, is never idle. One timer
   * for all sessions: a timer each would cost every session memory and every request time.
   */
  #sweep(): void {
    this.#sweepTimer = undefined;
    this.#sweepAt = Infinity;
    const timeout = this.#config.sessionIdleTimeoutMs;
    const now = this.#config.clock.now();
    let next = Infinity;
    for (const transport of this.#entries.values()) {
      if (transport.closed) continue;
      const deadline = transport.busy ? now + timeout : transport.lastActivity + timeout;
      if (deadline > now) next = Math.min(next, deadline);
      else
        transport.serverSession
          .close()
          .catch((error: unknown) => this.#config.onError(error instanceof Error ? error : new Error(String(error))));
    }
    this.#sweepBy(next);
  }
}

/** What the fleet's record says the client asked for, on the copy held here. */
function applyRecord(session: ServerSession, record: SessionRecord): void {
  if (record.logLevel !== undefined || session.logLevel !== undefined) session.logLevel = record.logLevel;
  const subscriptions = session.subscriptions;
  if (subscriptions.size === 0 && record.subscriptions.length === 0) return;
  subscriptions.clear();
  for (const uri of record.subscriptions) subscriptions.add(uri);
}

/**
 * A session id: a version 4 UUID, 122 random bits from the platform's CSPRNG, unguessable and
 * visible ASCII as required. Built as one flat string: `randomUUID()`'s is a tree of pieces
 * that costs every session half a kilobyte.
 */
function newSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const codes: number[] = [];
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) codes.push(0x2d);
    codes.push(HEX[bytes[i]! >> 4]!, HEX[bytes[i]! & 0x0f]!);
  }
  return String.fromCharCode(...codes);
}

const HEX = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));
