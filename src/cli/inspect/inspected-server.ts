/**
 * One server the inspector connects to: mcpkit's client over stdio or HTTP, its wire tapped for
 * the network view, what it asks of the user (forms, a model's reply) handed to the page, and
 * any request the page makes passed on, with its progress and cancellation.
 * @module
 */
import { tapTransport, type APP_MIME_TYPE, type APPS_EXTENSION, type Transport } from 'mcpkit';
import { Client, type ClientSession, type ConnectOptions, type SessionSkills } from 'mcpkit/client';
import { directoryRoot } from 'mcpkit/host';
import { CommandTransport } from 'mcpkit/stdio';
import { VERSION } from '../version.js';
import { connectUrl } from './http-connect.js';
import { recordingFetch } from './http-exchanges.js';
import { ConnectLimit } from './connect-limit.js';
import { OAuthFlow } from './oauth-flow.js';
import { sendRequest } from './session-requests.js';
import type { ConnectTarget, EraChoice, HttpExchange, PendingRequest, ServerState } from './protocol.js';

/** What an inspected server tells the inspector, and asks of it. */
export interface InspectedServerHooks {
  /** A message crossed the wire. */
  wire(direction: 'sent' | 'received', message: unknown): void;
  /** An HTTP exchange with a server reached by URL. */
  http(exchange: Omit<HttpExchange, 'seq' | 'server'>): void;
  /** Its state changed. */
  changed(): void;
  /** A line the server wrote to stderr. */
  stderr(line: string): void;
  /** The server asks the user something: resolves with the answer (a result of `kind`'s shape). */
  ask(
    kind: PendingRequest['kind'],
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>>;
}

// The entry point exports these constants as types only: their values, checked against them.
const APPS: typeof APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const VIEW_TYPE: typeof APP_MIME_TYPE = 'text/html;profile=mcp-app';

const ERA_OPTIONS: Record<EraChoice, ConnectOptions> = {
  auto: {},
  '2025-11-25': { era: 'legacy', protocolVersion: '2025-11-25' },
  '2026-07-28': { era: 'modern', protocolVersion: '2026-07-28' },
};

export class InspectedServer {
  readonly id: string;
  readonly target: ConnectTarget;
  readonly #era: EraChoice;
  readonly #hooks: InspectedServerHooks;
  #state: ServerState;
  #session: ClientSession | undefined;
  readonly #client: Client;
  readonly #calls = new Map<string, AbortController>();
  /** The OAuth flow of a server reached by URL (none when the target sets its own `Authorization`). */
  #oauth: OAuthFlow | undefined;
  /** The time limit of each request the page makes. */
  #requestTimeoutMs = 60_000;

  /** With `apps`, the client declares that it renders MCP App views (the page does, through the sandbox). */
  constructor(id: string, target: ConnectTarget, era: EraChoice, hooks: InspectedServerHooks, apps = false) {
    this.id = id;
    this.target = target;
    this.#era = era;
    this.#hooks = hooks;
    const root = directoryRoot(target.type === 'stdio' && target.cwd ? target.cwd : process.cwd());
    this.#state = { id, label: labelOf(target), status: 'connecting', roots: [root] };
    this.#client = this.#newClient(root, apps);
  }

  /** Offers other roots; the server is told their list changed. */
  async setRoots(roots: { uri: string; name?: string }[]): Promise<void> {
    await this.#client.setRoots(roots);
    this.#state = { ...this.#state, roots };
    this.#hooks.changed();
  }

  get state(): ServerState {
    const auth = this.#oauth?.state;
    return auth === undefined ? this.#state : { ...this.#state, auth };
  }

  /** The OAuth flow, once the server is reached by URL and may ask for authorization. */
  get oauth(): OAuthFlow | undefined {
    return this.#oauth;
  }

  /** Connects; a failure is kept in the state (and thrown). */
  async connect(timeoutMs: number): Promise<void> {
    this.#requestTimeoutMs = timeoutMs;
    // The time the user spends authorizing does not count against the limit.
    const limit = new ConnectLimit(timeoutMs);
    try {
      this.#oauth = await this.#oauthFlow(limit);
      const { session, transport } = await this.#open({
        ...ERA_OPTIONS[this.#era],
        ...(this.#oauth === undefined ? { timeoutMs } : { signal: limit.signal }),
      });
      this.#session = session;
      this.#set({
        status: 'connected',
        info: {
          name: session.serverInfo.name,
          version: session.serverInfo.version,
          ...(session.serverInfo.title !== undefined && { title: session.serverInfo.title }),
          protocolVersion: session.protocolVersion,
          era: session.protocolVersion >= '2026' ? 'stateless' : 'stateful',
          capabilities: session.serverCapabilities as Record<string, unknown>,
          ...(session.instructions !== undefined && { instructions: session.instructions }),
          ...(session.serverInfo.icons !== undefined && { icons: session.serverInfo.icons }),
          ...(transport !== undefined && { transport }),
        },
      });
      void session.finished.then((reason) => {
        if (this.#state.status === 'connected')
          this.#set({ status: 'closed', error: reason.message, info: this.#state.info });
      });
    } catch (error) {
      this.#oauth?.failed(error);
      this.#set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      limit.stop();
    }
  }

  /** Any MCP request; with `call`, its progress goes to `onprogress` and `cancel(call)` stops it. */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    call: string | undefined,
    onprogress: (progress: { progress: number; total?: number; message?: string }) => void,
  ): Promise<unknown> {
    const session = this.#session;
    if (session === undefined || this.#state.status !== 'connected') {
      throw new Error(`${this.#state.label} is not connected (${this.#state.status})`);
    }
    const abort = new AbortController();
    if (call !== undefined) this.#calls.set(call, abort);
    try {
      const result = await sendRequest(session, method, params, {
        signal: abort.signal,
        timeoutMs: this.#requestTimeoutMs,
        ...(call !== undefined && { onprogress, resetTimeoutOnProgress: true }),
      });
      // The level the server logs from, which 2026-07-28 sends with every request from now on.
      if (method === 'logging/setLevel') this.#set({ ...this.#state, logLevel: String(params?.level) });
      return result;
    } catch (error) {
      this.#oauth?.failed(error);
      throw error;
    } finally {
      if (call !== undefined) this.#calls.delete(call);
    }
  }

  /** The server's skills, through the session's reader. */
  skills(): SessionSkills {
    return this.#connected().skills;
  }

  /** Cancels a running call; whether there was one. */
  cancel(call: string): boolean {
    const abort = this.#calls.get(call);
    abort?.abort(new Error('cancelled from the inspector'));
    return abort !== undefined;
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#set({ status: 'closed', ...(this.#state.info !== undefined && { info: this.#state.info }) });
    await session?.close();
  }

  #connected(): ClientSession {
    const session = this.#session;
    if (session === undefined || this.#state.status !== 'connected')
      throw new Error(`${this.#state.label} is not connected (${this.#state.status})`);
    return session;
  }

  #set(state: Omit<ServerState, 'id' | 'label' | 'roots'>): void {
    this.#state = { id: this.id, label: this.#state.label, roots: this.#state.roots, ...state };
    this.#hooks.changed();
  }

  /** The OAuth flow of a server reached by URL, unless its headers authorize already. */
  async #oauthFlow(limit: ConnectLimit): Promise<OAuthFlow | undefined> {
    const target = this.target;
    if (target.type !== 'http') return undefined;
    if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) return undefined;
    return OAuthFlow.create(target.url, target.oauth ?? {}, {
      changed: () => this.#hooks.changed(),
      waiting: (waiting) => (waiting ? limit.pause() : limit.resume()),
    });
  }

  #newClient(root: { uri: string; name?: string }, apps: boolean): Client {
    const ask = this.#hooks.ask;
    return new Client(
      { name: 'mcpkit-inspect', version: VERSION },
      {
        // A server that sees no apps extension answers as to a client without views.
        ...(apps && { capabilities: { extensions: { [APPS]: { mimeTypes: [VIEW_TYPE] } } } }),
        roots: [root],
        // A request may wait for the user to authorize: the page's requests set their own limit,
        // the connection's is `ConnectLimit`, which stops while the user is at it.
        ...(this.target.type === 'http' && { requestTimeoutMs: 24 * 3600_000 }),
        elicitation: {
          form: (params, ctx) => ask('elicitation', { ...params, mode: 'form' }, ctx.signal) as never,
          url: (params, ctx) => ask('elicitation', { ...params, mode: 'url' }, ctx.signal) as never,
        },
        sampling: { tools: true, handler: (params, ctx) => ask('sampling', { ...params }, ctx.signal) as never },
      },
    );
  }

  /** Connects over stdio, or by URL over the HTTP transport chosen (and says which). */
  async #open(options: ConnectOptions): Promise<{ session: ClientSession; transport?: 'streamable-http' | 'sse' }> {
    const target = this.target;
    const tap = (direction: 'sent' | 'received', value: unknown) => this.#hooks.wire(direction, value);
    if (target.type === 'http') {
      const fetch = recordingFetch((exchange) => this.#hooks.http(exchange));
      const auth = this.#oauth?.client;
      return connectUrl(this.#client, target, options, { tap, fetch, ...(auth !== undefined && { auth }) });
    }
    return { session: await this.#client.connect(tapTransport(this.#command(target), tap), options) };
  }

  #command(target: Extract<ConnectTarget, { type: 'stdio' }>): Transport {
    const transport = new CommandTransport({
      command: target.command,
      args: target.args ?? [],
      env: { ...(process.env as Record<string, string>), ...target.env },
      ...(target.cwd !== undefined && { cwd: target.cwd }),
      stderr: 'pipe',
    });
    let partial = '';
    transport.onstderr = (chunk) => {
      const lines = (partial + Buffer.from(chunk).toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.#hooks.stderr(line);
    };
    return transport;
  }
}

/** How a target is named: its command line, or its URL. */
export function labelOf(target: ConnectTarget): string {
  return target.type === 'http' ? target.url : [target.command, ...(target.args ?? [])].join(' ');
}
