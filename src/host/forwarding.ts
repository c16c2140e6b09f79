/**
 * The server side of a gateway or proxy: a feature of an mcpkit `Server` whose handlers
 * forward to what lies upstream (the host's servers, or one server) and relay the answers:
 * tools with their schemas, annotations and output schemas unchanged, calls with their
 * progress and cancellation, resources and templates, prompts, completions. Results come back
 * fitted to the revision of the client that asked (`shapeResult`); an upstream error stays an
 * error with its code, and a tool's failure (`isError`) stays a result.
 * @module
 */
import {
  ErrorCode,
  McpError,
  META,
  type CallToolResult,
  type CancelSource,
  type CompleteRequestParams,
  type CompleteResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
} from 'mcpkit';
import { shapeResult, type ServerContext, type ServerFeature } from 'mcpkit/server';
import type { InputRequiredHook } from 'mcpkit/client';
import type { InputRouter, RoutedCall } from './input-router.js';

/** An item of an upstream list, and the upstream server it comes from. */
export interface Routed<T> {
  server: string;
  item: T;
}

/** What a forwarded call may carry upstream. */
export interface UpstreamCallOptions {
  /** Cancelled when the client cancels: the upstream request is cancelled in turn. */
  cancelWith: CancelSource;
  /** The revision of the client's request, for errors whose code differs by revision. */
  protocolVersion: string;
  /** Present when the client asked for progress. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The client's `_meta` (trace context, its own keys), less what belongs to its request alone. */
  meta?: Record<string, unknown>;
  /** Answers a modern upstream server's input requests by asking the client of the call. */
  onInputRequired?: InputRequiredHook;
}

/**
 * What lies upstream, by the names the gateway's clients see. A call's errors are relayed as
 * they are: an `McpError` (or other JSON-RPC error) becomes the client's error with its code.
 */
export interface Upstream {
  tools(): Promise<Routed<Tool>[]>;
  callTool(
    server: string,
    name: string,
    args: Record<string, unknown>,
    options: UpstreamCallOptions,
  ): Promise<CallToolResult>;
  resources(): Promise<Routed<Resource>[]>;
  resourceTemplates(): Promise<Routed<ResourceTemplate>[]>;
  /** Reads `uri` from `server`, or, without one, from the server that offers it. */
  readResource(server: string | undefined, uri: string, options: UpstreamCallOptions): Promise<ReadResourceResult>;
  prompts(): Promise<Routed<Prompt>[]>;
  getPrompt(
    server: string,
    name: string,
    args: Record<string, string>,
    options: UpstreamCallOptions,
  ): Promise<GetPromptResult>;
  complete(params: CompleteRequestParams, options: UpstreamCallOptions): Promise<CompleteResult>;
}

/** Which lists the feature keeps an index of, by the list a change concerns. */
type Indexed = 'tools' | 'prompts' | 'resources';

export class ForwardingFeature implements ServerFeature {
  readonly handlers: ServerFeature['handlers'];
  readonly #upstream: Upstream;
  readonly #router: InputRouter;
  readonly #capabilities: () => ServerCapabilities;
  /** The server of each tool, prompt and resource, by the name (URI) clients use; read again on a miss. */
  readonly #index: Record<Indexed, Map<string, string> | undefined> = {
    tools: undefined,
    prompts: undefined,
    resources: undefined,
  };

  constructor(upstream: Upstream, router: InputRouter, capabilities: () => ServerCapabilities) {
    this.#upstream = upstream;
    this.#router = router;
    this.#capabilities = capabilities;
    this.handlers = {
      'tools/list': async (_params, ctx) => {
        const tools = await this.#list('tools', (t) => t.name);
        return relay('tools/list', { tools }, ctx);
      },
      'tools/call': (params, ctx) => this.#callTool(params, ctx),
      'resources/list': async (_params, ctx) => {
        const resources = await this.#list('resources', (r) => r.uri);
        return relay('resources/list', { resources }, ctx);
      },
      'resources/templates/list': async (_params, ctx) => {
        const resourceTemplates = firstOfEach(await upstream.resourceTemplates(), (t) => t.uriTemplate);
        return relay('resources/templates/list', { resourceTemplates }, ctx);
      },
      'resources/read': (params, ctx) => this.#readResource(params, ctx),
      'prompts/list': async (_params, ctx) => {
        const prompts = await this.#list('prompts', (p) => p.name);
        return relay('prompts/list', { prompts }, ctx);
      },
      'prompts/get': (params, ctx) => this.#getPrompt(params, ctx),
      'completion/complete': async (params, ctx) => {
        const result = await upstream.complete(params as CompleteRequestParams, callOptions(ctx));
        return relayFrom(undefined, 'completion/complete', result, ctx);
      },
    };
  }

  capabilities(): ServerCapabilities {
    return this.#capabilities();
  }

  /** An upstream list changed: its index is read again when next needed. */
  forget(kind: Indexed): void {
    this.#index[kind] = undefined;
  }

  #callTool(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    const name = params.name as string;
    const args = params.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw new McpError(-32602, 'Tool arguments must be an object');
    const forward = (server: string | undefined) => {
      if (server === undefined) throw new McpError(-32602, `Unknown tool: ${name}`, { name });
      return this.#router
        .run(server, ctx, (call) =>
          this.#upstream.callTool(server, name, args as Record<string, unknown>, callOptions(ctx, call)),
        )
        .then((result) => relayFrom(server, 'tools/call', result, ctx));
    };
    // Known tools go at once: the index is read again only for a name it lacks.
    const known = this.#index.tools?.get(name);
    return known !== undefined ? forward(known) : this.#serverOf('tools', name).then(forward);
  }

  async #readResource(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    const uri = params.uri as string;
    const server = await this.#serverOf('resources', uri);
    const result = await this.#router.run(server, ctx, (call) =>
      this.#upstream.readResource(server, uri, callOptions(ctx, call)),
    );
    return relayFrom(server, 'resources/read', result, ctx);
  }

  async #getPrompt(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    const name = params.name as string;
    const server = await this.#serverOf('prompts', name);
    if (server === undefined) throw new McpError(-32602, `Unknown prompt: ${name}`, { name });
    const args = (params.arguments ?? {}) as Record<string, string>;
    const result = await this.#router.run(server, ctx, (call) =>
      this.#upstream.getPrompt(server, name, args, callOptions(ctx, call)),
    );
    return relayFrom(server, 'prompts/get', result, ctx);
  }

  /** The items of an upstream list, its index made anew on the way. */
  async #list<K extends Indexed>(kind: K, key: (item: ListItem<K>) => string): Promise<ListItem<K>[]> {
    const routed = (await this.#read(kind)) as Routed<ListItem<K>>[];
    const index = new Map<string, string>();
    for (const { server, item } of routed) if (!index.has(key(item))) index.set(key(item), server);
    this.#index[kind] = index;
    return firstOfEach(routed, key);
  }

  #read(kind: Indexed): Promise<Routed<unknown>[]> {
    const upstream = this.#upstream;
    return kind === 'tools' ? upstream.tools() : kind === 'prompts' ? upstream.prompts() : upstream.resources();
  }

  /** The server of the tool, prompt or resource `name`: from the index, else from the list read again. */
  async #serverOf(kind: Indexed, name: string): Promise<string | undefined> {
    const known = this.#index[kind]?.get(name);
    if (known !== undefined) return known;
    const keyOf = (item: { name?: string; uri?: string }) => (kind === 'resources' ? item.uri! : item.name!);
    await this.#list(kind, keyOf as (item: ListItem<typeof kind>) => string);
    return this.#index[kind]?.get(name);
  }
}

/**
 * The items, the first of each key only: a URI two servers offer is read from the first (as a
 * name two servers would share is the first's), so the second's is not listed.
 */
function firstOfEach<T>(routed: readonly Routed<T>[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const { item } of routed) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    items.push(item);
  }
  return items;
}

type ListItem<K extends Indexed> = K extends 'tools' ? Tool : K extends 'prompts' ? Prompt : Resource;

/** What goes upstream with the client's request `ctx`, made a call in progress (`call`) or not. */
function callOptions(ctx: ServerContext, call?: RoutedCall): UpstreamCallOptions {
  const options: UpstreamCallOptions = {
    cancelWith: call?.cancelWith ?? ctx,
    protocolVersion: ctx.protocolVersion,
  };
  if (call) options.onInputRequired = call.onInputRequired;
  const meta = forwardedMeta(ctx.meta);
  if (meta !== undefined) options.meta = meta;
  // The upstream server's progress, as the client's: a value that does not increase is dropped.
  if (ctx.progressToken !== undefined)
    options.onprogress = ({ progress, total, message }) => void ctx.progress(progress, total, message).catch(() => {});
  return options;
}

/** `_meta` keys that describe the client's own request (its progress token, a modern envelope), not the call. */
const OWN_KEYS: ReadonlySet<string> = new Set([
  META.progressToken,
  META.protocolVersion,
  META.clientInfo,
  META.clientCapabilities,
  META.logLevel,
  META.relatedTask,
]);

/** What of the client's `_meta` goes upstream with its call; `undefined` when nothing does. */
function forwardedMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  let forwarded: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(meta)) if (!OWN_KEYS.has(key)) (forwarded ??= {})[key] = value;
  return forwarded;
}

/**
 * Results nesting deeper than this are written once before they are relayed, to learn whether
 * they can be: `JSON.stringify` follows a few thousand levels, `JSON.parse` any number, so an
 * upstream server may send what cannot be sent on. Shallower ones cost only the walk.
 */
const PROBED_DEPTH = 1000;

/**
 * {@link relay} for the result of one upstream server (`undefined`: the one the host chose).
 * Anything that keeps it from being relayed is an error that names that server and says why,
 * so the client is answered, and hears where the trouble lies.
 */
function relayFrom(
  server: string | undefined,
  method: string,
  result: object,
  ctx: ServerContext,
): Record<string, unknown> {
  try {
    const relayed = relay(method, result, ctx);
    if (nestsDeeperThan(relayed, PROBED_DEPTH)) JSON.stringify(relayed);
    return relayed;
  } catch (error) {
    const from = server === undefined ? 'the upstream server' : `server ${JSON.stringify(server)}`;
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpError(
      ErrorCode.InternalError,
      `Internal error: the ${method} result of ${from} could not be relayed: ${reason}`,
    );
  }
}

/** Whether `value` holds objects or arrays more than `levels` deep, found without recursion. */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  const items: unknown[] = [value];
  const depths: number[] = [0];
  for (let item = items.pop(); item !== undefined; item = items.pop()) {
    const depth = depths.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= levels) return true;
    for (const key in item) {
      const member = (item as Record<string, unknown>)[key];
      if (typeof member === 'object' && member !== null) {
        items.push(member);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * An upstream result as the client's revision defines it, without the upstream server's
 * identity (a modern result names its server in `_meta`; the gateway's own goes in its place).
 */
function relay(method: string, result: object, ctx: ServerContext): Record<string, unknown> {
  let own = result as Record<string, unknown>;
  const meta = own._meta as Record<string, unknown> | undefined;
  if (meta !== undefined && meta !== null && typeof meta === 'object' && Object.hasOwn(meta, META.serverInfo)) {
    // Copies made by assignment: this runs for every call answered by a modern server.
    const rest: Record<string, unknown> = Object.assign({}, meta);
    delete rest[META.serverInfo];
    own = Object.assign({}, own);
    if (Object.keys(rest).length === 0) delete own._meta;
    else own._meta = rest;
  }
  return shapeResult(method, own, ctx.protocolVersion);
}
