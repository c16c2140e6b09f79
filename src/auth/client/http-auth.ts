/**
 * What the HTTP client transports ask of authorization, and nothing more: the headers a
 * request carries, and what to do when the server refuses one (401 or 403). OAuth
 * (`OAuthClient`) is one implementation; a client-credentials grant, a JWT bearer grant, token
 * exchange or DPoP proofs are others, or options of it, and none of them changes a transport.
 * @module
 */
import type { BearerChallenge } from '../www-authenticate.js';

/** A request a transport is about to send. */
export interface AuthRequest {
  /** The MCP server: the URL the transport was made for (for HTTP+SSE, its event-stream URL). */
  readonly serverUrl: string;
  /** Where this request goes (the message endpoint of HTTP+SSE is not the server URL). */
  readonly url: string;
  /** The HTTP method: `POST`, `GET` or `DELETE`. */
  readonly method: string;
  /**
   * The revision the request speaks: the negotiated one, the one a modern request names, or the
   * one an initialize request asks for; `undefined` when the transport does not know it.
   */
  readonly protocolVersion?: string | undefined;
  /** True for the initialize request, whose revision is asked for and not yet agreed. */
  readonly handshake?: boolean | undefined;
  /** Aborts when the transport closes: work done for this request should stop then. */
  readonly signal?: AbortSignal | undefined;
}

/** A request and the server's answer to it. */
export interface AuthAnswer extends AuthRequest {
  /** The headers the request carried, the authorization's own among them. */
  readonly sent: Headers;
  /** The answer's HTTP status. */
  readonly status: number;
  /** The answer's headers. */
  readonly headers: Headers;
}

/** A request the server refused with 401 or 403. */
export interface AuthRefusal extends AuthAnswer {
  /** The `Bearer` (else `DPoP`) challenge of the answer's `WWW-Authenticate`, if it has one. */
  readonly challenge: BearerChallenge | undefined;
  /** How many refusals of this same request were answered before this one: 0 for the first. */
  readonly attempt: number;
}

/**
 * Authorization as an HTTP client transport uses it. The transport asks for `headers` before
 * each request, and on a 401 or 403 asks `refused` whether to send the request again; it sends a
 * request at most {@link MAX_AUTH_RETRIES} more times. Implementations serve any number of
 * transports and requests at once.
 */
export interface HttpClientAuth {
  /** Headers to send with this request (`Authorization`, `DPoP`); they win over the application's own. */
  headers(request: AuthRequest): Promise<Record<string, string>> | Record<string, string>;
  /**
   * The server refused a request. Resolves true once it is worth sending again (new credentials,
   * a DPoP nonce), false to let it fail with the refusal; rejects to fail it with another error.
   */
  refused(refusal: AuthRefusal): Promise<boolean>;
  /** Every answer, refusals included, before anything else is done with it: a new DPoP nonce, say. */
  answered?(answer: AuthAnswer): void;
}

/** How many times a transport sends a refused request again, at most. */
export const MAX_AUTH_RETRIES = 3;
