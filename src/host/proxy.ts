/**
 * A proxy: one server offered again, as it is, over another transport: a remote one as a
 * local stdio server, a local one over HTTP. It is a server whose handlers forward to a client
 * session with the server (the forwarding of a gateway, without its catalog names), so each
 * side speaks its own era: the proxy negotiates with its clients as a server and with the
 * upstream server as a client. Names, URIs, schemas, the server's identity, instructions and
 * the lists it offers pass unchanged; the host beneath keeps the upstream session (connecting
 * again when it ends) and hands what the server asks during a call to the client whose call
 * it is.
 * @module
 */
import type { CompleteRequestParams, ServerCapabilities } from 'mcpkit';
import type { ClientSession } from 'mcpkit/client';
import { Server, type ServerOptions } from 'mcpkit/server';
import { ForwardingFeature, type Routed, type Upstream, type UpstreamCallOptions } from './forwarding.js';
import { forwardingHooks, type GatewayHostOptions } from './gateway.js';
import { Host } from './host.js';
import { InputRouter } from './input-router.js';
import type { ServerEntry } from './server-entry.js';

/** The host's options a proxy takes, but for its one server. */
export interface ProxyOptions extends Omit<GatewayHostOptions, 'servers' | 'toolName'> {
  /** The options of the proxy's server; `instructions` default to the upstream server's. */
  server?: ServerOptions;
}

/** The name of the one server in the proxy's host, which its errors and statuses use. */
export const PROXY_UPSTREAM = 'upstream';

/** A proxy, open: its upstream session connected, its server ready to serve. */
export interface ServerProxy extends AsyncDisposable {
  /** The host of the one upstream server. */
  readonly host: Host;
  /** The proxy's own server: serve it with `connect` (stdio) or `listen` (HTTP). */
  readonly server: Server;
  /** Closes the proxy's sessions, then the upstream session. */
  close(): Promise<void>;
}

/**
 * Connects to the server `entry` names, then makes the server that offers it: with its
 * identity, instructions and capabilities (its lists and completion; logging is the proxy's).
 */
export async function openProxy(entry: ServerEntry, options: ProxyOptions = {}): Promise<ServerProxy> {
  const { server: serverOptions, ...hostOptions } = options;
  // Made once connected; the host may hear of changes before.
  const late: { server?: Server; feature?: ForwardingFeature } = {};
  const router = new InputRouter();
  const host = new Host({
    ...hostOptions,
    servers: { [PROXY_UPSTREAM]: entry },
    ...forwardingHooks(router),
    onListChanged: (name, kind) => {
      // Skills are not forwarded; their change comes with the resources' own.
      if (kind === 'skills') return hostOptions.onListChanged?.(name, kind);
      if (kind !== 'templates') late.feature?.forget(kind);
      late.server?.listChanged(kind === 'templates' ? 'resources' : kind);
      hostOptions.onListChanged?.(name, kind);
    },
  });
  let session: ClientSession;
  try {
    session = await host.session(PROXY_UPSTREAM);
  } catch (error) {
    await host.close();
    throw error;
  }
  const capabilities = mirrored(session.serverCapabilities);
  const feature = new ForwardingFeature(new SessionUpstream(host), router, () => capabilities);
  const server = new Server(session.serverInfo, {
    ...(session.instructions !== undefined && { instructions: session.instructions }),
    ...serverOptions,
  });
  server.addFeature(feature);
  Object.assign(late, { server, feature });
  const close = async () => {
    await server.close();
    await host.close();
  };
  return { host, server, close, [Symbol.asyncDispose]: close };
}

/** What the proxy declares of the upstream server's capabilities: what it forwards. */
function mirrored(upstream: ServerCapabilities): ServerCapabilities {
  const own: ServerCapabilities = {};
  if (upstream.tools) own.tools = { ...(upstream.tools.listChanged && { listChanged: true }) };
  if (upstream.prompts) own.prompts = { ...(upstream.prompts.listChanged && { listChanged: true }) };
  if (upstream.resources) own.resources = { ...(upstream.resources.listChanged && { listChanged: true }) };
  if (upstream.completions) own.completions = {};
  return own;
}

/** The one upstream session, by the server's own names. */
class SessionUpstream implements Upstream {
  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
  }

  #session(): Promise<ClientSession> {
    return this.#host.session(PROXY_UPSTREAM);
  }

  async tools() {
    return routed(await this.#session(), (s) => s.serverCapabilities.tools && s.tools());
  }

  async callTool(_server: string, name: string, args: Record<string, unknown>, options: UpstreamCallOptions) {
    const session = await this.#session();
    return session.callTool({ name, arguments: args, ...withMeta(options) }, sendOptions(options));
  }

  async resources() {
    return routed(await this.#session(), (s) => s.serverCapabilities.resources && s.resources());
  }

  async resourceTemplates() {
    return routed(await this.#session(), (s) => s.serverCapabilities.resources && s.resourceTemplates());
  }

  async readResource(_server: string | undefined, uri: string, options: UpstreamCallOptions) {
    const session = await this.#session();
    return session.readResource({ uri, ...withMeta(options) }, sendOptions(options));
  }

  async prompts() {
    return routed(await this.#session(), (s) => s.serverCapabilities.prompts && s.prompts());
  }

  async getPrompt(_server: string, name: string, args: Record<string, string>, options: UpstreamCallOptions) {
    const session = await this.#session();
    return session.getPrompt({ name, arguments: args, ...withMeta(options) }, sendOptions(options));
  }

  async complete(params: CompleteRequestParams, options: UpstreamCallOptions) {
    const session = await this.#session();
    const { _meta: _own, ...rest } = params;
    return session.complete({ ...rest, ...withMeta(options) }, { cancelWith: options.cancelWith });
  }
}

/** Every item of a list the session offers (none when it offers no such list). */
async function routed<T>(
  session: ClientSession,
  walk: (session: ClientSession) => AsyncIterable<T> | undefined | false,
): Promise<Routed<T>[]> {
  const items: Routed<T>[] = [];
  const iterable = walk(session);
  if (iterable) for await (const item of iterable) items.push({ server: PROXY_UPSTREAM, item });
  return items;
}

function withMeta(options: UpstreamCallOptions): { _meta?: Record<string, unknown> } {
  return options.meta ? { _meta: options.meta } : {};
}

function sendOptions(options: UpstreamCallOptions) {
  return {
    cancelWith: options.cancelWith,
    ...(options.onprogress && { onprogress: options.onprogress }),
    ...(options.onInputRequired && { onInputRequired: options.onInputRequired }),
  };
}
