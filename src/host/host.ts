/**
 * The host: many servers, each in a client session of its own, behind one catalog of their
 * tools, resources, prompts and skills. It decides what runs and what is read for the model
 * (consent), answers what servers ask of the application (elicitation to the UI, sampling to
 * the model, roots from the workspace), and routes each call to its server.
 * @module
 */
import { pathToFileURL } from 'node:url';
import type {
  CallToolResult,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  GetPromptResult,
  Implementation,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ProtocolVersion,
  ReadResourceResult,
  Root,
} from 'mcpkit';
import { McpError } from 'mcpkit';
import {
  Client,
  type ClientSession,
  type EraCache,
  type EraChoice,
  type SkillFile,
  type UrlElicitationResult,
} from 'mcpkit/client';
import type { HttpClientOptions } from 'mcpkit/http';
import { UriTemplate } from 'mcpkit/server';
import {
  Catalog,
  type Lists,
  type CatalogPrompt,
  type CatalogResource,
  type CatalogTemplate,
  type CatalogTool,
  type ListKind,
} from './catalog.js';
import { requestOptions, withMeta, type HostCallOptions } from './call-options.js';
import { appsCapabilities, readToolView, ToolApps, type HostView } from './apps.js';
import { chat, type ChatEvent, type ChatOptions } from './chat.js';
import type { ConsentAnswer, ConsentHook, ConsentRequest } from './consent.js';
import { ConsentDeniedError, NotInCatalogError } from './errors.js';
import type { Model, ModelMessage } from './model/model.js';
import { consentRule, isOffered } from './policy.js';
import { sample } from './sampling.js';
import type { ServerEntry } from './server-entry.js';
import { nameSkills, SkillConsent, type CatalogSkill } from './skills.js';
import {
  ServerConnection,
  ServerUnavailableError,
  type RestartPolicy,
  type ServerStatus,
} from './server-connection.js';
import { sessionOpener } from './server-opener.js';
import { prefixedToolName, type ToolNaming } from './tool-names.js';

/** How the application shows a server's request for input. `signal` aborts when the server gives up. */
export interface HostElicitation {
  /** Shows a server's form to the user and returns their answer. */
  form?: (server: string, params: ElicitRequestFormParams, signal: AbortSignal) => ElicitResult | Promise<ElicitResult>;
  /** Asks the user to open a server's URL; `accept` means they agreed to go, not that they finished. */
  url?: (
    server: string,
    params: ElicitRequestURLParams,
    signal: AbortSignal,
  ) => UrlElicitationResult | Promise<UrlElicitationResult>;
}

/** The options of a `Host`: its servers, and how it asks for consent, elicitation and sampling. */
export interface HostOptions {
  /** The servers, by name: from `readConfig(...).servers`, or written in code. */
  servers: Record<string, ServerEntry>;
  /** Who the host says it is to servers. Default `mcpkit-host`. */
  clientInfo?: Implementation;
  /** Names of tools and prompts in the catalog. Default `<server>__<tool>`; `{ separator }` changes the `__`. */
  toolName?:
    | ToolNaming
    | {
        /** What joins the server's name to the tool's, in place of `__`. */
        separator: string;
      };
  /** Asks the user before a call that the policy says to ask about. Without it, such calls are refused. */
  consent?: ConsentHook;
  /** Shows the servers' requests for input; without it, the host does not declare elicitation. */
  elicitation?: HostElicitation;
  /** Answers the servers' sampling requests (after consent); without it, the host does not declare sampling. */
  model?: Model;
  /**
   * Answers the servers' sampling requests (after consent) in place of `model`, as they come: a
   * gateway hands them to its own client. `signal` aborts when the server gives up.
   */
  sampling?: (
    server: string,
    params: CreateMessageRequestParams,
    signal: AbortSignal,
  ) => CreateMessageResult | Promise<CreateMessageResult>;
  /**
   * The roots offered to servers: directories (paths or `file://` URIs). Default: the working
   * directory. An entry's own `roots` replace them for its server.
   */
  roots?: readonly string[];
  /** The authorization for a server behind a URL (an `OAuthClient` of `mcpkit/auth`), per server. */
  auth?: (
    server: string,
    url: string,
  ) => HttpClientOptions['auth'] | undefined | Promise<HttpClientOptions['auth'] | undefined>;
  /**
   * The environment of a server started as a child: `inherit` (default) passes this process's
   * whole environment, as a shell would; `default`, only a safe few variables. The server's
   * `env` is added to either.
   */
  environment?: 'inherit' | 'default';
  /** The era to speak, and where the era of each server is remembered (see `ConnectOptions`). */
  era?: EraChoice;
  /** Pins the revision spoken to every server (see `ConnectOptions`). */
  protocolVersion?: ProtocolVersion;
  /** Where the era of each server is remembered; `false` remembers nothing (see `ConnectOptions`). */
  eraCache?: EraCache | false;
  /** The time limit of each request, and of connecting, unless the server's entry sets its own. Default 60 s. */
  timeoutMs?: number;
  /** Whether and how often a server that ends on its own is started again. */
  restart?: RestartPolicy;
  /** Asks every server that logs to send messages at this level and above. */
  logLevel?: LoggingLevel;
  /** A server's log message. */
  onLog?: (server: string, message: LoggingMessageNotificationParams) => void;
  /** What a server started as a child writes to stderr. Without it, only its tail is kept, for errors. */
  onStderr?: (server: string, text: string) => void;
  /** A server changed state (started, ended, restarting, failed). */
  onStatus?: (status: ServerStatus) => void;
  /** A server's list changed. */
  onListChanged?: (server: string, kind: ListKind) => void;
  /**
   * The application renders MCP Apps' views: every server is told so (the extension
   * `io.modelcontextprotocol/ui` with the view type), and may then serve its tools with views.
   */
  apps?: boolean;
  /** Problems that end nothing: a failed listen for changes, a log level a server refused, a tool's view named wrong. */
  onError?: (error: Error) => void;
}

/** Which servers a list is of. */
export interface ListOptions {
  /** Only these servers (by name); default every server. */
  servers?: readonly string[];
}

/** The time limit of each request without one of its own. */
export const DEFAULT_HOST_TIMEOUT_MS = 60_000;

/**
 * Many servers behind one catalog of their tools, resources, prompts and skills. It asks the user's
 * consent before a tool runs, answers what servers ask of the application (elicitation, sampling,
 * roots) and routes each call to its server; `chat` runs a model over the catalog.
 */
export class Host {
  readonly #options: HostOptions;
  readonly #naming: ToolNaming;
  readonly #connections = new Map<string, ServerConnection>();
  readonly #catalog: Catalog;
  /** Tools (`server\0tool`) and servers' sampling the user allowed for as long as the host runs. */
  readonly #always = new Set<string>();
  readonly #skillConsent = new SkillConsent();
  /** Tools and prompts found by name, and the list each was found in. */
  readonly #found = new Map<string, { server: string; item: unknown; list: unknown[] }>();
  readonly #apps = new ToolApps((error) => this.#report(error));

  constructor(options: HostOptions) {
    this.#options = options;
    const naming = options.toolName;
    this.#naming = typeof naming === 'function' ? naming : prefixedToolName(naming?.separator);
    this.#catalog = new Catalog({
      naming: this.#naming,
      onChange: (server, kind) => options.onListChanged?.(server, kind),
      onError: (error) => this.#report(error),
    });
    for (const [name, entry] of Object.entries(options.servers)) {
      if (name === '') throw new TypeError('a server needs a name');
      this.#connections.set(
        name,
        new ServerConnection(name, {
          client: this.#client(name),
          open: sessionOpener(name, entry, options, entry.timeoutMs ?? options.timeoutMs ?? DEFAULT_HOST_TIMEOUT_MS),
          disabled: entry.disabled === true,
          ...(options.restart && { restart: options.restart }),
          onChange: (status) => {
            if (status.state !== 'ready') this.#catalog.detach(name);
            options.onStatus?.(status);
          },
          onSession: (session) => this.#attach(name, session),
        }),
      );
    }
  }

  /** Starts the servers whose entry says `start: "eager"`; resolves when each is ready or failed. */
  async start(): Promise<ServerStatus[]> {
    const eager = [...this.#connections.values()].filter((c) => this.#entry(c.name).start === 'eager');
    await Promise.all(eager.map((c) => c.session().catch(() => {})));
    return this.servers;
  }

  /** Each server's state, in the order of the configuration. */
  get servers(): ServerStatus[] {
    return [...this.#connections.values()].map((c) => c.status);
  }

  /** The session with `server`, started if it was not. */
  session(server: string): Promise<ClientSession> {
    return this.#connection(server).session();
  }

  /**
   * Every tool every server offers (under its allow and deny lists), by catalog name; or the
   * tools of the servers named. Servers not started yet are started; one that cannot be
   * reached is left out (its status says why).
   */
  async tools(options: ListOptions = {}): Promise<CatalogTool[]> {
    const lists = await this.#lists('tools', options.servers);
    const offered = lists.map(
      ([server, tools]) => [server, tools.filter((t) => isOffered(this.#entry(server), t.name))] as const,
    );
    return this.#catalog
      .name(offered.map(([s, t]) => [s, t]))
      .map(({ name, server, item }) => ({ name, server, tool: item, ...this.#apps.of(server, item) }));
  }

  /** The prompts of the servers, named as tools are; a server that cannot be reached is left out. */
  async prompts(options: ListOptions = {}): Promise<CatalogPrompt[]> {
    const lists = await this.#lists('prompts', options.servers);
    return this.#catalog.name(lists).map(({ name, server, item }) => ({ name, server, prompt: item }));
  }

  /** The resources of the servers, each with its server's name. */
  async resources(options: ListOptions = {}): Promise<CatalogResource[]> {
    const lists = await this.#lists('resources', options.servers);
    return lists.flatMap(([server, resources]) => resources.map((resource) => ({ server, resource })));
  }

  /** The resource templates of the servers, each with its server's name. */
  async resourceTemplates(options: ListOptions = {}): Promise<CatalogTemplate[]> {
    const lists = await this.#lists('templates', options.servers);
    return lists.flatMap(([server, templates]) => templates.map((template) => ({ server, template })));
  }

  /**
   * Every skill every server offers (the Skills extension), by catalog name
   * (`<server>__<skill>`); or the skills of the servers named.
   */
  async skills(options: ListOptions = {}): Promise<CatalogSkill[]> {
    return nameSkills(this.#catalog, await this.#lists('skills', options.servers));
  }

  /**
   * Reads a file of a skill by the skill's catalog name: its SKILL.md by default, or `path`
   * (relative to its folder, or a URI), verified against its entry. Through consent: a trusted
   * server's skills are read unasked, others' ask the `consent` hook (`kind: 'skill'`).
   */
  async readSkill(name: string, path?: string, options: HostCallOptions = {}): Promise<SkillFile> {
    const found = (await this.skills()).find((skill) => skill.name === name);
    if (found === undefined) throw new NotInCatalogError(`no skill named "${name}" in the catalog`);
    const session = await this.session(found.server);
    const uri = session.skills.fileUri(found.skill, path);
    const settings = { trusted: this.#entry(found.server).trusted === true, approved: options.approved === true };
    await this.#skillConsent.check(found, uri, settings, (request) => this.#ask(request, options.signal));
    return session.skills.read(found.skill, uri, requestOptions(options));
  }

  /** The tool of that catalog name, if the catalog has it; starts only the server it likely belongs to. */
  tool(name: string): Promise<CatalogTool | undefined> {
    return this.#findTool(name);
  }

  /**
   * Calls a tool by its catalog name, through consent: the configuration's rule, then the
   * user's answer (the `consent` hook) where it says to ask. A refusal is a
   * {@link ConsentDeniedError}; a tool's own failure is a result with `isError`.
   */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: HostCallOptions = {},
  ): Promise<CallToolResult> {
    const found = await this.#findTool(name);
    if (found === undefined) throw new NotInCatalogError(`no tool named "${name}" in the catalog`);
    return this.#call(found, args, options, false);
  }

  /**
   * The view of a tool (by catalog name), read from its server: its HTML, checked to be one
   * document of the view's type (else a `ViewError`), its `_meta.ui` (the content's, else its
   * listing's), the policy to render it under, and who may call each tool of its server.
   */
  async readView(name: string, options: HostCallOptions = {}): Promise<HostView> {
    const found = await this.#findTool(name);
    if (found === undefined) throw new NotInCatalogError(`no tool named "${name}" in the catalog`);
    const server = found.server;
    return readToolView(found, {
      read: (uri) => this.readFromView(server, uri, options),
      listing: async () => (await this.#lists('resources', [server]))[0]?.[1] ?? [],
      tools: () => this.tools({ servers: [server] }),
    });
  }

  /**
   * A view's `tools/call`, passed on by the front end that renders it: `name` is the tool's
   * own name on the view's `server`. Only a tool of that server the catalog offers whose
   * visibility includes `app` runs (else a {@link ConsentDeniedError}), through consent.
   */
  async callFromView(
    server: string,
    name: string,
    args: Record<string, unknown> = {},
    options: HostCallOptions = {},
  ): Promise<CallToolResult> {
    await this.session(server);
    const found = (await this.tools({ servers: [server] })).find((entry) => entry.tool.name === name);
    if (found === undefined) throw new NotInCatalogError(`server "${server}" offers no tool named "${name}"`);
    if (!found.visibility.includes('app'))
      throw new ConsentDeniedError(`${found.name}: a view may not call this tool (its visibility lacks "app")`);
    return this.#call(found, args, options, true);
  }

  /** A view's `resources/read`, passed on by the front end that renders it: from the view's `server` only. */
  readFromView(server: string, uri: string, options: HostCallOptions = {}): Promise<ReadResourceResult> {
    return this.readResource(uri, { ...options, server });
  }

  /** Gets a prompt by its catalog name. */
  async getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: HostCallOptions = {},
  ): Promise<GetPromptResult> {
    const found = await this.#find('prompts', name);
    if (found === undefined) throw new NotInCatalogError(`no prompt named "${name}" in the catalog`);
    const session = await this.session(found.server);
    return session.getPrompt(
      withMeta({ name: found.item.name, arguments: args }, options.meta),
      requestOptions(options),
    );
  }

  /**
   * Reads a resource from the server that lists it (or `server`): by its exact URI first, then
   * by the templates; with one server offering resources, from that one.
   */
  async readResource(uri: string, options: HostCallOptions & { server?: string } = {}): Promise<ReadResourceResult> {
    const server = options.server ?? (await this.#ownerOf(uri));
    const session = await this.session(server);
    return session.readResource(withMeta({ uri }, options.meta), requestOptions(options));
  }

  /**
   * One turn of a conversation with the model (`options.model`, else the host's), which may
   * use every tool of the catalog; calls go through consent. See {@link chat}.
   */
  chat(messages: readonly ModelMessage[], options: ChatOptions = {}): AsyncGenerator<ChatEvent, void, undefined> {
    const model = options.model ?? this.#options.model;
    if (model === undefined) throw new TypeError('chat needs a model: give the host one, or pass options.model');
    return chat(this, model, messages, options);
  }

  /** Ends every session; servers started as children are stopped. */
  async close(): Promise<void> {
    await Promise.all([...this.#connections.values()].map((c) => c.close()));
  }

  /** Closes the host, as `close` does, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** The entry of `server`, as configured. */
  #entry(server: string): ServerEntry {
    return this.#options.servers[server]!;
  }

  #connection(server: string): ServerConnection {
    const connection = this.#connections.get(server);
    if (connection === undefined) throw new NotInCatalogError(`no server named "${server}"`);
    return connection;
  }

  /** Each reachable server's list of `kind`, in the order of the configuration. */
  async #lists<K extends ListKind>(
    kind: K,
    servers?: readonly string[],
    failures?: Map<string, unknown>,
  ): Promise<[string, Lists[K]][]> {
    const names = servers ?? [...this.#connections.keys()];
    const reads = names.map(async (server) => {
      const connection = this.#connection(server);
      if (connection.status.state === 'disabled') return undefined;
      try {
        await connection.session();
        return [server, await this.#catalog.list(server, kind)] as const;
      } catch (error) {
        // A server that cannot be reached is left out; its status says why.
        failures?.set(server, error);
        if (!(error instanceof ServerUnavailableError))
          this.#report(new Error(`server "${server}": listing ${kind} failed: ${messageOf(error)}`, { cause: error }));
        return undefined;
      }
    });
    const lists = await Promise.all(reads);
    return lists.filter((list) => list !== undefined) as [string, Lists[K]][];
  }

  async #findTool(name: string): Promise<CatalogTool | undefined> {
    const found = await this.#find('tools', name);
    if (found === undefined || !isOffered(this.#entry(found.server), found.item.name)) return undefined;
    return { name, server: found.server, tool: found.item, ...this.#apps.of(found.server, found.item) };
  }

  /**
   * A tool or prompt by catalog name: first among the servers whose names prefix it (so a
   * call starts one server, not all), then in the whole catalog (a hashed name).
   */
  async #find<K extends 'tools' | 'prompts'>(
    kind: K,
    name: string,
  ): Promise<{ server: string; item: Lists[K][number] } | undefined> {
    // The last answer for this name, while the list it came from is current: no waiting.
    const key = `${kind}\u0000${name}`;
    const known = this.#found.get(key);
    if (known !== undefined && this.#catalog.current(known.server, kind) === known.list)
      return known as { server: string; item: Lists[K][number] };
    const likely = [...this.#connections.keys()].filter((server) => {
      const prefix = this.#naming(server, '');
      return prefix !== '' && name.startsWith(prefix);
    });
    const failures = new Map<string, unknown>();
    for (const servers of [likely, undefined]) {
      const lists = await this.#lists(kind, servers, servers === undefined ? undefined : failures);
      const named = this.#catalog.name(lists.map(([s, items]) => [s, items as { name: string }[]]));
      const hit = named.find((entry) => entry.name === name);
      if (hit) {
        const list = lists.find(([server]) => server === hit.server)![1];
        this.#found.set(key, { server: hit.server, item: hit.item, list });
        return { server: hit.server, item: hit.item as Lists[K][number] };
      }
    }
    // Not found, and the server it belongs to by its name could not be reached: that is why.
    const [failure] = failures.values();
    if (failure !== undefined) throw failure;
    return undefined;
  }

  async #ownerOf(uri: string): Promise<string> {
    const resources = await this.resources();
    const exact = resources.find((r) => r.resource.uri === uri);
    if (exact) return exact.server;
    const templates = await this.resourceTemplates();
    // Loosely: this only asks whose URI it is; the server that reads it matches it exactly.
    const templated = templates.find((t) => UriTemplate.matches(t.template.uriTemplate, uri, { loose: true }));
    if (templated) return templated.server;
    const offering = [...this.#connections.values()].filter((c) => c.status.state === 'ready');
    const withResources = [];
    for (const c of offering) if ((await c.session()).serverCapabilities.resources) withResources.push(c.name);
    if (withResources.length === 1) return withResources[0]!;
    throw new NotInCatalogError(
      `no server lists the resource ${uri}${withResources.length > 1 ? `; name the server (one of ${withResources.join(', ')})` : ''}`,
    );
  }

  /** Runs a call of `found` through consent; `fromView` when a view makes it. */
  async #call(
    found: CatalogTool,
    args: Record<string, unknown>,
    options: HostCallOptions,
    fromView: boolean,
  ): Promise<CallToolResult> {
    await this.#consent(found, args, options, fromView);
    const session = await this.session(found.server);
    const result = await session.callTool(
      withMeta({ name: found.tool.name, arguments: args }, options.meta),
      requestOptions(options, options.onprogress),
    );
    if (!('content' in result))
      throw new McpError(-32603, `server "${found.server}" answered ${found.name} with a task`);
    return result;
  }

  async #consent(
    found: CatalogTool,
    args: Record<string, unknown>,
    options: HostCallOptions,
    fromView: boolean,
  ): Promise<void> {
    const entry = this.#entry(found.server);
    const key = `${found.server}\u0000${found.tool.name}`;
    const rule = this.#always.has(key) ? 'allow' : consentRule(entry, found.tool);
    if (rule === 'deny')
      throw new ConsentDeniedError(`${found.name}: the configuration does not allow calls of this tool`);
    if (rule === 'allow' || options.approved === true) return;
    const answer = await this.#ask(
      {
        kind: 'tool',
        server: found.server,
        tool: found.tool,
        name: found.name,
        arguments: args,
        trusted: entry.trusted === true,
        ...(fromView && { fromView: true as const }),
      },
      options.signal,
    );
    if (answer === 'deny') throw new ConsentDeniedError(`${found.name}: the call was not allowed`);
    if (answer === 'always') this.#always.add(key);
  }

  async #ask(request: ConsentRequest, signal: AbortSignal | undefined): Promise<ConsentAnswer> {
    const hook = this.#options.consent;
    if (hook === undefined) return 'deny';
    return hook(request, signal ?? new AbortController().signal);
  }

  /** The client of one server: its answers to the server's requests know which server asks. */
  #client(server: string): Client {
    const options = this.#options;
    const elicitation = options.elicitation;
    const model = options.model;
    const answer = options.sampling;
    return new Client(options.clientInfo ?? { name: 'mcpkit-host', version: '0' }, {
      ...(options.apps === true && { capabilities: appsCapabilities() }),
      requestTimeoutMs: this.#entry(server).timeoutMs ?? options.timeoutMs ?? DEFAULT_HOST_TIMEOUT_MS,
      roots: (this.#entry(server).roots ?? options.roots ?? [process.cwd()]).map(directoryRoot),
      ...(elicitation && {
        elicitation: {
          ...(elicitation.form && { form: (params, ctx) => elicitation.form!(server, params, ctx.signal) }),
          ...(elicitation.url && { url: (params, ctx) => elicitation.url!(server, params, ctx.signal) }),
        },
      }),
      ...((answer || model) && {
        sampling: {
          tools: true,
          handler: async (params, ctx) => {
            const key = `${server}\u0000sampling`;
            if (!this.#always.has(key)) {
              const request = {
                kind: 'sampling',
                server,
                params,
                trusted: this.#entry(server).trusted === true,
              } as const;
              const answer = await this.#ask(request, ctx.signal);
              if (answer === 'deny') throw new McpError(-1, 'the user did not allow this sampling request');
              if (answer === 'always') this.#always.add(key);
            }
            return answer ? answer(server, params, ctx.signal) : sample(model!, params, ctx.signal);
          },
        },
      }),
      onError: (error) => this.#report(error),
    });
  }

  #attach(server: string, session: ClientSession): void {
    this.#catalog.attach(server, session);
    const { onLog, logLevel } = this.#options;
    if (onLog) session.on('log', (message) => onLog(server, message));
    if (logLevel !== undefined && session.serverCapabilities.logging)
      session.setLoggingLevel({ level: logLevel }).catch((error: unknown) => {
        this.#report(new Error(`server "${server}": setting the log level failed: ${messageOf(error)}`));
      });
  }

  #report(error: Error): void {
    this.#options.onError?.(error);
  }
}

/** A directory (a path or a `file://` URI) as a root, named after its last part. */
export function directoryRoot(directory: string): Root {
  const uri = directory.startsWith('file://') ? directory : pathToFileURL(directory).href;
  const name = decodeURIComponent(uri.replace(/\/+$/, '').split('/').pop() ?? '') || uri;
  return { uri, name };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
