/**
 * The sessions a server has open, and how it opens one: over its transport, declaring what the
 * server declares at that moment. Sessions opened while nothing changed share one capabilities
 * object: a server may hold thousands.
 * @module
 */
import type { Transport } from '../jsonrpc/transport.js';
import type { Session, SessionOptions } from '../protocol/session.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import { ServerSession } from './server-session.js';

export class OpenSessions implements Iterable<ServerSession> {
  readonly #all = new Set<ServerSession>();
  /** Sessions kept out of `listed`: a transport that carries the modern requests of many clients is no client's session. */
  readonly #unlisted = new WeakSet<ServerSession>();
  readonly #capabilities: () => ServerCapabilities;
  #lastCapabilities: { text: string; value: ServerCapabilities } | undefined;

  /** `capabilities`: what the server declares now. */
  constructor(capabilities: () => ServerCapabilities) {
    this.#capabilities = capabilities;
  }

  /** Every open session, listed or not. */
  [Symbol.iterator](): Iterator<ServerSession> {
    return this.#all.values();
  }

  has(session: Session): boolean {
    return this.#all.has(session as ServerSession);
  }

  /** The open sessions but those opened unlisted. */
  listed(): ReadonlySet<ServerSession> {
    return new Set([...this.#all].filter((s) => !this.#unlisted.has(s)));
  }

  /** A session over `transport`, open from now on, not started yet. */
  open(transport: Transport, options: SessionOptions, listed = true): ServerSession {
    const session = new ServerSession(transport, this.#declared(), options);
    this.#all.add(session);
    if (!listed) this.#unlisted.add(session);
    return session;
  }

  /** Forgets `session`, which closed. */
  delete(session: Session): void {
    this.#all.delete(session as ServerSession);
  }

  /** What a new session declares: the same object as the last session's while nothing changed. */
  #declared(): ServerCapabilities {
    const now = this.#capabilities();
    const text = JSON.stringify(now);
    if (text !== this.#lastCapabilities?.text) this.#lastCapabilities = { text, value: now };
    return this.#lastCapabilities.value;
  }
}
