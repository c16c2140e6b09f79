/**
 * `ViewBridge`: a host's side of one MCP App view, over `postMessage` with the view's frame.
 * It answers the view's `ui/initialize` with the host's info, capabilities and context, sends
 * nothing to the view before the view says `initialized` (what the host sends earlier waits),
 * hands the tool's input, result or cancellation to the view in the order the protocol allows,
 * and passes the view's requests to the host's hooks: a tool call only for a tool whose
 * visibility lets its view call it, resources, a message, a link, a download, the model's
 * context, a display mode, a wish to be closed. A request without a hook is -32601. It also
 * lists and calls the tools the view offers, when the view declared it has some.
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import { ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../jsonrpc/message.js';
import type { Transport } from '../jsonrpc/transport.js';
import {
  APPS_PROTOCOL_VERSION,
  type AppCapabilities,
  type AppDisplayMode,
  type AppHostCapabilities,
  type AppHostContext,
  type AppVisibility,
} from '../types/apps.js';
import type { Implementation } from '../types/base.js';
import type { CallToolResult, Tool } from '../types/tools.js';

type Params = Record<string, unknown>;

/** The code of a request the host's user refused (the spec's implementation-defined -32000). */
const DENIED = -32000;

/**
 * What the host does for its view; each hook left out is a request the view is refused. A hook
 * that asks its user may resolve `false`: the view is told it was denied (-32000).
 */
export interface ViewHooks {
  /** A tool of the view's server (already checked: its visibility includes `app`). */
  callTool?(name: string, args: Params): Promise<Params>;
  /** A resource of the view's server (`resources/read`). */
  readResource?(uri: string): Promise<Params>;
  /** A page of the server's resources (`resources/list`). */
  listResources?(params: { cursor?: string }): Promise<Params>;
  /** A user message for the conversation. */
  message?(params: { role: 'user'; content: unknown[] }): Promise<void | boolean>;
  /** A link the view asks the host to open; `false` refuses. */
  openLink?(url: string): Promise<void | boolean>;
  /** Files the view offers its user: embedded resources, or links the host fetches. */
  downloadFile?(params: { contents: unknown[] }): Promise<void | boolean>;
  /** What the view wants the model to know in the next turns; `false` refuses. */
  updateModelContext?(params: Params): Promise<void | boolean>;
  /** The mode the view is now in. */
  requestDisplayMode?(mode: AppDisplayMode): Promise<AppDisplayMode>;
  /** The view asks to be closed; a host that agrees calls `teardown()`. */
  requestTeardown?(): void;
  /** The tools the view offers changed: list them again. */
  viewToolsChanged?(): void;
  /** A log message of the view. */
  log?(params: Params): void;
  /** The size the view's content now needs, in CSS pixels, for the host to fit its frame. */
  size?(size: { width?: number; height?: number }): void;
}

/** How far the tool call the view was shown for has gone, as the view was told. */
type CallPhase = 'waiting' | 'input' | 'ended';

/**
 * What a `ViewBridge` tells the view (who the host is, what it can do, its context) and the hooks
 * that answer the view's requests.
 */
export interface ViewBridgeOptions {
  /** Who the host is to the view. */
  hostInfo: Implementation;
  /** What the host does for the view (which of `hooks` it offers, display modes, ...). */
  hostCapabilities: AppHostCapabilities;
  /** Theme, locale, display mode and the rest, as the view starts; `sendHostContext` changes it later. */
  hostContext: AppHostContext;
  /** The visibility of each tool of the view's server, by name: only `app` tools are callable. */
  toolVisibility: (name: string) => AppVisibility[] | undefined;
  /** The application's side of the view's requests. */
  hooks: ViewHooks;
}

/**
 * A host's side of one MCP App view, over `postMessage` with the view's frame: it answers the
 * view's handshake, hands it the tool's input and result, and passes its requests to the host's
 * hooks.
 */
export class ViewBridge {
  readonly #options: ViewBridgeOptions;
  readonly #context: AppHostContext;
  readonly #connection: Connection;
  #initialized = false;
  readonly #waiting: (() => void)[] = [];
  readonly #ready: Promise<void>;
  #appInfo: Params | undefined;
  #appCapabilities: AppCapabilities | undefined;
  #phase: CallPhase = 'waiting';

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

  /** What the view can do, from its `ui/initialize`: its display modes, tools of its own. */
  get appCapabilities(): AppCapabilities | undefined {
    return this.#appCapabilities;
  }

  /** The arguments so far, while the model writes them: only before `sendToolInput`. */
  async sendToolInputPartial(args: Params): Promise<void> {
    if (this.#phase !== 'waiting')
      throw new Error('ViewBridge.sendToolInputPartial: the complete input was sent; partial input comes before it');
    return this.#send('ui/notifications/tool-input-partial', { arguments: args });
  }

  /** The tool's complete arguments: once. */
  async sendToolInput(args: Params): Promise<void> {
    if (this.#phase !== 'waiting') throw new Error('ViewBridge.sendToolInput: the input was already sent');
    this.#phase = 'input';
    return this.#send('ui/notifications/tool-input', { arguments: args });
  }

  /** The tool's result: after its input, and only if the call was not cancelled. */
  async sendToolResult(result: Params): Promise<void> {
    this.#end('sendToolResult');
    return this.#send('ui/notifications/tool-result', result);
  }

  /** The call ended without a result: after its input, and only if no result was sent. */
  async sendToolCancelled(reason?: string): Promise<void> {
    this.#end('sendToolCancelled');
    return this.#send('ui/notifications/tool-cancelled', reason === undefined ? {} : { reason });
  }

  /** The tools the view offers now (only a view that declared `tools` is asked). */
  async listViewTools(options: { signal?: AbortSignal } = {}): Promise<Tool[]> {
    const result = await this.#askView('tools/list', {}, options);
    if (!Array.isArray(result.tools)) throw new Error('ViewBridge.listViewTools: the view answered without tools');
    return result.tools as Tool[];
  }

  /** Calls a tool the view offers; a JSON-RPC error from the view rejects. */
  async callViewTool(name: string, args: Params = {}, options: { signal?: AbortSignal } = {}): Promise<CallToolResult> {
    return (await this.#askView('tools/call', { name, arguments: args }, options)) as CallToolResult;
  }

  /** Tells the view what changed of the host's context. */
  sendHostContext(changed: AppHostContext): Promise<void> {
    Object.assign(this.#context, changed);
    return this.#send('ui/notifications/host-context-changed', changed);
  }

  /**
   * Asks the view to save what it must before it is removed, then stops listening. Resolves
   * with whether the view answered within `timeoutMs` (default 60 s); a view that refuses,
   * fails or is gone is removed all the same.
   */
  async teardown(reason?: string, options: { timeoutMs?: number } = {}): Promise<boolean> {
    let answered = false;
    if (this.#initialized) {
      try {
        const params = reason === undefined ? {} : { reason };
        await this.#connection.request('ui/resource-teardown', params, { timeoutMs: options.timeoutMs });
        answered = true;
      } catch {
        answered = false;
      }
    }
    await this.#connection.close();
    return answered;
  }

  #end(method: string): void {
    if (this.#phase === 'waiting') throw new Error(`ViewBridge.${method}: send the tool's input first`);
    if (this.#phase === 'ended')
      throw new Error(`ViewBridge.${method}: the call already ended with a result or a cancellation`);
    this.#phase = 'ended';
  }

  /** A request for the view's tools, once it is initialized, never to a view without tools. */
  async #askView(method: string, params: Params, options: { signal?: AbortSignal }): Promise<Params> {
    await this.#ready;
    if (this.#appCapabilities?.tools === undefined)
      throw new Error(`ViewBridge: the view offers no tools (its capabilities lack \`tools\`): ${method} not sent`);
    return this.#connection.request(method, params, options.signal ? { signal: options.signal } : {});
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
        } else this.#heard(notification.method, params);
      },
    };
  }

  /** A notification from the view, after `initialized`. */
  #heard(method: string, params: Params): void {
    const { hooks } = this.#options;
    if (method === 'ui/notifications/size-changed') hooks.size?.(params);
    else if (method === 'notifications/message') hooks.log?.(params);
    else if (method === 'ui/notifications/request-teardown') hooks.requestTeardown?.();
    else if (method === 'notifications/tools/list_changed') hooks.viewToolsChanged?.();
  }

  async #answer(method: string, params: Params): Promise<Params> {
    const { hooks } = this.#options;
    switch (method) {
      case 'ui/initialize':
        return this.#initialize(params);
      case 'ping':
        return {};
      case 'tools/call':
        return this.#callTool(params);
      case 'resources/read':
        if (hooks.readResource && typeof params.uri === 'string') return hooks.readResource(params.uri);
        break;
      case 'resources/list':
        if (hooks.listResources) return hooks.listResources(params as { cursor?: string });
        break;
      case 'ui/message':
        if (hooks.message) return granted(hooks.message(params as { role: 'user'; content: unknown[] }), 'Message');
        break;
      case 'ui/open-link':
        if (hooks.openLink && typeof params.url === 'string') return granted(hooks.openLink(params.url), 'Link');
        break;
      case 'ui/download-file':
        if (hooks.downloadFile && Array.isArray(params.contents))
          return granted(hooks.downloadFile(params as { contents: unknown[] }), 'Download');
        break;
      case 'ui/update-model-context':
        if (hooks.updateModelContext) return granted(hooks.updateModelContext(params), 'Context update');
        break;
      case 'ui/request-display-mode':
        return { mode: await this.#displayMode(params.mode) };
    }
    throw new JsonRpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
  }

  /**
   * Answers every `ui/initialize`: a second one (a view that mounted twice) replaces what the
   * first said. The version is always ours: a view asking another gets the one this host speaks.
   */
  #initialize(params: Params): Params {
    this.#appInfo = params.appInfo as Params | undefined;
    const capabilities = params.appCapabilities;
    this.#appCapabilities = typeof capabilities === 'object' && capabilities !== null ? capabilities : {};
    return {
      protocolVersion: APPS_PROTOCOL_VERSION,
      hostInfo: this.#options.hostInfo,
      hostCapabilities: this.#options.hostCapabilities,
      hostContext: this.#context,
    };
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

/** `{}` once the hook is done; -32000 when it resolved `false` (its user said no). */
async function granted(answer: Promise<void | boolean>, what: string): Promise<Params> {
  if ((await answer) === false) throw new JsonRpcError(DENIED, `${what} denied`);
  return {};
}
