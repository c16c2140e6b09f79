/**
 * One client connected to a server, and what the server keeps per client: its log level and
 * its resource subscriptions. It is the protocol session itself (one object per client: a
 * server may hold thousands), seen through the members a server's owner needs.
 * @module
 */
import { sessionAccess, Session } from '../protocol/session.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type { Implementation } from '../types/base.js';
import type { LoggingLevel } from '../types/logging.js';

/**
 * One client connected to a server: who it is, what it declared, the log level it asked for and the
 * resources it subscribed to. Handlers reach it as `ctx.session`.
 */
export class ServerSession extends Session {
  /** What the client asked this session for, once it asks: one field for the many that never do. */
  #asked: { logLevel?: LoggingLevel | undefined; subscriptions?: Set<string> } | undefined;

  /** The level the client asked for with `logging/setLevel`; none until it asks. */
  get logLevel(): LoggingLevel | undefined {
    return this.#asked?.logLevel;
  }

  /** Set as the client asks, by the server's `logging/setLevel` handler. */
  set logLevel(level: LoggingLevel | undefined) {
    (this.#asked ??= {}).logLevel = level;
  }

  /** URIs the client subscribed to with `resources/subscribe`. */
  get subscriptions(): Set<string> {
    return ((this.#asked ??= {}).subscriptions ??= new Set());
  }

  /** Whether the client subscribed to `uri` (without making a set for a client that never subscribes). */
  subscribedTo(uri: string): boolean {
    return this.#asked?.subscriptions?.has(uri) ?? false;
  }

  /**
   * Who the client said it is (in `initialize`, or in a modern request's `_meta`); `undefined`
   * until it says.
   */
  get clientInfo(): Implementation | undefined {
    return sessionAccess.peerInfo(this) as Implementation | undefined;
  }

  /**
   * What the client declared it can do (in `initialize`, or in a modern request's `_meta`);
   * `undefined` until it says.
   */
  get clientCapabilities(): ClientCapabilities | undefined {
    return sessionAccess.peerCapabilities(this) as ClientCapabilities | undefined;
  }
}

/**
 * Where a session shared by a fleet writes what its client asks for, before the request is
 * answered: any process may serve the session's next request.
 */
export interface SessionMirror {
  logLevel(level: LoggingLevel): Promise<void>;
  subscription(uri: string, subscribed: boolean): Promise<void>;
}

/** Kept apart from the sessions: only a fleet's have one, and an idle session stays small. */
const mirrors = new WeakMap<ServerSession, SessionMirror>();

/** Makes `session` write what its client asks for to `mirror`. */
export function setMirror(session: ServerSession, mirror: SessionMirror): void {
  mirrors.set(session, mirror);
}

/** Where `session` writes what its client asks for, if it is shared by a fleet. */
export function mirrorOf(session: ServerSession): SessionMirror | undefined {
  return mirrors.get(session);
}
