/**
 * The MCP client: who this application is, what it can do, and how it answers the server's
 * requests. Each `connect` opens one session with one server.
 * @module
 */
import type { Clock } from '../jsonrpc/clock.js';
import type { RequestContext } from '../protocol/request-context.js';
import { Session, type HandlerTable, type RequestHandler } from '../protocol/session.js';
import { initialize, type Implementation } from '../protocol/stateful.js';
import type { StatefulVersion } from '../protocol/versions.js';
import type { Transport } from '../transports/transport.js';
import { ClientSession } from './client-session.js';

export interface ClientOptions {
  /** Capabilities to declare (roots, sampling, elicitation). */
  capabilities?: Record<string, unknown>;
  /** Default time limit for each request. Default 60 s. */
  requestTimeoutMs?: number;
  onError?: (error: Error) => void;
  clock?: Clock;
}

export interface ConnectOptions {
  /** The revision to ask for; default the latest stateful one. */
  protocolVersion?: StatefulVersion;
  /** Time limit for the handshake. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class Client {
  readonly info: Implementation;
  readonly #options: ClientOptions;
  readonly #requestHandlers = new Map<string, RequestHandler>();
  readonly #handlers: HandlerTable = { request: (method) => this.#requestHandlers.get(method) };

  constructor(info: Implementation, options: ClientOptions = {}) {
    this.info = info;
    this.#options = options;
  }

  /**
   * Answers a request the server sends (`roots/list`, `sampling/createMessage`,
   * `elicitation/create`). The matching capability must be declared for the server to send it.
   */
  setRequestHandler(method: string, handler: (params: Record<string, unknown>, ctx: RequestContext) => unknown): void {
    this.#requestHandlers.set(method, handler);
  }

  get capabilities(): Record<string, unknown> {
    return { ...this.#options.capabilities };
  }

  /** Connects over `transport` and runs the handshake; resolves with the open session. */
  async connect(transport: Transport, options: ConnectOptions = {}): Promise<ClientSession> {
    const capabilities = this.capabilities;
    const session = new Session(transport, {
      role: 'client',
      capabilities,
      handlers: this.#handlers,
      ...(this.#options.requestTimeoutMs !== undefined && { defaultTimeoutMs: this.#options.requestTimeoutMs }),
      ...(this.#options.clock && { clock: this.#options.clock }),
      ...(this.#options.onError && { onError: this.#options.onError }),
    });
    await session.start();
    try {
      const outcome = await initialize(session, {
        clientInfo: this.info,
        capabilities,
        ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
        request: {
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
          ...(options.signal && { signal: options.signal }),
        },
      });
      return new ClientSession(session, outcome);
    } catch (error) {
      await session.close().catch(() => {});
      throw error;
    }
  }
}
