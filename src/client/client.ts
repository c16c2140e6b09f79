/**
 * The MCP client: who this application is, what it can do, and how it answers the server's
 * requests. Each `connect` opens one session with one server. The capabilities it declares
 * follow from the answers it can give (sampling, elicitation, roots).
 * @module
 */
import { systemClock, type Clock } from '../jsonrpc/clock.js';
import { hasCapability, methodAllowed } from '../protocol/methods.js';
import type { RequestContext } from '../protocol/request-context.js';
import type { Telemetry } from '../protocol/telemetry.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import { RequestStamp } from '../protocol/request-stamp.js';
import { Session, sessionAccess, type HandlerTable, type RequestHandler } from '../protocol/session.js';
import { processEraCache, type EraCache } from '../protocol/era-cache.js';
import { selectEra, type EraChoice } from '../protocol/era-selection.js';
import type { Implementation, InitializeOutcome } from '../protocol/handshake.js';
import { eraCacheKeyOf } from '../protocol/transport-abilities.js';
import { isLegacyVersion, LATEST_LEGACY_VERSION, type ProtocolVersion } from '../protocol/versions.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type { Root } from '../types/roots.js';
import { SessionEvents } from './events.js';
import {
  answerHandlers,
  derivedCapabilities,
  mergeCapabilities,
  type AnswerConfig,
  type ElicitationOptions,
  type SamplingHandler,
  type SamplingOptions,
} from './handlers.js';
import { ClientSession, expectUrlElicitations } from './client-session.js';
import { TASKS_EXTENSION } from '../types/tasks.js';
import { ClientTasks, TASK_REQUESTS } from './tasks.js';
import { DEFAULT_MAX_INPUT_ROUNDS } from './multi-round-trip.js';
import { DEFAULT_MAX_CACHE_ENTRIES, ResultCache } from './result-cache.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { Validator } from '../schema/validator.js';

/**
 * The options of a `Client`: the capabilities and answers it declares, how sessions check and cache
 * what servers send.
 */
export interface ClientOptions {
  /**
   * Capabilities to declare beyond those that follow from `sampling`, `elicitation` and
   * `roots`; merged one level deep over them (`{ roots: undefined }` withdraws one).
   */
  capabilities?: ClientCapabilities & Record<string, unknown>;
  /**
   * What records every request and notification the client sends and handles (spans, durations,
   * trace context); `false` records nothing. Default: what `mcpkit/otel`'s `instrument()`
   * installed, if it was called.
   */
  telemetry?: Telemetry | false;
  /** Answers `sampling/createMessage`; declares `sampling` (and `sampling.tools` / `sampling.context` as set). */
  sampling?: SamplingHandler | SamplingOptions;
  /** Answers `elicitation/create` in the modes given; declares `elicitation` with those modes. */
  elicitation?: ElicitationOptions;
  /** The roots to offer (`file://` URIs); declares `roots: { listChanged: true }`. Change them with `setRoots`. */
  roots?: readonly Root[];
  /** Default time limit for each request. Default 60 s. */
  requestTimeoutMs?: number;
  /**
   * Checks tool results' structured content against their output schemas. Default: Ajv, or
   * where the runtime refuses code generation (Workers, a strict Content Security Policy)
   * `InterpretingValidator`, chosen by itself.
   */
  validator?: Validator<JsonSchema>;
  /**
   * Most rounds of input one call answers when the server requires input (2026-07-28) before it
   * fails with an `InputRoundsExceededError`; per call with `maxInputRounds`. Default 10.
   */
  maxInputRounds?: number;
  /**
   * Results with caching hints (2026-07-28: lists, `resources/read`, `server/discover`) are
   * served from the session's cache while fresh. `false` turns that off; `maxEntries` bounds
   * what a session keeps (default 500, the oldest stored going first).
   */
  cache?:
    | boolean
    | {
        /** The most results a session keeps. Default 500. */
        maxEntries?: number;
      };
  /** Problems that do not end a session: malformed messages, listeners or handlers that fail. */
  onError?: (error: Error) => void;
  /** The clock of timeouts and of the cache's freshness. Default the system's. */
  clock?: Clock;
  /**
   * Declares the tasks extension (`io.modelcontextprotocol/tasks`) to 2026-07-28 servers, so a
   * tool the server runs as a task can be called: `callTool` waits for its result, polling at
   * the server's interval and answering its input with the client's handlers;
   * `callToolAsTask` hands the task over. To 2025-11-25 servers it declares that sampling and
   * forms (those the client answers) may be asked as tasks of the client's. Default true.
   */
  tasks?: boolean;
}

/**
 * The options of one `connect`: the revision or era to speak, what is remembered of a server's
 * era, timeouts, a signal to give up.
 */
export interface ConnectOptions {
  /**
   * Pins the revision. A legacy one (`2025-11-25`, ...) runs the initialize handshake with
   * no probe. A modern one (`2026-07-28`) is the first the `server/discover` probe asks
   * for. Default: probe with the latest revision and fall back to the handshake.
   */
  protocolVersion?: ProtocolVersion;
  /**
   * `auto` (default): probe with `server/discover` and fall back to the handshake for a server
   * that does not speak the modern revision, remembering which it was. `modern`: the
   * modern revision or an error. `legacy`: the handshake, no probe.
   */
  era?: EraChoice;
  /** Where the era of each server is remembered. Default: one cache per process; `false` remembers nothing. */
  eraCache?: EraCache | false;
  /**
   * The server's name in the era cache. Default: what the transport gives (a child process's
   * command line, an HTTP endpoint's URL); without either nothing is remembered.
   */
  eraCacheKey?: string;
  /** Time limit for the `server/discover` probe before falling back. Default 10 s. */
  discoverTimeoutMs?: number;
  /**
   * Time limit for the whole connect: the probe, the handshake and any retry together. When it
   * runs out, connect fails with a `RequestTimeoutError` naming what the server did not answer.
   * Default: none beyond each request's own limit (`requestTimeoutMs`).
   */
  timeoutMs?: number;
  /** Gives up connecting: the promise rejects and the transport is closed. */
  signal?: AbortSignal;
}

/** An open session, and what it declared to its server. */
interface OpenSession {
  session: Session;
  declared: Record<string, unknown>;
}

/**
 * An MCP client: who the application is and how it answers a server's requests (sampling,
 * elicitation, roots). Each `connect` opens one session with one server and resolves once it is
 * ready.
 */
export class Client {
  /** Who this application is to servers (`clientInfo`). */
  readonly info: Implementation;
  readonly #options: ClientOptions;
  readonly #requestHandlers = new Map<string, RequestHandler>();
  readonly #answers: AnswerConfig;
  readonly #open = new Set<OpenSession>();
  #roots: readonly Root[] | undefined;

  constructor(info: Implementation, options: ClientOptions = {}) {
    this.info = info;
    this.#options = options;
    checkCount('maxInputRounds', options.maxInputRounds, 0);
    if (typeof options.cache === 'object') checkCount('cache.maxEntries', options.cache.maxEntries, 1);
    if (options.roots) this.#roots = checkedRoots(options.roots);
    const sampling = options.sampling;
    this.#answers = {
      sampling: typeof sampling === 'function' ? { handler: sampling } : sampling,
      elicitation: options.elicitation,
      roots: () => this.#roots,
      onError: options.onError,
    };
  }

  /**
   * Answers a request the server sends with a handler of your own: a custom method, or one of
   * `roots/list`, `sampling/createMessage`, `elicitation/create` in place of the typed option.
   * Its capability must then be declared with the `capabilities` option. Applies to every
   * session, open or not.
   */
  setRequestHandler(method: string, handler: (params: Record<string, unknown>, ctx: RequestContext) => unknown): void {
    this.#requestHandlers.set(method, handler);
  }

  /** What the client declares when it asks for the latest revision. */
  get capabilities(): Record<string, unknown> {
    return this.#capabilitiesFor(LATEST_LEGACY_VERSION);
  }

  /** The roots offered to servers; `[]` when none were set. */
  get roots(): readonly Root[] {
    return this.#roots ?? [];
  }

  /**
   * Replaces the roots (each a `file://` URI) and tells every open session that declared
   * `roots.listChanged` (`notifications/roots/list_changed`); the server then lists them again.
   * Sessions opened later declare roots even if the client started without them.
   */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.#roots = checkedRoots(roots);
    const method = 'notifications/roots/list_changed';
    const sends: Promise<void>[] = [];
    for (const { session, declared } of this.#open) {
      const version = session.protocolVersion;
      if (session.closed || version === undefined || !hasCapability(declared, 'roots.listChanged')) continue;
      if (!methodAllowed(method, version, 'client', 'notification')) continue;
      sends.push(session.notify(method).catch((error: unknown) => this.#report(error)));
    }
    await Promise.all(sends);
  }

  /**
   * Connects over `transport` in the era the server speaks (see {@link ConnectOptions}):
   * probing with `server/discover` by default; resolves with the open session.
   */
  async connect(transport: Transport, options: ConnectOptions = {}): Promise<ClientSession> {
    const pinned = options.protocolVersion;
    // The session answers the server's requests, which only the legacy era has.
    const legacyVersion = pinned !== undefined && isLegacyVersion(pinned) ? pinned : LATEST_LEGACY_VERSION;
    const declared = shapeForRevision('ClientCapabilities', this.#capabilitiesFor(legacyVersion), legacyVersion);
    const events = new SessionEvents(this.#options.onError);
    const answers = answerHandlers(this.#answers, events);
    // Modern input requests get no completion notification: nothing to expect.
    const inputAnswers = answerHandlers(this.#answers, { expectCompletion: () => {}, forgetCompletion: () => {} });
    const inputHandler = (method: string) => this.#requestHandlers.get(method) ?? inputAnswers.get(method);
    // The client's own tasks (2025-11-25), made once the session is.
    let tasks: ClientTasks | undefined;
    const handlers: HandlerTable = {
      request: (method) => {
        const own = this.#requestHandlers.get(method) ?? answers.get(method);
        if (tasks === undefined) return own;
        if (Object.hasOwn(tasks.handlers, method)) return tasks.handlers[method];
        return own && (TASK_REQUESTS as readonly string[]).includes(method) ? tasks.wrap(own) : own;
      },
      notification: (method) => events.handler(method),
    };
    const session = new Session(transport, declared, {
      role: 'client',
      handlers,
      onRequestError: (error) => expectUrlElicitations(error, events),
      ...(this.#options.requestTimeoutMs !== undefined && { defaultTimeoutMs: this.#options.requestTimeoutMs }),
      ...(this.#options.clock && { clock: this.#options.clock }),
      ...(this.#options.onError && { onError: this.#options.onError }),
      // Set by the probe when the server turns out to be modern.
      stamp: new RequestStamp(),
      ...(this.#options.telemetry !== undefined && { telemetry: this.#options.telemetry }),
    });
    if (this.#options.tasks !== false) tasks = new ClientTasks(session, this.#options.clock);
    await sessionAccess.startSession(session);
    try {
      const cacheKey = options.eraCacheKey ?? eraCacheKeyOf(transport);
      const outcome = await selectEra(session, {
        clientInfo: this.info,
        capabilitiesFor: (version) => this.#capabilitiesFor(version),
        ...(pinned !== undefined && { protocolVersion: pinned }),
        ...(options.era !== undefined && { era: options.era }),
        ...(options.eraCache !== false && { cache: options.eraCache ?? processEraCache }),
        ...(cacheKey !== undefined && { cacheKey }),
        ...(options.discoverTimeoutMs !== undefined && { discoverTimeoutMs: options.discoverTimeoutMs }),
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
        ...(this.#options.clock && { clock: this.#options.clock }),
        ...(options.signal && { signal: options.signal }),
      });
      return this.#opened(session, declared, outcome, events, inputHandler);
    } catch (error) {
      await session.close().catch(() => {});
      throw error;
    }
  }

  #opened(
    session: Session,
    declared: Record<string, unknown>,
    outcome: InitializeOutcome,
    events: SessionEvents,
    inputHandler: (method: string) => RequestHandler | undefined,
  ): ClientSession {
    const open: OpenSession = { session, declared };
    this.#open.add(open);
    void session.finished.then(() => this.#open.delete(open));
    const cache = this.#options.cache;
    return new ClientSession(session, outcome, {
      events,
      inputHandler,
      maxInputRounds: this.#options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
      ...(this.#options.validator && { validator: this.#options.validator }),
      ...(this.#options.clock && { clock: this.#options.clock }),
      ...(cache !== false && {
        cache: new ResultCache(
          this.#options.clock ?? systemClock,
          (typeof cache === 'object' ? cache.maxEntries : undefined) ?? DEFAULT_MAX_CACHE_ENTRIES,
        ),
      }),
    });
  }

  #capabilitiesFor(version: string): Record<string, unknown> {
    const derived = derivedCapabilities(this.#answers, version);
    if (this.#options.tasks !== false) {
      // The tasks extension: a call the server makes a task is waited for like any other.
      if (version >= '2026-07-28') derived.extensions = { [TASKS_EXTENSION]: {} };
      // 2025-11-25: the server may ask for sampling or a form as a task of the client's.
      const requests: Record<string, unknown> = {};
      if (derived.sampling !== undefined) requests.sampling = { createMessage: {} };
      if (derived.elicitation !== undefined) requests.elicitation = { create: {} };
      if (version === '2025-11-25' && Object.keys(requests).length > 0)
        derived.tasks = { list: {}, cancel: {}, requests };
    }
    return mergeCapabilities(derived, this.#options.capabilities);
  }

  #report(error: unknown): void {
    this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Refuses a count option that is not a whole number of at least `min`. */
function checkCount(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
    throw new TypeError(`Invalid ${name} ${String(value)}: expected a whole number of at least ${min}`);
  }
}

/** A copy of `roots`, refused when one is not a `file://` URI (the only kind the spec allows). */
function checkedRoots(roots: readonly Root[]): readonly Root[] {
  for (const root of roots) {
    if (typeof root?.uri !== 'string' || !root.uri.startsWith('file://')) {
      throw new TypeError(`Invalid root ${JSON.stringify(root?.uri)}: a root must be a file:// URI`);
    }
  }
  return Object.freeze(roots.map((root) => ({ ...root })));
}
