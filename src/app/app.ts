/**
 * `App`: the page inside a view's frame, speaking the Apps protocol with its host. `connect()`
 * makes the `ui/initialize` handshake and says `initialized`; then the host's notifications
 * arrive as events (the tool's input, partial and final, its result or cancellation, changes of
 * the host's context, teardown), and the view calls the server's tools, lists and reads its
 * resources, sends messages, opens links, offers files, updates what the model knows, asks for
 * a display mode or to be closed, all through the host; it offers tools of its own for the host
 * to call. Its size is reported as it changes. No Node builtin, no `eval`: it runs under the
 * strict policy a host renders views with.
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import { ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../jsonrpc/message.js';
import {
  APPS_PROTOCOL_VERSION,
  type AppCapabilities,
  type AppDisplayMode,
  type AppHostCapabilities,
  type AppHostContext,
  type AppInitializeResult,
} from '../types/apps.js';
import type { Implementation } from '../types/base.js';
import type { ContentBlock, EmbeddedResource, ResourceLink } from '../types/content.js';
import type { LoggingLevel } from '../types/logging.js';
import type { ListResourcesResult, ReadResourceResult } from '../types/resources.js';
import type { CallToolResult } from '../types/tools.js';
import { PostMessageTransport, type PostMessagePeer } from '../transports/post-message.js';
import { watchSize } from './size.js';
import { ViewTools, type ViewToolConfig, type ViewToolHandle, type ViewToolHandler } from './tools.js';

/** What the host tells a view, by event. */
export interface AppEventMap {
  /** The tool's arguments, complete: once. */
  toolinput: {
    /** The arguments the model chose. */
    arguments?: Record<string, unknown>;
  };
  /** The arguments so far, while the model still writes them. */
  toolinputpartial: {
    /** The arguments as far as the model has written them; later events add to them. */
    arguments?: Record<string, unknown>;
  };
  /** The tool's result. */
  toolresult: CallToolResult;
  /** The call ended without a result. */
  toolcancelled: {
    /** Why, in the host's words. */
    reason?: string;
  };
  /** What changed of the host's context; `app.hostContext` holds all of it, merged. */
  hostcontextchanged: AppHostContext;
  /** The host is about to remove the view: what is not saved before the listeners resolve is lost. */
  teardown: {
    /** Why, in the host's words. */
    reason?: string;
  };
}

/** The name of an event the host sends a view. */
export type AppEvent = keyof AppEventMap;

/** The options of an `App`: what the view can do, whether it reports its size, how long it waits for the host. */
export interface AppOptions {
  /**
   * What the view can do: its display modes, tools of its own. A tool registered before
   * `connect()` declares `tools: { listChanged: true }` when this does not say otherwise.
   */
  capabilities?: AppCapabilities;
  /** Report the page's size to the host as it changes (`ui/notifications/size-changed`). Default true. */
  autoResize?: boolean;
  /** The host's window and this one. Default: `window.parent`, heard on `window`. */
  peer?: PostMessagePeer;
  /** How long a request to the host may take. Default 60 s. */
  timeoutMs?: number;
}

const NOTIFICATIONS: Readonly<Record<string, AppEvent>> = {
  'ui/notifications/tool-input': 'toolinput',
  'ui/notifications/tool-input-partial': 'toolinputpartial',
  'ui/notifications/tool-result': 'toolresult',
  'ui/notifications/tool-cancelled': 'toolcancelled',
  'ui/notifications/host-context-changed': 'hostcontextchanged',
};

/**
 * The page inside an MCP App's view: `connect()` makes the handshake with the host, the host's
 * notifications arrive as events (`on`), and the view calls the server's tools and resources, and
 * asks things of the host, through it.
 */
export class App {
  readonly #info: Implementation;
  readonly #options: AppOptions;
  readonly #listeners = new Map<AppEvent, Set<(params: never) => unknown>>();
  #connection: Connection | undefined;
  #host: AppInitializeResult | undefined;
  #context: AppHostContext = {};
  #stopWatching: (() => void) | undefined;
  /** The last of each one-shot event, for a listener added after it came. */
  readonly #last = new Map<AppEvent, unknown>();
  readonly #tools = new ViewTools(() => void this.#toolsChanged().catch(() => {}));
  /** The capabilities `ui/initialize` told the host, once sent. */
  #declared: AppCapabilities | undefined;

  constructor(info: Implementation, options: AppOptions = {}) {
    this.#info = info;
    this.#options = options;
  }

  /** Makes the handshake; resolves with what the host said of itself. */
  async connect(): Promise<AppInitializeResult> {
    if (this.#connection !== undefined) throw new Error('App.connect: already connected');
    const peer = this.#options.peer ?? { target: window.parent, listenOn: window };
    const connection = new Connection(new PostMessageTransport(peer), this.#handlers(), undefined, {
      defaultTimeoutMs: this.#options.timeoutMs ?? 60_000,
    });
    this.#connection = connection;
    const declared: AppCapabilities = { ...this.#options.capabilities };
    if (this.#tools.size > 0 && declared.tools === undefined) declared.tools = { listChanged: true };
    this.#declared = declared;
    await connection.start();
    const result = (await connection.request('ui/initialize', {
      appInfo: this.#info,
      appCapabilities: declared,
      protocolVersion: APPS_PROTOCOL_VERSION,
    })) as AppInitializeResult;
    this.#host = result;
    this.#context = { ...result.hostContext };
    await connection.notify('ui/notifications/initialized');
    if (this.#options.autoResize !== false) {
      this.#stopWatching = watchSize((size) => void this.#notify('ui/notifications/size-changed', size));
    }
    return result;
  }

  /** Who the host is, once `connect()` has resolved. */
  get hostInfo(): AppInitializeResult['hostInfo'] | undefined {
    return this.#host?.hostInfo;
  }

  /** What the host can do for the view, once `connect()` has resolved. */
  get hostCapabilities(): AppHostCapabilities | undefined {
    return this.#host?.hostCapabilities;
  }

  /** The host's context: what `ui/initialize` said, with every change since merged in. */
  get hostContext(): AppHostContext {
    return this.#context;
  }

  /**
   * Listens for `event`; returns what stops listening. A listener of `toolinput`, `toolresult`
   * or `toolcancelled` added after the event came is called with it at once.
   */
  on<E extends AppEvent>(event: E, listener: (params: AppEventMap[E]) => unknown): () => void {
    let set = this.#listeners.get(event);
    if (set === undefined) this.#listeners.set(event, (set = new Set()));
    set.add(listener as (params: never) => unknown);
    if (event !== 'hostcontextchanged' && event !== 'toolinputpartial' && this.#last.has(event))
      queueMicrotask(() => listener(this.#last.get(event) as AppEventMap[E]));
    return () => set.delete(listener as (params: never) => unknown);
  }

  /** Calls a tool of the view's server, through the host. A tool's own failure is a result with `isError`. */
  callServerTool(name: string, args: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}) {
    return this.#request('tools/call', { name, arguments: args }, options) as Promise<CallToolResult>;
  }

  /** Reads a resource of the view's server, through the host. */
  readServerResource(uri: string, options: { signal?: AbortSignal } = {}) {
    return this.#request('resources/read', { uri }, options) as Promise<ReadResourceResult>;
  }

  /** Lists the resources of the view's server, a page at a time, through the host. */
  listServerResources(params: { cursor?: string } = {}, options: { signal?: AbortSignal } = {}) {
    return this.#request('resources/list', params, options) as Promise<ListResourcesResult>;
  }

  /** Adds a user message to the conversation (the host may ask its user first). Rejects when denied. */
  async sendMessage(content: string | ContentBlock[]): Promise<void> {
    const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    await this.#ask('ui/message', { role: 'user', content: blocks });
  }

  /** Asks the host to open `url` (it may ask its user). Rejects when denied. */
  async openLink(url: string): Promise<void> {
    await this.#ask('ui/open-link', { url });
  }

  /**
   * Offers files to the user (a view's frame may not download by itself): embedded resources
   * or links the host fetches. Rejects when denied.
   */
  async downloadFile(params: { contents: (EmbeddedResource | ResourceLink)[] }): Promise<void> {
    await this.#ask('ui/download-file', params);
  }

  /** Asks the host to close the view; a host that agrees sends `ui/resource-teardown` (the `teardown` event). */
  requestTeardown(): Promise<void> {
    return this.#notify('ui/notifications/request-teardown', {});
  }

  /**
   * Offers a tool the host (and its model) may call. Registered before `connect()`, it declares
   * `tools` in the view's capabilities; afterwards each change tells the host the list changed.
   */
  registerTool(name: string, config: ViewToolConfig, handler: ViewToolHandler): ViewToolHandle {
    if (this.#declared !== undefined && this.#declared.tools === undefined)
      throw new Error('App.registerTool: the view told its host it has no tools; register them before connect()');
    return this.#tools.register(name, config, handler);
  }

  /** Tells the model, from its next turn on, what the view shows; each update replaces the last. */
  async updateModelContext(context: { content?: ContentBlock[]; structuredContent?: Record<string, unknown> }) {
    await this.#request('ui/update-model-context', context);
  }

  /** Asks for a display mode; resolves with the mode the host put the view in, which may be another. */
  async requestDisplayMode(mode: AppDisplayMode): Promise<AppDisplayMode> {
    const result = await this.#request('ui/request-display-mode', { mode });
    return (result.mode as AppDisplayMode | undefined) ?? this.#context.displayMode ?? 'inline';
  }

  /** A log message for the host (not for the conversation). */
  sendLog(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    return this.#notify('notifications/message', { level, data, ...(logger !== undefined && { logger }) });
  }

  /** Tells the host the view's size, when it is not reported by itself (`autoResize: false`). */
  sendSize(size: { width?: number; height?: number }): Promise<void> {
    return this.#notify('ui/notifications/size-changed', size);
  }

  /** Stops listening to the host and reporting the size. */
  async close(): Promise<void> {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    await this.#connection?.close();
  }

  #request(method: string, params: Record<string, unknown>, options: { signal?: AbortSignal } = {}) {
    if (this.#host === undefined || this.#connection === undefined)
      return Promise.reject(new Error(`App: ${method} before connect() finished the handshake`));
    return this.#connection.request(method, params, options.signal ? { signal: options.signal } : {});
  }

  /** A request the host may deny with `isError: true` in its answer (a JSON-RPC error also rejects). */
  async #ask(method: string, params: Record<string, unknown>): Promise<void> {
    const result = await this.#request(method, params);
    if (result.isError === true) throw new Error(`App: the host denied ${method}`);
  }

  async #notify(method: string, params: Record<string, unknown>): Promise<void> {
    await this.#connection?.notify(method, params);
  }

  async #toolsChanged(): Promise<void> {
    if (this.#host !== undefined && this.#declared?.tools?.listChanged === true)
      await this.#notify('notifications/tools/list_changed', {});
  }

  #handlers() {
    return {
      onRequest: async (_owner: undefined, request: JsonRpcRequest) => {
        if (request.method === 'ping') return {};
        if (this.#declared?.tools !== undefined) {
          if (request.method === 'tools/list') return this.#tools.list();
          if (request.method === 'tools/call') return this.#tools.call(request.params ?? {});
        }
        if (request.method === 'ui/resource-teardown') {
          await this.#emit('teardown', (request.params ?? {}) as AppEventMap['teardown']);
          return {};
        }
        throw new JsonRpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
      },
      onNotification: (_owner: undefined, notification: JsonRpcNotification) => {
        const event = NOTIFICATIONS[notification.method];
        if (event === undefined) return;
        const params = (notification.params ?? {}) as Record<string, unknown>;
        if (event === 'hostcontextchanged') this.#context = { ...this.#context, ...params };
        else if (event !== 'toolinputpartial') this.#last.set(event, params);
        void this.#emit(event, params as never);
      },
    };
  }

  /** Calls every listener of `event`, in the order they were added; waits for them all. */
  async #emit<E extends AppEvent>(event: E, params: AppEventMap[E]): Promise<void> {
    const listeners = [...(this.#listeners.get(event) ?? [])];
    await Promise.allSettled(listeners.map(async (listener) => listener(params as never)));
  }
}
