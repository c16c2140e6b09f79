/**
 * The transport of one Streamable HTTP session: what the server sends is routed to the HTTP
 * exchange it belongs to. A response (or batch of them) goes to the POST that carried the
 * request; a message about a request (progress, log, a request to the client) goes on that
 * POST's stream; anything else goes on the standalone GET stream, kept in the event store
 * while no GET is connected.
 * @module
 */
import { ConnectionClosedError } from '../../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import type { SendOptions, Transport } from '../../transports/transport.js';
import type { HttpResponseSink, HttpStreamWriter } from '../exchange.js';
import type { EventStore, StoredMessage } from './event-store.js';
import type { InboundBody } from './inbound-body.js';
import type { ResolvedOptions } from './options.js';
import { PostExchange, type AnswerStreams, type PostExchangeOptions } from './post-exchange.js';
import { SSE_HEADERS } from './replies.js';
import { replayFinished, SseStream, type ReplayedEvent, type SseConnectionPolicy } from './sse-stream.js';

/** Stream id of the standalone (GET) stream; answer streams are `p1`, `p2`, ... */
const STANDALONE_STREAM = 'g';
/** The revision from which clients may be asked to poll: priming events, early closes. */
const POLLING_SINCE = '2025-11-25';

/** Why a GET could not open a stream: the status and message to refuse it with. */
export interface StreamRefusal {
  status: 400 | 405 | 409 | 429;
  message: string;
}

/** The transport the server serves one HTTP session over; the HTTP handlers feed it exchanges. */
export class HttpSessionTransport implements Transport {
  readonly sessionId: string;
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (error?: Error) => void;

  readonly #config: ResolvedOptions;
  readonly #store: EventStore;
  readonly #policy: SseConnectionPolicy;
  readonly #onClosed: () => void;
  /** The POST waiting for each request's answer. */
  readonly #exchanges = new Map<RequestId, PostExchange>();
  /** Batches whose items all lack a usable id: their answer comes back without one. */
  #idlessBatches: PostExchange[] = [];
  /** The POST being delivered: answers sent while the connection reads it belong to it. */
  #delivering: PostExchange | undefined;
  readonly #answerStreams = new Map<string, SseStream>();
  #standalone: SseStream | undefined;
  #streamCount = 0;
  #sseConnections = 0;
  #lastActivity: number;
  readonly #streams: AnswerStreams;
  #closed = false;
  #version: () => string | undefined = () => undefined;

  constructor(sessionId: string, config: ResolvedOptions, onClosed: () => void) {
    this.sessionId = sessionId;
    this.#config = config;
    this.#store = config.createEventStore();
    this.#policy = { clock: config.clock, keepAliveMs: config.keepAliveMs, retryMs: config.sseRetryMs, connectionMaxMs: config.sseConnectionMaxMs };
    this.#onClosed = onClosed;
    this.#lastActivity = config.clock.now();
    this.#streams = { preferStream: config.responseMode === 'sse', open: (sink, headers) => this.#openAnswerStream(sink, headers) };
  }

  /** Tells the transport where to read the negotiated revision once the session is initialized. */
  bindVersion(version: () => string | undefined): void {
    this.#version = version;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Requests of this session waiting for their answer. */
  get inFlight(): number {
    return this.#exchanges.size;
  }

  /** Whether an HTTP request of this session is still being answered (or a stream is open). */
  get busy(): boolean {
    return this.#exchanges.size > 0 || this.#idlessBatches.length > 0 || this.#sseConnections > 0;
  }

  /** When an HTTP request of this session last started or finished. */
  get lastActivity(): number {
    return this.#lastActivity;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Session closed'));
    try {
      if (Array.isArray(message) || !('method' in message)) this.#sendAnswer(message);
      else if (!this.#sendRelated(message, options?.relatedRequestId)) this.#sendStandalone(message);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    for (const exchange of new Set([...this.#exchanges.values(), ...this.#idlessBatches])) exchange.abandon();
    this.#exchanges.clear();
    this.#idlessBatches = [];
    for (const stream of [...this.#answerStreams.values()]) stream.end();
    this.#standalone?.end();
    this.#onClosed();
    this.onclose?.();
    return Promise.resolve();
  }

  /** Marks the session active now: an HTTP request of it arrived (for idle expiry). */
  touch(): void {
    this.#lastActivity = this.#config.clock.now();
  }

  /** Whether a request with this id is still waiting for its answer. */
  idInUse(id: RequestId): boolean {
    return this.#exchanges.has(id);
  }

  /** A POST exchange whose answer streams belong to this session. */
  createExchange(options: PostExchangeOptions): PostExchange {
    return new PostExchange(options, this.#streams);
  }

  /** Hands a POST body to the connection; its answers will go to `exchange`. */
  deliver(body: InboundBody, exchange: PostExchange): void {
    for (const id of exchange.ids) this.#exchanges.set(id, exchange);
    if (exchange.batch && exchange.ids.length === 0 && body.expectsAnswer) this.#idlessBatches.push(exchange);
    this.#delivering = exchange;
    try {
      this.onmessage?.(body.value);
    } finally {
      this.#delivering = undefined;
    }
    if (exchange.finished) this.#retire(exchange);
    for (const id of body.cancelledIds) {
      const target = this.#exchanges.get(id);
      if (target?.cancel(id)) this.#retire(target);
    }
  }

  /**
   * Cancels a request as if its client had sent `notifications/cancelled`: its handler's signal
   * aborts and it is never answered. For requests whose client can only leave (stateless ones).
   */
  cancelRequest(id: RequestId, reason: string): void {
    if (this.#closed || !this.#exchanges.has(id)) return;
    this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } });
    const target = this.#exchanges.get(id);
    if (target?.cancel(id)) this.#retire(target);
  }

  /** Opens the standalone stream on a GET without `Last-Event-ID`; what it missed comes first. */
  openStandalone(sink: HttpResponseSink): StreamRefusal | undefined {
    const stream = this.#standaloneStream();
    if (stream.connected) return { status: 409, message: 'Conflict: the session already has a GET stream open' };
    if (this.#sseConnections >= this.#config.maxSseStreams) return tooManyStreams();
    this.#attach(stream, sink.stream(200, SSE_HEADERS), stream.undelivered());
    return undefined;
  }

  /**
   * Resumes the stream `lastEventId` belongs to: replays what came after it, then goes on with
   * the stream if it is not over. A connection still attached to it is replaced.
   */
  resume(lastEventId: string, sink: HttpResponseSink): StreamRefusal | undefined {
    const replay: ReplayedEvent[] = [];
    const streamId = this.#store.replayAfter(lastEventId, (eventId, message) => replay.push([eventId, message]));
    if (streamId === undefined) return { status: 400, message: 'Bad Request: unknown Last-Event-ID' };
    let stream: SseStream | undefined;
    if (streamId === STANDALONE_STREAM) {
      if (!this.#config.standaloneStream) return { status: 405, message: 'Method Not Allowed: this endpoint offers no GET stream' };
      stream = this.#standaloneStream();
    } else {
      stream = this.#answerStreams.get(streamId);
    }
    if (!stream?.connected && this.#sseConnections >= this.#config.maxSseStreams) return tooManyStreams();
    const writer = sink.stream(200, SSE_HEADERS);
    if (stream) this.#attach(stream, writer, replay);
    else replayFinished(writer, replay);
    return undefined;
  }

  #sendAnswer(answer: StoredMessage): void {
    const exchange = this.#exchangeFor(answer);
    if (!exchange) {
      const ids = (Array.isArray(answer) ? answer : [answer]).map((m) => JSON.stringify((m as { id?: unknown }).id));
      this.#config.onError(new Error(`Dropped an answer no HTTP request waits for (id ${ids.join(', ')})`));
      return;
    }
    exchange.answer(answer);
    this.#retire(exchange);
  }

  #exchangeFor(answer: StoredMessage): PostExchange | undefined {
    for (const item of Array.isArray(answer) ? answer : [answer]) {
      const id = (item as { id?: RequestId | null }).id;
      const exchange = id === null || id === undefined ? undefined : this.#exchanges.get(id);
      if (exchange) return exchange;
    }
    if (this.#delivering && !this.#delivering.finished) return this.#delivering;
    return Array.isArray(answer) ? this.#idlessBatches.shift() : undefined;
  }

  #sendRelated(message: JsonRpcMessage, relatedRequestId: RequestId | undefined): boolean {
    if (relatedRequestId === undefined) return false;
    return this.#exchanges.get(relatedRequestId)?.sendRelated(message) ?? false;
  }

  #sendStandalone(message: JsonRpcMessage): void {
    if (this.#config.standaloneStream) {
      this.#standaloneStream().emit(message);
      return;
    }
    // Without a GET stream a notification not tied to a request has nowhere to go; a request
    // fails now rather than waiting for its timeout.
    if ('id' in message) throw new Error(`Cannot send ${(message as { method: string }).method} to the client: this endpoint offers no GET stream`);
  }

  #retire(exchange: PostExchange): void {
    this.#lastActivity = this.#config.clock.now();
    for (const id of exchange.ids) {
      if (this.#exchanges.get(id) === exchange) this.#exchanges.delete(id);
    }
    const index = this.#idlessBatches.indexOf(exchange);
    if (index !== -1) this.#idlessBatches.splice(index, 1);
  }

  #openAnswerStream(sink: HttpResponseSink, headers: Readonly<Record<string, string>>): SseStream | undefined {
    if (this.#closed || this.#sseConnections >= this.#config.maxSseStreams) return undefined;
    const writer = sink.stream(200, headers);
    const id = `p${++this.#streamCount}`;
    const stream = new SseStream(id, this.#store, this.#policy, () => this.#answerStreams.delete(id));
    this.#answerStreams.set(id, stream);
    this.#attach(stream, writer, []);
    if (this.#pollable()) stream.prime();
    return stream;
  }

  #standaloneStream(): SseStream {
    return (this.#standalone ??= new SseStream(STANDALONE_STREAM, this.#store, this.#policy));
  }

  #attach(stream: SseStream, writer: HttpStreamWriter, replay: readonly ReplayedEvent[]): void {
    this.#sseConnections++;
    let counted = true;
    writer.onClose(() => {
      if (!counted) return;
      counted = false;
      this.#sseConnections--;
      this.#lastActivity = this.#config.clock.now();
    });
    stream.attach(writer, replay, this.#pollable());
  }

  #pollable(): boolean {
    const version = this.#version();
    return version !== undefined && version >= POLLING_SINCE;
  }
}

function tooManyStreams(): StreamRefusal {
  return { status: 429, message: 'Too Many Requests: the session has too many SSE streams open' };
}
