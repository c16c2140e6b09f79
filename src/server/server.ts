/**
 * The MCP server: built once, it serves any number of sessions over any transports.
 * @module
 */
import type { JsonRpcRequest } from '../jsonrpc/message.js';
import type { Clock } from '../jsonrpc/clock.js';
import { acceptInitialize, type Implementation } from '../protocol/stateful.js';
import { Session, type HandlerTable, type NotificationHandler, type RequestHandler } from '../protocol/session.js';
import type { StatefulVersion } from '../protocol/versions.js';
import type { Transport } from '../transports/transport.js';
import { ServerContext } from './context.js';
import { ServerSession } from './server-session.js';
import { ToolRegistry, type RegisteredTool, type ToolConfig, type ToolHandler } from './tools.js';

export interface ServerOptions {
  /** Guidance for the model on how to use this server, sent at initialization. */
  instructions?: string;
  /** Capabilities to declare beyond those implied by what is registered. */
  capabilities?: Record<string, unknown>;
  /** Stateful revisions to accept; default all. */
  versions?: readonly StatefulVersion[];
  /** Default time limit for requests the server sends to clients. */
  requestTimeoutMs?: number;
  /**
   * When a client ends its input (stdin EOF), how long requests still running may take to be
   * answered before the session closes and aborts them. Default 10 s.
   */
  drainTimeoutMs?: number;
  /** Problems that do not end a session (malformed input, handler crashes), for logging. */
  onError?: (error: Error) => void;
  clock?: Clock;
}

export class Server {
  readonly info: Implementation;
  readonly #options: ServerOptions;
  readonly #tools = new ToolRegistry();
  readonly #sessions = new Set<ServerSession>();
  readonly #requestHandlers = new Map<string, RequestHandler<ServerContext>>();
  readonly #notificationHandlers = new Map<string, NotificationHandler>();
  readonly #handlers: HandlerTable;

  constructor(info: Implementation, options: ServerOptions = {}) {
    this.info = info;
    this.#options = options;
    this.#requestHandlers.set('initialize', (params, ctx) =>
      acceptInitialize(ctx.session, params, {
        serverInfo: this.info,
        capabilities: ctx.session.capabilities,
        ...(options.instructions !== undefined && { instructions: options.instructions }),
        ...(options.versions && { versions: options.versions }),
      }),
    );
    this.#requestHandlers.set('tools/list', () => this.#tools.list());
    this.#requestHandlers.set('tools/call', (params, ctx) => this.#tools.call(params, ctx));
    this.#notificationHandlers.set('notifications/initialized', () => {});
    const requests = this.#requestHandlers as Map<string, RequestHandler>;
    const notifications = this.#notificationHandlers;
    this.#handlers = {
      request: (method) => requests.get(method),
      notification: (method) => notifications.get(method),
    };
  }

  /** What this server declares at initialization. */
  get capabilities(): Record<string, unknown> {
    const declared: Record<string, unknown> = { ...this.#options.capabilities };
    if (this.#tools.size > 0 && declared.tools === undefined) declared.tools = { listChanged: true };
    return declared;
  }

  /** Registers a tool. Its name must be unique. */
  tool(name: string, config: ToolConfig, handler: ToolHandler): RegisteredTool {
    return this.#tools.add(name, config, handler);
  }

  /** The sessions currently open. */
  get sessions(): ReadonlySet<ServerSession> {
    return this.#sessions;
  }

  /** Serves one peer over `transport`; resolves once the transport has started. */
  async connect(transport: Transport): Promise<ServerSession> {
    const session = new Session(transport, {
      role: 'server',
      capabilities: this.capabilities,
      handlers: this.#handlers,
      createContext: (s, request: JsonRpcRequest, version) =>
        new ServerContext(s, request.id, request.method, request.params ?? {}, version),
      ...(this.#options.requestTimeoutMs !== undefined && { defaultTimeoutMs: this.#options.requestTimeoutMs }),
      ...(this.#options.drainTimeoutMs !== undefined && { drainTimeoutMs: this.#options.drainTimeoutMs }),
      ...(this.#options.clock && { clock: this.#options.clock }),
      ...(this.#options.onError && { onError: this.#options.onError }),
      onClose: () => this.#sessions.delete(serverSession),
    });
    const serverSession = new ServerSession(session);
    this.#sessions.add(serverSession);
    await session.start();
    return serverSession;
  }

  /** Closes every session. */
  async close(): Promise<void> {
    await Promise.all([...this.#sessions].map((s) => s.close()));
  }
}
