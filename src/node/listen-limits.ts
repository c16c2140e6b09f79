/**
 * What `listen` sets on the `node:http` server itself: deadlines for receiving a request and a
 * cap on connections, against clients that hold connections open without finishing a request.
 * @module
 */
import type { ServerOptions } from 'node:http';

/** Limits of the `node:http` server that `listen` makes. */
export interface ConnectionLimits {
  /**
   * Time allowed to receive a request's headers, from its first byte (or from the connection's
   * start). A slower client is answered 408 and its connection closed. Default 10 s, and never
   * more than `requestTimeoutMs`; 0 for none.
   */
  headersTimeoutMs?: number;
  /**
   * Time allowed to receive a whole request, headers and body. A slower client is answered 408,
   * its connection closed and what it sent let go. Answers, streams included, are not limited
   * by it. Default 30 s, what common proxies allow; 0 for none.
   */
  requestTimeoutMs?: number;
  /**
   * Connections open at once; more are closed as soon as they are accepted. Each may hold a
   * body being read (up to `maxBodyBytes`) for at most `requestTimeoutMs`, so this also bounds
   * that memory. Default 1,000.
   */
  maxConnections?: number;
}

/** Default of `headersTimeoutMs`: 10 s. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Default of `requestTimeoutMs`: 30 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default of `maxConnections`: 1,000. */
export const DEFAULT_MAX_CONNECTIONS = 1_000;

/** The `node:http` server options and connection cap for `limits`; a `RangeError` for values that make no sense. */
export function nodeServerSettings(limits: ConnectionLimits): { options: ServerOptions; maxConnections: number } {
  const requestTimeout = limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  let headersTimeout = limits.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const maxConnections = limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  for (const [name, value] of [
    ['requestTimeoutMs', requestTimeout],
    ['headersTimeoutMs', headersTimeout],
    ['maxConnections', maxConnections],
  ] as const) {
    if (!(value >= 0 && value !== Infinity))
      throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  }
  // Node refuses a headers deadline past the request's; the request's covers the headers too.
  if (requestTimeout > 0 && (headersTimeout === 0 || headersTimeout > requestTimeout)) headersTimeout = requestTimeout;
  // Node looks for expired requests only this often, so a deadline is met within one interval:
  // a tenth of the shortest, between 10 ms and 1 s.
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((ms) => ms > 0), 10_000);
  const connectionsCheckingInterval = Math.min(1000, Math.max(10, Math.floor(shortest / 10)));
  return { options: { requestTimeout, headersTimeout, connectionsCheckingInterval }, maxConnections };
}
