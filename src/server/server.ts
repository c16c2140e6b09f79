/**
 * The MCP server: built once, it serves any number of sessions over any transports. This file
 * is its public face and its wiring. The features (tools, resources, prompts, completion,
 * logging, tasks, listen streams, the lifecycle) live in their own modules, as do the handler
 * table they fill, the sessions it holds, the delivery of changes to them, the dressing of
 * modern results and the joining of a fleet; the server builds these once and plugs them
 * together.
 * @module
 */
import type { Transport } from '../jsonrpc/transport.js';
import { ModernServing } from '../protocol/modern-serving.js';
import { sessionAccess, type Session, type SessionOptions } from '../protocol/session.js';
import { isLegacyVersion, isModern, SUPPORTED_VERSIONS, type ProtocolVersion } from '../protocol/versions.js';
import { detailedTask } from '../protocol/tasks/task-wire.js';
import type { Implementation } from '../types/base.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { PromptArgument } from '../types/prompts.js';
import type { Tool, ToolInputSchema } from '../types/tools.js';
import { Listeners } from '../internal/listeners.js';
import { ChangeDelivery } from './change-delivery.js';
import { createCompletion } from './completion.js';
import { FailureLog } from './failure-log.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FeatureTable } from './feature-table.js';
import type { FleetStore } from './fleet/fleet-store.js';
import { FleetMembership } from './fleet/server-fleet.js';
import { createLifecycle } from './lifecycle.js';
import { createLogging } from './logging.js';
import { ModernResults } from './modern-results.js';
import { MultiRoundTrip } from './multi-round-trip/serve.js';
import { OpenSessions } from './open-sessions.js';
import {
  PromptRegistry,
  type PromptArgs,
  type PromptConfig,
  type PromptHandler,
  type RegisteredPrompt,
} from './prompts.js';
import { requiredScopes, scopesInUse, type ScopedFeatures } from './required-scopes.js';
import {
  ResourceRegistry,
  type RegisteredResource,
  type RegisteredResourceTemplate,
  type ResourceConfig,
  type ResourceReader,
  type ResourceTemplateConfig,
} from './resources.js';
import type { ServerOptions } from './server-options.js';
import type { ServerSession } from './server-session.js';
import { serverSessionOptions } from './session-options.js';
import { SkillsFeature } from './skills/serve.js';
import { SubscriptionStreams } from './subscriptions.js';
import { TaskManager } from './tasks/task-manager.js';
import type {
  RegisteredTool,
  ToolConfig,
  ToolHandler,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
} from './tool-types.js';
import { ToolRegistry } from './tools.js';
import type { TemplateVariables } from './uri-template.js';

/** Server events, with the session each concerns. */
export interface ServerEventMap {
  /** The client sent `notifications/initialized`: the session is ready for requests from the server. */
  initialized: ServerSession;
  /** The client's roots changed (`notifications/roots/list_changed`). */
  rootsListChanged: ServerSession;
}

/**
 * The library's own access to a server, given out by the class below (only its body can reach
 * `#` members): the HTTP endpoint calls `serverAccess.joinFleet(server, store)` and
 * `serverAccess.connectShared(server, transport)`. Not part of the published API.
 * @internal
 */
export interface ServerAccess {
  /**
   * Makes `server` one process of the fleet `store` is a handle on (sealing keys, used states,
   * tasks and changes shared); resolves once it hears the fleet. Again with the same store, it
   * only waits; with another, it throws.
   */
  joinFleet: (server: Server, store: FleetStore) => Promise<void>;
  /**
   * Serves a legacy session the fleet shares over `transport`: requests it sends name this
   * process, and changes reach it through the fleet, not from this process.
   */
  connectShared: (server: Server, transport: Transport) => Promise<ServerSession>;
}

/** @internal */
export const serverAccess: ServerAccess = {} as ServerAccess;

/**
 * An MCP server: its tools, resources, prompts and the rest, registered once and served to any
 * number of sessions over any transports (`connect` once per transport). What is added, changed or
 * removed while sessions are open is told to their clients.
 */
export class Server {
  /** Who the server is to clients (`serverInfo`). */
  readonly info: Implementation;
  readonly #options: ServerOptions;
  readonly #sessions = new OpenSessions(() => this.capabilities);
  /** The handler table every session of this server shares. */
  readonly #table = new FeatureTable((handler) => this.#multiRoundTrip.wrap(handler), {
    'notifications/initialized': (_params, session) => this.#emitFor(session, 'initialized'),
    'notifications/roots/list_changed': (_params, session) => this.#emitFor(session, 'rootsListChanged'),
  });
  readonly #tasks: TaskManager;
  /** The registries of tools, resources and prompts. */
  readonly #registries: ScopedFeatures;
  readonly #events: Listeners<ServerEventMap>;
  readonly #modern: ModernServing;
  readonly #servesModern: boolean;
  readonly #multiRoundTrip: MultiRoundTrip;
  readonly #streams: SubscriptionStreams;
  readonly #changes: ChangeDelivery;
  readonly #failures: FailureLog;
  /** The skills served, when the `skills` option gives some. */
  #skills: SkillsFeature | undefined;
  #sessionOptions: SessionOptions | undefined;
  /** The fleet this server is a process of, once an endpoint made it one. */
  readonly #fleet = new FleetMembership(() => ({
    multiRoundTrip: this.#multiRoundTrip,
    tasks: this.#tasks,
    local: this.#changes,
    onError: (error) => this.#failures.serverBug(error),
    clock: this.#options.clock,
    sessions: this.#sessions,
    sessionOptions: () => this.#createSessionOptions(),
  }));

  constructor(info: Implementation, options: ServerOptions = {}) {
    this.info = info;
    this.#options = options;
    this.#failures = new FailureLog(info.name, options.onError);
    this.#events = new Listeners(options.onError);
    this.#multiRoundTrip = new MultiRoundTrip(options.requestState, options.clock);
    const served = options.versions ?? SUPPORTED_VERSIONS;
    this.#servesModern = options.modern !== false && served.some(isModern);
    this.#modern = new ModernServing(served.filter(isModern), new ModernResults(info, options.cache).dress);
    this.#tasks = new TaskManager(options.tasks, () => this.#registries.tools.offersTasks(), options.clock);
    this.#streams = new SubscriptionStreams(this.#tasks.listening);
    this.#tasks.onChange((record) => {
      if (isModern(record.protocolVersion)) this.#streams.taskChanged(record.taskId, detailedTask(record));
    });
    this.#changes = new ChangeDelivery(this.#sessions, this.#streams, this.#failures, () => this.capabilities);
    this.#registries = this.#addOwnFeatures(info, served);
  }

  /**
   * Plugs in the features every server has, a later one's handlers over an earlier one's for the
   * same method; returns the registries of tools, resources and prompts among them.
   */
  #addOwnFeatures(info: Implementation, served: readonly ProtocolVersion[]): ScopedFeatures {
    const host: FeatureHost = {
      pageSize: this.#options.pageSize ?? Infinity,
      listChanged: (kind) => this.#changes.listChanged(kind),
      reportError: (error) => this.#failures.serverBug(error),
    };
    this.addFeature(createLifecycle(info, served, this.#options));
    this.addFeature(this.#streams);
    const tools = this.addFeature(
      new ToolRegistry(host, {
        tasks: this.#tasks,
        ...(this.#options.validator !== undefined && { jsonSchemaValidator: this.#options.validator }),
      }),
    );
    this.addFeature(this.#tasks);
    const resources = this.addFeature(new ResourceRegistry(host));
    const prompts = this.addFeature(new PromptRegistry(host));
    if (this.#options.skills !== undefined) {
      this.#skills = this.addFeature(new SkillsFeature(this.#options.skills, host, resources));
    }
    this.addFeature(createCompletion(resources, prompts));
    this.addFeature(createLogging());
    return { tools, resources, prompts };
  }

  /** Plugs a feature in: its handlers answer from now on, its capabilities are declared. */
  addFeature<F extends ServerFeature>(feature: F): F {
    this.#table.add(feature);
    return feature;
  }

  /**
   * What this server declares at initialization: the features' capabilities, and the
   * `capabilities` option over them (its extensions beside theirs).
   */
  get capabilities(): ServerCapabilities {
    const declared = this.#table.capabilities();
    const own = this.#options.capabilities;
    const capabilities = { ...declared, ...own };
    if (declared.extensions !== undefined && own?.extensions !== undefined) {
      capabilities.extensions = { ...declared.extensions, ...own.extensions };
    }
    return capabilities;
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
    return this.#registries.tools.add(name, config, handler);
  }

  /** The enabled tool `name` as clients of the newest revision see it. */
  toolDefinition(name: string): Tool | undefined {
    return this.#registries.tools.definition(name);
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
    return requiredScopes(this.#registries, method, params);
  }

  /** Every scope a registered tool, resource, template or prompt asks for, once each. */
  get scopesInUse(): readonly string[] {
    return scopesInUse(this.#registries);
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
    return this.#registries.resources.add(uri, config, read);
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
    return this.#registries.resources.addTemplate(uriTemplate, config, read);
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
    return this.#registries.prompts.add(name, config as PromptConfig, handler as PromptHandler);
  }

  /**
   * Tells every client that can hear it that the list of `kind` changed; changes made in one
   * tick make one notification. For a feature plugged in with `addFeature` whose items come
   * from elsewhere (a gateway's upstream servers): registered tools, resources and prompts
   * announce their own changes.
   */
  listChanged(kind: 'tools' | 'resources' | 'prompts'): void {
    this.#changes.listChanged(kind);
  }

  /**
   * Listens to what clients tell the server: `initialized` (a session is ready),
   * `rootsListChanged` (its roots changed: list them again). Returns the function that stops it.
   */
  on<E extends keyof ServerEventMap>(event: E, listener: (session: ServerEventMap[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  #emitFor(session: Session, event: keyof ServerEventMap): void {
    if (this.#sessions.has(session)) this.#events.emit(event, session as ServerSession);
  }

  /** The sessions currently open. */
  get sessions(): ReadonlySet<ServerSession> {
    return this.#sessions.listed();
  }

  /**
   * Serves one peer over `transport`; resolves once the transport has started. `listed: false`
   * keeps the session out of `sessions`: a transport that carries the modern requests of
   * many clients (an HTTP endpoint's) is not a client's session.
   */
  async connect(transport: Transport, { listed = true }: { listed?: boolean } = {}): Promise<ServerSession> {
    const session = this.#sessions.open(transport, (this.#sessionOptions ??= this.#createSessionOptions()), listed);
    await sessionAccess.startSession(session);
    return session;
  }

  static {
    serverAccess.joinFleet = (server, store) => server.#fleet.join(store);
    serverAccess.connectShared = (server, transport) => server.#fleet.connectShared(transport);
  }

  /** The options every session of this server shares. */
  #createSessionOptions(): SessionOptions {
    return serverSessionOptions(this.#options, {
      handlers: this.#table,
      failures: this.#failures,
      modern: this.#servesModern ? this.#modern : undefined,
      streams: this.#streams,
      sessions: this.#sessions,
    });
  }

  /**
   * Tells every client subscribed to `uri` that the resource changed
   * (`notifications/resources/updated`): sessions that used `resources/subscribe`, and
   * `subscriptions/listen` streams that asked for it.
   */
  resourceUpdated(uri: string): Promise<void> {
    return this.#changes.resourceUpdated(uri);
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

  /**
   * Ends every subscription stream gracefully, cancels the tasks running here, stops watching
   * the skills' source, then closes every session.
   */
  async close(): Promise<void> {
    this.#tasks.close();
    this.#skills?.close();
    await this.endSubscriptions();
    await Promise.all([...this.#sessions].map((s) => s.close()));
    await this.#fleet.close();
  }
}
