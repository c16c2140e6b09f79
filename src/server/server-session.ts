/**
 * One client connected to a server.
 * @module
 */
import type { Session, SendRequestOptions } from '../protocol/session.js';

export class ServerSession {
  readonly #session: Session;

  constructor(session: Session) {
    this.#session = session;
  }

  /** Settles when the session has ended, whoever ended it; never rejects. */
  get finished(): Promise<void> {
    return this.#session.finished.then(() => undefined);
  }

  /** The negotiated revision, once the client has initialized. */
  get protocolVersion(): string | undefined {
    return this.#session.protocolVersion;
  }

  get clientInfo(): Record<string, unknown> | undefined {
    return this.#session.peer?.info;
  }

  get clientCapabilities(): Record<string, unknown> | undefined {
    return this.#session.peer?.capabilities;
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
