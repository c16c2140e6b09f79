/**
 * What both HTTP client transports take: where the server is, how to fetch, authorization,
 * and headers of the application's own.
 * @module
 */
import { AuthorizationError } from '../../auth/client/errors.js';
import type { HttpClientAuth } from '../../auth/client/http-auth.js';
import { ConnectionClosedError, UnserializableMessageError } from '../../jsonrpc/errors.js';

/** The part of `fetch` the transports use; inject one to add a proxy, logging or retries. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Headers sent with every request, or a function giving them (called per request, so a token can be refreshed). */
export type HeadersOption = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

/** Options common to the HTTP client transports. */
export interface HttpClientOptions {
  /** The server's URL: the MCP endpoint, or the SSE endpoint of the 2024-11-05 transport. */
  url: string | URL;
  /** Default `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Extra headers for every request. The transport's own (`Accept`, session, version) win over them. */
  headers?: HeadersOption;
  /**
   * Authorization: the headers each request carries, and what to do when the server refuses
   * one with 401 or 403. `OAuthClient` of `mcpkit/auth` is OAuth 2.1 as MCP specifies it.
   * Without it, a refusal fails the request with an `HttpStatusError` saying what the server asks for.
   */
  auth?: HttpClientAuth;
}

/** The `Accept` of a POST: the server may answer with JSON or with an event stream. */
export const POST_ACCEPT = 'application/json, text/event-stream';

/** The global fetch, looked up when called so it can be replaced later (and never called unbound). */
export const globalFetch: FetchLike = (url, init) => fetch(url, init);

/** `option`'s headers with `own` set over them. */
export async function buildHeaders(
  option: HeadersOption | undefined,
  own: Readonly<Record<string, string | undefined>>,
): Promise<Headers> {
  const headers = new Headers(typeof option === 'function' ? await option() : option);
  for (const [name, value] of Object.entries(own)) {
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The error for a request that got no answer: the connection closed on purpose, or the
 * network failed (fetch's own message is vague; its cause says what happened).
 */
export function fetchFailure(method: string, url: string, error: unknown, closed: boolean): Error {
  if (closed) return new ConnectionClosedError('Connection closed');
  // Authorizing the request failed, or the message could not be written (nothing was sent):
  // that error says what happened, and the connection knows what to do with the second.
  if (error instanceof AuthorizationError || error instanceof UnserializableMessageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new Error(`${method} ${url} failed: ${message}${cause}`, { cause: error });
}
