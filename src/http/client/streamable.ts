/**
 * The client side of the Streamable HTTP transport (2025-03-26 and later), and its session:
 * every message is a POST to the MCP endpoint, answered with JSON or an event stream; the
 * session id and revision are learned from the initialize exchange and sent on every later
 * request; a GET opens a stream for what the server says unprompted; dropped streams resume
 * with `Last-Event-ID` (`stream-follower.ts`); a session the server forgot is renewed. A request
 * of the modern revision (its version in `_meta`) goes to the transport's modern lane
 * (`modern-lane.ts`) instead. Runtime-neutral: web fetch and streams only.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import { ConnectionClosedError } from '../../jsonrpc/errors.js';
import {
  isObject,
  isRequestId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
} from '../../jsonrpc/message.js';
import {
  httpNetworkTo,
  type EraCacheKeyed,
  type NetworkAttributes,
  type NetworkDescribed,
  type ProtocolVersionSetter,
  type SessionIdentified,
} from '../../protocol/transport-abilities.js';
import type { Transport, TransportReceiver } from '../../jsonrpc/transport.js';
import {
  buildHeaders,
  fetchFailure,
  globalFetch,
  POST_ACCEPT,
  type FetchLike,
  type HttpClientOptions,
} from './fetch-options.js';
import { HttpStatusError, SessionExpiredError } from './http-error.js';
import { authorizedFetch, type AuthorizedSending } from './authorized-fetch.js';
import { reconnectOptions, type ReconnectOptions } from './reconnect.js';
import { discardBody, mediaType } from './response-body.js';
import { renewSession } from './session-renewal.js';
import { modernVersionOfRequest } from './modern-headers.js';
import { ModernLane } from './modern-lane.js';
import { followStream, type StreamOwner, type StreamState } from './stream-follower.js';

/** Options of a {@link StreamableHttpClientTransport}. */
export interface StreamableHttpClientOptions extends HttpClientOptions {
  /** How dropped event streams are reconnected. */
  reconnect?: Partial<ReconnectOptions>;
  /**
   * When the server forgets the session (404), start a new one with the same initialize
   * parameters and retry, as the spec requires. Default true. Server-side state of the old
   * session (subscriptions, log level) does not carry over.
   */
  renewSession?: boolean;
  /**
   * The server forgot the session (404) and no new one could be started (or `renewSession` is
   * false). The transport has closed with `error`, which every pending request gets too.
   */
  onSessionExpired?: (error: SessionExpiredError) => void;
  /** Open the GET stream for server-initiated messages once initialized. Default true. */
  standaloneStream?: boolean;
  /** How long `close()` waits for the server to answer the DELETE ending the session. Default 5000 ms. */
  closeTimeoutMs?: number;
}

/**
 * A {@link Transport} to a Streamable HTTP server. The session id and protocol version are
 * learned from the initialize exchange passing through it and sent on every later request.
 */
export class StreamableHttpClientTransport
  implements Transport, EraCacheKeyed, SessionIdentified, ProtocolVersionSetter, NetworkDescribed
{
  /** The MCP endpoint. */
  readonly url: string;
  readonly #options: StreamableHttpClientOptions;
  readonly #fetch: FetchLike;
  // Aborts every request and stream of this transport at close.
  readonly #abort = new AbortController();
  /** Our initialize requests still unanswered: their answer carries the negotiated version. */
  readonly #initializeIds = new Set<RequestId>();
  #sessionId: string | undefined;
  #protocolVersion: string | undefined;
  /** The client's initialize params, to open a new session like the first one. */
  #initializeParams: Record<string, unknown> | undefined;
  #renewing: Promise<boolean> | undefined;
  /** Set by `start()`. */
  #receiver: TransportReceiver | undefined;
  #standaloneOpened = false;
  #closing: Promise<void> | undefined;
  /** How this transport's event streams are reopened and what they deliver to. */
  readonly #streams: StreamOwner;
  /** Requests of the modern revision, once one was sent. */
  #lane: ModernLane | undefined;
  #network: NetworkAttributes | undefined;

  constructor(options: StreamableHttpClientOptions) {
    this.url = new URL(options.url).href;
    this.#options = options;
    this.#fetch = options.fetch ?? globalFetch;
    this.#streams = {
      url: this.url,
      reconnect: reconnectOptions(options.reconnect),
      reopen: (state) => this.#reopen(state),
      deliver: (value, awaiting) => this.#deliver(value, awaiting),
      receive: (message) => this.#receiver?.onTransportMessage(message),
      warn: (error) => this.#receiver?.onTransportError(error),
    };
  }

  /**
   * The server's name in a client's era cache: the endpoint's URL. The spec suggests the
   * origin; one origin can serve endpoints of both eras (`/mcp` and an HTTP+SSE `/sse`), so the
   * path counts too.
   */
  get eraCacheKey(): string {
    return endpointKey(this.url);
  }

  /** The channel, for telemetry: HTTP to the endpoint's host and port. */
  get network(): NetworkAttributes {
    return (this.#network ??= httpNetworkTo(new URL(this.url)));
  }

  /** The session id the server assigned at initialization, if any. */
  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  /** The protocol version sent in `MCP-Protocol-Version`, once known. */
  get protocolVersion(): string | undefined {
    return this.#protocolVersion;
  }

  /**
   * Sets the version sent in `MCP-Protocol-Version`. The transport already reads it from the
   * initialize result passing through; this is for a caller that negotiates some other way.
   */
  setProtocolVersion(version: string): void {
    this.#protocolVersion = version;
  }

  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('StreamableHttpClientTransport already started');
    this.#receiver = receiver;
  }

  /**
   * POSTs one message (or batch). Resolves once the server accepted it: for a request, once
   * its JSON answer is delivered or its event stream has begun. Rejects with an
   * {@link HttpStatusError} for an error status, so the request it carried fails with it.
   */
  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closing) throw new ConnectionClosedError();
    const modernVersion = modernVersionOfRequest(message);
    if (modernVersion !== undefined) return this.#modernLane().send(message as JsonRpcRequest, modernVersion);
    if (this.#lane?.cancel(message)) return;
    return void (await this.#post(message, this.#abort.signal));
  }

  /** POSTs a message; for an answer on an event stream, returns the reading of that stream. */
  async #post(
    message: JsonRpcMessage | JsonRpcMessage[],
    signal: AbortSignal,
  ): Promise<{ following: Promise<void> } | undefined> {
    const items = Array.isArray(message) ? message : [message];
    const requestIds: RequestId[] = [];
    let initializing = false;
    for (const item of items) {
      if (!('method' in item) || !('id' in item)) continue;
      requestIds.push(item.id);
      if (item.method === 'initialize') {
        initializing = true;
        this.#initializeIds.add(item.id);
        this.#initializeParams = item.params;
      }
    }
    const sessionId = this.#sessionId;
    // An initialize asks for a revision; the server has not agreed to it yet.
    const asked = initializing ? this.#initializeParams?.protocolVersion : undefined;
    const revision = typeof asked === 'string' ? { version: asked, handshake: true } : undefined;
    let response: Response;
    try {
      const headers = await this.#headers({ accept: POST_ACCEPT, 'content-type': 'application/json' });
      response = await this.#send('POST', { headers, body: serialize(message), signal }, revision, {
        hold: this.#holding(requestIds),
      });
    } catch (error) {
      throw fetchFailure('POST', this.url, error, this.#closing !== undefined);
    }
    if (!response.ok) {
      if (response.status === 404 && sessionId !== undefined) {
        await discardBody(response);
        if (!initializing && (await this.#renew(sessionId))) return this.#post(message, signal);
        throw this.#expire(sessionId);
      }
      throw await HttpStatusError.from('POST', this.url, response);
    }
    if (initializing) this.#sessionId = response.headers.get('mcp-session-id') ?? undefined;
    if (requestIds.length === 0) {
      await discardBody(response);
      if (items.some((item) => 'method' in item && item.method === 'notifications/initialized'))
        this.#openStandaloneStream();
      return;
    }
    const type = mediaType(response);
    if (type === 'text/event-stream' && response.body) {
      const resumable = signal === this.#abort.signal;
      const state: StreamState = {
        kind: 'post',
        awaiting: new Set(requestIds),
        lastEventId: '',
        retryMs: undefined,
        progress: 0,
        signal,
        resumable,
      };
      const following = followStream(this.#streams, state, response.body);
      this.#watch(following);
      return { following };
    }
    if (type === 'application/json') return void (await this.#receiveJson(response, requestIds));
    await discardBody(response);
    throw new Error(
      `POST ${this.url} answered ${response.status} with ${type || 'no content type'}: expected JSON or an event stream`,
    );
  }

  /** Ends the session: aborts open streams, sends DELETE with the session id (a 405 is fine). */
  close(): Promise<void> {
    return this.#shutdown(undefined, true);
  }

  #shutdown(error: Error | undefined, terminate: boolean): Promise<void> {
    if (this.#closing) return this.#closing;
    const sessionId = this.#sessionId;
    this.#abort.abort(new ConnectionClosedError());
    this.#closing = (async () => {
      if (terminate && sessionId !== undefined) await this.#terminate();
      this.#receiver?.onTransportClose(error);
    })();
    return this.#closing;
  }

  async #terminate(): Promise<void> {
    try {
      const headers = await this.#headers({});
      const signal = AbortSignal.timeout(this.#options.closeTimeoutMs ?? 5000);
      // Ending the session is no reason to authorize again: a refusal is reported, nothing more.
      const response = await this.#send('DELETE', { headers, signal }, undefined, { retry: false });
      // 405: the server does not let clients end sessions; 404: it already ended it.
      if (response.ok || response.status === 405 || response.status === 404) await discardBody(response);
      else this.#receiver?.onTransportError(await HttpStatusError.from('DELETE', this.url, response));
    } catch (error) {
      this.#receiver?.onTransportError(fetchFailure('DELETE', this.url, error, false));
    }
  }

  /**
   * Opens a new session in place of `expired`; true when one is open (this call's or a
   * concurrent one's). Requests of the old session waiting on its streams are not retried.
   */
  #renew(expired: string): Promise<boolean> {
    if (this.#sessionId !== expired) return Promise.resolve(this.#sessionId !== undefined);
    if (this.#renewing) return this.#renewing;
    const params = this.#initializeParams;
    if (this.#options.renewSession === false || params === undefined || this.#closing) return Promise.resolve(false);
    this.#renewing = (async () => {
      try {
        const sessionId = await renewSession({
          url: this.url,
          fetch: (_url, init) => this.#send(init.method ?? 'POST', init),
          headers: (own, id) =>
            buildHeaders(this.#options.headers, {
              'mcp-session-id': id,
              'mcp-protocol-version': this.#protocolVersion,
              ...own,
            }),
          initializeParams: params,
          protocolVersion: this.#protocolVersion,
          signal: this.#abort.signal,
        });
        if (sessionId === undefined) return false;
        this.#sessionId = sessionId;
        this.#standaloneOpened = false;
        this.#openStandaloneStream();
        return true;
      } catch {
        return false;
      } finally {
        this.#renewing = undefined;
      }
    })();
    return this.#renewing;
  }

  /** The session is gone: close with an error that every pending request gets. */
  #expire(sessionId: string): SessionExpiredError {
    const error = new SessionExpiredError(sessionId, this.url);
    if (this.#closing) return error;
    void this.#shutdown(error, false);
    try {
      this.#options.onSessionExpired?.(error);
    } catch (thrown) {
      this.#receiver?.onTransportError(thrown instanceof Error ? thrown : new Error(String(thrown)));
    }
    return error;
  }

  #headers(own: Record<string, string>): Promise<Headers> {
    return buildHeaders(this.#options.headers, {
      'mcp-session-id': this.#sessionId,
      'mcp-protocol-version': this.#protocolVersion,
      ...own,
    });
  }

  async #receiveJson(response: Response, requestIds: RequestId[]): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(await response.text());
    } catch (error) {
      if (this.#closing) throw new ConnectionClosedError();
      throw new Error(`POST ${this.url} answered with invalid JSON: ${(error as Error).message}`, { cause: error });
    }
    const awaiting = new Set(requestIds);
    this.#deliver(value, awaiting);
    // Without this a request the server answered with something else would wait for its timeout.
    if (awaiting.size > 0)
      throw new Error(`POST ${this.url} answered without a response to request ${[...awaiting].join(', ')}`);
  }

  /** Hands inbound messages up one by one (a 2025-03-26 batch included), noting responses. */
  #deliver(value: unknown, awaiting: Set<RequestId>): void {
    for (let item of Array.isArray(value) ? value : [value]) {
      if (isObject(item) && !('method' in item) && isRequestId(item.id)) {
        awaiting.delete(item.id);
        if (this.#lane) item = this.#lane.answered(item.id, item);
        if (
          this.#initializeIds.delete(item.id) &&
          isObject(item.result) &&
          typeof item.result.protocolVersion === 'string'
        ) {
          // Set before the initialize response goes up: the initialized notification must carry it.
          this.#protocolVersion = item.result.protocolVersion;
        }
      }
      this.#receiver?.onTransportMessage(item);
    }
  }

  #openStandaloneStream(): void {
    if (this.#standaloneOpened || this.#options.standaloneStream === false) return;
    this.#standaloneOpened = true;
    const signal = this.#abort.signal;
    this.#watch(
      followStream(this.#streams, {
        kind: 'get',
        awaiting: new Set(),
        lastEventId: '',
        retryMs: undefined,
        progress: 0,
        signal,
        resumable: true,
      }),
    );
  }

  /** A stream runs on its own; whatever escapes it (a throwing callback) is reported, not lost. */
  #watch(following: Promise<void>): void {
    following.catch((error: unknown) =>
      this.#receiver?.onTransportError(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /**
   * GETs a stream of the session again (from `Last-Event-ID` when it has one); `stop` when the
   * transport is closing or the session is gone (a renewed one opens its own GET stream).
   */
  async #reopen(state: StreamState): Promise<Response | Error | 'stop'> {
    const sessionId = this.#sessionId;
    let response: Response;
    try {
      const headers = await this.#headers({
        accept: 'text/event-stream',
        ...(state.lastEventId !== '' && { 'last-event-id': state.lastEventId }),
      });
      response = await this.#send('GET', { headers, signal: this.#abort.signal });
    } catch (error) {
      return this.#closing ? 'stop' : fetchFailure('GET', this.url, error, false);
    }
    if (response.status === 404 && sessionId !== undefined) {
      await discardBody(response);
      if (!(await this.#renew(sessionId))) this.#expire(sessionId);
      return 'stop';
    }
    return response;
  }

  /**
   * Sends a request to the endpoint, with the authorization of the `auth` option. `revision` is
   * the one the request speaks when it is not the session's: what an initialize asks for (not
   * agreed yet), what a modern request names.
   */
  #send(
    method: string,
    init: RequestInit,
    revision?: { version: string; handshake: boolean },
    sending?: AuthorizedSending,
  ): Promise<Response> {
    return authorizedFetch(
      this.#fetch,
      this.#options.auth,
      {
        serverUrl: this.url,
        url: this.url,
        method,
        protocolVersion: revision?.version ?? this.#protocolVersion,
        handshake: revision?.handshake ?? false,
        signal: this.#abort.signal,
      },
      init,
      sending,
    );
  }

  /** Tells the connection that the requests `ids` wait for authorization, or go on. */
  #holding(ids: readonly RequestId[]): ((held: boolean) => void) | undefined {
    if (ids.length === 0 || this.#options.auth === undefined) return undefined;
    return (held) => {
      for (const id of ids) this.#receiver?.onTransportHold?.(id, held);
    };
  }

  /** The lane of modern requests, made with the first of them. */
  #modernLane(): ModernLane {
    return (this.#lane ??= new ModernLane({
      url: this.url,
      post: (init, version, id) =>
        this.#send('POST', init, { version, handshake: false }, { hold: this.#holding([id]) }),
      headers: this.#options.headers,
      signal: this.#abort.signal,
      isClosing: () => this.#closing !== undefined,
      receive: (message) => this.#receiver?.onTransportMessage(message),
      warn: (error) => this.#receiver?.onTransportError(error),
      receiveJson: (response, requestIds) => this.#receiveJson(response, requestIds),
      follow: (state, body, then) => this.#watch(followStream(this.#streams, state, body).finally(then)),
    }));
  }
}

/** An endpoint URL without its fragment, which no request carries. */
export function endpointKey(url: string | URL): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}
