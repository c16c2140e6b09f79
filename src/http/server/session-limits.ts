/**
 * How many sessions an endpoint holds, and how many of them one client may hold, for the
 * Streamable HTTP and the HTTP+SSE endpoints alike.
 * @module
 */
import { defaultClientKey } from './client-key.js';
import type { HttpRequestLike } from './exchange.js';

/** Limits on the sessions of an endpoint. */
export interface SessionLimits {
  /**
   * Sessions open at once. Default 10,000. When they are all open, a new one takes the place
   * of the session idle longest (nothing in flight, no stream open) on the Streamable HTTP
   * endpoint; with none idle, or on the HTTP+SSE endpoint (whose sessions all have their
   * stream open), it is refused with 503 and `Retry-After`.
   */
  maxSessions?: number;
  /**
   * Sessions one client (see `clientKey`) may hold at once; one more is refused with 429.
   * Default: a tenth of `maxSessions`, rounded up.
   */
  maxSessionsPerClient?: number;
  /**
   * Which client a request comes from, for `maxSessionsPerClient`; `undefined` puts it under
   * no per-client limit. Default: the remote address (an IPv6 one by its /64 prefix); none for
   * loopback addresses, nor where the front does not know the address (the fetch handler).
   * Behind a reverse proxy, return the address it forwards; with authentication, the principal.
   */
  clientKey?: (request: HttpRequestLike) => string | undefined;
}

/** The limits with their defaults filled in. */
export interface ResolvedSessionLimits {
  maxSessions: number;
  maxSessionsPerClient: number;
  clientKey: (request: HttpRequestLike) => string | undefined;
}

/**
 * When a client refused for want of room should try again: soon, as sessions end and go idle
 * all the time, but not at once.
 */
export const RETRY_AFTER_FULL: Readonly<Record<string, string>> = { 'retry-after': '5' };

/** Default of `maxSessions`: 10,000. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/** Fills in the defaults; throws a `RangeError` for values that make no sense. */
export function resolveSessionLimits(limits: SessionLimits): ResolvedSessionLimits {
  const maxSessions = limits.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const maxSessionsPerClient = limits.maxSessionsPerClient ?? Math.ceil(maxSessions / 10);
  for (const [name, value] of [
    ['maxSessions', maxSessions],
    ['maxSessionsPerClient', maxSessionsPerClient],
  ] as const) {
    if (!(value >= 0)) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  }
  return { maxSessions, maxSessionsPerClient, clientKey: limits.clientKey ?? defaultClientKey };
}

/** One client's sessions: the count, and the key to forget it by once it has none. */
export interface ClientSessions {
  readonly key: string;
  count: number;
}

/** Counts the sessions of each client, holding an entry only for clients that have some. */
export class SessionsPerClient {
  readonly #limit: number;
  readonly #clients = new Map<string, ClientSessions>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Counts a new session of `key`; `undefined` when the client has its limit already. */
  add(key: string): ClientSessions | undefined {
    let client = this.#clients.get(key);
    if ((client?.count ?? 0) >= this.#limit) return undefined;
    if (client === undefined) this.#clients.set(key, (client = { key, count: 0 }));
    client.count++;
    return client;
  }

  /** One session of `client` ended. */
  remove(client: ClientSessions): void {
    if (--client.count === 0) this.#clients.delete(client.key);
  }
}
