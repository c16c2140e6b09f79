/**
 * One open connection to a server, with a method for each request.
 * @module
 */
import type { Session, SendRequestOptions } from '../protocol/session.js';
import type { Implementation, InitializeOutcome } from '../protocol/stateful.js';

export type { SendRequestOptions as RequestOptions };

export class ClientSession {
  readonly #session: Session;
  readonly serverInfo: Implementation;
  readonly serverCapabilities: Record<string, unknown>;
  readonly instructions: string | undefined;
  readonly protocolVersion: string;

  constructor(session: Session, outcome: InitializeOutcome) {
    this.#session = session;
    this.serverInfo = outcome.serverInfo;
    this.serverCapabilities = outcome.capabilities;
    this.instructions = outcome.instructions;
    this.protocolVersion = outcome.protocolVersion;
  }

  get closed(): boolean {
    return this.#session.closed;
  }

  ping(options?: SendRequestOptions): Promise<void> {
    return this.#session.ping(options);
  }

  listTools(params: { cursor?: string } = {}, options?: SendRequestOptions): Promise<Record<string, unknown>> {
    return this.#session.request('tools/list', params, options);
  }

  callTool(params: { name: string; arguments?: Record<string, unknown> }, options?: SendRequestOptions): Promise<Record<string, unknown>> {
    return this.#session.request('tools/call', params, options);
  }

  /** Sends any request, for methods without a dedicated call. */
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
