/**
 * A gateway: one MCP server offering the catalog of a host's servers to its own clients, of
 * either era, over any transport an mcpkit `Server` is served on. Tools and prompts keep their
 * catalog names (`<server>__<tool>`), resources their URIs; calls are forwarded with their
 * progress and cancellation, and what an upstream server asks during a call (elicitation,
 * sampling) goes to the client whose call it is.
 *
 * Consent: the gateway's client is the one asking, so its calls run unasked, except those the
 * configuration denies; tools outside the allow and deny lists are not offered at all.
 * @module
 */
import {
  McpError,
  type CallToolResult,
  type CompleteRequestParams,
  type CompleteResult,
  type Implementation,
  type ServerCapabilities,
} from 'mcpkit';
import { resourceNotFound, Server, type ServerOptions } from 'mcpkit/server';
import { ConsentDeniedError, NotInCatalogError } from './errors.js';
import { ForwardingFeature, type Upstream, type UpstreamCallOptions } from './forwarding.js';
import type { HostCallOptions } from './call-options.js';
import { Host, type HostOptions } from './host.js';
import { InputRouter } from './input-router.js';
import { ServerUnavailableError, type ServerStatus } from './server-connection.js';

/** The host's options a gateway takes: what servers ask of the application is the gateway's clients' business. */
export type GatewayHostOptions = Omit<HostOptions, 'consent' | 'elicitation' | 'model' | 'sampling'>;

/** The options of a `Gateway`: who it is to its clients, and the options of its server. */
export interface GatewayOptions {
  /** Who the gateway says it is to its clients. Default `mcpkit-gateway`. */
  info?: Implementation;
  /** The options of the gateway's server (instructions, revisions served, ...). */
  server?: ServerOptions;
}

/** What the gateway declares: every list, with changes announced, and completion. */
const GATEWAY_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  resources: { listChanged: true },
  prompts: { listChanged: true },
  completions: {},
};

/**
 * A host served as one MCP server: its clients see the tools, resources and prompts of every server
 * behind it, named as the host names them.
 */
export class Gateway {
  /** The servers behind the gateway. */
  readonly host: Host;
  /** The gateway's own server: serve it with `connect` (stdio) or `listen` (HTTP). */
  readonly server: Server;

  constructor(hostOptions: GatewayHostOptions, options: GatewayOptions = {}) {
    const router = new InputRouter();
    const host = new Host({
      ...hostOptions,
      ...forwardingHooks(router),
      onListChanged: (server, kind) => {
        // Skills are not forwarded; their change comes with the resources' own.
        if (kind === 'skills') return hostOptions.onListChanged?.(server, kind);
        if (kind !== 'templates') feature.forget(kind);
        this.server.listChanged(kind === 'templates' ? 'resources' : kind);
        hostOptions.onListChanged?.(server, kind);
      },
    });
    this.host = host;
    const feature = new ForwardingFeature(new HostUpstream(host), router, () => GATEWAY_CAPABILITIES);
    this.server = new Server(options.info ?? { name: 'mcpkit-gateway', version: '0' }, options.server);
    this.server.addFeature(feature);
  }

  /**
   * Starts every server that is not disabled and reads what each offers, so the catalog is
   * ready before the first client asks. A server that cannot start is left out (its status
   * says why); resolves with every server's status.
   */
  async start(): Promise<ServerStatus[]> {
    const host = this.host;
    await Promise.all([host.tools(), host.resources(), host.resourceTemplates(), host.prompts()]);
    return host.servers;
  }

  /** Closes the gateway's sessions, then every server behind it. */
  async close(): Promise<void> {
    await this.server.close();
    await this.host.close();
  }

  /** Closes the gateway, as `close` does, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}

/**
 * The host's answers to what servers ask during a call, handed to the client of the call:
 * elicitation and sampling through `router`. Sampling needs no consent of the host's: the
 * client it goes to asks its own user.
 */
export function forwardingHooks(router: InputRouter): Pick<HostOptions, 'consent' | 'elicitation' | 'sampling'> {
  return {
    consent: (request) => (request.kind === 'sampling' ? 'allow' : 'deny'),
    elicitation: {
      form: (server, params) => router.elicit(server, params),
      url: (server, params) => router.elicit(server, params),
    },
    sampling: (server, params) => router.sample(server, params),
  };
}

/** The host's catalog, by catalog names. */
class HostUpstream implements Upstream {
  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
  }

  async tools() {
    const tools = await this.#host.tools();
    return tools.map(({ name, server, tool }) => ({ server, item: tool.name === name ? tool : { ...tool, name } }));
  }

  callTool(
    _server: string,
    name: string,
    args: Record<string, unknown>,
    options: UpstreamCallOptions,
  ): Promise<CallToolResult> {
    return this.#host.callTool(name, args, hostOptions(options, true)).catch((error: unknown) => {
      // Refused or out of reach: the tool did not run, which the model can read and act on.
      if (error instanceof ConsentDeniedError || error instanceof ServerUnavailableError)
        return { content: [{ type: 'text' as const, text: error.message }], isError: true };
      if (error instanceof NotInCatalogError) throw new McpError(-32602, `Unknown tool: ${name}`, { name });
      throw error;
    });
  }

  async resources() {
    return (await this.#host.resources()).map(({ server, resource }) => ({ server, item: resource }));
  }

  async resourceTemplates() {
    return (await this.#host.resourceTemplates()).map(({ server, template }) => ({ server, item: template }));
  }

  async readResource(server: string | undefined, uri: string, options: UpstreamCallOptions) {
    try {
      return await this.#host.readResource(uri, { ...hostOptions(options), ...(server !== undefined && { server }) });
    } catch (error) {
      if (error instanceof NotInCatalogError) throw resourceNotFound(uri, options.protocolVersion);
      throw error;
    }
  }

  async prompts() {
    const prompts = await this.#host.prompts();
    return prompts.map(({ name, server, prompt }) => ({
      server,
      item: prompt.name === name ? prompt : { ...prompt, name },
    }));
  }

  async getPrompt(_server: string, name: string, args: Record<string, string>, options: UpstreamCallOptions) {
    try {
      return await this.#host.getPrompt(name, args, hostOptions(options));
    } catch (error) {
      if (error instanceof NotInCatalogError) throw new McpError(-32602, `Unknown prompt: ${name}`, { name });
      throw error;
    }
  }

  /** Completion for a prompt (by catalog name) or a template, by the server that offers it. */
  async complete(params: CompleteRequestParams, options: UpstreamCallOptions): Promise<CompleteResult> {
    const ref = params.ref;
    let server: string | undefined;
    let upstreamRef = ref;
    if (ref.type === 'ref/prompt') {
      const found = (await this.#host.prompts()).find((p) => p.name === ref.name);
      server = found?.server;
      if (found) upstreamRef = { ...ref, name: found.prompt.name };
    } else {
      const templates = await this.#host.resourceTemplates();
      server = templates.find((t) => t.template.uriTemplate === ref.uri)?.server;
    }
    const session = server === undefined ? undefined : await this.#host.session(server);
    if (session?.serverCapabilities.completions === undefined) return { completion: { values: [] } };
    return session.complete(
      {
        ref: upstreamRef,
        argument: params.argument,
        ...(params.context !== undefined && { context: params.context }),
        ...(options.meta && { _meta: options.meta }),
      },
      { cancelWith: options.cancelWith },
    );
  }
}

/** The host's options for a forwarded request: built field by field, as calls are many. */
function hostOptions(options: UpstreamCallOptions, approved = false): HostCallOptions {
  const own: HostCallOptions = { cancelWith: options.cancelWith };
  if (approved) own.approved = true;
  if (options.onprogress) own.onprogress = options.onprogress;
  if (options.meta) own.meta = options.meta;
  if (options.onInputRequired) own.onInputRequired = options.onInputRequired;
  return own;
}
