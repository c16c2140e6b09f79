/**
 * What a server is built with (`new Server(info, options)`), each option documented where an
 * editor shows it. `server.ts` wires what they configure.
 * @module
 */
import type { Clock } from '../jsonrpc/clock.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { Validator } from '../schema/validator.js';
import type { Telemetry } from '../protocol/telemetry.js';
import type { ProtocolVersion } from '../protocol/versions.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { CacheOptions } from './modern-results.js';
import type { RequestStateOptions } from './multi-round-trip/serve.js';
import type { SkillsOptions } from './skills/options.js';
import type { SkillSource } from './skills/source.js';
import type { TaskOptions } from './tasks/task-manager.js';

/**
 * The options of a `Server`: what it tells clients, the revisions it speaks, and where it keeps
 * tasks, state and sessions.
 */
export interface ServerOptions {
  /** Guidance for the model on how to use this server, sent at initialization. */
  instructions?: string;
  /**
   * What records every request and notification the server sends and handles (spans, durations,
   * trace context); `false` records nothing. Default: what `mcpkit/otel`'s `instrument()`
   * installed, if it was called.
   */
  telemetry?: Telemetry | false;
  /**
   * Checks values against plain JSON Schemas (tool arguments and results). Default: Ajv, which
   * compiles each schema to a function, or where the runtime refuses code generation (Workers,
   * a strict Content Security Policy) `InterpretingValidator`, chosen by itself.
   */
  validator?: Validator<JsonSchema>;
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
  /** The clock of the server's timeouts, task lifetimes and state expiries. Default the system's. */
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
  cache?: CacheOptions;
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
  /**
   * Agent Skills to serve, by the Skills extension (`io.modelcontextprotocol/skills`): a source
   * (`skillsFromFiles({...})`, `folderSkills(dir)` of `mcpkit/node`), or options with one.
   * Declares the extension and the `resources` capability, answers `skills/list`, `skills/get`
   * and `resources/directory/read`, and serves the files as `skill://` resources. Each skill that
   * cannot be served is reported to `onError` when the server is built; the others are served.
   */
  skills?: SkillSource | SkillsOptions;
}
