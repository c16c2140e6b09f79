/**
 * `ViewBridge`: a host's side of one MCP App view, over `postMessage` with the view's frame.
 * It answers the view's `ui/initialize` with the host's info, capabilities and context, sends
 * nothing to the view before the view says `initialized` (what the host sends earlier waits),
 * hands the tool's input, result or cancellation to the view, and passes the view's requests
 * to the host's hooks: a tool call only for a tool whose visibility lets its view call it, a
 * message, a link, the model's context, a display mode. A request without a hook is -32601.
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import { ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../jsonrpc/message.js';
import type { Transport } from '../jsonrpc/transport.js';
import {
  APPS_PROTOCOL_VERSION,
  type AppDisplayMode,
  type AppHostCapabilities,
  type AppHostContext,
  type AppVisibility,
} from '../types/apps.js';
import type { Implementation } from '../types/base.js';

type Params = Record<string, unknown>;

/** What the host does for its view; each hook left out is a request the view is refused. */
export interface ViewHooks {
  /** A tool of the view's server (already checked: its visibility includes `app`). */
  callTool?(name: string, args: Params): Promise<Params>;
  readResource?(uri: string): Promise<Params>;
  /** A user message for the conversation. */
  message?(params: { role: 'user'; content: unknown[] }): Promise<void>;
  openLink?(url: string): Promise<void>;
  updateModelContext?(params: Params): Promise<void>;
  /** The mode the view is now in. */
  requestDisplayMode?(mode: AppDisplayMode): Promise<AppDisplayMode>;
  log?(params: Params): void;
  size?(size: { width?: number; height?: number }): void;
}

export interface ViewBridgeOptions {
  hostInfo: Implementation;
  hostCapabilities: AppHostCapabilities;
  hostContext: AppHostContext;
  /** The visibility of each tool of the view's server, by name: only `app` tools are callable. */
  toolVisibility: (name: string) => AppVisibility[] | undefined;
  hooks: ViewHooks;
}

export class ViewBridge {
  readonly #options: ViewBridgeOptions;
  readonly #context: AppHostContext;
  readonly #connection: Connection;
  #initialized = false;
  readonly #waiting: (() => void)[] = [];
  readonly #ready: Promise<void>;
  #appInfo: Params | undefined;

  constructor(transport: Transport, options: ViewBridgeOptions) {
    this.#options = options;
    this.#context = { ...options.hostContext };
    this.#connection = new Connection(transport, this.#handlers(), undefined);
    this.#ready = new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Starts listening to the view. */
  start(): Promise<void> {
    return this.#connection.start();
  }

  /** Resolves once the view said `initialized`. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** The view's own info, from its `ui/initialize`. */
  get appInfo(): Params | undefined {
    return this.#appInfo;
  }

  sendToolInput(args: Params): Promise<void> {
    return this.#send('ui/notifications/tool-input', { arguments: args });
  }

  sendToolInputPartial(args: Params): Promise<void> {
    return this.#send('ui/notifications/tool-input-partial', { arguments: args });
  }

  sendToolResult(result: Params): Promise<void> {
    return this.#send('ui/notifications/tool-result', result);
  }

  sendToolCancelled(reason?: string): Promise<void> {
    return this.#send('ui/notifications/tool-cancelled', reason === undefined ? {} : { reason });
  }

  /** Tells the view what changed of the host's context. */
  sendHostContext(changed: AppHostContext): Promise<void> {
    Object.assign(this.#context, changed);
    return this.#send('ui/notifications/host-context-changed', changed);
  }

  /**
   * Asks the view to save what it must before it is removed, then stops listening. Resolves
   * with whether the view answered; a view that refuses or fails is removed all the same.
   */
  async teardown(reason?: string): Promise<boolean> {
    let answered = false;
    if (this.#initialized) {
      try {
        await this.#connection.request('ui/resource-teardown', reason === undefined ? {} : { reason });
        answered = true;
      } catch {
        answered = false;
      }
    }
    await this.#connection.close();
    return answered;
  }

  /** A notification for the view: sent once it is initialized, in order. */
  async #send(method: string, params: Params): Promise<void> {
    await this.#ready;
    await this.#connection.notify(method, params);
  }

  #handlers() {
    return {
      onRequest: (_owner: undefined, request: JsonRpcRequest) => this.#answer(request.method, request.params ?? {}),
      onNotification: (_owner: undefined, notification: JsonRpcNotification) => {
        const params = notification.params ?? {};
        if (notification.method === 'ui/notifications/initialized' && !this.#initialized) {
          this.#initialized = true;
          for (const resolve of this.#waiting.splice(0)) resolve();
        } else if (notification.method === 'ui/notifications/size-changed') this.#options.hooks.size?.(params);
        else if (notification.method === 'notifications/message') this.#options.hooks.log?.(params);
      },
    };
  }

  async #answer(method: string, params: Params): Promise<Params> {
    const { hooks } = this.#options;
    switch (method) {
      case 'ui/initialize':
        this.#appInfo = params.appInfo as Params | undefined;
        return {
          protocolVersion: APPS_PROTOCOL_VERSION,
          hostInfo: this.#options.hostInfo,
          hostCapabilities: this.#options.hostCapabilities,
          hostContext: this.#context,
        };
      case 'ping':
        return {};
      case 'tools/call':
        return this.#callTool(params);
      case 'resources/read':
        if (hooks.readResource && typeof params.uri === 'string') return hooks.readResource(params.uri);
        break;
      case 'ui/message':
        if (hooks.message) return hooks.message(params as { role: 'user'; content: unknown[] }).then(() => ({}));
        break;
      case 'ui/open-link':
        if (hooks.openLink && typeof params.url === 'string') return hooks.openLink(params.url).then(() => ({}));
        break;
      case 'ui/update-model-context':
        if (hooks.updateModelContext) return hooks.updateModelContext(params).then(() => ({}));
        break;
      case 'ui/request-display-mode':
        return { mode: await this.#displayMode(params.mode) };
    }
    throw new JsonRpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
  }

  async #callTool(params: Params): Promise<Params> {
    const { name } = params;
    if (typeof name !== 'string') throw new JsonRpcError(ErrorCode.InvalidParams, 'tools/call needs a tool name');
    const visibility = this.#options.toolVisibility(name) ?? ['model', 'app'];
    if (!visibility.includes('app')) {
      throw new JsonRpcError(ErrorCode.InvalidParams, `The tool ${name} cannot be called from a view`);
    }
    const call = this.#options.hooks.callTool;
    if (call === undefined) throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found: tools/call');
    return call(name, (params.arguments ?? {}) as Params);
  }

  async #displayMode(mode: unknown): Promise<AppDisplayMode> {
    const current = this.#context.displayMode ?? 'inline';
    const hook = this.#options.hooks.requestDisplayMode;
    if (hook === undefined || (mode !== 'inline' && mode !== 'fullscreen' && mode !== 'pip')) return current;
    return hook(mode);
  }
}
