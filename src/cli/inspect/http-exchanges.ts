/**
 * The HTTP exchanges of a server reached by URL, for the network view: each request's method,
 * URL and headers, and its response's status, headers and time. Credentials are masked: the
 * page shows that they were sent, not what they are.
 * @module
 */
import type { FetchLike } from 'mcpkit/http';
import type { HttpExchange } from './protocol.js';

const SECRET = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'dpop']);

/** `fetch`, telling `record` of each exchange once its response's headers came (or it failed). */
export function recordingFetch(record: (exchange: Omit<HttpExchange, 'seq' | 'server'>) => void): FetchLike {
  return async (url, init) => {
    const started = Date.now();
    const request = { method: init.method ?? 'GET', url, requestHeaders: masked(new Headers(init.headers)) };
    try {
      const response = await fetch(url, init);
      record({
        ...request,
        time: started,
        duration: Date.now() - started,
        status: response.status,
        responseHeaders: masked(response.headers),
      });
      return response;
    } catch (error) {
      record({
        ...request,
        time: started,
        duration: Date.now() - started,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  };
}

/** Headers as the page sees them: credentials replaced by their length. */
export function masked(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET.has(name) ? `(${value.length} characters, hidden)` : value;
  });
  return out;
}
