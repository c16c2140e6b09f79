/**
 * The client side of the Streamable HTTP transport (2025-03-26 and later): every message is
 * a POST to the MCP endpoint, answered with JSON or an event stream; a GET opens a stream for
 * what the server says unprompted; dropped streams resume with `Last-Event-ID`. A request of
 * the stateless revision (its version in `_meta`) goes out with that revision's headers, and
 * its answer, refusals included, comes back on its own response; closing that response
 * cancels it. Runtime-neutral: web fetch and streams only.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import { ConnectionClosedError, LocalErrorCode } from '../../jsonrpc/errors.js';
import { isObject, isRequestId, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from '../../jsonrpc/message.js';
import { McpErrorCode } from '../../protocol/errors.js';
import type { EraCacheKeyed, ProtocolVersionSetter, SessionIdentified } from '../../protocol/transport-abilities.js';
import type { Transport, TransportReceiver } from '../../jsonrpc/transport.js';
import { buildHeaders, fetchFailure, globalFetch, type FetchLike, type HttpClientOptions } from './fetch-options.js';
import { EventsLostError, HttpStatusError, SessionExpiredError } from './http-error.js';
import { reconnectDelay, reconnectOptions, wait, type ReconnectOptions } from './reconnect.js';
import { discardBody, mediaType, readEventStream, resultOf } from './response-body.js';
import { renewSession } from './session-renewal.js';
import { statelessVersionOfRequest, ToolHeaderBook } from './stateless-headers.js';
import { readStatelessAnswer, type StatelessAnswer } from './stateless-post.js';

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

/** One event stream of ours and what it still owes. */
interface StreamState {
  kind: 'post' | 'get';
  /** Our requests whose responses are expected on this stream. */
  awaiting: Set<RequestId>;
  /** The cursor to resume from; `''` when the server gave none. */
  lastEventId: string;
  /** The reconnection wait the server asked for. */
  retryMs: number | undefined;
  /** Events and ids seen: growth between attempts means the stream is alive. */
  progress: number;
  /** Stops reading it: the transport's close, or the cancellation of its stateless request. */
  signal: AbortSignal;
  /** Whether a drop is resumed with GET; a stateless request's stream is not (2026-07-28). */
  resumable: boolean;
}

const POST_ACCEPT = 'application/json, text/event-stream';

/**
 * A {@link Transport} to a Streamable HTTP server. The session id and protocol version are
 * learned from the initialize exchange passing through it and sent on every later request.
 */
export class StreamableHttpClientTransport implements Transport, EraCacheKeyed, SessionIdentified, ProtocolVersionSetter {
  /** The MCP endpoint. */
  readonly url: string;
  readonly #options: StreamableHttpClientOptions;
  readonly #fetch: FetchLike;
  readonly #reconnect: ReconnectOptions;
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
  /** Stateless requests awaiting their answer; aborting one closes its response (cancels it). */
  readonly #statelessCalls = new Map<RequestId, AbortController>();
  /** Stateless `tools/list` requests awaiting their answer: the tools' annotations are learned from it. */
  readonly #toolLists = new Set<RequestId>();
  readonly #tools = new ToolHeaderBook();
  #refreshes = 0;

  constructor(options: StreamableHttpClientOptions) {
    this.url = new URL(options.url).href;
    this.#options = options;
    this.#fetch = options.fetch ?? globalFetch;
    this.#reconnect = reconnectOptions(options.reconnect);
  }

  /**
   * The server's name in a client's era cache: the endpoint's URL. The spec suggests the
   * origin; one origin can serve endpoints of both eras (`/mcp` and an HTTP+SSE `/sse`), so the
   * path counts too.
   */
  get eraCacheKey(): string {
    return endpointKey(this.url);
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
    const statelessVersion = statelessVersionOfRequest(message);
    if (statelessVersion !== undefined) return this.#sendStateless(message as JsonRpcRequest, statelessVersion);
    if (this.#cancelStateless(message)) return;
    return void (await this.#post(message, this.#abort.signal));
  }

  /** POSTs a message; for an answer on an event stream, returns the reading of that stream. */
  async #post(message: JsonRpcMessage | JsonRpcMessage[], signal: AbortSignal): Promise<{ following: Promise<void> } | undefined> {
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
    let response: Response;
    try {
      const headers = await this.#headers({ accept: POST_ACCEPT, 'content-type': 'application/json' });
      response = await this.#fetch(this.url, { method: 'POST', headers, body: serialize(message), signal });
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
      if (items.some((item) => 'method' in item && item.method === 'notifications/initialized')) this.#openStandaloneStream();
      return;
    }
    const type = mediaType(response);
    if (type === 'text/event-stream' && response.body) {
      const resumable = signal === this.#abort.signal;
      const state: StreamState = { kind: 'post', awaiting: new Set(requestIds), lastEventId: '', retryMs: undefined, progress: 0, signal, resumable };
      const following = this.#follow(state, response.body);
      this.#watch(following);
      return { following };
    }
    if (type === 'application/json') return void (await this.#receiveJson(response, requestIds));
    await discardBody(response);
    throw new Error(`POST ${this.url} answered ${response.status} with ${type || 'no content type'}: expected JSON or an event stream`);
  }

  /**
   * POSTs a stateless request with its revision's headers. A refusal with a JSON-RPC error in
   * its body is the request's answer. A tool call refused for its `Mcp-Param-*` headers is
   * retried once after listing the tools again, as the spec suggests: the tool may have changed.
   */
  async #sendStateless(request: JsonRpcRequest, version: string): Promise<void> {
    const id = request.id;
    const controller = new AbortController();
    const closed = () => controller.abort();
    this.#abort.signal.addEventListener('abort', closed, { once: true });
    this.#statelessCalls.set(id, controller);
    if (request.method === 'tools/list') this.#toolLists.add(id);
    const done = () => {
      this.#statelessCalls.delete(id);
      this.#toolLists.delete(id);
      this.#abort.signal.removeEventListener('abort', closed);
    };
    let answer: StatelessAnswer;
    try {
      answer = await this.#postStateless(request, version, controller.signal);
      // Relisting is a best effort: when it fails, the refusal stands as the answer.
      const relisted = answer.kind === 'error' && answer.error.code === McpErrorCode.HeaderMismatch && (await this.#relistTool(request, version, controller.signal).catch(() => false));
      if (relisted) {
        answer = await this.#postStateless(request, version, controller.signal);
      }
    } catch (error) {
      done();
      // Cancelled by the caller: the request is settled already, nothing more to say.
      if (controller.signal.aborted && !this.#closing) return;
      throw error instanceof HttpStatusError ? error : fetchFailure('POST', this.url, error, this.#closing !== undefined);
    }
    if (answer.kind === 'error') {
      done();
      this.#receiver?.onTransportMessage({ jsonrpc: '2.0', id, error: answer.error });
      return;
    }
    if (answer.kind === 'json') {
      try {
        await this.#receiveJson(answer.response, [id]);
      } finally {
        done();
      }
      return;
    }
    // A stream of the stateless revision cannot be resumed: if it drops, the request fails.
    const state: StreamState = { kind: 'post', awaiting: new Set([id]), lastEventId: '', retryMs: undefined, progress: 0, signal: controller.signal, resumable: false };
    this.#watch(this.#follow(state, answer.body).finally(done));
  }

  async #postStateless(request: JsonRpcRequest, version: string, signal: AbortSignal): Promise<StatelessAnswer> {
    const headers = await buildHeaders(this.#options.headers, { ...this.#tools.headersFor(request, version), accept: POST_ACCEPT, 'content-type': 'application/json' });
    const response = await this.#fetch(this.url, { method: 'POST', headers, body: serialize(request), signal });
    return readStatelessAnswer(this.url, response);
  }

  /**
   * Lists the tools again (every page) after a tool call was refused for its headers; true when
   * the tool is listed, so the call can be retried with the headers it asks for now.
   */
  async #relistTool(request: JsonRpcRequest, version: string, signal: AbortSignal): Promise<boolean> {
    const name = request.params?.name;
    if (request.method !== 'tools/call' || typeof name !== 'string') return false;
    const meta = request.params?._meta;
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const id = `mcpkit-tools-relist-${++this.#refreshes}`;
      const params: Record<string, unknown> = { ...(cursor !== undefined && { cursor }), ...(isObject(meta) && { _meta: meta }) };
      const answer = await this.#postStateless({ jsonrpc: '2.0', id, method: 'tools/list', params }, version, signal);
      if (answer.kind === 'error') return false;
      const result = await resultOf(answer.response, id, signal);
      if (!result) return false;
      this.#tools.learn(result, (warning) => this.#receiver?.onTransportError(warning));
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    return this.#tools.knows(name);
  }

  /**
   * A `notifications/cancelled` for a stateless request in flight: closing its response is the
   * cancellation in that revision, and nothing is sent. False for anything else.
   */
  #cancelStateless(message: JsonRpcMessage | JsonRpcMessage[]): boolean {
    if (Array.isArray(message) || !('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return false;
    const requestId = message.params?.requestId;
    const controller = isRequestId(requestId) ? this.#statelessCalls.get(requestId) : undefined;
    if (!controller || !isRequestId(requestId)) return false;
    this.#statelessCalls.delete(requestId);
    controller.abort();
    return true;
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
      const response = await this.#fetch(this.url, { method: 'DELETE', headers, signal });
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
          fetch: this.#fetch,
          headers: (own, id) => buildHeaders(this.#options.headers, { 'mcp-session-id': id, 'mcp-protocol-version': this.#protocolVersion, ...own }),
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
    if (awaiting.size > 0) throw new Error(`POST ${this.url} answered without a response to request ${[...awaiting].join(', ')}`);
  }

  /** Hands inbound messages up one by one (a 2025-03-26 batch included), noting responses. */
  #deliver(value: unknown, awaiting: Set<RequestId>): void {
    for (let item of Array.isArray(value) ? value : [value]) {
      if (isObject(item) && !('method' in item) && isRequestId(item.id)) {
        awaiting.delete(item.id);
        this.#statelessCalls.delete(item.id);
        if (this.#toolLists.delete(item.id) && isObject(item.result)) {
          item = { ...item, result: this.#tools.learn(item.result, (warning) => this.#receiver?.onTransportError(warning)) };
        }
        if (this.#initializeIds.delete(item.id) && isObject(item.result) && typeof item.result.protocolVersion === 'string') {
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
    this.#watch(this.#follow({ kind: 'get', awaiting: new Set(), lastEventId: '', retryMs: undefined, progress: 0, signal, resumable: true }));
  }

  /** A stream runs on its own; whatever escapes it (a throwing callback) is reported, not lost. */
  #watch(following: Promise<void>): void {
    following.catch((error: unknown) => this.#receiver?.onTransportError(error instanceof Error ? error : new Error(String(error))));
  }

  /**
   * Reads a stream to its end, then reconnects with GET and `Last-Event-ID` while it still
   * owes something: a POST stream its responses, the GET stream always. Never rejects.
   */
  async #follow(state: StreamState, body?: ReadableStream<Uint8Array>): Promise<void> {
    const signal = state.signal;
    let attempt = 0;
    let failure: unknown;
    for (;;) {
      if (body === undefined) {
        const opened = await this.#openGet(state);
        if (opened === 'stop') return;
        if (opened instanceof Error) failure = opened;
        else body = opened;
      }
      if (body !== undefined) {
        const before = state.progress;
        try {
          await this.#read(body, state);
          failure = undefined;
        } catch (error) {
          failure = error;
        }
        body = undefined;
        if (state.progress > before) attempt = 0;
      }
      if (signal.aborted) return;
      if (state.kind === 'post' && state.awaiting.size === 0) return;
      if (state.kind === 'post' && !state.resumable) {
        return this.#fail(state, `the event stream answering POST ${this.url} ended before the response${describe(failure)}`);
      }
      if (state.kind === 'post' && state.lastEventId === '') {
        return this.#fail(state, `the event stream answering POST ${this.url} ended before the response, and gave no event id to resume from${describe(failure)}`);
      }
      if (attempt >= this.#reconnect.maxRetries) {
        const reason = `gave up reconnecting the event stream of ${this.url} after ${attempt} attempts${describe(failure)}`;
        if (state.kind === 'post') this.#fail(state, reason);
        else this.#receiver?.onTransportError(new Error(reason, { cause: failure }));
        return;
      }
      if (!(await wait(reconnectDelay(this.#reconnect, attempt, state.retryMs), signal))) return;
      attempt++;
    }
  }

  /** GET for a stream: the body, an error worth another attempt, or `stop`. */
  async #openGet(state: StreamState): Promise<ReadableStream<Uint8Array> | Error | 'stop'> {
    const sessionId = this.#sessionId;
    let response: Response;
    try {
      const headers = await this.#headers({ accept: 'text/event-stream', ...(state.lastEventId !== '' && { 'last-event-id': state.lastEventId }) });
      response = await this.#fetch(this.url, { method: 'GET', headers, signal: this.#abort.signal });
    } catch (error) {
      return this.#closing ? 'stop' : fetchFailure('GET', this.url, error, false);
    }
    if (response.status === 404 && sessionId !== undefined) {
      await discardBody(response);
      // A renewed session opens its own GET stream; this one belongs to the old session.
      if (!(await this.#renew(sessionId))) this.#expire(sessionId);
      return 'stop';
    }
    if (response.status === 405) {
      // The server offers no GET stream, so it cannot resume one either.
      await discardBody(response);
      if (state.kind === 'post') this.#fail(state, `the event stream answering POST ${this.url} dropped, and the server does not offer GET to resume it (405)`);
      return 'stop';
    }
    if (response.status === 410 && state.lastEventId !== '') return this.#eventsLost(state, await HttpStatusError.from('GET', this.url, response));
    if (!response.ok) return HttpStatusError.from('GET', this.url, response);
    if (mediaType(response) !== 'text/event-stream' || !response.body) {
      await discardBody(response);
      return new Error(`GET ${this.url} answered ${response.status} with ${mediaType(response) || 'no content type'}, not an event stream`);
    }
    return response.body;
  }

  /**
   * The server no longer holds all of the stream after `lastEventId` (410): going on would skip
   * messages silently. The app is told; a POST's stream fails its requests, the GET stream
   * starts anew from what the server sends next.
   */
  #eventsLost(state: StreamState, refusal: HttpStatusError): 'stop' | Error {
    const error = new EventsLostError(this.url, state.lastEventId, state.kind, refusal.message);
    this.#receiver?.onTransportError(error);
    if (state.kind === 'post') {
      this.#fail(state, error.message);
      return 'stop';
    }
    state.lastEventId = '';
    return error;
  }

  async #read(body: ReadableStream<Uint8Array>, state: StreamState): Promise<void> {
    await readEventStream(
      body,
      {
        onEvent: (event) => {
          state.progress++;
          if (event.type === 'message') this.#deliverEvent(event.data, state);
        },
        onRetry: (ms) => (state.retryMs = ms),
        onOversizedEvent: (limit) => this.#receiver?.onTransportError(new Error(`Dropped an event of more than ${limit} characters from ${this.url}`)),
      },
      {
        lastEventId: state.lastEventId,
        signal: state.signal,
        onLastEventId: (id) => {
          if (id === state.lastEventId) return;
          state.lastEventId = id;
          state.progress++;
        },
      },
    );
  }

  #deliverEvent(data: string, state: StreamState): void {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch (error) {
      this.#receiver?.onTransportError(new Error(`Ignored an event from ${this.url} that is not JSON: ${(error as Error).message}`));
      return;
    }
    this.#deliver(value, state.awaiting);
  }

  /** Fails the requests a stream still owes, with an error response each, so none hangs. */
  #fail(state: StreamState, reason: string): void {
    const message = `Connection lost: ${reason}`;
    for (const id of state.awaiting) {
      this.#receiver?.onTransportMessage({ jsonrpc: '2.0', id, error: { code: LocalErrorCode.ConnectionClosed, message } });
    }
    state.awaiting.clear();
  }
}

/** An endpoint URL without its fragment, which no request carries. */
export function endpointKey(url: string | URL): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function describe(failure: unknown): string {
  return failure === undefined ? '' : `: ${failure instanceof Error ? failure.message : String(failure)}`;
}
