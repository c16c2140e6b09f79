/**
 * The options of the Streamable HTTP endpoint and their defaults.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import type { HostOriginPolicy } from './host-origin-check.js';
import { resolveSessionLimits, type ResolvedSessionLimits, type SessionLimits } from './session-limits.js';
import { DEFAULT_MAX_STORED_EVENTS, MemoryEventStore, type EventStore } from './event-store.js';
import type { SseConnectionPolicy } from './sse-stream.js';
import { ResourceServer, type ResourceServerOptions } from '../../auth/server/resource-server.js';
import type { FleetStore } from '../../server/fleet/fleet-store.js';

/** How a POST carrying requests is answered. */
export type ResponseMode = 'json' | 'sse';

/**
 * Options of the Streamable HTTP endpoint; `allowedHosts` and `allowedOrigins` guard against
 * DNS rebinding, `maxSessions`, `maxSessionsPerClient` and `clientKey` bound its sessions.
 */
export interface StreamableHttpOptions extends HostOriginPolicy, SessionLimits {
  /**
   * `'json'` (default): one JSON body, switching to an SSE stream only when the handler sends
   * something about the request (progress, a log message, a request to the client) before
   * its response. `'sse'`: every POST carrying requests is answered with an SSE stream.
   */
  responseMode?: ResponseMode;
  /** A session with no HTTP request and no open stream for this long is closed. Default 30 min. */
  sessionIdleTimeoutMs?: number;
  /**
   * Requests of the modern revision (2026-07-28) served at once, subscription streams
   * included; one more is answered 503 with `Retry-After`. Counted apart from sessions, so
   * neither can starve the other. Default 10,000.
   */
  maxModernRequests?: number;
  /** Largest POST body accepted; larger ones are answered 413 without being read. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Requests of one session being handled at once; a POST beyond it is answered 429. Default 64. */
  maxInFlightRequests?: number;
  /**
   * SSE connections one session may hold open through GET at once (its standalone stream and
   * resumed streams); a GET beyond it is answered 429. A POST's own answer stream is not
   * counted: it uses the POST's connection, open anyway until the answer and bounded by
   * `maxInFlightRequests`. Default 8.
   */
  maxSseStreams?: number;
  /**
   * Whether clients may open the standalone SSE stream with GET (default true). When false, a
   * GET is answered 405 and messages not tied to a request cannot reach the client.
   */
  standaloneStream?: boolean;
  /** Creates the event store of each new session. Default: a {@link MemoryEventStore}. */
  eventStore?: () => EventStore;
  /**
   * Events the default store keeps per session; the oldest are dropped, and a resumption that
   * would skip a dropped event is answered 410. Default 1000.
   */
  maxStoredEvents?: number;
  /** Interval of keep-alive comments on open SSE connections; 0 sends none. Default 15 s. */
  keepAliveMs?: number;
  /** Reconnection delay sent to clients (SSE `retry`) with the first event of a stream. */
  sseRetryMs?: number;
  /**
   * For clients of 2025-11-25 and later: close each SSE connection after this long, leaving the
   * stream resumable; the client polls with `Last-Event-ID` after the `retry` delay (`sseRetryMs`,
   * else 1 s). Default: connections stay open.
   */
  sseConnectionMaxMs?: number;
  /** The time source for idle expiry, keep-alives and connection limits. */
  clock?: Clock;
  /** Problems that do not fail a request: dropped messages, handler failures, a verifier that failed. */
  onError?: (error: Error) => void;
  /**
   * Make the endpoint an OAuth resource server: every request needs an access token, checked
   * by `auth.verifier` and meant for `auth.resource`, which is required here (`listen` on a
   * loopback address fills it in), and the endpoint serves its Protected Resource Metadata at
   * `/.well-known/oauth-protected-resource` followed by that resource's path (route that path
   * to this endpoint too). Handlers find who the token speaks for in `ctx.auth`.
   */
  auth?: ResourceServerOptions;
  /**
   * Make the endpoint one process of a fleet behind a load balancer: legacy sessions, their
   * streams' events, `requestState` keys, used states and tasks live in the fleet's store, so
   * any process serves any request. `redisStore()` from `mcpkit/redis`, or a `MemoryFleet`'s
   * handle for several endpoints in one process. Default: this process alone.
   */
  store?: FleetStore;
}

/** The options with every default filled in. */
export interface ResolvedOptions extends HostOriginPolicy, ResolvedSessionLimits {
  responseMode: ResponseMode;
  sessionIdleTimeoutMs: number;
  maxModernRequests: number;
  maxBodyBytes: number;
  maxInFlightRequests: number;
  maxSseStreams: number;
  standaloneStream: boolean;
  createEventStore: () => EventStore;
  keepAliveMs: number;
  sseRetryMs: number | undefined;
  sseConnectionMaxMs: number | undefined;
  clock: Clock;
  onError: (error: Error) => void;
  /** How every SSE connection of the endpoint behaves, made once from the above. */
  ssePolicy: SseConnectionPolicy;
  /** When the endpoint was made: times kept per session count from here. */
  epoch: number;
  /** The `auth` option made ready; none when the endpoint checks no tokens. */
  resourceServer: ResourceServer | undefined;
  store: FleetStore | undefined;
}

/** Default of `sessionIdleTimeoutMs`: 30 minutes. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
/** Default of `maxBodyBytes`: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Fills in the defaults; throws a `RangeError` for values that make no sense. */
export function resolveOptions(options: StreamableHttpOptions): ResolvedOptions {
  const maxStoredEvents = options.maxStoredEvents ?? DEFAULT_MAX_STORED_EVENTS;
  const resolved: ResolvedOptions = {
    responseMode: options.responseMode ?? 'json',
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    ...resolveSessionLimits(options),
    maxModernRequests: options.maxModernRequests ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxInFlightRequests: options.maxInFlightRequests ?? 64,
    maxSseStreams: options.maxSseStreams ?? 8,
    standaloneStream: options.standaloneStream ?? true,
    createEventStore: options.eventStore ?? (() => new MemoryEventStore(maxStoredEvents)),
    keepAliveMs: options.keepAliveMs ?? 15_000,
    sseRetryMs: options.sseRetryMs,
    sseConnectionMaxMs: options.sseConnectionMaxMs,
    clock: options.clock ?? systemClock,
    onError: options.onError ?? (() => {}),
    epoch: (options.clock ?? systemClock).now(),
    store: options.store,
    resourceServer: options.auth === undefined ? undefined : new ResourceServer(options.auth, options.clock),
    ssePolicy: {
      clock: options.clock ?? systemClock,
      keepAliveMs: options.keepAliveMs ?? 15_000,
      retryMs: options.sseRetryMs,
      connectionMaxMs: options.sseConnectionMaxMs,
    },
  };
  if (options.allowedHosts) resolved.allowedHosts = options.allowedHosts;
  if (options.allowedOrigins) resolved.allowedOrigins = options.allowedOrigins;
  for (const key of [
    'sessionIdleTimeoutMs',
    'maxModernRequests',
    'maxBodyBytes',
    'maxInFlightRequests',
    'maxSseStreams',
    'keepAliveMs',
  ] as const) {
    if (!(resolved[key] >= 0)) throw new RangeError(`${key} must be a non-negative number, got ${resolved[key]}`);
  }
  if (resolved.responseMode !== 'json' && resolved.responseMode !== 'sse') {
    throw new RangeError(`responseMode must be 'json' or 'sse', got ${String(resolved.responseMode)}`);
  }
  return resolved;
}
