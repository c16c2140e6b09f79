/**
 * One open connection to a server: a typed method for each request a client can send, iterators
 * over paginated lists, and events for what the server announces. In the modern revision the
 * calls that may need input answer the server's input requests and retry on their own, and
 * results with caching hints are served from the session's cache while fresh.
 * @module
 */
import { type ConnectionClosedError, ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import type { Clock } from '../jsonrpc/clock.js';
import { CapabilityNotSupportedError, invalidParams, McpErrorCode } from '../protocol/errors.js';
import { sessionAccess, type RequestHandler, type Session, type SendRequestOptions } from '../protocol/session.js';
import type { InitializeOutcome } from '../protocol/handshake.js';
import { isModern } from '../protocol/versions.js';
import type { CacheScope, EmptyResult, Implementation, PaginatedRequestParams } from '../types/base.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { CompleteRequestParams, CompleteResult } from '../types/completion.js';
import type { DiscoverResult, PingRequestParams } from '../types/lifecycle.js';
import { LOGGING_LEVELS, type SetLevelRequestParams } from '../types/logging.js';
import { META } from '../types/meta.js';
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
import type { InputRequests, InputRequiredMethod, InputResponses } from '../types/multi-round-trip.js';
import type { CreateTaskResult, TaskMetadata } from '../types/tasks.js';
import { SKILLS_METHODS } from '../types/skills.js';
import type { SubscriptionFilter } from '../types/subscriptions.js';
import type { CallToolRequestParams, CallToolResult, ListToolsResult, Tool } from '../types/tools.js';
import { SessionEvents, type ClientSessionEvent, type ClientSessionListener } from './events.js';
import { paginate } from './lists.js';
import {
  answerInputRequests,
  DEFAULT_MAX_INPUT_ROUNDS,
  requestWithInput,
  type MultiRoundTripOptions,
} from './multi-round-trip.js';
import type { ResultCache } from './result-cache.js';
import {
  subscriptionAccess,
  type SubscriptionOptions,
  type Subscription,
  type SubscriptionHost,
} from './subscription.js';
import { SessionSkills } from './skills.js';
import { ToolOutputChecker } from './tool-output.js';
import { stateOf, ToolTask, type TaskSession } from './tool-task.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { Validator } from '../schema/validator.js';

export type { SendRequestOptions as RequestOptions };

/** Options of the requests whose results may be cached: lists, `resources/read`, `server/discover`. */
export interface CachedRequestOptions extends SendRequestOptions {
  /** Ask the server even when a fresh result is cached; what it answers is cached in its place. */
  bypassCache?: boolean;
}

/** Options of `callTool` and `getPrompt`. */
export interface CallOptions extends SendRequestOptions, MultiRoundTripOptions {}

/** Options of `readResource`: it may need input and its result may be cached. */
export interface ReadOptions extends CachedRequestOptions, MultiRoundTripOptions {}

/** What `Client.connect` gives the session it opens. */
export interface ClientSessionSetup {
  /** Routes the session's notifications; one is made when not given. */
  events?: SessionEvents;
  /** The client's handler for an input request's method (`sampling/createMessage`, ...). */
  inputHandler?: (method: string) => RequestHandler | undefined;
  /** Default for `maxInputRounds`. */
  maxInputRounds?: number;
  /** The session's cache; none turns caching off. */
  cache?: ResultCache;
  /** Times the polling of tasks. */
  clock?: Clock;
  /** Checks structured content against output schemas; default Ajv (or the interpreter where code generation is refused). */
  validator?: Validator<JsonSchema>;
}

/** Params of a list walked by an iterator: the cursor is the iterator's business. */
export type ListParams = Omit<PaginatedRequestParams, 'cursor'>;

/**
 * One session with one server, made by `Client.connect`: what the server declared, and its tools,
 * resources, prompts, skills and tasks, each call checked against the revision spoken.
 */
export class ClientSession {
  readonly #session: Session;
  readonly #events: SessionEvents;
  readonly #outputs: ToolOutputChecker;
  /** The task support of each tool listed so far (`execution.taskSupport`; absent is forbidden). */
  readonly #taskSupport = new Map<string, string>();
  readonly #inputHandler: (method: string) => RequestHandler | undefined;
  readonly #maxInputRounds: number;
  readonly #cache: ResultCache | undefined;
  readonly #clock: Clock | undefined;
  #skills: SessionSkills | undefined;
  /** Aborted when the session ends: input handlers still running then have no one to answer. */
  readonly #closing = new AbortController();
  /** Who the server said it is. */
  readonly serverInfo: Implementation;
  /**
   * What the server declared it can do; calls that need a capability it lacks are refused before
   * they are sent.
   */
  readonly serverCapabilities: ServerCapabilities;
  /** The server's guidance for the model on how to use it, if it gave any. */
  readonly instructions: string | undefined;
  /** The revision this session speaks. */
  readonly protocolVersion: string;

  /** Made by `Client.connect`, which routes the session's notifications to `setup.events`. */
  constructor(session: Session, outcome: InitializeOutcome, setup: ClientSessionSetup = {}) {
    this.#session = session;
    this.#events = setup.events ?? new SessionEvents();
    this.#inputHandler = setup.inputHandler ?? (() => undefined);
    this.#maxInputRounds = setup.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS;
    this.#cache = setup.cache;
    this.#clock = setup.clock;
    this.#outputs = new ToolOutputChecker(setup.validator);
    if (this.#cache) this.#evictOnChange(this.#cache);
    void session.finished.then((reason) => this.#closing.abort(reason));
    this.serverInfo = outcome.serverInfo as Implementation;
    this.serverCapabilities = outcome.capabilities as ServerCapabilities;
    this.instructions = outcome.instructions;
    this.protocolVersion = outcome.protocolVersion;
  }

  /** Whether the session has ended: closed by either side or by its transport. */
  get closed(): boolean {
    return this.#session.closed;
  }

  /**
   * Settles when the session has ended, whoever ended it, with why (a server that exited says
   * how, and what it last wrote to stderr when that was kept); never rejects.
   */
  get finished(): Promise<ConnectionClosedError> {
    return this.#session.finished;
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

  /**
   * `server/discover` (2026-07-28): the server's revisions, capabilities and identity, as it
   * describes them now. Cached while fresh when the server gave a `ttlMs`.
   */
  discover(options?: CachedRequestOptions): Promise<DiscoverResult> {
    return this.#cached('server/discover', undefined, options) as Promise<DiscoverResult>;
  }

  /** `tools/list`: one page of tools. See `tools()` to walk them all. Cached while fresh. */
  async listTools(params: PaginatedRequestParams = {}, options?: CachedRequestOptions): Promise<ListToolsResult> {
    const result = (await this.#cached('tools/list', params, options)) as ListToolsResult;
    this.#outputs.remember(result.tools);
    for (const tool of result.tools) this.#taskSupport.set(tool.name, tool.execution?.taskSupport ?? 'forbidden');
    return result;
  }

  /**
   * `tools/call`. A tool's own failure is a result with `isError: true`, not an exception.
   * With `task` (2025-11-25, when the server supports tasks) the answer is the task to poll.
   * When the server requires input (2026-07-28), the client's handlers answer and the call is
   * retried until it completes; see `CallOptions`.
   */
  callTool(params: CallToolRequestParams & { task: TaskMetadata }, options?: CallOptions): Promise<CreateTaskResult>;
  callTool(params: CallToolRequestParams, options?: CallOptions): Promise<CallToolResult>;
  callTool(params: CallToolRequestParams, options?: CallOptions): Promise<CallToolResult | CreateTaskResult> {
    return this.#withInput('tools/call', params, options).then(async ({ result }) => {
      let outcome = result as CallToolResult | CreateTaskResult;
      // The server made the call a task (the tasks extension): it is waited for, as one call.
      if ((outcome as { resultType?: unknown }).resultType === 'task')
        outcome = await this.#finish(new ToolTask(this.#taskSession(), stateOf(outcome)), options?.signal);
      if (!('content' in outcome)) return outcome;
      // A tool listed with an output schema must keep to it (checked once the tools were listed).
      const checking = this.#outputs.check(params.name, outcome);
      return checking ? checking.then(() => outcome) : outcome;
    });
  }

  /**
   * `tools/call` as a task the caller holds: resolves with the task once the server has made
   * it (2025-11-25: asked with `task`, when the server runs the tool's calls as tasks; the tasks
   * extension: when the server chooses to), or with the result when the server answered at once.
   * A task's `result()` waits for the end; `cancel()` ends it; `taskId` finds it again from
   * another session (`session.task(id)`).
   */
  async callToolAsTask(
    params: CallToolRequestParams,
    options: CallOptions & { ttlMs?: number } = {},
  ): Promise<ToolTask | CallToolResult> {
    const { ttlMs, ...call } = options;
    // 2025-11-25: the spec forbids asking for a task of a tool listed without task support; a
    // tool not listed yet is asked for one, and the server says.
    const wantsTask =
      !isModern(this.protocolVersion) &&
      this.serverCapabilities.tasks?.requests?.tools?.call &&
      this.#taskSupport.get(params.name) !== 'forbidden';
    const sent = wantsTask ? { ...params, task: ttlMs === undefined ? {} : { ttl: ttlMs } } : params;
    const { result } = await this.#withInput('tools/call', sent, call);
    const answer = result as Record<string, unknown>;
    if (answer.resultType === 'task') return new ToolTask(this.#taskSession(), stateOf(answer));
    if (isObject(answer.task) && !('content' in answer)) return new ToolTask(this.#taskSession(), stateOf(answer.task));
    const checking = this.#outputs.check(params.name, answer as CallToolResult);
    if (checking) await checking;
    return answer as CallToolResult;
  }

  /** The task `taskId` of this server, made in this session or another (a stored id, after a reconnect). */
  task(taskId: string): ToolTask {
    return new ToolTask(this.#taskSession(), taskId);
  }

  /** Waits for a task the caller did not ask to hold; cancelling the call cancels the task. */
  async #finish(task: ToolTask, signal: AbortSignal | undefined): Promise<CallToolResult> {
    try {
      return await task.result(signal ? { signal } : {});
    } catch (error) {
      if (signal?.aborted) await task.cancel().catch(() => {});
      throw error;
    }
  }

  #taskSession(): TaskSession {
    return {
      modern: isModern(this.protocolVersion),
      request: (method, params, signal) => this.request(method, params, signal ? { signal } : undefined),
      answer: (requests, signal) => this.#answer(requests, signal),
      ...(this.#clock && { clock: this.#clock }),
    };
  }

  /** `resources/list`: one page of resources. See `resources()`. Cached while fresh. */
  listResources(params: PaginatedRequestParams = {}, options?: CachedRequestOptions): Promise<ListResourcesResult> {
    return this.#cached('resources/list', params, options) as Promise<ListResourcesResult>;
  }

  /** `resources/templates/list`: one page of resource templates. See `resourceTemplates()`. Cached while fresh. */
  listResourceTemplates(
    params: PaginatedRequestParams = {},
    options?: CachedRequestOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.#cached('resources/templates/list', params, options) as Promise<ListResourceTemplatesResult>;
  }

  /**
   * `resources/read`. Cached while fresh, unless it took input to complete. Input the server
   * requires is answered as for `callTool`.
   */
  async readResource(params: ReadResourceRequestParams, options?: ReadOptions): Promise<ReadResourceResult> {
    return (await this.#read(params, options)).result;
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
   * connection. A stream that drops is opened again (see `SubscriptionOptions.reconnect`).
   */
  listen(filter: SubscriptionFilter, options?: SubscriptionOptions): Promise<Subscription> {
    return subscriptionAccess.openSubscription(this.#host(), filter, options);
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
    await Promise.all(interrupted.map((s) => subscriptionAccess.reopenSubscription(s, host)));
    return interrupted;
  }

  /** `prompts/list`: one page of prompts. See `prompts()`. Cached while fresh. */
  listPrompts(params: PaginatedRequestParams = {}, options?: CachedRequestOptions): Promise<ListPromptsResult> {
    return this.#cached('prompts/list', params, options) as Promise<ListPromptsResult>;
  }

  /**
   * `prompts/get`: a prompt's messages for the given arguments. Input the server requires is
   * answered as for `callTool`.
   */
  async getPrompt(params: GetPromptRequestParams, options?: CallOptions): Promise<GetPromptResult> {
    return (await this.#withInput('prompts/get', params, options)).result as GetPromptResult;
  }

  /** `completion/complete`: suggestions for a prompt or resource template argument. */
  complete(params: CompleteRequestParams, options?: SendRequestOptions): Promise<CompleteResult> {
    return this.request('completion/complete', params, options);
  }

  /**
   * Asks for the server's log messages at or above `level`: `log` events follow. In a legacy
   * session this sends `logging/setLevel`. In 2026-07-28, which keeps no level between requests,
   * nothing is sent: every later request carries the level in its `_meta`
   * (`io.modelcontextprotocol/logLevel`), so messages come while a request is served, on its
   * stream. Fails without sending for an unknown level or a server without `logging`.
   */
  setLoggingLevel(params: SetLevelRequestParams, options?: SendRequestOptions): Promise<EmptyResult> {
    if (!isModern(this.protocolVersion)) return this.request('logging/setLevel', params, options);
    const level: unknown = params.level;
    if (!(LOGGING_LEVELS as readonly unknown[]).includes(level)) {
      return Promise.reject(
        invalidParams(`Unknown log level ${JSON.stringify(level)}: expected one of ${LOGGING_LEVELS.join(', ')}`),
      );
    }
    if (this.serverCapabilities.logging === undefined) {
      return Promise.reject(
        new CapabilityNotSupportedError('Server does not support logging (required for a log level)'),
      );
    }
    sessionAccess.stampMember(this.#session, META.logLevel, level);
    return Promise.resolve({});
  }

  /** Every tool, page after page: `for await (const tool of session.tools()) ...`. */
  tools(params: ListParams = {}, options?: CachedRequestOptions): AsyncGenerator<Tool, void, undefined> {
    return paginate(
      'tools/list',
      (cursor) => this.listTools(withCursor(params, cursor), options),
      (page) => page.tools,
    );
  }

  /** Every resource, page after page. */
  resources(params: ListParams = {}, options?: CachedRequestOptions): AsyncGenerator<Resource, void, undefined> {
    return paginate(
      'resources/list',
      (cursor) => this.listResources(withCursor(params, cursor), options),
      (page) => page.resources,
    );
  }

  /** Every resource template, page after page. */
  resourceTemplates(
    params: ListParams = {},
    options?: CachedRequestOptions,
  ): AsyncGenerator<ResourceTemplate, void, undefined> {
    return paginate(
      'resources/templates/list',
      (cursor) => this.listResourceTemplates(withCursor(params, cursor), options),
      (page) => page.resourceTemplates,
    );
  }

  /** Every prompt, page after page. */
  prompts(params: ListParams = {}, options?: CachedRequestOptions): AsyncGenerator<Prompt, void, undefined> {
    return paginate(
      'prompts/list',
      (cursor) => this.listPrompts(withCursor(params, cursor), options),
      (page) => page.prompts,
    );
  }

  /**
   * The server's skills (the Skills extension, `io.modelcontextprotocol/skills`): `supported`,
   * `list()`, `get(uri)`, `read(skill, path)` verified against the entry, `readDirectory(uri)`.
   */
  get skills(): SessionSkills {
    return (this.#skills ??= new SessionSkills({
      capabilities: this.serverCapabilities,
      cached: (method, params, options) => this.#cached(method, params, options),
      read: (params, options) => this.#read(params, options),
    }));
  }

  /**
   * Sends any request: typed by method for the spec's methods (`tasks/get`, `tasks/result`,
   * `tasks/list`, `tasks/cancel` included), loosely for custom ones. Fails locally, without
   * sending, when the negotiated revision lacks the method or the server did not declare the
   * capability it needs. One request, as is: an `InputRequiredResult` is returned, not
   * answered (see `answerInputRequests` to answer it with the client's handlers), and the
   * cache is neither read nor filled.
   */
  request<M extends keyof ClientRequestMap>(
    method: M,
    params?: ClientRequestMap[M]['params'],
    options?: SendRequestOptions,
  ): Promise<ClientRequestResult<M>>;
  request(
    method: string,
    params?: Record<string, unknown>,
    options?: SendRequestOptions,
  ): Promise<Record<string, unknown>>;
  request(method: string, params?: object, options?: SendRequestOptions): Promise<unknown> {
    return this.#session.request(method, params as Record<string, unknown> | undefined, options);
  }

  /**
   * Answers input requests (from an `InputRequiredResult`) with the client's handlers, as the
   * typed calls do on their own: for callers that run the retry loop themselves, or a hook
   * that answers some requests itself and leaves the rest to the handlers.
   */
  answerInputRequests(requests: InputRequests, options: { signal?: AbortSignal } = {}): Promise<InputResponses> {
    return this.#answer(requests, options.signal);
  }

  /**
   * Forgets cached results: all of them, or those of one scope. `clearCache('private')` is for
   * when the credentials behind this session change: `private` results belong to the old ones.
   */
  clearCache(scope?: CacheScope): void {
    this.#cache?.clear(scope);
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

  /**
   * A request whose complete result may be cached: served from the cache while fresh, stored when
   * the server allows.
   */
  async #cached(
    method: string,
    params: Record<string, unknown> | undefined,
    options: CachedRequestOptions | undefined,
  ): Promise<Record<string, unknown>> {
    const cache = this.#cache;
    if (!cache) return this.request(method, params, options);
    const { bypassCache, ...send } = options ?? {};
    if (bypassCache !== true) {
      const hit = cache.get(method, params);
      if (hit) return hit;
    }
    const generation = cache.generation(method);
    let result: Record<string, unknown>;
    try {
      result = await this.request(method, params, send);
    } catch (error) {
      // The caching page: a cursor the server no longer accepts invalidates every cached page.
      if (params?.cursor !== undefined && error instanceof JsonRpcError && error.code === ErrorCode.InvalidParams)
        cache.evict(method);
      throw error;
    }
    cache.store(method, params, result, generation);
    return result;
  }

  /** `resources/read`, and whether its result came from the cache. */
  async #read(
    params: ReadResourceRequestParams,
    options: ReadOptions | undefined,
  ): Promise<{ result: ReadResourceResult; cached: boolean }> {
    const raw = params as Record<string, unknown>;
    const cache = this.#cache;
    // A request that carries answers already is a retry: its result depends on more than the key.
    const cacheable = cache !== undefined && raw.inputResponses === undefined && raw.requestState === undefined;
    if (cacheable && options?.bypassCache !== true) {
      const hit = cache.get('resources/read', raw);
      if (hit) return { result: hit as ReadResourceResult, cached: true };
    }
    const generation = cache?.generation('resources/read') ?? 0;
    const { result, rounds } = await this.#withInput('resources/read', raw, options);
    if (cacheable && rounds === 0) cache.store('resources/read', raw, result, generation);
    return { result: result as ReadResourceResult, cached: false };
  }

  /** Sends a request that may need input, answering and retrying until it completes. */
  #withInput(
    method: InputRequiredMethod,
    params: object,
    options: (SendRequestOptions & MultiRoundTripOptions & { bypassCache?: boolean }) | undefined,
  ) {
    const { maxInputRounds, onInputRequired, bypassCache: _bypass, ...send } = options ?? NO_OPTIONS;
    return requestWithInput(method, params as Record<string, unknown>, {
      send: (next) => this.request(method, next, send),
      answer: (requests, signal) => this.#answer(requests, signal),
      maxRounds: maxInputRounds ?? this.#maxInputRounds,
      hook: onInputRequired,
      signal: send.signal,
    });
  }

  /** Answers with the client's handlers, whose signal aborts with the caller's or when the session ends. */
  #answer(requests: InputRequests, signal: AbortSignal | undefined): Promise<InputResponses> {
    const combined = signal ? AbortSignal.any([signal, this.#closing.signal]) : this.#closing.signal;
    return answerInputRequests(this.#session, this.#inputHandler, requests, combined);
  }

  /** Cached results go stale at once when the server says what they hold changed. */
  #evictOnChange(cache: ResultCache): void {
    this.#events.on('toolsListChanged', () => cache.evict('tools/list'));
    this.#events.on('promptsListChanged', () => cache.evict('prompts/list'));
    this.#events.on('resourcesListChanged', () => {
      cache.evict('resources/list');
      cache.evict('resources/templates/list');
      // A server announces a change of its skills as a change of its resources.
      for (const method of Object.values(SKILLS_METHODS)) cache.evict(method);
    });
    this.#events.on('resourceUpdated', ({ uri }) => cache.evict('resources/read', uri));
  }

  #host(): SubscriptionHost {
    return { session: this.#session, router: this.#events.subscriptions };
  }
}

/**
 * What a client session's requests failing tells it: the elicitations a -32042 error names will
 * be announced complete, so their completions are listened for.
 */
export function expectUrlElicitations(error: unknown, events: SessionEvents): void {
  if (!(error instanceof JsonRpcError) || error.code !== McpErrorCode.UrlElicitationRequired) return;
  const data = error.data;
  const elicitations = isObject(data) && Array.isArray(data.elicitations) ? data.elicitations : [];
  for (const elicitation of elicitations) {
    if (isObject(elicitation) && typeof elicitation.elicitationId === 'string')
      events.expectCompletion(elicitation.elicitationId);
  }
}

const NO_OPTIONS: SendRequestOptions & MultiRoundTripOptions & { bypassCache?: boolean } = Object.freeze({});

function withCursor(params: ListParams, cursor: string | undefined): PaginatedRequestParams {
  return cursor === undefined ? params : { ...params, cursor };
}
