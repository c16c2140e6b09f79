/**
 * Errors of the HTTP client transports: an answer with an error status, a session the server
 * no longer knows, and messages of a stream lost for good.
 * @module
 */
import { quoted } from '../../auth/client/errors.js';
import { bearerChallenge, type BearerChallenge } from '../../auth/www-authenticate.js';
import { ConnectionClosedError } from '../../jsonrpc/errors.js';
import { isObject } from '../../jsonrpc/message.js';
import { readSnippet } from './response-body.js';

/**
 * An HTTP request of a transport was answered with an unexpected status. A 401 or 403 says what
 * the server asks for (its `Bearer` or `DPoP` challenge), never its `error_description`, which
 * is the server's own text: that stays in `challenge` for whoever wants to read it as such.
 */
export class HttpStatusError extends Error {
  /** The request's method: `POST`, `GET` or `DELETE`. */
  readonly method: string;
  /** The URL the request went to. */
  readonly url: string;
  /** The answer's HTTP status. */
  readonly status: number;
  /** The answer's status text, as the server sent it. */
  readonly statusText: string;
  /** The start of the answer's body, for the error message (at most about 1 KiB). */
  readonly body: string;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The `Bearer` (else `DPoP`) challenge of the answer's `WWW-Authenticate`, when it has one. */
  readonly challenge: BearerChallenge | undefined;

  constructor(method: string, url: string, status: number, statusText: string, body: string, headers?: Headers) {
    const challenge = bearerChallenge(headers?.get('www-authenticate'));
    super(
      `${method} ${url} answered ${status}${statusText ? ` ${statusText}` : ''}${describe(status, challenge, body)}`,
    );
    this.name = 'HttpStatusError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.headers = headers ?? new Headers();
    this.challenge = challenge;
  }

  /** Reads the start of `response`'s body (and releases the rest) into an error. */
  static async from(method: string, url: string, response: Response): Promise<HttpStatusError> {
    const body = await readSnippet(response);
    return new HttpStatusError(method, url, response.status, response.statusText, body, response.headers);
  }
}

/**
 * The server answered 404 to a request carrying the session id: the session is over. Every
 * pending request fails with this error and the transport closes; connect again (with a new
 * transport) to start a new session.
 */
export class SessionExpiredError extends ConnectionClosedError {
  /** The session the server no longer knows. */
  readonly sessionId: string;

  constructor(sessionId: string, url: string) {
    super(`Session expired: ${url} no longer knows session ${sessionId} (HTTP 404); reconnect to start a new session`, {
      sessionId,
    });
    this.name = 'SessionExpiredError';
    this.sessionId = sessionId;
  }
}

/**
 * A dropped event stream could not be resumed without a gap: the server answered the GET with
 * `Last-Event-ID` 410, as it no longer holds some of the messages sent on the stream after the
 * last one received. Reported as a transport error (it reaches a `Client`'s `onError`); the
 * requests waiting on a POST's stream fail with its message, and the GET stream opens anew.
 * Read again whatever state those messages concerned (lists, resources, a call's outcome).
 */
export class EventsLostError extends Error {
  /** The endpoint whose stream lost messages. */
  readonly url: string;
  /** The id of the last event received before the gap. */
  readonly lastEventId: string;
  /** The stream that lost messages: a POST's answer stream, or the GET stream. */
  readonly stream: 'post' | 'get';

  constructor(url: string, lastEventId: string, stream: 'post' | 'get', detail: string) {
    super(
      `Messages of the ${stream === 'post' ? 'event stream answering a POST to' : 'GET stream of'} ${url} after event ${lastEventId} were lost: ${detail}`,
    );
    this.name = 'EventsLostError';
    this.url = url;
    this.lastEventId = lastEventId;
    this.stream = stream;
  }
}

/** What the server asks for, for a refusal of authorization; else what the body says. */
function describe(status: number, challenge: BearerChallenge | undefined, body: string): string {
  if (status === 401 || (status === 403 && challenge !== undefined)) {
    const details: string[] = [];
    if (challenge?.error !== undefined && challenge.error !== 'insufficient_scope')
      details.push(`error ${quoted(challenge.error, 40)}`);
    if (challenge?.scope !== undefined) details.push(`scope ${quoted(challenge.scope)}`);
    if (challenge?.resourceMetadata !== undefined)
      details.push(`resource metadata at ${quoted(challenge.resourceMetadata)}`);
    const asks =
      status === 401
        ? 'the server requires authorization'
        : challenge?.error === 'insufficient_scope'
          ? 'the server requires more scope'
          : 'the server refuses access';
    return `: ${asks}${challenge ? ` (${challenge.scheme}${details.map((d) => `, ${d}`).join('')})` : ''}`;
  }
  return describeBody(body);
}

/** `: message` for a body holding a JSON-RPC error, `: text` for other text, nothing when empty. */
function describeBody(body: string): string {
  const text = body.trim();
  if (text.length === 0) return '';
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value) && isObject(value.error) && typeof value.error.message === 'string')
      return `: ${value.error.message}`;
  } catch {
    // Not JSON: show the text as it is.
  }
  return `: ${text.replace(/\s+/g, ' ')}`;
}
