/**
 * The inspector's state and commands, apart from HTTP: the servers it inspects, the last
 * messages of their wires, the requests of theirs waiting for the user, and the events the page
 * hears. Every command the page sends lands in `run`.
 * @module
 */
import type { CreateMessageRequestParams } from 'mcpkit';
import { sample, type Model } from 'mcpkit/host';
import { InspectedServer } from './inspected-server.js';
import { answerError } from './respond-error.js';
import { outputCheckOf } from './session-requests.js';
import { listSkills, readSkillFile } from './skills.js';
import type {
  ConnectTarget,
  EraChoice,
  HttpExchange,
  InspectorCommand,
  InspectorEvent,
  PendingRequest,
  WireEntry,
} from './protocol.js';

/** How many messages of the wire are kept for a page that loads later. */
export const WIRE_KEPT = 2000;

export interface InspectorOptions {
  /** The time limit for connecting. */
  timeoutMs: number;
  /** Says something in the terminal (a server started from the page, its stderr). */
  say(line: string): void;
  /** The model that drafts answers to sampling requests, when one is configured. */
  model?: Model;
}

/** A command's failure that is the page's fault: answered 400 with its message. */
export class CommandRefused extends Error {
  override name = 'CommandRefused';
}

interface Waiting {
  request: PendingRequest;
  /** Aborts when the server gives up on it. */
  signal: AbortSignal;
  resolve(result: Record<string, unknown>): void;
  /** Answers with a JSON-RPC error instead. */
  reject(error: Error): void;
}

export class Inspector {
  readonly #options: InspectorOptions;
  readonly #servers = new Map<string, InspectedServer>();
  readonly #wire: WireEntry[] = [];
  readonly #http: HttpExchange[] = [];
  readonly #waiting = new Map<string, Waiting>();
  readonly #listeners = new Set<(event: InspectorEvent) => void>();
  #unsent: WireEntry[] = [];
  #seq = 0;
  #ids = 0;
  /** The sandbox proxy's URL, where the page renders MCP App views. */
  sandbox: string | undefined;

  constructor(options: InspectorOptions) {
    this.#options = options;
  }

  /** Hears every event from now on; returns how to stop. */
  listen(listener: (event: InspectorEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Connects to a server; resolves once it is connected or has failed (the state says which). */
  async connect(target: ConnectTarget, era: EraChoice = 'auto'): Promise<InspectedServer> {
    const id = `s${++this.#ids}`;
    let waited: string | undefined;
    const server: InspectedServer = new InspectedServer(
      id,
      target,
      era,
      {
        wire: (direction, message) => this.#record(id, direction, message),
        http: (exchange) => {
          const kept = { seq: ++this.#seq, server: id, ...exchange };
          if (this.#http.push(kept) > WIRE_KEPT) this.#http.shift();
          this.#emit({ type: 'http', exchange: kept });
        },
        changed: () => {
          // The terminal says when the page wants the user: a login, or a flow to step through.
          const flow = server?.state.auth;
          const said =
            flow?.status === 'authorizing'
              ? 'asks you to log in: the page has the link'
              : flow?.status === 'paused' && flow.steps.length === 0
                ? 'asks for authorization, step by step: continue in the page'
                : undefined;
          if (said !== undefined && said !== waited) this.#options.say(`${server.state.label} ${said}`);
          waited = said;
          this.#emit({ type: 'servers', servers: this.#states() });
        },
        stderr: (line) => this.#emit({ type: 'notification', server: id, method: 'stderr', params: { line } }),
        ask: (kind, params, signal) => this.#ask(id, kind, params, signal),
      },
      this.sandbox !== undefined,
    );
    this.#servers.set(id, server);
    this.#emit({ type: 'servers', servers: this.#states() });
    await server.connect(this.#options.timeoutMs).catch(() => undefined);
    return server;
  }

  /** Runs the page's command `name` with `body` (unchecked JSON): its result, or a `CommandRefused`. */
  async run(name: string, body: Record<string, unknown>): Promise<unknown> {
    switch (name as InspectorCommand) {
      case 'state':
        return {
          servers: this.#states(),
          wire: this.#wire,
          http: this.#http,
          pending: [...this.#waiting.values()].map((w) => w.request),
          ...(this.sandbox !== undefined && { sandbox: this.sandbox }),
          ...(this.#options.model !== undefined && {
            model: `${this.#options.model.provider} ${this.#options.model.model}`,
          }),
        };
      case 'connect': {
        const target = checkTarget(body.target);
        const era = (body.era ?? 'auto') as EraChoice;
        if (!['auto', '2025-11-25', '2026-07-28'].includes(era)) throw new CommandRefused(`unknown era ${String(era)}`);
        if (target.type === 'stdio')
          this.#options.say(`the page starts: ${[target.command, ...(target.args ?? [])].join(' ')}`);
        return { server: (await this.connect(target, era)).state };
      }
      case 'disconnect':
        await this.#server(body.server).close();
        return {};
      case 'call': {
        const result = await this.run('request', {
          ...body,
          method: 'tools/call',
          params: record(body.params, 'params'),
        });
        const output = outputCheckOf(result);
        return { result, ...(output !== undefined && { output }) };
      }
      case 'request': {
        if (typeof body.method !== 'string') throw new CommandRefused('request needs a method');
        const params = body.params === undefined ? undefined : record(body.params, 'params');
        const call = typeof body.call === 'string' ? body.call : undefined;
        const progress = (p: { progress: number; total?: number; message?: string }) =>
          call !== undefined && this.#emit({ type: 'progress', call, ...p });
        return this.#server(body.server).request(body.method, params, call, progress);
      }
      case 'roots':
        return this.#roots(body);
      case 'cancel':
        for (const server of this.#servers.values()) server.cancel(String(body.call));
        return {};
      case 'skills':
        return listSkills(this.#server(body.server).skills());
      case 'skill-read': {
        if (typeof body.uri !== 'string' || typeof body.path !== 'string')
          throw new CommandRefused('skill-read needs the skill’s uri and a path');
        return readSkillFile(this.#server(body.server).skills(), body.uri, body.path);
      }
      case 'draft':
        return this.#draft(body.id);
      case 'auth':
        return this.#auth(this.#server(body.server), body.action);
      case 'respond':
        return this.#respond(body);
    }
    throw new CommandRefused(`unknown command ${name}`);
  }

  /** The page's `roots` command: the roots offered to a server, checked. */
  async #roots(body: Record<string, unknown>): Promise<Record<string, never>> {
    const roots = Array.isArray(body.roots) ? body.roots : undefined;
    const valid = roots?.every(
      (r: unknown) =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as { uri?: unknown }).uri === 'string' &&
        (r as { uri: string }).uri.startsWith('file://') &&
        ['undefined', 'string'].includes(typeof (r as { name?: unknown }).name),
    );
    if (!valid) throw new CommandRefused('roots is a list of { uri: "file://...", name? }');
    await this.#server(body.server).setRoots(roots as { uri: string; name?: string }[]);
    return {};
  }

  /** The page's `respond` command: a server's request answered with a result or an error. */
  #respond(body: Record<string, unknown>): Record<string, never> {
    const waiting = this.#waiting.get(String(body.id));
    if (waiting === undefined)
      throw new CommandRefused(`no request ${String(body.id)} is waiting (answered, or withdrawn)`);
    if (body.error !== undefined) {
      const error = answerError(body.error);
      if (error === undefined || body.result !== undefined)
        throw new CommandRefused('an error answer is { code: <integer>, message: <text>, data? }, without a result');
      waiting.reject(error);
      return {};
    }
    waiting.resolve(record(body.result, 'result'));
    return {};
  }

  /** The page's `draft` command: the configured model's answer to a sampling request, not sent. */
  async #draft(id: unknown): Promise<{ result: Record<string, unknown> }> {
    const model = this.#options.model;
    if (model === undefined)
      throw new CommandRefused('no model is configured: start mcpkit inspect with MCPKIT_PROVIDER set (see --help)');
    const waiting = this.#waiting.get(String(id));
    if (waiting?.request.kind !== 'sampling')
      throw new CommandRefused(`no sampling request ${String(id)} is waiting (answered, or withdrawn)`);
    const params = waiting.request.params as unknown as CreateMessageRequestParams;
    const result = await sample(model, params, waiting.signal);
    return { result: result as unknown as Record<string, unknown> };
  }

  /** The page's `auth` command: drives the server's OAuth flow. */
  async #auth(server: InspectedServer, action: unknown): Promise<Record<string, never>> {
    const flow = server.oauth;
    if (flow === undefined) throw new CommandRefused(`${server.state.label} is not reached by URL with OAuth`);
    if (action === 'continue') {
      if (!flow.continue()) throw new CommandRefused('no step of the authorization waits');
    } else if (action === 'refresh') {
      if (!(await flow.refresh()))
        throw new CommandRefused('no tokens were refreshed: there is no refresh token, or it was refused');
    } else if (action === 'forget') {
      await flow.forget();
    } else {
      throw new CommandRefused(`unknown auth action ${String(action)}: continue, refresh or forget`);
    }
    return {};
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#servers.values()].map((server) => server.close()));
  }

  #server(id: unknown): InspectedServer {
    const server = typeof id === 'string' ? this.#servers.get(id) : undefined;
    if (server === undefined) throw new CommandRefused(`no server ${String(id)}`);
    return server;
  }

  #states() {
    return [...this.#servers.values()].map((server) => server.state);
  }

  #emit(event: InspectorEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** Keeps a message of the wire, and sends the new ones together, once per turn of the event loop. */
  #record(server: string, direction: 'sent' | 'received', message: unknown): void {
    const size = Buffer.byteLength(JSON.stringify(message) ?? '');
    const entry: WireEntry = { seq: ++this.#seq, server, direction, time: Date.now(), size, message };
    this.#wire.push(entry);
    if (this.#wire.length > WIRE_KEPT) this.#wire.splice(0, this.#wire.length - WIRE_KEPT);
    if (direction === 'received' && isNotification(message)) {
      this.#emit({ type: 'notification', server, method: message.method, params: message.params });
    }
    if (this.#unsent.push(entry) === 1) {
      setImmediate(() => {
        const entries = this.#unsent;
        this.#unsent = [];
        this.#emit({ type: 'wire', entries });
      });
    }
  }

  /** A server's request for the user: waits for the page's answer, or for the server to give up. */
  #ask(
    server: string,
    kind: PendingRequest['kind'],
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const request: PendingRequest = { id: `r${++this.#ids}`, server, kind, params };
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#waiting.delete(request.id);
        signal.removeEventListener('abort', withdrawn);
        this.#emit({ type: 'request-done', id: request.id });
      };
      const withdrawn = () => {
        done();
        reject(signal.reason instanceof Error ? signal.reason : new Error('the server withdrew its request'));
      };
      this.#waiting.set(request.id, {
        request,
        signal,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      signal.addEventListener('abort', withdrawn, { once: true });
      this.#emit({ type: 'request', request });
    });
  }
}

function isNotification(message: unknown): message is { method: string; params?: unknown } {
  return typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CommandRefused(`${what} must be an object`);
  return value as Record<string, unknown>;
}

/** The page's target, checked: a command with string arguments, or an http(s) URL. */
function checkTarget(value: unknown): ConnectTarget {
  const target = record(value, 'target');
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  const stringMap = (v: unknown) =>
    v === undefined || (typeof v === 'object' && v !== null && Object.values(v).every((s) => typeof s === 'string'));
  if (target.type === 'stdio' && typeof target.command === 'string' && target.command !== '') {
    if (
      (target.args !== undefined && !strings(target.args)) ||
      !stringMap(target.env) ||
      (target.cwd !== undefined && typeof target.cwd !== 'string')
    ) {
      throw new CommandRefused('a stdio target has a command, string args, an env of strings and a cwd');
    }
    return target as ConnectTarget;
  }
  if (
    target.type === 'http' &&
    typeof target.url === 'string' &&
    /^https?:\/\//.test(target.url) &&
    stringMap(target.headers) &&
    [undefined, 'auto', 'streamable', 'sse'].includes(target.transport as string | undefined)
  ) {
    checkOAuth(target.oauth);
    return target as ConnectTarget;
  }
  throw new CommandRefused(
    'the target is { type: "stdio", command, args?, env?, cwd? } or { type: "http", url, headers?, transport? }',
  );
}

/** The OAuth options of an http target: `{ stepThrough?, clientId?, clientSecret? }`. */
function checkOAuth(value: unknown): void {
  if (value === undefined) return;
  const oauth = record(value, 'oauth');
  const optional = (v: unknown, type: string) => v === undefined || typeof v === type;
  if (
    !optional(oauth.stepThrough, 'boolean') ||
    !optional(oauth.clientId, 'string') ||
    !optional(oauth.clientSecret, 'string') ||
    (oauth.clientSecret !== undefined && oauth.clientId === undefined)
  )
    throw new CommandRefused(
      'oauth is { stepThrough?: boolean, clientId?: string, clientSecret?: string (with clientId) }',
    );
}
