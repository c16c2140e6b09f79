/**
 * One open connection to a server: a typed method for each request a client can send in the
 * stateful revisions, iterators over paginated lists, and events for what the server announces.
 * @module
 */
import { JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { McpErrorCode } from '../protocol/errors.js';
import type { Session, SendRequestOptions } from '../protocol/session.js';
import type { InitializeOutcome } from '../protocol/stateful.js';
import type { EmptyResult, Implementation, PaginatedRequestParams } from '../types/base.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { CompleteRequestParams, CompleteResult } from '../types/completion.js';
import type { PingRequestParams } from '../types/lifecycle.js';
import type { SetLevelRequestParams } from '../types/logging.js';
import type { ClientRequestMap, ClientRequestResult } from '../types/messages.js';
import type { GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt } from '../types/prompts.js';
import type {
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceRequestParams,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  SubscribeRequestParams,
  UnsubscribeRequestParams,
} from '../types/resources.js';
import type { CreateTaskResult, TaskMetadata } from '../types/tasks.js';
import type { SubscriptionFilter } from '../types/subscriptions.js';
import type { CallToolRequestParams, CallToolResult, ListToolsResult, Tool } from '../types/tools.js';
import { SessionEvents, type ClientSessionEvent, type ClientSessionListener } from './client-events.js';
import { paginate } from './client-lists.js';
import { openSubscription, reopenSubscription, type ListenOptions, type Subscription, type SubscriptionHost } from './subscription.js';
import { ToolOutputChecker } from './tool-output.js';

export type { SendRequestOptions as RequestOptions };

/** Params of a list walked by an iterator: the cursor is the iterator's business. */
export type ListParams = Omit<PaginatedRequestParams, 'cursor'>;

export class ClientSession {
  readonly #session: Session;
  readonly #events: SessionEvents;
  readonly #outputs = new ToolOutputChecker();
  readonly serverInfo: Implementation;
  readonly serverCapabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  readonly protocolVersion: string;

  /** Made by `Client.connect`, which routes the session's notifications to `events`. */
  constructor(session: Session, outcome: InitializeOutcome, events: SessionEvents = new SessionEvents()) {
    this.#session = session;
    this.#events = events;
    this.serverInfo = outcome.serverInfo as Implementation;
    this.serverCapabilities = outcome.capabilities as ServerCapabilities;
    this.instructions = outcome.instructions;
    this.protocolVersion = outcome.protocolVersion;
  }

  get closed(): boolean {
    return this.#session.closed;
  }

  /** Settles when the session has ended, whoever ended it; never rejects. */
  get finished(): Promise<void> {
    return this.#session.finished.then(() => undefined);
  }

  /**
   * Listens to an event of this session (`toolsListChanged`, `resourceUpdated`, `log`, ...;
   * see `ClientSessionEventMap`). Returns the function that stops listening.
   */
  on<E extends ClientSessionEvent>(event: E, listener: ClientSessionListener<E>): () => void {
    return this.#events.on(event, listener);
  }

  /** `ping`: resolves when the server answers. */
  ping(params?: PingRequestParams, options?: SendRequestOptions): Promise<EmptyResult> {
    return this.request('ping', params, options);
  }

  /** `tools/list`: one page of tools. See `tools()` to walk them all. */
  async listTools(params: PaginatedRequestParams = {}, options?: SendRequestOptions): Promise<ListToolsResult> {
    const result = await this.request('tools/list', params, options);
    this.#outputs.remember(result.tools);
    return result;
  }

  /**
   * `tools/call`. A tool's own failure is a result with `isError: true`, not an exception.
   * With `task` (2025-11-25, when the server supports tasks) the answer is the task to poll.
   */
  callTool(params: CallToolRequestParams & { task: TaskMetadata }, options?: SendRequestOptions): Promise<CreateTaskResult>;
  callTool(params: CallToolRequestParams, options?: SendRequestOptions): Promise<CallToolResult>;
  async callTool(params: CallToolRequestParams, options?: SendRequestOptions): Promise<CallToolResult | CreateTaskResult> {
    const result = (await this.request('tools/call', params, options)) as CallToolResult | CreateTaskResult;
    // A tool listed with an output schema must keep to it (checked once the tools were listed).
    if ('content' in result) await this.#outputs.check(params.name, result);
    return result;
  }

  /** `resources/list`: one page of resources. See `resources()`. */
  listResources(params: PaginatedRequestParams = {}, options?: SendRequestOptions): Promise<ListResourcesResult> {
    return this.request('resources/list', params, options);
  }

  /** `resources/templates/list`: one page of resource templates. See `resourceTemplates()`. */
  listResourceTemplates(params: PaginatedRequestParams = {}, options?: SendRequestOptions): Promise<ListResourceTemplatesResult> {
    return this.request('resources/templates/list', params, options);
  }

  /** `resources/read`. */
  readResource(params: ReadResourceRequestParams, options?: SendRequestOptions): Promise<ReadResourceResult> {
    return this.request('resources/read', params, options) as Promise<ReadResourceResult>;
  }

  /** `resources/subscribe`: `resourceUpdated` events follow when the resource changes. */
  subscribeResource(params: SubscribeRequestParams, options?: SendRequestOptions): Promise<EmptyResult> {
    return this.request('resources/subscribe', params, options);
  }

  /** `resources/unsubscribe`. */
  unsubscribeResource(params: UnsubscribeRequestParams, options?: SendRequestOptions): Promise<EmptyResult> {
    return this.request('resources/unsubscribe', params, options);
  }

  /**
   * `subscriptions/listen` (2026-07-28): opens a stream of the notifications `filter` asks for
   * and resolves once the server acknowledged it; `acknowledged` then says what it agreed to.
   * Its notifications raise the subscription's events and this session's (`toolsListChanged`,
   * ...). On HTTP each subscription is a response stream of its own; on stdio they share the
   * connection. A stream that drops is opened again (see `ListenOptions.reconnect`).
   */
  listen(filter: SubscriptionFilter, options?: ListenOptions): Promise<Subscription> {
    return openSubscription(this.#host(), filter, options);
  }

  /** The subscriptions of this session that have not ended. */
  get subscriptions(): Subscription[] {
    return [...this.#events.subscriptions.members];
  }

  /**
   * Re-opens on this session the subscriptions of `previous` that its end interrupted (a stdio
   * server that exited and was started again: the server keeps nothing across connections).
   * The same `Subscription` objects go on, with their listeners and iterators; each emits
   * `reestablished` once acknowledged. Resolves with them once each is active again or ended.
   */
  async resumeSubscriptions(previous: ClientSession): Promise<Subscription[]> {
    const interrupted = previous.subscriptions.filter((s) => s.state === 'interrupted');
    const host = this.#host();
    await Promise.all(interrupted.map((s) => reopenSubscription(s, host)));
    return interrupted;
  }

  /** `prompts/list`: one page of prompts. See `prompts()`. */
  listPrompts(params: PaginatedRequestParams = {}, options?: SendRequestOptions): Promise<ListPromptsResult> {
    return this.request('prompts/list', params, options);
  }

  /** `prompts/get`: a prompt's messages for the given arguments. */
  getPrompt(params: GetPromptRequestParams, options?: SendRequestOptions): Promise<GetPromptResult> {
    return this.request('prompts/get', params, options) as Promise<GetPromptResult>;
  }

  /** `completion/complete`: suggestions for a prompt or resource template argument. */
  complete(params: CompleteRequestParams, options?: SendRequestOptions): Promise<CompleteResult> {
    return this.request('completion/complete', params, options);
  }

  /** `logging/setLevel`: `log` events follow for messages at or above `level`. */
  setLoggingLevel(params: SetLevelRequestParams, options?: SendRequestOptions): Promise<EmptyResult> {
    return this.request('logging/setLevel', params, options);
  }

  /** Every tool, page after page: `for await (const tool of session.tools()) ...`. */
  tools(params: ListParams = {}, options?: SendRequestOptions): AsyncGenerator<Tool, void, undefined> {
    return paginate('tools/list', (cursor) => this.listTools(withCursor(params, cursor), options), (page) => page.tools);
  }

  /** Every resource, page after page. */
  resources(params: ListParams = {}, options?: SendRequestOptions): AsyncGenerator<Resource, void, undefined> {
    return paginate('resources/list', (cursor) => this.listResources(withCursor(params, cursor), options), (page) => page.resources);
  }

  /** Every resource template, page after page. */
  resourceTemplates(params: ListParams = {}, options?: SendRequestOptions): AsyncGenerator<ResourceTemplate, void, undefined> {
    return paginate(
      'resources/templates/list',
      (cursor) => this.listResourceTemplates(withCursor(params, cursor), options),
      (page) => page.resourceTemplates,
    );
  }

  /** Every prompt, page after page. */
  prompts(params: ListParams = {}, options?: SendRequestOptions): AsyncGenerator<Prompt, void, undefined> {
    return paginate('prompts/list', (cursor) => this.listPrompts(withCursor(params, cursor), options), (page) => page.prompts);
  }

  /**
   * Sends any request: typed by method for the spec's methods (`tasks/get`, `tasks/result`,
   * `tasks/list`, `tasks/cancel` included), loosely for custom ones. Fails locally, without
   * sending, when the negotiated revision lacks the method or the server did not declare the
   * capability it needs.
   */
  request<M extends keyof ClientRequestMap>(
    method: M,
    params?: ClientRequestMap[M]['params'],
    options?: SendRequestOptions,
  ): Promise<ClientRequestResult<M>>;
  request(method: string, params?: Record<string, unknown>, options?: SendRequestOptions): Promise<Record<string, unknown>>;
  async request(method: string, params?: object, options?: SendRequestOptions): Promise<unknown> {
    try {
      return await this.#session.request(method, params as Record<string, unknown> | undefined, options);
    } catch (error) {
      if (error instanceof JsonRpcError && error.code === McpErrorCode.UrlElicitationRequired) this.#expectElicitations(error.data);
      throw error;
    }
  }

  /** Sends a notification (`notifications/roots/list_changed` is sent by `Client.setRoots`). */
  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.#session.notify(method, params);
  }

  /** Closes the session; its subscriptions end `closed` (cancelled first, if it is still open). */
  close(): Promise<void> {
    if (!this.#session.closed) for (const subscription of this.subscriptions) void subscription.close();
    return this.#session.close();
  }

  #host(): SubscriptionHost {
    return { session: this.#session, router: this.#events.subscriptions };
  }

  /** The elicitations a -32042 error names will be announced complete; listen for them. */
  #expectElicitations(data: unknown): void {
    const elicitations = isObject(data) && Array.isArray(data.elicitations) ? data.elicitations : [];
    for (const elicitation of elicitations) {
      if (isObject(elicitation) && typeof elicitation.elicitationId === 'string') this.#events.expectCompletion(elicitation.elicitationId);
    }
  }
}

function withCursor(params: ListParams, cursor: string | undefined): PaginatedRequestParams {
  return cursor === undefined ? params : { ...params, cursor };
}
