/**
 * One client connected to a server, and what the server keeps per client: its log level and
 * its resource subscriptions.
 * @module
 */
import type { Session, SendRequestOptions } from '../protocol/session.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type { Implementation } from '../types/base.js';
import type { LoggingLevel } from '../types/logging.js';

export class ServerSession {
  readonly #session: Session;
  /** The level the client asked for with `logging/setLevel`; none until it asks. */
  logLevel: LoggingLevel | undefined;
  /** URIs the client subscribed to with `resources/subscribe`. */
  readonly subscriptions = new Set<string>();

  /** Settles when the session has ended, whoever ended it; never rejects. */
  readonly finished: Promise<void>;

  constructor(session: Session) {
    this.#session = session;
    this.finished = session.finished.then(() => undefined);
  }

  /** The protocol session underneath, for the server's own use. */
  get session(): Session {
    return this.#session;
  }

  /** The negotiated revision, once the client has initialized. */
  get protocolVersion(): string | undefined {
    return this.#session.protocolVersion;
  }

  get clientInfo(): Implementation | undefined {
    return this.#session.peer?.info as Implementation | undefined;
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return this.#session.peer?.capabilities as ClientCapabilities | undefined;
  }

  get closed(): boolean {
    return this.#session.closed;
  }

  ping(options?: SendRequestOptions): Promise<void> {
    return this.#session.ping(options);
  }

  /** Sends a request to the client (sampling, roots, elicitation). */
  request(method: string, params?: Record<string, unknown>, options?: SendRequestOptions): Promise<Record<string, unknown>> {
    return this.#session.request(method, params, options);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.#session.notify(method, params);
  }

  close(): Promise<void> {
    return this.#session.close();
  }
}
