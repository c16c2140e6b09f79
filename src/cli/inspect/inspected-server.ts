/**
 * One server the inspector connects to: mcpkit's client over stdio or HTTP, its wire tapped for
 * the network view, what it asks of the user (forms, a model's reply) handed to the page, and
 * any request the page makes passed on, with its progress and cancellation.
 * @module
 */
import { tapTransport, type Transport } from 'mcpkit';
import { Client, type ClientSession, type ConnectOptions } from 'mcpkit/client';
import { directoryRoot } from 'mcpkit/host';
import { CommandTransport } from 'mcpkit/stdio';
import { VERSION } from '../version.js';
import { connectUrl } from './http-connect.js';
import { recordingFetch } from './http-exchanges.js';
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

  constructor(id: string, target: ConnectTarget, era: EraChoice, hooks: InspectedServerHooks) {
    this.id = id;
    this.target = target;
    this.#era = era;
    this.#hooks = hooks;
    const root = directoryRoot(target.type === 'stdio' && target.cwd ? target.cwd : process.cwd());
    this.#state = { id, label: labelOf(target), status: 'connecting', roots: [root] };
    this.#client = this.#newClient(root);
  }

  /** Offers other roots; the server is told their list changed. */
  async setRoots(roots: { uri: string; name?: string }[]): Promise<void> {
    await this.#client.setRoots(roots);
    this.#state = { ...this.#state, roots };
    this.#hooks.changed();
  }

  get state(): ServerState {
    return this.#state;
  }

  /** Connects; a failure is kept in the state (and thrown). */
  async connect(timeoutMs: number): Promise<void> {
    try {
      const { session, transport } = await this.#open({ ...ERA_OPTIONS[this.#era], timeoutMs });
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
      this.#set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
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
        ...(call !== undefined && { onprogress, resetTimeoutOnProgress: true }),
      });
      // The level the server logs from, which 2026-07-28 sends with every request from now on.
      if (method === 'logging/setLevel') this.#set({ ...this.#state, logLevel: String(params?.level) });
      return result;
    } finally {
      if (call !== undefined) this.#calls.delete(call);
    }
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

  #set(state: Omit<ServerState, 'id' | 'label' | 'roots'>): void {
    this.#state = { id: this.id, label: this.#state.label, roots: this.#state.roots, ...state };
    this.#hooks.changed();
  }

  #newClient(root: { uri: string; name?: string }): Client {
    const ask = this.#hooks.ask;
    return new Client(
      { name: 'mcpkit-inspect', version: VERSION },
      {
        roots: [root],
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
      return connectUrl(this.#client, target, options, { tap, fetch });
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
