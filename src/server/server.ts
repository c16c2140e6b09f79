/**
 * The MCP server: built once, it serves any number of sessions over any transports. Features
 * (tools, resources, prompts, completion, logging) live in their own modules; the server wires
 * their handlers, declares their capabilities and tells sessions when their lists change.
 * @module
 */
import type { Clock } from '../jsonrpc/clock.js';
import type { JsonRpcRequest } from '../jsonrpc/message.js';
import { methodAllowed } from '../protocol/methods.js';
import { ModernServing } from '../protocol/modern-serving.js';
import {
  declaredCapabilities,
  startSession,
  type HandlerTable,
  type NotificationHandler,
  type RequestHandler,
  type Session,
  type SessionOptions,
} from '../protocol/session.js';
import { acceptInitialize } from '../protocol/handshake.js';
import { handshakeNotServed } from '../protocol/errors.js';
import {
  isLegacyVersion,
  isModern,
  LATEST_VERSION,
  SUPPORTED_VERSIONS,
  type ProtocolVersion,
} from '../protocol/versions.js';
import { dressResult } from '../protocol/modern.js';
import { SerializedResult } from '../jsonrpc/serialized-result.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { SessionIdentified } from '../protocol/transport-abilities.js';
import type { Telemetry } from '../protocol/telemetry.js';
import type { CacheableMethod, CacheScope, Implementation } from '../types/base.js';
import { CACHEABLE_METHODS } from '../types/methods.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { PromptArgument } from '../types/prompts.js';
import { ServerContext } from './context.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FailureLog } from './failure-log.js';
import { createLogging } from './logging.js';
import { Listeners } from '../internal/listeners.js';
import { ServerSession } from './server-session.js';
import { ToolRegistry } from './tools.js';
import type {
  RegisteredTool,
  ToolConfig,
  ToolHandler,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
} from './tool-types.js';
import type { Tool, ToolInputSchema } from '../types/tools.js';
import {
  ResourceRegistry,
  type RegisteredResource,
  type RegisteredResourceTemplate,
  type ResourceConfig,
  type ResourceReader,
  type ResourceTemplateConfig,
} from './resources.js';
import {
  PromptRegistry,
  type PromptArgs,
  type PromptConfig,
  type PromptHandler,
  type RegisteredPrompt,
} from './prompts.js';
import { createCompletion } from './completion.js';
import { MultiRoundTrip, mayRequireInput, type RequestStateOptions } from './multi-round-trip/serve.js';
import { SubscriptionStreams, type ListKind } from './subscriptions.js';
import type { TemplateVariables } from './uri-template.js';
import { NO_SCOPES } from '../auth/server/scopes.js';
import type { AuthInfo } from '../auth/auth-info.js';
import { TaskManager, type TaskOptions } from './tasks/task-manager.js';
import { detailedTask } from '../protocol/tasks/task-wire.js';
import type { FleetStore } from './fleet/fleet-store.js';
import { ServerFleet } from './fleet/server-fleet.js';

export interface ServerOptions {
  /** Guidance for the model on how to use this server, sent at initialization. */
  instructions?: string;
  /**
   * What records every request and notification the server sends and handles (spans, durations,
   * trace context); `false` records nothing. Default: what `mcpkit/otel`'s `instrument()`
   * installed, if it was called.
   */
  telemetry?: Telemetry | false;
  /** Capabilities to declare beyond those implied by what is registered. */
  capabilities?: ServerCapabilities;
  /**
   * Revisions to serve, of either era; default all. Leaving out every legacy revision makes
   * a modern-only server (initialize is refused, naming what is served); leaving out every
   * modern one makes a handshake-only server, as `modern: false` does.
   */
  versions?: readonly ProtocolVersion[];
  /** Items per page of `tools/list`, `resources/list`, ...; default: everything in one page. */
  pageSize?: number;
  /** Default time limit for requests the server sends to clients. */
  requestTimeoutMs?: number;
  /**
   * When a client ends its input (stdin EOF), how long requests still running may take to be
   * answered before the session closes and aborts them. Default 10 s.
   */
  drainTimeoutMs?: number;
  /**
   * Problems that do not end a session, for logging: the server's own failures (a handler that
   * threw, so its client was answered "Internal error"; a result that breaks its tool's
   * schema; a result or notification JSON cannot write) and the peer's (malformed input). Default: the server's own failures are written to
   * stderr, one report each, naming the request (`resources/read "notes://today" failed`) with
   * the error's stack; the peer's are dropped. A function given here receives both instead
   * (`() => {}` silences them); a handler's failure arrives as an error naming the request,
   * the handler's own error as its `cause`.
   */
  onError?: (error: Error) => void;
  clock?: Clock;
  /**
   * Serve modern requests (2026-07-28: the revision in each request's `_meta`) beside the
   * initialize handshake on every connection. Default true.
   */
  modern?: boolean;
  /**
   * Caching hints on modern list, read and discover results. Default `ttlMs: 0` (stale at
   * once) and `cacheScope: 'private'`: safe for any server; raise them when lists are stable.
   * `methods` overrides them per list (`{ 'tools/list': { ttlMs: 60_000 } }`); a handler that
   * sets `ttlMs` or `cacheScope` on its own result overrides both.
   */
  cache?: CacheHints & { methods?: Partial<Record<CacheableMethod, CacheHints>> };
  /**
   * How the `requestState` of multi round-trip requests (modern `tools/call`, `prompts/get`,
   * `resources/read` asking the client for input) is sealed: key, lifetime, caller binding.
   */
  requestState?: RequestStateOptions;
  /**
   * How tools that declare `task` run as tasks: where tasks are kept (default: this process's
   * memory), their time to live, the polling interval clients are told, and how many one
   * principal may have running.
   */
  tasks?: TaskOptions;
}

/** How long a client may reuse a result (`ttlMs`), and whether a shared cache may (`cacheScope`). */
export interface CacheHints {
  ttlMs?: number;
  cacheScope?: CacheScope;
}

/** The hints each cacheable method's results carry, the per-method ones over the server's. */
function cacheHintsByMethod(cache: ServerOptions['cache'] = {}): Map<string, Required<CacheHints>> {
  const hints = new Map<string, Required<CacheHints>>();
  const ttlMs = checkedTtl(cache.ttlMs ?? 0, 'cache.ttlMs');
  const cacheScope = checkedScope(cache.cacheScope ?? 'private', 'cache.cacheScope');
  for (const method of CACHEABLE_METHODS) {
    const own = cache.methods?.[method];
    const where = `cache.methods["${method}"]`;
    hints.set(method, {
      ttlMs: own?.ttlMs === undefined ? ttlMs : checkedTtl(own.ttlMs, `${where}.ttlMs`),
      cacheScope: own?.cacheScope === undefined ? cacheScope : checkedScope(own.cacheScope, `${where}.cacheScope`),
    });
  }
  for (const method of Object.keys(cache.methods ?? {})) {
    if (!hints.has(method))
      throw new TypeError(
        `cache.methods: ${method} results carry no caching hints (cacheable: ${CACHEABLE_METHODS.join(', ')})`,
      );
  }
  return hints;
}

/** `scope`, refused unless the spec allows it; `where` names the option. */
function checkedScope(scope: CacheScope, where: string): CacheScope {
  if (scope !== 'public' && scope !== 'private')
    throw new TypeError(`${where} must be 'public' or 'private', got ${String(scope)}`);
  return scope;
}

/** `ttlMs`, refused unless the spec allows it; `where` names the option. */
function checkedTtl(ttlMs: number, where: string): number {
  if (!Number.isInteger(ttlMs) || ttlMs < 0)
    throw new TypeError(`${where} must be a whole number of milliseconds >= 0, got ${ttlMs}`);
  return ttlMs;
}

/** Server events, with the session each concerns. */
export interface ServerEventMap {
  /** The client sent `notifications/initialized`: the session is ready for requests from the server. */
  initialized: ServerSession;
  /** The client's roots changed (`notifications/roots/list_changed`). */
  rootsListChanged: ServerSession;
}

/**
 * Makes `server` one process of the fleet `store` is a handle on (sealing keys, used states,
 * tasks and changes shared); resolves once it hears the fleet. Again with the same store, it
 * only waits; with another, it throws.
 */
export let joinFleet: (server: Server, store: FleetStore) => Promise<void>;
/**
 * Serves a legacy session the fleet shares over `transport`: requests it sends name this
 * process, and changes reach it through the fleet, not from this process.
 */
export let connectShared: (server: Server, transport: Transport) => Promise<ServerSession>;

export class Server {
  readonly info: Implementation;
  readonly #options: ServerOptions;
  readonly #sessions = new Set<ServerSession>();
  readonly #requestHandlers = new Map<string, RequestHandler<ServerContext>>();
  readonly #notificationHandlers = new Map<string, NotificationHandler>();
  readonly #features: ServerFeature[] = [];
  readonly #handlers: HandlerTable;
  readonly #pendingListChanges = new Set<ListKind>();
  readonly #host: FeatureHost;
  readonly #tools: ToolRegistry;
  readonly #tasks: TaskManager;
  readonly #events: Listeners<ServerEventMap>;
  readonly #modern: ModernServing;
  readonly #servesModern: boolean;
  readonly #resources: ResourceRegistry;
  readonly #prompts: PromptRegistry;
  readonly #multiRoundTrip: MultiRoundTrip;
  readonly #streams: SubscriptionStreams;
  readonly #unlisted = new WeakSet<ServerSession>();
  readonly #failures: FailureLog;
  #sessionOptions: SessionOptions | undefined;
  /** The fleet this server is a process of, once an endpoint made it one. */
  #fleet: ServerFleet | undefined;
  /** The options of the fleet's shared sessions: their requests' ids name this process. */
  #sharedOptions: SessionOptions | undefined;
  /** Sessions the fleet shares: changes reach them through the fleet's log. */
  readonly #shared = new WeakMap<ServerSession, string>();
  #lastCapabilities: { text: string; value: ServerCapabilities } | undefined;

  constructor(info: Implementation, options: ServerOptions = {}) {
    this.info = info;
    this.#options = options;
    this.#failures = new FailureLog(info.name, options.onError);
    this.#events = new Listeners(options.onError);
    this.#multiRoundTrip = new MultiRoundTrip(options.requestState, options.clock);
    const cacheHints = cacheHintsByMethod(options.cache);
    const served = options.versions ?? SUPPORTED_VERSIONS;
    const legacyVersions = served.filter(isLegacyVersion);
    this.#servesModern = options.modern !== false && served.some(isModern);
    const dressedOnce = new WeakMap<SerializedResult, SerializedResult<Record<string, unknown>>>();
    // Shaped once: every modern result carries it.
    const modernInfo = shapeForRevision('Implementation', info, LATEST_VERSION);
    this.#modern = new ModernServing(served.filter(isModern), (method, result) => {
      // A result made once for many answers (a list) is dressed once too, text and all.
      const once = result instanceof SerializedResult;
      const known = once ? dressedOnce.get(result) : undefined;
      if (known !== undefined) return known;
      const dressed = dressResult(result, modernInfo);
      const hints = cacheHints.get(method);
      if (hints !== undefined && dressed.resultType === 'complete') {
        dressed.ttlMs ??= hints.ttlMs;
        dressed.cacheScope ??= hints.cacheScope;
      }
      if (!once) return dressed;
      const serialized = new SerializedResult(dressed);
      dressedOnce.set(result, serialized);
      return serialized;
    });
    this.#host = {
      pageSize: options.pageSize ?? Infinity,
      listChanged: (kind) => this.#listChanged(kind),
      reportError: (error) => this.#failures.serverBug(error),
    };
    this.#requestHandlers.set('initialize', (params, ctx) => {
      // Legacy clients cannot fall forward: the error is all they can show their user.
      if (legacyVersions.length === 0) throw handshakeNotServed(served, params.protocolVersion);
      return acceptInitialize(ctx.session, params, {
        serverInfo: this.info,
        capabilities: declaredCapabilities(ctx.session),
        ...(options.instructions !== undefined && { instructions: options.instructions }),
        versions: legacyVersions,
      });
    });
    this.#requestHandlers.set('server/discover', (_params, ctx) => {
      const result: Record<string, unknown> = {
        supportedVersions: [...served],
        capabilities: shapeForRevision('ServerCapabilities', declaredCapabilities(ctx.session), ctx.protocolVersion),
      };
      if (options.instructions !== undefined) result.instructions = options.instructions;
      return result;
    });
    this.#tasks = new TaskManager(options.tasks, () => this.#tools.offersTasks(), options.clock);
    this.#streams = new SubscriptionStreams(this.#tasks.listening);
    this.#tasks.onChange((record) => {
      if (isModern(record.protocolVersion)) this.#streams.taskChanged(record.taskId, detailedTask(record));
    });
    this.#requestHandlers.set('subscriptions/listen', this.#streams.handler);
    this.#notificationHandlers.set('notifications/initialized', (_params, session) =>
      this.#emitFor(session, 'initialized'),
    );
    this.#notificationHandlers.set('notifications/roots/list_changed', (_params, session) =>
      this.#emitFor(session, 'rootsListChanged'),
    );
    this.#tools = this.addFeature(new ToolRegistry(this.#host, { tasks: this.#tasks }));
    this.addFeature(this.#tasks);
    this.#resources = this.addFeature(new ResourceRegistry(this.#host));
    this.#prompts = this.addFeature(new PromptRegistry(this.#host));
    this.addFeature(createCompletion(this.#resources, this.#prompts));
    this.addFeature(createLogging());
    const requests = this.#requestHandlers as Map<string, RequestHandler>;
    const notifications = this.#notificationHandlers;
    this.#handlers = {
      request: (method) => requests.get(method),
      notification: (method) => notifications.get(method),
    };
  }

  /** Plugs a feature in: its handlers answer from now on, its capabilities are declared. */
  addFeature<F extends ServerFeature>(feature: F): F {
    for (const [method, handler] of Object.entries(feature.handlers)) {
      this.#requestHandlers.set(
        method,
        mayRequireInput(method) && feature.rawInputRounds !== true ? this.#multiRoundTrip.wrap(handler) : handler,
      );
    }
    this.#features.push(feature);
    return feature;
  }

  /** What this server declares at initialization. */
  get capabilities(): ServerCapabilities {
    const declared: ServerCapabilities = {};
    for (const feature of this.#features) Object.assign(declared, feature.capabilities());
    return { ...declared, ...this.#options.capabilities };
  }

  /**
   * Registers a tool. Its name must be unique. `inputSchema` and `outputSchema` are plain JSON
   * Schema or any Standard Schema (Zod, ArkType, ...); with a Standard Schema the handler's
   * arguments are typed from it.
   */
  tool<In extends ToolInputSchemaLike = ToolInputSchema, Out extends ToolOutputSchemaLike | undefined = undefined>(
    name: string,
    config: ToolConfig<In, Out>,
    // Not a source of inference: the schemas decide the types, so the handler's result is
    // checked against them (a literal such as 'sunny' keeps its type for a z.enum).
    handler: NoInfer<ToolHandler<In, Out>>,
  ): RegisteredTool<In, Out> {
    return this.#tools.add(name, config, handler);
  }

  /** The enabled tool `name` as clients of the newest revision see it. */
  toolDefinition(name: string): Tool | undefined {
    return this.#tools.definition(name);
  }

  /**
   * The scopes an access token must grant for a request of `method` with `params`: those of
   * the tool a `tools/call` names, of the resource a `resources/read` or `resources/subscribe`
   * names (the static resource, else the first template that matches) and of every resource a
   * `subscriptions/listen` asks to hear about, of the prompt a `prompts/get` names, of the
   * prompt or template a `completion/complete` completes. None for
   * anything else, or for what is not registered (the request then fails as it would anyway).
   * Known before anything runs: the HTTP endpoint answers 403 with them.
   */
  requiredScopes(method: string, params: Record<string, unknown> | undefined): readonly string[] {
    switch (method) {
      case 'tools/call':
        return this.#tools.scopesFor(params?.name);
      case 'resources/read':
      case 'resources/subscribe':
        return this.#resources.scopesFor(params?.uri);
      case 'subscriptions/listen': {
        const uris = (params?.notifications as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
        if (!Array.isArray(uris) || uris.length === 0) return NO_SCOPES;
        return [...new Set(uris.flatMap((uri) => this.#resources.scopesFor(uri)))];
      }
      case 'prompts/get':
        return this.#prompts.scopesFor(params?.name);
      case 'completion/complete': {
        const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
        if (ref?.type === 'ref/prompt') return this.#prompts.scopesFor(ref.name);
        if (ref?.type === 'ref/resource') return this.#resources.templateScopes(ref.uri);
        return NO_SCOPES;
      }
      default:
        return NO_SCOPES;
    }
  }

  /** Every scope a registered tool, resource, template or prompt asks for, once each. */
  get scopesInUse(): readonly string[] {
    return [
      ...new Set([...this.#tools.scopesInUse(), ...this.#resources.scopesInUse(), ...this.#prompts.scopesInUse()]),
    ];
  }

  /** The revisions this server serves, of either era (`versions`, less the modern ones under `modern: false`). */
  get protocolVersions(): readonly ProtocolVersion[] {
    const served = this.#options.versions ?? SUPPORTED_VERSIONS;
    return this.#servesModern ? [...served] : served.filter(isLegacyVersion);
  }

  /**
   * Registers a resource at a fixed URI. `read` returns its contents (or a string, or bytes);
   * returning `undefined` answers "not found".
   */
  resource(uri: string, config: ResourceConfig, read: ResourceReader<undefined>): RegisteredResource {
    return this.#resources.add(uri, config, read);
  }

  /**
   * Registers a family of resources by RFC 6570 URI template (`file:///{+path}`). `read` gets
   * the variables matched from the requested URI, typed by the template when it is a literal
   * (`'greeting://{name}'`: `{ name: string }`; see `TemplateVariables`).
   */
  resourceTemplate<T extends string>(
    uriTemplate: T,
    config: ResourceTemplateConfig<T>,
    read: ResourceReader<TemplateVariables<T>>,
  ): RegisteredResourceTemplate {
    return this.#resources.addTemplate(uriTemplate, config, read);
  }

  /**
   * Registers a prompt. Its name must be unique. The handler's arguments are typed by those
   * declared: `required: true` ones as strings, the others as strings that may be missing.
   */
  prompt<const A extends readonly PromptArgument[] = readonly []>(
    name: string,
    config: PromptConfig<A>,
    handler: NoInfer<PromptHandler<PromptArgs<A>>>,
  ): RegisteredPrompt {
    return this.#prompts.add(name, config as PromptConfig, handler as PromptHandler);
  }

  /**
   * Tells every client that can hear it that the list of `kind` changed; changes made in one
   * tick make one notification. For a feature plugged in with `addFeature` whose items come
   * from elsewhere (a gateway's upstream servers): registered tools, resources and prompts
   * announce their own changes.
   */
  listChanged(kind: 'tools' | 'resources' | 'prompts'): void {
    this.#listChanged(kind);
  }

  /**
   * Listens to what clients tell the server: `initialized` (a session is ready),
   * `rootsListChanged` (its roots changed: list them again). Returns the function that stops it.
   */
  on<E extends keyof ServerEventMap>(event: E, listener: (session: ServerEventMap[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  #emitFor(session: Session, event: keyof ServerEventMap): void {
    if (this.#sessions.has(session as ServerSession)) this.#events.emit(event, session as ServerSession);
  }

  /** The sessions currently open. */
  get sessions(): ReadonlySet<ServerSession> {
    return new Set([...this.#sessions].filter((s) => !this.#unlisted.has(s)));
  }

  /**
   * Serves one peer over `transport`; resolves once the transport has started. `listed: false`
   * keeps the session out of `sessions`: a transport that carries the modern requests of
   * many clients (an HTTP endpoint's) is not a client's session.
   */
  async connect(transport: Transport, { listed = true }: { listed?: boolean } = {}): Promise<ServerSession> {
    const session = new ServerSession(
      transport,
      this.#declaredCapabilities(),
      (this.#sessionOptions ??= this.#createSessionOptions()),
    );
    this.#sessions.add(session);
    if (!listed) this.#unlisted.add(session);
    await startSession(session);
    return session;
  }

  static {
    joinFleet = (server, store) => server.#join(store);
    connectShared = async (server, transport) => {
      const fleet = server.#fleet;
      if (!fleet) throw new Error('connectShared: the server is not part of a fleet');
      const session = new ServerSession(
        transport,
        server.#declaredCapabilities(),
        (server.#sharedOptions ??= { ...server.#createSessionOptions(), idPrefix: `${fleet.store.replicaId}.` }),
      );
      server.#sessions.add(session);
      server.#shared.set(session, (transport as Partial<SessionIdentified>).sessionId ?? '');
      await startSession(session);
      return session;
    };
  }

  #join(store: FleetStore): Promise<void> {
    if (this.#fleet) {
      if (this.#fleet.store !== store) throw new Error('This server is a process of another fleet already');
      return this.#fleet.ready;
    }
    this.#multiRoundTrip.share(store.keys, store.usedStates);
    const tasks = this.#tasks.share(store, (session) => this.#shared.get(session as ServerSession));
    this.#fleet = new ServerFleet(
      store,
      {
        listChanged: (kinds) => this.#deliverListChanges(kinds),
        resourceUpdated: (uri) => this.#deliverResourceUpdated(uri),
        tasksOrphaned: (taskIds) => this.#tasks.failOrphaned(taskIds),
      },
      (error) => this.#failures.serverBug(error),
      this.#options.clock,
    );
    return Promise.all([tasks, this.#fleet.ready]).then(() => {});
  }

  /** The options every session of this server shares: its handlers reach the session through their arguments. */
  #createSessionOptions(): SessionOptions {
    const options = this.#options;
    return {
      role: 'server',
      handlers: this.#handlers,
      // Calls to the client from a legacy session's handlers are real requests on it.
      createContext: (s, request: JsonRpcRequest, version, envelope, info): ServerContext =>
        new ServerContext(
          s as ServerSession,
          request.id,
          request.method,
          request.params ?? {},
          version,
          envelope,
          info?.auth as AuthInfo | undefined,
          info?.clientKey,
        ),
      ...(options.requestTimeoutMs !== undefined && { defaultTimeoutMs: options.requestTimeoutMs }),
      ...(options.drainTimeoutMs !== undefined && { drainTimeoutMs: options.drainTimeoutMs }),
      ...(options.clock && { clock: options.clock }),
      ...(options.onError && { onError: options.onError }),
      onRequestFailure: (request, error) => this.#failures.handlerFailed(request, error),
      onSendFailure: (error) => this.#failures.serverBug(error),
      onClose: (s) => this.#sessions.delete(s as ServerSession),
      // Input over (stdin's end): streams end with their result so the session can finish.
      onInputEnd: (s) => void this.#streams.end(s),
      ...(this.#servesModern && { modern: this.#modern }),
      ...(options.telemetry !== undefined && { telemetry: options.telemetry }),
    };
  }

  /** What a new session declares: the same object as the last session's while nothing changed. */
  #declaredCapabilities(): ServerCapabilities {
    const now = this.capabilities;
    const text = JSON.stringify(now);
    if (text !== this.#lastCapabilities?.text) this.#lastCapabilities = { text, value: now };
    return this.#lastCapabilities.value;
  }

  /**
   * Tells every client subscribed to `uri` that the resource changed
   * (`notifications/resources/updated`): sessions that used `resources/subscribe`, and
   * `subscriptions/listen` streams that asked for it.
   */
  async resourceUpdated(uri: string): Promise<void> {
    if (this.#fleet) return this.#fleet.resourceUpdated(uri);
    return this.#deliverResourceUpdated(uri);
  }

  /** Tells the clients this process holds (not the fleet's shared sessions) that `uri` changed. */
  async #deliverResourceUpdated(uri: string): Promise<void> {
    const sends: Promise<void>[] = [this.#streams.resourceUpdated(uri)];
    for (const s of this.#sessions) {
      if (s.subscribedTo(uri) && !s.closed && !this.#shared.has(s))
        sends.push(s.notify('notifications/resources/updated', { uri }).catch(() => {}));
    }
    await Promise.all(sends);
  }

  /** `subscriptions/listen` streams open now, over every session. */
  get subscriptionCount(): number {
    return this.#streams.size;
  }

  /**
   * Ends `subscriptions/listen` streams gracefully, of every session or of one: each gets its
   * result, which tells its client the end was meant (a drop carries none), then its HTTP
   * response ends. Resolves once the results are on their way.
   */
  endSubscriptions(session?: ServerSession): Promise<void> {
    return this.#streams.end(session);
  }

  /** Ends every subscription stream gracefully, cancels the tasks running here, then closes every session. */
  async close(): Promise<void> {
    this.#tasks.close();
    await this.endSubscriptions();
    await Promise.all([...this.#sessions].map((s) => s.close()));
    await this.#fleet?.close();
  }

  /** Coalesces changes made in one tick into one notification per list per session. */
  #listChanged(kind: ListKind): void {
    if (this.#pendingListChanges.size === 0) queueMicrotask(() => this.#flushListChanges());
    this.#pendingListChanges.add(kind);
  }

  #flushListChanges(): void {
    const kinds = [...this.#pendingListChanges];
    this.#pendingListChanges.clear();
    if (!this.#fleet) return this.#deliverListChanges(kinds);
    const declared = this.capabilities;
    const announced = kinds.filter((kind) => (declared[kind] as { listChanged?: boolean } | undefined)?.listChanged);
    this.#fleet
      .listChanged(kinds, announced)
      .catch((error: unknown) => this.#failures.serverBug(error instanceof Error ? error : new Error(String(error))));
  }

  /** Tells the clients this process holds (not the fleet's shared sessions) that lists changed. */
  #deliverListChanges(kinds: readonly ListKind[]): void {
    this.#streams.listChanged(kinds);
    for (const session of this.#sessions) {
      const version = session.protocolVersion;
      if (version === undefined || session.closed || this.#shared.has(session)) continue;
      for (const kind of kinds) {
        const declared = declaredCapabilities(session)[kind] as { listChanged?: boolean } | undefined;
        const method = `notifications/${kind}/list_changed`;
        if (!declared?.listChanged || !methodAllowed(method, version, 'server', 'notification')) continue;
        session.notify(method).catch(() => {});
      }
    }
  }
}
