/**
 * The transport of one Streamable HTTP session: what the server sends is routed to the HTTP
 * exchange it belongs to. A response (or batch of them) goes to the POST that carried the
 * request; a message about a request (progress, log, a request to the client) goes on that
 * POST's stream; anything else goes on the standalone GET stream, kept in the event store
 * while no GET is connected.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import { ConnectionClosedError } from '../../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import type { MessageInfo, SendOptions, Transport, TransportReceiver } from '../../jsonrpc/transport.js';
import {
  HTTP_NETWORK,
  type NetworkAttributes,
  type NetworkDescribed,
  type SessionIdentified,
} from '../../protocol/transport-abilities.js';
import type { HttpResponseSink, HttpStreamWriter } from './exchange.js';
import type { EventStore, StoredMessage } from './event-store.js';
import type { InboundBody } from './inbound-body.js';
import type { ResolvedOptions } from './options.js';
import {
  PostExchange,
  type AnsweredRequests,
  type AnswerStream,
  type AnswerStreams,
  type PostExchangeOptions,
} from './post-exchange.js';
import { FleetStreams, type FleetStreamConfig } from './fleet-streams.js';
import { eventsLost, SSE_HEADERS, tooManyStreams, type StreamRefusal } from './replies.js';
import { replayFinished, SseStream, type ReplayedEvent } from './sse-stream.js';
import { WaitingExchanges } from './waiting-exchanges.js';
import type { ServerSession } from '../../server/server-session.js';

/** Stream id of the standalone (GET) stream; answer streams are `p1`, `p2`, ... */
const STANDALONE_STREAM = 'g';
/** The revision from which clients may be asked to poll: priming events, early closes. */
const POLLING_SINCE = '2025-11-25';

/** Where a session's id is listed, to be forgotten when it closes. */
export interface SessionDirectory {
  forget(id: string): void;
}

/** The transport the server serves one HTTP session over; the HTTP handlers feed it exchanges. */
export class HttpSessionTransport implements Transport, SessionIdentified, AnswerStreams, NetworkDescribed {
  readonly sessionId: string;
  /** The connection, once it started this transport. */
  #receiver: TransportReceiver | undefined;

  readonly #config: SessionConfig;
  // What a session holds only while it is used is created on first use: most sessions sit idle
  // most of the time, and a server holds thousands.
  /** Its SSE streams, once it has one. */
  #sse: SessionStreams | undefined;
  /**
   * The POSTs waiting for answers: made when a request first waits, let go when none waits
   * (unless it grew a map, see {@link WaitingExchanges}), so an idle session holds nothing here.
   */
  #waiting: WaitingExchanges | undefined;
  /** The POST being delivered: answers sent while the connection reads it belong to it. */
  #delivering: PostExchange | undefined;
  /** Since the endpoint's epoch, so it stays a small integer rather than a boxed number. */
  #lastActivity: number;
  #closed = false;
  #serverSession: ServerSession | undefined;
  /** Who opened the session, when the endpoint checks tokens (see `principalOf`). */
  #principal: string | undefined;
  /** Its streams in the fleet's log, when a fleet shares the session and it has one here. */
  #shared: FleetStreams | undefined;

  /**
   * `config.directory` forgets the session's id when it closes (a lane of modern requests has
   * none); with `config.fleet` the session is one a fleet shares, its streams in the fleet's log.
   */
  /** The channel, for telemetry. */
  get network(): NetworkAttributes {
    return HTTP_NETWORK;
  }

  constructor(sessionId: string, config: SessionConfig) {
    this.sessionId = sessionId;
    this.#config = config;
    this.#lastActivity = config.clock.now() - config.epoch;
  }

  /** Whether answers go as a stream even when nothing comes before them (`responseMode: 'sse'`). */
  get preferStream(): boolean {
    return this.#config.responseMode === 'sse';
  }

  /** The streams of a session a fleet shares, once it has one here. */
  #fleetStreams(): FleetStreams | undefined {
    const fleet = this.#config.fleet;
    if (fleet === undefined) return undefined;
    return (this.#shared ??= new FleetStreams(this.sessionId, fleet, () => this.#pollable()));
  }

  #streams(): SessionStreams {
    return (this.#sse ??= {
      store: this.#config.createEventStore(),
      answers: new Map(),
      standalone: undefined,
      count: 0,
      connections: 0,
      gets: 0,
    });
  }

  /** Tells the transport the session it carries. */
  bindSession(serverSession: ServerSession): void {
    this.#serverSession = serverSession;
  }

  /** Binds the session to the principal whose token opened it: requests of any other are refused. */
  bindPrincipal(principal: string): void {
    this.#principal = principal;
  }

  /** The principal the session is bound to, if the endpoint checks tokens. */
  get principal(): string | undefined {
    return this.#principal;
  }

  /** The session this transport carries (once `bindSession` told it). */
  get serverSession(): ServerSession {
    if (!this.#serverSession) throw new Error('HttpSessionTransport: no session is bound yet');
    return this.#serverSession;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Requests of this session waiting for their answer. */
  get inFlight(): number {
    return this.#waiting?.requests ?? 0;
  }

  /** Whether an HTTP request of this session is still being answered (or a stream is open). */
  get busy(): boolean {
    return (
      (this.#waiting !== undefined && !this.#waiting.empty) ||
      (this.#sse?.connections ?? 0) > 0 ||
      (this.#shared?.connections ?? 0) > 0
    );
  }

  /** When an HTTP request of this session last started or finished. */
  get lastActivity(): number {
    return this.#lastActivity + this.#config.epoch;
  }

  start(receiver: TransportReceiver): Promise<void> {
    this.#receiver = receiver;
    return Promise.resolve();
  }

  #receive(message: unknown, info?: MessageInfo): void {
    this.#receiver?.onTransportMessage(message, info);
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Session closed'));
    try {
      // Written once, before anything changes: a message JSON cannot write is refused with
      // nothing sent (the connection answers -32603 in place of an answer, to the same POST),
      // and each route writes this text.
      const text = serialize(message);
      if (Array.isArray(message) || !('method' in message)) this.#sendAnswer(message, text);
      else if (!this.#sendRelated(message, text, options?.relatedRequestId)) this.#sendStandalone(message, text);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    const waiting = this.#waiting?.takeAll();
    this.#waiting = undefined;
    for (const exchange of waiting ?? []) exchange.abandon();
    for (const stream of [...(this.#sse?.answers.values() ?? [])]) stream.end();
    this.#sse?.standalone?.end();
    this.#shared?.close();
    this.#config.directory?.forget(this.sessionId);
    this.#receiver?.onTransportClose();
    return Promise.resolve();
  }

  /** Marks the session active now: an HTTP request of it arrived (for idle expiry). */
  touch(): void {
    this.#lastActivity = this.#config.clock.now() - this.#config.epoch;
  }

  /** Whether a request with this id is still waiting for its answer. */
  idInUse(id: RequestId): boolean {
    return this.#waiting?.get(id) !== undefined;
  }

  /** A POST exchange whose answer streams belong to this session. */
  createExchange(options: PostExchangeOptions): PostExchange {
    return new PostExchange(options, this);
  }

  /**
   * Hands a POST body to the connection, with what was learned reading it (`info`); its
   * answers will go to `exchange`.
   */
  deliver(body: InboundBody, exchange: PostExchange, info?: MessageInfo): void {
    if (exchange.ids.length > 0) {
      const waiting = (this.#waiting ??= new WaitingExchanges());
      for (const id of exchange.ids) waiting.add(id, exchange);
    } else if (exchange.batch && body.expectsAnswer) {
      (this.#waiting ??= new WaitingExchanges()).addWithoutIds(exchange);
    }
    this.#delivering = exchange;
    try {
      this.#receive(body.value, info);
    } finally {
      this.#delivering = undefined;
    }
    if (exchange.finished) this.#retire(exchange);
    for (const id of body.cancelledIds) {
      const target = this.#waiting?.get(id);
      if (target?.cancel(id)) this.#retire(target);
    }
  }

  /**
   * Cancels a request as if its client had sent `notifications/cancelled`: its handler's signal
   * aborts and it is never answered. For requests whose client can only leave (modern ones).
   */
  cancelRequest(id: RequestId, reason: string): void {
    if (this.#closed || this.#waiting?.get(id) === undefined) return;
    this.#receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } });
    const target = this.#waiting?.get(id);
    if (target?.cancel(id)) this.#retire(target);
  }

  /** A message a fleet's other process received for this session (an answer to a request sent here). */
  receiveRouted(message: JsonRpcMessage): void {
    if (!this.#closed) this.#receive(message);
  }

  /** Opens the standalone stream on a GET without `Last-Event-ID`; what it missed comes first. */
  openStandalone(sink: HttpResponseSink): StreamRefusal | undefined {
    const shared = this.#fleetStreams();
    if (shared) return shared.openStandalone(sink);
    const stream = this.#standaloneStream();
    if (stream.connected) return { status: 409, message: 'Conflict: the session already has a GET stream open' };
    if (this.#streams().gets >= this.#config.maxSseStreams) return tooManyStreams();
    const { events, eventsLost } = stream.undelivered();
    // Sent while no GET was open and never asked for by id: the client is owed no continuity.
    if (eventsLost)
      this.#config.onError(
        new Error(
          `Session ${this.sessionId}: messages for the GET stream were dropped from the event store before a client read them`,
        ),
      );
    this.#attach(stream, sink.stream(200, SSE_HEADERS), events, true);
    return undefined;
  }

  /**
   * Resumes the stream `lastEventId` belongs to: replays what came after it, then goes on with
   * the stream if it is not over. A connection still attached to it is replaced. When part of
   * what came after it is no longer held, the answer is 410 rather than a stream with a gap.
   */
  resume(lastEventId: string, sink: HttpResponseSink): StreamRefusal | undefined | Promise<StreamRefusal | undefined> {
    const shared = this.#fleetStreams();
    if (shared) return shared.resume(lastEventId, sink);
    const replay: ReplayedEvent[] = [];
    const found = this.#streams().store.replayAfter(lastEventId, (eventId, message) => replay.push([eventId, message]));
    if (found === undefined) return { status: 400, message: 'Bad Request: unknown Last-Event-ID' };
    if (found.eventsLost) return eventsLost(lastEventId);
    const streamId = found.streamId;
    let stream: SseStream | undefined;
    if (streamId === STANDALONE_STREAM) {
      if (!this.#config.standaloneStream)
        return { status: 405, message: 'Method Not Allowed: this endpoint offers no GET stream' };
      stream = this.#standaloneStream();
    } else {
      stream = this.#streams().answers.get(streamId);
    }
    if (!stream?.connected && this.#streams().gets >= this.#config.maxSseStreams) return tooManyStreams();
    const writer = sink.stream(200, SSE_HEADERS);
    if (stream) this.#attach(stream, writer, replay, true);
    else replayFinished(writer, replay);
    return undefined;
  }

  #sendAnswer(answer: StoredMessage, text: string): void {
    const exchange = this.#exchangeFor(answer);
    if (!exchange) {
      const ids = (Array.isArray(answer) ? answer : [answer]).map((m) => JSON.stringify((m as { id?: unknown }).id));
      this.#config.onError(new Error(`Dropped an answer no HTTP request waits for (id ${ids.join(', ')})`));
      return;
    }
    exchange.answer(answer, text);
    this.#retire(exchange);
  }

  #exchangeFor(answer: StoredMessage): PostExchange | undefined {
    for (const item of Array.isArray(answer) ? answer : [answer]) {
      const id = (item as { id?: RequestId | null }).id;
      const exchange = id === null || id === undefined ? undefined : this.#waiting?.get(id);
      if (exchange) return exchange;
    }
    if (this.#delivering && !this.#delivering.finished) return this.#delivering;
    return Array.isArray(answer) ? this.#waiting?.takeWithoutIds() : undefined;
  }

  #sendRelated(message: JsonRpcMessage, text: string, relatedRequestId: RequestId | undefined): boolean {
    if (relatedRequestId === undefined) return false;
    return this.#waiting?.get(relatedRequestId)?.sendRelated(message, text) ?? false;
  }

  #sendStandalone(message: JsonRpcMessage, text: string): void {
    if (this.#config.standaloneStream) {
      const shared = this.#fleetStreams();
      if (shared) shared.sendStandalone(message);
      else this.#standaloneStream().emit(message, text);
      return;
    }
    // Without a GET stream a notification not tied to a request has nowhere to go; a request
    // fails now rather than waiting for its timeout.
    if ('id' in message)
      throw new Error(
        `Cannot send ${(message as { method: string }).method} to the client: this endpoint offers no GET stream`,
      );
  }

  #retire(exchange: PostExchange): void {
    this.touch();
    const waiting = this.#waiting;
    if (waiting === undefined) return;
    waiting.remove(exchange);
    if (waiting.empty && waiting.disposable) this.#waiting = undefined;
  }

  /**
   * Opens a POST's answer stream, or returns `undefined` once the session is closed. Not held to
   * `maxSseStreams`: it takes the POST's own connection, open anyway until the answer and
   * bounded by `maxInFlightRequests`, and what is sent about a request belongs on its stream.
   */
  openAnswerStream(
    sink: HttpResponseSink,
    headers: Readonly<Record<string, string>>,
    answers: AnsweredRequests,
  ): AnswerStream | undefined {
    if (this.#closed) return undefined;
    const shared = this.#fleetStreams();
    if (shared) return shared.openAnswer(sink, headers, answers);
    const sse = this.#streams();
    const writer = sink.stream(200, headers);
    const id = `p${++sse.count}`;
    const stream = new SseStream(id, sse.store, this.#config.ssePolicy, () => sse.answers.delete(id));
    sse.answers.set(id, stream);
    this.#attach(stream, writer, [], false);
    if (this.#pollable()) stream.prime();
    return stream;
  }

  #standaloneStream(): SseStream {
    const sse = this.#streams();
    return (sse.standalone ??= new SseStream(STANDALONE_STREAM, sse.store, this.#config.ssePolicy));
  }

  /** `byGet`: the connection is a GET's, counted against `maxSseStreams`. */
  #attach(stream: SseStream, writer: HttpStreamWriter, replay: readonly ReplayedEvent[], byGet: boolean): void {
    const sse = this.#streams();
    sse.connections++;
    if (byGet) sse.gets++;
    let counted = true;
    writer.onClose(() => {
      if (!counted) return;
      counted = false;
      sse.connections--;
      if (byGet) sse.gets--;
      this.touch();
    });
    stream.attach(writer, replay, this.#pollable());
  }

  #pollable(): boolean {
    const version = this.#serverSession?.protocolVersion;
    return version !== undefined && version >= POLLING_SINCE;
  }
}

/** The options a session's transport is made with. */
export type SessionConfig = ResolvedOptions & { directory?: SessionDirectory; fleet?: FleetStreamConfig };

/** A session's SSE streams: their events, the open answer streams, the standalone one, and the connections. */
interface SessionStreams {
  readonly store: EventStore;
  readonly answers: Map<string, SseStream>;
  standalone: SseStream | undefined;
  /** Answer streams opened so far (their ids are `p1`, `p2`, ...). */
  count: number;
  /** SSE connections attached now, of every stream. */
  connections: number;
  /** Of those, the ones opened by GET: what `maxSseStreams` bounds. */
  gets: number;
}
