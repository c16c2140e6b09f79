/**
 * The SSE streams of a session a fleet shares, as one process sees them. Every event goes
 * into the fleet's log first; a process writes to the connections it holds what the log
 * tells it, in the log's order. So a stream goes on whichever process the client reaches:
 * a POST's answer stream resumed elsewhere after its connection broke, or the standalone
 * stream, fed by every process, on whichever one holds its GET.
 * @module
 */
import { errorResponse, serialize } from '../../jsonrpc/codec.js';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import type { EventMessage, FleetStore, LoggedEvent } from '../../server/fleet/fleet-store.js';
import type { HttpResponseSink, HttpStreamWriter } from './exchange.js';
import type { StoredMessage } from './event-store.js';
import type { AnsweredRequests, AnswerStream } from './post-exchange.js';
import { eventsLost, SSE_HEADERS, tooManyStreams, type StreamRefusal } from './replies.js';
import { formatSseComment, formatSseEvent } from './sse-format.js';
import type { SseConnectionPolicy } from './sse-stream.js';

/** Stream id of the standalone (GET) stream. */
const STANDALONE = 'g';
/** Reconnection delay sent before closing a connection early, when none was configured. */
const DEFAULT_POLL_RETRY_MS = 1000;

/** What the streams of every shared session of an endpoint have in common. */
export interface FleetStreamConfig {
  store: FleetStore;
  policy: SseConnectionPolicy;
  maxSseStreams: number;
  standaloneStream: boolean;
  onError: (error: Error) => void;
}

/** The streams of one shared session that this process writes or holds a connection of. */
export class FleetStreams {
  readonly #sessionId: string;
  readonly #config: FleetStreamConfig;
  /** Whether the client may be asked to poll (2025-11-25 on). */
  readonly #pollable: () => boolean;
  readonly #streams = new Map<string, FleetStream>();
  #watching: Promise<void> | undefined;
  #unwatch: (() => Promise<void>) | undefined;
  #opened = 0;
  #closed = false;
  /** SSE connections attached here now, and how many of them a GET opened. */
  connections = 0;
  gets = 0;

  constructor(sessionId: string, config: FleetStreamConfig, pollable: () => boolean) {
    this.#sessionId = sessionId;
    this.#config = config;
    this.#pollable = pollable;
  }

  /**
   * Opens a POST's answer stream on `sink`: its events go to the log, and from the log to this
   * connection (or to whichever the client resumes it on). Its id names this process, so no
   * other opens one by the same name. Should this process stop before the answer, the process
   * that reaps it ends the stream with an error for each request of `answers`.
   */
  openAnswer(
    sink: HttpResponseSink,
    headers: Readonly<Record<string, string>>,
    answers: AnsweredRequests,
  ): FleetStream | undefined {
    if (this.#closed) return undefined;
    const id = `p${this.#config.store.replicaId}-${++this.#opened}`;
    // Opened before anything is appended to the stream: the start lies before its first event.
    const fallback = unanswered(answers);
    const start = this.#config.store.events.open(this.#sessionId, id, fallback);
    const stream = this.#stream(id);
    stream.fallback = fallback;
    const writer = sink.stream(200, headers);
    void start.then(
      (seq) => this.#attach(stream, writer, seq, false, this.#pollable()),
      (error: unknown) => this.#failed(writer, error),
    );
    return stream;
  }

  /** A GET without `Last-Event-ID`: the standalone stream, with what it holds that no connection took. */
  openStandalone(sink: HttpResponseSink): StreamRefusal | undefined {
    const stream = this.#stream(STANDALONE);
    if (stream.connected) return { status: 409, message: 'Conflict: the session already has a GET stream open' };
    if (this.gets >= this.#config.maxSseStreams) return tooManyStreams();
    this.#attach(stream, sink.stream(200, SSE_HEADERS), stream.delivered, true, false);
    return undefined;
  }

  /**
   * Resumes the stream `lastEventId` names after it, from the log: on this process whichever
   * process wrote it. 400 for an id of no stream, 410 when part of what followed was dropped.
   */
  async resume(lastEventId: string, sink: HttpResponseSink): Promise<StreamRefusal | undefined> {
    const colon = lastEventId.lastIndexOf(':');
    const streamId = lastEventId.slice(0, colon);
    const seq = Number(lastEventId.slice(colon + 1));
    if (colon <= 0 || !/^[A-Za-z0-9_-]+$/.test(streamId) || !Number.isSafeInteger(seq) || seq < 0)
      return { status: 400, message: 'Bad Request: unknown Last-Event-ID' };
    if (streamId === STANDALONE && !this.#config.standaloneStream)
      return { status: 405, message: 'Method Not Allowed: this endpoint offers no GET stream' };
    const tail = await this.#config.store.events.after(this.#sessionId, streamId, seq);
    if (tail === undefined) return { status: 400, message: 'Bad Request: unknown Last-Event-ID' };
    if (tail.eventsLost) return eventsLost(lastEventId);
    const stream = this.#stream(streamId);
    if (!stream.connected && this.gets >= this.#config.maxSseStreams) return tooManyStreams();
    this.#attach(stream, sink.stream(200, SSE_HEADERS), seq, true, false);
    return undefined;
  }

  /** A message for the standalone stream: into the log, for whichever process holds the GET. */
  sendStandalone(message: JsonRpcMessage): void {
    this.#config.store.events
      .append(this.#sessionId, STANDALONE, message)
      .catch((error: unknown) => this.#config.onError(asError(error)));
  }

  /** This process lets the session go: its connections close; the streams live on in the log. */
  close(): void {
    this.#closed = true;
    for (const stream of this.#streams.values()) stream.detach();
    this.#streams.clear();
    void this.#stopWatching();
  }

  #stream(id: string): FleetStream {
    let stream = this.#streams.get(id);
    if (!stream) this.#streams.set(id, (stream = new FleetStream(id, this.#sessionId, this.#config)));
    return stream;
  }

  /**
   * Makes `writer` the connection of `stream`, from `after` on: watches the log, then writes
   * what it holds after that position, then what the log tells as it comes.
   */
  #attach(stream: FleetStream, writer: HttpStreamWriter, after: number, byGet: boolean, prime: boolean): void {
    this.connections++;
    if (byGet) this.gets++;
    let counted = true;
    writer.onClose(() => {
      if (!counted) return;
      counted = false;
      this.connections--;
      if (byGet) this.gets--;
      this.#forget(stream);
    });
    const connection = stream.connect(writer, after, prime, this.#pollable());
    // Listed (again) once connected: a connection it replaced may have unlisted it.
    this.#streams.set(stream.id, stream);
    this.#watch()
      .then(() => this.#config.store.events.after(this.#sessionId, stream.id, after))
      .then(
        (tail) => stream.caughtUp(connection, tail?.events ?? [], tail?.ended ?? false),
        (error: unknown) => this.#failed(writer, error),
      );
  }

  /**
   * A stream whose connection here closed is no longer listed: what it still sends goes to the
   * log, and on to wherever the client resumes it. The log is unwatched once nothing is listed.
   */
  #forget(stream: FleetStream): void {
    if (stream.connected || this.#streams.get(stream.id) !== stream) return;
    this.#streams.delete(stream.id);
    if (this.#streams.size === 0) void this.#stopWatching();
  }

  /** Watches the session's log, once for all its streams here. */
  #watch(): Promise<void> {
    return (this.#watching ??= this.#config.store.events
      .watch(this.#sessionId, (event) => this.#heard(event))
      .then((unwatch) => {
        if (this.#closed || this.#watching === undefined) void unwatch();
        else this.#unwatch = unwatch;
      }));
  }

  async #stopWatching(): Promise<void> {
    const watching = this.#watching;
    this.#watching = undefined;
    await watching?.catch(() => {});
    const unwatch = this.#unwatch;
    this.#unwatch = undefined;
    await unwatch?.().catch((error: unknown) => this.#config.onError(asError(error)));
  }

  #heard(event: LoggedEvent): void {
    this.#streams.get(event.streamId)?.heard(event);
  }

  #failed(writer: HttpStreamWriter, error: unknown): void {
    this.#config.onError(asError(error));
    if (!writer.closed) writer.close();
  }
}

/** One stream of a shared session, as this process writes it or holds its connection. */
export class FleetStream implements AnswerStream {
  readonly id: string;
  readonly #sessionId: string;
  readonly #config: FleetStreamConfig;
  #writer: HttpStreamWriter | undefined;
  /** The last event written to a connection here; later events only are written. */
  delivered = 0;
  /** Of an answer stream this process writes: what it ends with if the answers never come. */
  fallback: EventMessage | null = null;
  /** While the log is read back: events heard meanwhile wait here. */
  #waiting: LoggedEvent[] | undefined;
  #keepAlive: unknown;
  #maxAge: unknown;
  /** Connections it has had here, the latest's number. */
  #connections = 0;

  constructor(id: string, sessionId: string, config: FleetStreamConfig) {
    this.id = id;
    this.#sessionId = sessionId;
    this.#config = config;
  }

  get connected(): boolean {
    return this.#writer !== undefined && !this.#writer.closed;
  }

  /**
   * Appends a message to the stream (it reaches the connection through the log, which writes
   * it again: `text` only vouches that it can be written).
   */
  emit(message: StoredMessage, _text: string): void {
    this.#logged(this.#config.store.events.write(this.#sessionId, this.id, message));
  }

  /** Appends the answer and the stream's end, in one step: the answer is logged with its end or not at all. */
  finish(answer: StoredMessage, _text: string): void {
    this.#logged(this.#config.store.events.finish(this.#sessionId, this.id, answer));
  }

  /** Ends the stream: its connection closes once everything before the end is written. */
  end(): void {
    this.#logged(this.#config.store.events.finish(this.#sessionId, this.id));
  }

  /**
   * This process lets the session go before answering (it is stopping): the session lives on in
   * the fleet, so the stream ends with its last word, as if the process had died.
   */
  abandon(): void {
    const fallback = this.fallback;
    this.#logged(this.#config.store.events.finish(this.#sessionId, this.id, fallback ?? undefined));
  }

  #logged(appended: Promise<number | undefined>): void {
    appended.catch((error: unknown) => this.#config.onError(asError(error)));
  }

  /**
   * Takes `writer` as the connection, writing nothing until the log has been read back; returns
   * the connection's number, for `caughtUp`.
   */
  connect(writer: HttpStreamWriter, after: number, prime: boolean, pollable: boolean): number {
    this.detach();
    this.#writer = writer;
    const connection = ++this.#connections;
    this.delivered = after;
    this.#waiting = [];
    writer.onClose(() => {
      if (this.#writer === writer) this.detach();
    });
    if (prime) {
      const retry = this.#config.policy.retryMs;
      writer.write(formatSseEvent({ id: `${this.id}:${after}`, data: '', ...(retry !== undefined && { retry }) }));
    }
    this.#armKeepAlive(writer);
    const maxMs = this.#config.policy.connectionMaxMs;
    if (pollable && maxMs !== undefined)
      this.#maxAge = this.#config.policy.clock.setTimeout(() => this.#closeForPolling(writer), maxMs);
    return connection;
  }

  /**
   * The log was read back for connection number `connection`: writes it, then what was heard
   * meanwhile, and goes live. Nothing, when another connection has taken the stream since.
   */
  caughtUp(connection: number, events: readonly LoggedEvent[], ended: boolean): void {
    if (connection !== this.#connections || !this.connected) return;
    const waiting = this.#waiting ?? [];
    this.#waiting = undefined;
    for (const event of events) this.#write(event);
    if (ended) return this.detach();
    for (const event of waiting) this.heard(event);
  }

  /** An event the log told of. */
  heard(event: LoggedEvent): void {
    if (this.#waiting) {
      this.#waiting.push(event);
      return;
    }
    if (event.message === null) {
      if (event.seq > this.delivered) this.detach();
      return;
    }
    this.#write(event);
  }

  #write(event: LoggedEvent): void {
    const writer = this.#writer;
    if (!writer || event.seq <= this.delivered || event.message === null) return;
    const frame = formatSseEvent({
      id: `${this.id}:${event.seq}`,
      event: 'message',
      data: serialize(event.message),
    });
    if (writer.write(frame)) this.delivered = event.seq;
    else this.detach();
  }

  #closeForPolling(writer: HttpStreamWriter): void {
    if (this.#writer !== writer) return;
    writer.write(formatSseEvent({ retry: this.#config.policy.retryMs ?? DEFAULT_POLL_RETRY_MS }));
    this.detach();
  }

  #armKeepAlive(writer: HttpStreamWriter): void {
    const { clock, keepAliveMs } = this.#config.policy;
    if (keepAliveMs <= 0) return;
    this.#keepAlive = clock.setTimeout(() => {
      if (this.#writer !== writer) return;
      if (writer.write(formatSseComment('keep-alive'))) this.#armKeepAlive(writer);
      else this.detach();
    }, keepAliveMs);
  }

  /** Closes the connection held here, if any. */
  detach(): void {
    const { clock } = this.#config.policy;
    if (this.#keepAlive !== undefined) clock.clearTimeout(this.#keepAlive);
    if (this.#maxAge !== undefined) clock.clearTimeout(this.#maxAge);
    this.#keepAlive = this.#maxAge = undefined;
    this.#waiting = undefined;
    const writer = this.#writer;
    this.#writer = undefined;
    if (writer && !writer.closed) writer.close();
  }
}

/**
 * What an answer stream ends with when the process serving its requests stops before answering
 * them: an error for each, as a batch when the POST was one.
 */
function unanswered({ ids, batch }: AnsweredRequests): EventMessage | null {
  const errors = ids.map((id) => errorResponse(id, ErrorCode.InternalError, PROCESS_LOST));
  if (errors.length === 0) return null;
  return batch ? errors : errors[0]!;
}

/** The message of the error a request gets when the process serving it stopped before answering. */
export const PROCESS_LOST =
  'Internal error: the server process handling this request stopped before answering it; it may have been carried out in part';

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
